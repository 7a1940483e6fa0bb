/**
 * pi-ask-anywhere: registers the ask_user tool, the /questions command and the --answers flag, and hands pi's events to
 * the part that asks (./asking.ts: the ask lifecycle, children, approvals, push, the records), built on first need.
 * A start keeps what pi needs at once or at every start: the flags, settings and language, the tool's registration,
 * `/questions`, the delivered answers' look, the bus listener, the tool-write guard and compaction's hook. Wiring
 * only: every decision lives in the modules it names.
 */

import { realpathSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { readRegularFile } from "./ask/files.js";
import { parentRouteIn } from "./children/route-env.js";
import { questionsCommandOnFirstUse } from "./commands/questions-on-first-use.js";
import { DELIVERED_ANSWERS_TYPE } from "./core/delivered-answers.js";
import { loadPiModules } from "./host/pi-modules.js";
import { processEdges } from "./host/process-edges.js";
import { type AskUserSettings, settingsSource } from "./host/settings.js";
import { useLanguage } from "./i18n/words.js";
import { listenForBusAsks } from "./lifecycle/ask-bus.js";
import { partOnFirstNeed } from "./lifecycle/first-need.js";
import { registerFlags } from "./lifecycle/flags.js";
import { sessionSettings } from "./lifecycle/session-settings.js";
import { sessionStartInOrder } from "./lifecycle/session-start-order.js";
import { startNeed } from "./lifecycle/start-needs.js";
import { registerWhenFree, stepAsideWarning } from "./lifecycle/tool-owner.js";
import { mayAttachFiles } from "./pending/attached-file.js";
import { listPendingNames } from "./pending/pending-file.js";
import { openToolWrites } from "./records/pi-store.js";
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
	// Every tool call goes through the guard, whether or not anything asks (records/tool-writes.ts).
	const toolWrites = openToolWrites(agentDir, {
		argv: process.argv.slice(2),
		env: process.env,
		warn: processEdges.stderrLine,
	});

	const asking = partOnFirstNeed({
		build: async () => {
			const { buildAsking } = await import("./asking.js");
			return buildAsking(pi, { host, agentDir, settings: settings.current, toolWrites, registerTool });
		},
		startNeeds: (ctx) =>
			startNeed(ctx, settings.current(), {
				argv: process.argv,
				getFlag: (name) => pi.getFlag(name),
				parentRoute: parentRouteIn(process.env) !== undefined,
				pendingNames: listPendingNames,
			}) !== undefined,
		lightStart: (event, ctx) => lightStart(event, ctx),
		mayAttachFiles,
		stderrLine: processEdges.stderrLine,
	});
	const tell = asking.tell;

	// Registered at session start, and only where no other package's ask_user is (see tool-owner.ts).
	const registerTool = registerWhenFree(
		pi,
		() =>
			pi.registerTool(
				createAskUserTool(async (ask) => (await asking.load(ask.ctx)).askHandler(ask), host.tui, {
					guidelines: settings.current().guidelines,
				}),
			),
		stepAsideWarning(pi, { root: PACKAGE_ROOT, argv: process.argv.slice(2), cwd: () => process.cwd() }, (ctx, text) =>
			tell(ctx, `pi-ask-anywhere: ${text}`),
		),
	);
	pi.registerCommand(
		"questions",
		questionsCommandOnFirstUse(async (ctx) => (await asking.load(ctx)).questions),
	);
	// Answers delivered later read like answers on pi's screen; the model still reads the block (pending/delivery.ts).
	pi.registerMessageRenderer(DELIVERED_ANSWERS_TYPE, (message, options, theme) =>
		renderDelivered(contentText(message.content), options.expanded, theme, host.tui),
	);
	// Other extensions' asks on pi's event bus (lifecycle/ask-bus.ts): asks like the model's, through the one handler.
	listenForBusAsks(pi, {
		ask: async (ask) => (await asking.load(ask.ctx)).askHandler(ask),
		frontEnd: (ctx) => ({ tell: (text) => tell(ctx, text) }),
		stderrLine: processEdges.stderrLine,
	});

	/** A start with nothing for the part that asks: the start's order with its steps left out (nothing to do there). */
	const lightStart = sessionStartInOrder<unknown, ExtensionContext, AskUserSettings>({
		readSettings: settings.current,
		useLanguage,
		configurePush: async () => [],
		warn: (ctx, text) => tell(ctx, `pi-ask-anywhere: ${text}`),
		registerTool,
		children: async (_ctx, current) => current,
		pushStart: async () => undefined,
		lifecycle: async () => undefined,
	});
	pi.on("session_start", (event, ctx) => {
		settings.atSessionStart(ctx);
		return asking.sessionStart(event, ctx);
	});
	// A prompt attaching a pending file (`pi -p @.pi/pending-questions.json "…"`) may build the part (first-need.ts).
	pi.on("input", asking.input);
	// Approvals before the tool-write guard: a call waiting for the person's yes has not started running.
	pi.on("tool_call", (event, ctx) => asking.built()?.toolCall(event, ctx));
	pi.on("tool_call", (event, ctx) => toolWrites.toolCall(event, ctx.cwd));
	// Not `tool_result`, which a call another extension blocks never gets, nor `turn_end`: pi 1.x rebuilds the model's
	// context from the whole session at every turn end while any extension listens (about 1 ms a call, growing).
	pi.on("tool_execution_end", (event) => toolWrites.toolEnded(event));
	pi.on("agent_end", () => toolWrites.agentEnded());
	pi.on(
		"session_before_compact",
		compactionOnFirstUse(() => pi.getThinkingLevel(), host.codingAgent.compact),
	);
}
