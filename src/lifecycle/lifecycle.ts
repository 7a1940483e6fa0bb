/**
 * The ask lifecycle of one pi run: the state a run keeps (the front end, `--answers` kept for the first ask,
 * answers waiting for the person's prompt, ↑ recall, the remote bridge) and the handlers that carry out the
 * startup plan, deliver answers once, and record every delivery so that no later start brings an ask back.
 * `index.ts` registers these handlers with pi.
 */
import type { ExtensionAPI, ExtensionContext, InputEvent, InputEventResult } from "@mariozechner/pi-coding-agent";
import { typedParts } from "../core/answers.js";
import type { AskOutcome, AskRequest } from "../core/types.js";
import { readCommandLine } from "../modes/cli-args.js";
import { saveQuestionsForLater } from "../modes/print.js";
import { type AnsweredAsk, type Delivery, formatStructuredDelivery, oneAnswerPerAsk } from "../pending/delivery.js";
import { deliveryFromAttachedFile } from "../pending/inbox.js";
import {
	createPendingFile,
	listPendingFiles,
	type PendingFile,
	removePendingFile,
	savePendingFile,
} from "../pending/pending-file.js";
import type { RemoteBridge } from "../remote/bridge.js";
import { type RemoteConfig, resolveRemoteConfig } from "../remote/config.js";
import { lastUserText, typedAnswerHistory } from "../session/branch.js";
import type { AskHandler } from "../tool.js";
import { createAskHandler } from "./ask-handler.js";
import { ASK_RECORD_TYPE, type AskRecord } from "./ask-records.js";
import { createFrontEnd, type FrontEnd, type FrontEndKind, frontEndKind, type ProcessEdges } from "./front-end.js";
import type { Ledger } from "./ledger.js";
import { type FindingsDeps, findForeignPending, findNewerPending, findOpenAsks } from "./startup-findings.js";
import { planStartup, type StartupPlan } from "./startup-plan.js";

export interface LifecycleEdges extends ProcessEdges {
	argv: readonly string[];
	env: NodeJS.ProcessEnv;
	ledger: Ledger;
	/** The trust rule for another session's pending file (see pending/trust.ts). */
	trust: FindingsDeps["trust"];
	/** Ends the process now with exit code 1 (questions that could not be saved must not reach the model). */
	exitNow(): never;
	/** pi-coding-agent as the running pi loaded it (its `parseArgs`, where it exports one). */
	piExports: object;
}

/** An ask whose answers the person can give in a dialog now (re-asked at startup, or `/questions answer`). */
export interface AskToAnswer extends AnsweredAsk {
	path?: string;
	fromSession?: string;
}

interface RunState {
	kind: FrontEndKind | undefined;
	/** `--answers` for the run's first ask (nothing was pending anywhere). */
	upFront: string | undefined;
	/** Answers that go with the person's (or the app's) first prompt. */
	waiting: Delivery[];
	/** Print mode: a startup error stopped the run; the prompt must not reach the model. */
	stopped: boolean;
	history: string[];
	remote: { config: RemoteConfig; bridge?: Promise<RemoteBridge> } | undefined;
	agentEnded: (() => void) | undefined;
	/** Answers sent as their own turn, not yet seen in the session: their pending files stay until they are. */
	sent: Delivery[];
}

/** The text of a user message's content (a string, or text parts). */
function messageText(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((part: unknown) =>
			typeof part === "object" && part !== null && "text" in part && typeof part.text === "string" ? part.text : "",
		)
		.join("");
}

export function createLifecycle(pi: ExtensionAPI, edges: LifecycleEdges) {
	const state: RunState = {
		kind: undefined,
		upFront: undefined,
		waiting: [],
		stopped: false,
		history: [],
		remote: undefined,
		agentEnded: undefined,
		sent: [],
	};

	function frontEnd(ctx: ExtensionContext): FrontEnd {
		state.kind ??= frontEndKind(ctx, edges.argv);
		return createFrontEnd(state.kind, ctx, edges);
	}

	function remoteBridge(ctx: ExtensionContext, shown: FrontEnd): Promise<RemoteBridge> | undefined {
		const current = state.remote;
		if (!current) return undefined;
		// With a UI, stderr would tear the screen: warnings become notifications.
		const logger = ctx.hasUI ? { warn: (message: string) => shown.tell(message, "warning") } : undefined;
		current.bridge ??= import("../remote/bridge.js")
			.then((m) => m.createRemoteBridge(current.config, { logger: logger ?? m.stderrLogger }))
			.catch((error: unknown) => {
				// Try again on the next ask rather than failing every ask from now on.
				current.bridge = undefined;
				throw error;
			});
		return current.bridge;
	}

	function disposeRemote() {
		void state.remote?.bridge?.then(
			(bridge) => bridge.dispose(),
			() => undefined,
		);
		state.remote = undefined;
	}

	function pendingFileFor(ctx: ExtensionContext, request: AskRequest, toolCallId: string): PendingFile {
		const sm = ctx.sessionManager;
		return createPendingFile({
			request,
			toolCallId,
			sessionId: sm.getSessionId(),
			sessionFile: sm.getSessionFile(),
			task: lastUserText(sm.getBranch()),
			now: new Date(),
		});
	}

	function record(data: AskRecord) {
		pi.appendEntry(ASK_RECORD_TYPE, data);
	}

	/** Answers reached the model: recorded where the ask's session finds it, and its file removed. */
	function markDelivered(delivery: Delivery) {
		if (delivery.fromSession) {
			edges.ledger.add({ sessionId: delivery.fromSession, toolCallId: delivery.toolCallId, state: "delivered" });
		} else {
			record({ toolCallId: delivery.toolCallId, state: "delivered" });
		}
		if (delivery.path) removePendingFile(delivery.path);
	}

	/** The person cleared these asks' files: their sessions must not bring them back. */
	function markCleared(ctx: ExtensionContext, cleared: readonly { sessionId: string; toolCallId: string }[]) {
		const sessionId = ctx.sessionManager.getSessionId();
		for (const ask of cleared) {
			if (ask.sessionId === sessionId) record({ toolCallId: ask.toolCallId, state: "cleared" });
			else edges.ledger.add({ sessionId: ask.sessionId, toolCallId: ask.toolCallId, state: "cleared" });
		}
	}

	function nextAgentEnd(): Promise<void> {
		return new Promise<void>((resolve) => {
			state.agentEnded = resolve;
		});
	}

	/**
	 * Sends answers as their own turn; a turn already running takes them as a follow-up. They count as delivered
	 * only once the session holds them (`message_end`): newer pi reports a failed send to itself instead of
	 * throwing, and until then the pending files stay, so a send that never arrived loses nothing.
	 */
	function sendOwnTurn(ctx: ExtensionContext, deliveries: readonly Delivery[]): boolean {
		try {
			const text = deliveries.map((d) => d.text).join("\n\n");
			state.sent.push(...deliveries);
			void (ctx.isIdle() ? pi.sendUserMessage(text) : pi.sendUserMessage(text, { deliverAs: "followUp" }));
		} catch (error) {
			// Not delivered: the pending files stay for the next try.
			state.sent = state.sent.filter((sent) => !deliveries.includes(sent));
			frontEnd(ctx).fail(`could not deliver the answers: ${(error as Error).message}`);
			return false;
		}
		return true;
	}

	/** A user message the session now holds: the sent answers it carries are delivered. */
	function userMessageRecorded(text: string) {
		const arrived = state.sent.filter((delivery) => text.includes(delivery.text));
		if (arrived.length === 0) return;
		state.sent = state.sent.filter((delivery) => !arrived.includes(delivery));
		for (const delivery of arrived) markDelivered(delivery);
	}

	/** Shows an ask's questions in a dialog; answered → delivered to the session once. */
	async function answerInDialog(ctx: ExtensionContext, target: AskToAnswer): Promise<void> {
		const shown = frontEnd(ctx);
		if (!shown.ask) {
			return shown.fail(
				"/questions answer needs a UI. Answer with: pi -p -c --answers '[…]', or edit the pending file and run pi -c",
			);
		}
		const outcome = await shown.ask(target.request, { requestId: target.toolCallId, history: state.history });
		if (outcome.kind !== "answered") {
			return shown.tell("Not answered; the questions stay pending (/questions answer).", "warning");
		}
		remember(outcome);
		const sameSession = target.fromSession === undefined;
		sendOwnTurn(ctx, [
			{
				toolCallId: target.toolCallId,
				text: formatStructuredDelivery(target, outcome, sameSession),
				source: "the dialog",
				...(target.path ? { path: target.path } : {}),
				...(target.fromSession ? { fromSession: target.fromSession } : {}),
			},
		]);
	}

	function remember(outcome: AskOutcome) {
		if (outcome.kind === "answered") state.history.push(...outcome.answers.flatMap(typedParts));
	}

	async function carryOut(ctx: ExtensionContext, plan: StartupPlan, prompt: boolean): Promise<void> {
		const shown = frontEnd(ctx);
		switch (plan.kind) {
			case "nothing":
				return;
			case "stop":
				shown.fail(plan.error);
				// Print mode: the prompt that follows must not reach the model.
				state.stopped = !ctx.hasUI && prompt;
				return;
			case "answer-first-ask":
				state.upFront = plan.answers;
				return;
			case "reask": {
				const { ask } = plan;
				// Not awaited: pi finishes starting (and an app may send its prompt) while the dialog waits.
				void answerInDialog(ctx, { ...ask, ...(ask.path ? { path: ask.path } : {}) }).catch((error: unknown) =>
					shown.fail((error as Error).message),
				);
				return;
			}
			case "deliver": {
				for (const notice of plan.notices) shown.tell(`pi-ask-anywhere: ${notice}`, "notice");
				if (plan.when === "with-prompt") {
					state.waiting = plan.deliveries;
					return;
				}
				const ended = nextAgentEnd();
				if (!sendOwnTurn(ctx, plan.deliveries)) return;
				// Print mode ends when session_start returns: wait for the turn. The TUI must not be blocked.
				if (!ctx.hasUI) await ended;
				return;
			}
		}
	}

	const findingsDeps = (): FindingsDeps => ({
		ledgerText: () => edges.ledger.read(),
		pendingFileFor: (ctx, ask) => pendingFileFor(ctx, ask.request, ask.toolCallId),
		recordPending: (toolCallId, shownPath) => record({ toolCallId, state: "pending", pendingFile: shownPath }),
		trust: edges.trust,
	});

	async function sessionStart(_event: unknown, ctx: ExtensionContext): Promise<void> {
		state.kind = frontEndKind(ctx, edges.argv);
		state.upFront = undefined;
		state.waiting = [];
		state.stopped = false;
		state.sent = [];
		state.history = typedAnswerHistory(ctx.sessionManager.getBranch());
		disposeRemote();
		const sessionId = ctx.sessionManager.getSessionId();
		const commandLine = await readCommandLine(edges.argv, edges.piExports);
		try {
			const config = resolveRemoteConfig((name) => pi.getFlag(name), edges.env, { sessionKey: sessionId });
			if (config) state.remote = { config };
		} catch (error) {
			return carryOut(ctx, { kind: "stop", error: (error as Error).message }, commandLine.prompt);
		}
		const flag = pi.getFlag("answers");
		const answersFlag = typeof flag === "string" && flag.trim() !== "" ? flag : undefined;
		const entries = listPendingFiles(ctx.cwd);
		const deps = findingsDeps();
		const open = findOpenAsks(ctx, entries, deps);
		const needForeign = answersFlag !== undefined && open.length === 0 && !commandLine.continued;
		const plan = planStartup({
			frontEnd: state.kind,
			prompt: commandLine.prompt,
			continued: commandLine.continued,
			answersFlag,
			open,
			foreign: needForeign ? findForeignPending(ctx, entries, open, deps) : [],
			newer: needForeign ? findNewerPending(entries) : [],
		});
		await carryOut(ctx, plan, commandLine.prompt);
	}

	async function input(event: InputEvent, ctx: ExtensionContext): Promise<InputEventResult> {
		if (state.stopped) return { action: "handled" };
		let attached: Delivery | undefined;
		try {
			attached = deliveryFromAttachedFile(event.text, ctx.sessionManager.getSessionId(), ctx.cwd);
		} catch (error) {
			// Nothing has been consumed yet: every pending file is still on disk.
			frontEnd(ctx).fail((error as Error).message);
			return { action: "handled" };
		}
		if (!attached && state.waiting.length === 0) return { action: "continue" };
		const once = oneAnswerPerAsk(attached ? [...state.waiting, attached] : state.waiting);
		if ("error" in once) {
			// Nothing has been consumed: the answers still wait, and every pending file is still on disk.
			frontEnd(ctx).fail(once.error);
			return { action: "handled" };
		}
		state.waiting = [];
		const parts = once.deliveries.map((d) => d.text);
		if (!attached && event.text.trim() !== "") parts.push(event.text.trim());
		for (const delivery of once.deliveries) markDelivered(delivery);
		return { action: "transform", text: parts.join("\n\n") };
	}

	const askHandler: AskHandler = createAskHandler({
		frontEnd,
		takeUpFrontAnswers: () => {
			const answers = state.upFront;
			state.upFront = undefined;
			return answers;
		},
		history: () => state.history,
		remember,
		remote: remoteBridge,
		keepOnDisk: (ctx, request, toolCallId) => {
			try {
				return savePendingFile(ctx.cwd, pendingFileFor(ctx, request, toolCallId));
			} catch (error) {
				frontEnd(ctx).tell(`pi-ask-anywhere: could not save the questions: ${(error as Error).message}`, "warning");
				return undefined;
			}
		},
		removeFromDisk: removePendingFile,
		saveForLater: (ctx, request, toolCallId) =>
			saveQuestionsForLater(ctx.cwd, pendingFileFor(ctx, request, toolCallId)),
		stopRun: (text) => {
			edges.write(2, text);
			return edges.exitNow();
		},
	});

	return {
		askHandler,
		frontEnd,
		answerInDialog,
		markCleared,
		sessionStart,
		input,
		messageEnd: async (event: { message: { role: string; content?: unknown } }) => {
			if (event.message.role === "user") userMessageRecorded(messageText(event.message.content));
		},
		agentEnd: async () => {
			state.agentEnded?.();
		},
		sessionTree: async (_event: unknown, ctx: ExtensionContext) => {
			// Moving in the session tree changes which answers are "earlier in this session".
			state.history = typedAnswerHistory(ctx.sessionManager.getBranch());
		},
		sessionShutdown: async () => disposeRemote(),
	};
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
