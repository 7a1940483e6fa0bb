/**
 * The part of the extension that asks: this user's records and judging (records/pi-store.ts), the ask lifecycle
 * (src/lifecycle/), the children's route (src/children/), approvals and push. `index.ts` builds it with one dynamic
 * `import()` the first time a session start, an ask, `/questions` or another extension's ask needs it, and keeps it:
 * a print run that never asks never loads it. Events only it answers are added to pi here, when it is built: pi reads
 * an extension's handlers at each event (0.73.1, 0.87.1 and 1.x), so a handler added after the factory returned is
 * honoured from the next event on. `session_start`, `input` and `tool_call` stay with `index.ts`, which calls this
 * part's in order: on pi ≥0.87 a handler added during an event does not run for that event.
 */
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { readRegularFile } from "./ask/files.js";
import { createChildren } from "./children/children.js";
import type { QuestionsCommandDeps } from "./commands/questions.js";
import { imageSupport } from "./host/image-support.js";
import type { PiModules } from "./host/pi-modules.js";
import { processEdges } from "./host/process-edges.js";
import type { AskUserSettings } from "./host/settings.js";
import { useLanguage, words } from "./i18n/words.js";
import { createApprovals, pendingApprovals } from "./lifecycle/approvals.js";
import { createLifecycle } from "./lifecycle/lifecycle.js";
import { pushOnDemand } from "./lifecycle/push-on-demand.js";
import { sessionShutdownInOrder } from "./lifecycle/session-shutdown-order.js";
import { sessionStartInOrder } from "./lifecycle/session-start-order.js";
import { openPiStore } from "./records/pi-store.js";
import { openAskStore } from "./records/store.js";
import type { ToolWriteGuard } from "./records/tool-writes.js";

export interface AskingDeps {
	host: PiModules;
	agentDir: string;
	/** The settings of the session now (lifecycle/session-settings.ts), read by `index.ts` at each session start. */
	settings(): AskUserSettings;
	/** The tool-write guard the start opened: pi's tool events already go to it. */
	toolWrites: ToolWriteGuard;
	/** The tool's registration, at a session start and only where no other package's ask_user is (tool-owner.ts). */
	registerTool(ctx: ExtensionContext): void;
}

/** The events only this part answers, added to pi when it is built (from the next event on). */
function listenToRunEvents(
	pi: Pick<ExtensionAPI, "on">,
	parts: {
		lifecycle: ReturnType<typeof createLifecycle>;
		children: { sessionShutdown(): Promise<void> };
		push: { shutdown(): Promise<void> };
	},
): void {
	const { lifecycle, children, push } = parts;
	pi.on("message_end", lifecycle.sessionMayHaveChanged);
	// After the tool-write guard's (index.ts): neither reads what the other does at a run's end.
	pi.on("agent_end", lifecycle.agentEnd);
	pi.on("session_tree", lifecycle.sessionTree);
	pi.on(
		"session_shutdown",
		sessionShutdownInOrder(
			{ children: children.sessionShutdown, lifecycle: lifecycle.sessionShutdown, push: push.shutdown },
			processEdges.stderrLine,
		),
	);
}

export function buildAsking(pi: ExtensionAPI, deps: AskingDeps) {
	const { host, agentDir, settings } = deps;
	const run = { argv: process.argv.slice(2), env: process.env };
	// This user's records, this pi's claims, and what judges a pending file (records/pi-store.ts).
	const store = openPiStore(openAskStore(agentDir, run), deps.toolWrites);
	const supportOfImages = (ctx: ExtensionContext) =>
		imageSupport({ model: ctx.model, agentDir, cwd: ctx.cwd, read: readRegularFile });
	const structuredRpc = settings().structuredRpc;
	// The phone through ntfy (src/push/): off until `pi-ask-anywhere push setup` or PI_ASK_USER_PUSH; loaded on demand.
	const push = pushOnDemand(async () => {
		const { createPush } = await import("./push/push.js");
		return createPush({ store, warn: (text) => processEdges.stderrLine(`pi-ask-anywhere: ${text}`) });
	});
	const lifecycle = createLifecycle(pi, {
		argv: process.argv,
		settings: settings(),
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
	// Tool calls the person's rules hold for their yes (lifecycle/approvals.ts): asks like the model's.
	const approvals = createApprovals({
		settings: () => settings().approvals,
		ask: children.askHandler,
		labels: () => words().cli.approval,
		pending: pendingApprovals(store.judging),
		recordDecision: store.recordDecision,
	});
	const tell = (ctx: ExtensionContext, text: string) => lifecycle.frontEnd(ctx).tell(text, "warning");
	const startInOrder = sessionStartInOrder<unknown, ExtensionContext, AskUserSettings>({
		readSettings: settings,
		useLanguage,
		configurePush: push.configure,
		warn: (ctx, text) => tell(ctx, `pi-ask-anywhere: ${text}`),
		registerTool: deps.registerTool,
		children: children.sessionStart,
		pushStart: push.sessionStart,
		lifecycle: lifecycle.sessionStart,
	});

	listenToRunEvents(pi, { lifecycle, children, push });

	return {
		/** Every ask, the model's and other extensions': a child's goes to its parent (children/children.ts). */
		askHandler: children.askHandler,
		/** Tells the person something in the session's front end. */
		tell,
		questions: { ...lifecycle, ...store.judging, structuredRpc } satisfies QuestionsCommandDeps,
		/** A session start, every step in order (lifecycle/session-start-order.ts); the settings are read already. */
		async sessionStart(event: unknown, ctx: ExtensionContext): Promise<void> {
			approvals.sessionStart();
			await startInOrder(event, ctx);
		},
		/** A session whose start had nothing for this part (lifecycle/start-needs.ts), met at its first ask. */
		joinSession: (ctx: ExtensionContext) => lifecycle.joinSession(ctx, settings()),
		/** The person's prompt (lifecycle/prompt-answers.ts): `index.ts` hands it over, building this part for an `@file`. */
		input: lifecycle.input,
		/** `tool_call`, before the tool-write guard's: a call waiting for the person's yes has not started running. */
		toolCall: approvals.toolCall,
	};
}

export type Asking = ReturnType<typeof buildAsking>;
