/**
 * pi-ask-anywhere: registers the ask_user tool, the /questions command and the --answers flag, and hands pi's events to
 * the ask lifecycle (src/lifecycle/). Wiring only: every decision lives in the modules it names.
 */

import { realpathSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { readRegularFile } from "./ask/files.js";
import { createChildren } from "./children/children.js";
import { questionsCommandOnFirstUse } from "./commands/questions-on-first-use.js";
import { DELIVERED_ANSWERS_TYPE } from "./core/delivered-answers.js";
import { imageSupport } from "./host/image-support.js";
import { loadPiModules } from "./host/pi-modules.js";
import { processEdges } from "./host/process-edges.js";
import { type AskUserSettings, settingsSource } from "./host/settings.js";
import { useLanguage, words } from "./i18n/words.js";
import { createApprovals, pendingApprovals } from "./lifecycle/approvals.js";
import { listenForBusAsks } from "./lifecycle/ask-bus.js";
import { registerFlags } from "./lifecycle/flags.js";
import { createLifecycle } from "./lifecycle/lifecycle.js";
import { pushOnDemand } from "./lifecycle/push-on-demand.js";
import { sessionSettings } from "./lifecycle/session-settings.js";
import { sessionShutdownInOrder } from "./lifecycle/session-shutdown-order.js";
import { sessionStartInOrder } from "./lifecycle/session-start-order.js";
import { registerWhenFree, stepAsideWarning } from "./lifecycle/tool-owner.js";
import { openPiStore } from "./records/pi-store.js";
import { contentText } from "./session/branch.js";
import { compactionOnFirstUse } from "./session/compaction-on-first-use.js";
import { createAskUserTool } from "./tool/ask-user-tool.js";
import { renderDelivered } from "./tool/chat-rendering.js";

/** This package's folder (dist/index.js is one level down). */
const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export default async function askUser(pi: ExtensionAPI) {
	const host = await loadPiModules();
	registerFlags(pi, process.argv.slice(2));

	const agentDir = host.codingAgent.getAgentDir();
	// <agentDir>/pi-ask-user/settings.json (and a trusted project's) under the environment, read at each session start.
	const settings = sessionSettings(
		settingsSource({ agentDir, env: process.env, read: readRegularFile, realpath: realpathSync.native }),
		process.cwd(),
	);
	await useLanguage(settings.current().language);
	// This user's records, this pi's claims and tool-write guard, and what judges a pending file (records/pi-store.ts).
	const store = openPiStore(agentDir, { argv: process.argv.slice(2), env: process.env, warn: processEdges.stderrLine });
	const supportOfImages = (ctx: ExtensionContext) =>
		imageSupport({ model: ctx.model, agentDir, cwd: ctx.cwd, read: readRegularFile });
	const structuredRpc = settings.current().structuredRpc;
	// The phone through ntfy (src/push/): off until `pi-ask-anywhere push setup` or PI_ASK_USER_PUSH; loaded on demand.
	const push = pushOnDemand(async () => {
		const { createPush } = await import("./push/push.js");
		return createPush({ store, warn: (text) => processEdges.stderrLine(`pi-ask-anywhere: ${text}`) });
	});
	const lifecycle = createLifecycle(pi, {
		argv: process.argv,
		settings: settings.current(),
		env: process.env,
		write: processEdges.write,
		failExit: processEdges.failExit,
		exitNow: processEdges.exitNow,
		structuredRpc,
		store,
		judging: store.judging,
		piExports: host.codingAgent,
		imageSupport: supportOfImages,
		push: push.edges,
		answeredLate: (ask, outcome) => approvals.answeredLate(ask, outcome),
		recordDecision: store.recordDecision,
	});

	// Children's questions reach the person through the pi that started them (src/children/).
	const children = createChildren(pi, {
		env: process.env,
		argv: process.argv,
		frontEnd: lifecycle.frontEnd,
		ownAsk: lifecycle.askHandler,
		warn: processEdges.stderrLine,
		acceptsImages: (ctx) => supportOfImages(ctx).allowed,
		phone: push.edges.phone,
		tui: host.tui,
	});

	const warn = (ctx: ExtensionContext, text: string) =>
		lifecycle.frontEnd(ctx).tell(`pi-ask-anywhere: ${text}`, "warning");
	// Tool calls the person's rules hold for their yes (lifecycle/approvals.ts), and other extensions' asks on pi's event
	// bus (lifecycle/ask-bus.ts): both are asks like the model's, through the one ask handler.
	const approvals = createApprovals({
		settings: () => settings.current().approvals,
		ask: children.askHandler,
		labels: () => words().cli.approval,
		pending: pendingApprovals(store.judging),
		recordDecision: store.recordDecision,
	});
	listenForBusAsks(pi, { ask: children.askHandler, frontEnd: lifecycle.frontEnd, stderrLine: processEdges.stderrLine });
	// Registered at session start, and only where no other package's ask_user is (see tool-owner.ts).
	const registerTool = registerWhenFree(
		pi,
		() =>
			pi.registerTool(createAskUserTool(children.askHandler, host.tui, { guidelines: settings.current().guidelines })),
		stepAsideWarning(pi, { root: PACKAGE_ROOT, argv: process.argv.slice(2), cwd: () => process.cwd() }, warn),
	);
	pi.registerCommand("questions", questionsCommandOnFirstUse({ ...lifecycle, ...store.judging, structuredRpc }));
	// Answers delivered later read like answers on pi's screen; the model still reads the block (pending/delivery.ts).
	pi.registerMessageRenderer(DELIVERED_ANSWERS_TYPE, (message, options, theme) =>
		renderDelivered(contentText(message.content), options.expanded, theme, host.tui),
	);

	pi.on("session_start", () => approvals.sessionStart());
	pi.on(
		"session_start",
		sessionStartInOrder<unknown, ExtensionContext, AskUserSettings>({
			readSettings: settings.atSessionStart,
			useLanguage,
			configurePush: push.configure,
			warn,
			registerTool,
			children: children.sessionStart,
			pushStart: push.sessionStart,
			lifecycle: lifecycle.sessionStart,
		}),
	);
	pi.on("input", lifecycle.input);
	// Before the tool-write guard: a call waiting for the person's yes has not started running.
	pi.on("tool_call", (event, ctx) => approvals.toolCall(event, ctx));
	pi.on("tool_call", (event, ctx) => store.toolWrites.toolCall(event, ctx.cwd));
	// Not `tool_result`, which a call another extension blocks never gets, nor `turn_end`: pi 1.x rebuilds the model's
	// context from the whole session at every turn end while any extension listens (about 1 ms a call, growing).
	pi.on("tool_execution_end", (event) => store.toolWrites.toolEnded(event));
	pi.on("message_end", lifecycle.sessionMayHaveChanged);
	pi.on("agent_end", lifecycle.agentEnd);
	pi.on("agent_end", () => store.toolWrites.agentEnded());
	pi.on("session_tree", lifecycle.sessionTree);
	pi.on(
		"session_shutdown",
		sessionShutdownInOrder(
			{ children: children.sessionShutdown, lifecycle: lifecycle.sessionShutdown, push: push.shutdown },
			processEdges.stderrLine,
		),
	);
	pi.on(
		"session_before_compact",
		compactionOnFirstUse(() => pi.getThinkingLevel(), host.codingAgent.compact),
	);
}
