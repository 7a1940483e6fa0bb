/**
 * pi-ask-user: registers the ask_user tool, the /questions command and the --answers flag, routes each
 * question to the front end pi is running (TUI, RPC client, print mode), and delivers answers to
 * questions that had to wait (pending files, interrupted sessions).
 */
import { writeSync } from "node:fs";
import { compact, type ExtensionAPI, type ExtensionContext } from "@mariozechner/pi-coding-agent";
import { answerPending, createQuestionsCommand, type QuestionsCommandDeps } from "./commands/questions.js";
import { outcomeFromRawAnswers, parseAnswersText } from "./core/answer-input.js";
import { typedParts } from "./core/answers.js";
import type { AskOutcome, AskRequest } from "./core/types.js";
import { hasInitialPrompt } from "./modes/cli-args.js";
import { detectMode } from "./modes/detect.js";
import { askInPrint } from "./modes/print.js";
import {
	type Delivery,
	deliveriesFromEditedFiles,
	deliveryFromAnswersFlag,
	deliveryFromAttachedFile,
} from "./pending/inbox.js";
import {
	createPendingFile,
	listPendingFiles,
	type ReadablePendingEntry,
	removePendingFile,
	savePendingFile,
	sessionPendingFiles,
} from "./pending/pending-file.js";
import type { RemoteBridge } from "./remote/bridge.js";
import { type RemoteConfig, remoteFlags, resolveRemoteConfig } from "./remote/config.js";
import { isRemoteDecision, raceLocalAndRemote } from "./remote/race.js";
import { interruptedAskCalls, lastUserText, typedAnswerHistory } from "./session/branch.js";
import { collectDecisions, decisionsFromSummary, withDecisions } from "./session/compaction.js";
import { type Ask, type AskHandler, type AskResolution, canonicalRequest, createAskUserTool } from "./tool.js";

export type {
	Answer,
	AskClosedReason,
	AskDetails,
	AskMode,
	AskOutcomeKind,
	AskUserClosedNotice,
	AskUserRequestMessage,
	AskUserResponseMessage,
	AskUserResult,
	Question,
	QuestionOption,
} from "./contract/types.js";

export default function askUser(pi: ExtensionAPI) {
	pi.registerFlag("answers", {
		type: "string",
		description: "Answers for ask_user: a JSON array (one per question) or an object keyed by question/header",
	});

	for (const flag of remoteFlags) pi.registerFlag(flag.name, { type: flag.type, description: flag.description });

	/** `--answers` not yet used: it answers the pending questions of a continued session, or the next ask. */
	let presetAnswers: string | undefined;
	/** Answers found at startup, delivered with the next prompt. */
	let startupDeliveries: Delivery[] = [];
	/** A problem with `--answers` or a pending file, reported when the person's prompt arrives. */
	let startupError: string | undefined;
	/** The person's typed answers on this branch, for ↑ recall. */
	let history: string[] = [];
	/** The remote bridge, when configured; its module (and `ws`) load on the first remote question. */
	let remote: { config: RemoteConfig; bridge?: Promise<RemoteBridge> } | undefined;

	function remoteBridge(ctx: ExtensionContext): Promise<RemoteBridge> | undefined {
		const current = remote;
		if (!current) return undefined;
		// In the TUI, stderr would tear the screen; warnings become notifications where there is a UI.
		const logger = ctx.hasUI ? { warn: (message: string) => ctx.ui.notify(message, "warning") } : undefined;
		current.bridge ??= import("./remote/bridge.js")
			.then((m) => m.createRemoteBridge(current.config, { logger: logger ?? m.stderrLogger }))
			.catch((error: unknown) => {
				// Try again on the next ask rather than failing every ask from now on.
				current.bridge = undefined;
				throw error;
			});
		return current.bridge;
	}

	function disposeRemote() {
		void remote?.bridge?.then(
			(bridge) => bridge.dispose(),
			() => undefined,
		);
		remote = undefined;
	}

	function reportError(ctx: ExtensionContext, message: string) {
		if (ctx.hasUI) return ctx.ui.notify(message, "error");
		writeSync(2, `pi-ask-user: ${message}\n`);
		process.exitCode = 1;
	}

	/** Shows the dialog where there is a UI; `undefined` in print and JSON mode. */
	function askLocally(ctx: ExtensionContext, request: AskRequest, toolCallId: string, signal?: AbortSignal) {
		const mode = detectMode(ctx);
		// The dialog code loads when it is first needed, so that it costs nothing at pi's startup.
		if (mode === "tui") {
			return import("./modes/interactive.js").then((m) => m.askInteractive(ctx.ui, request, { signal, history }));
		}
		if (mode === "rpc") {
			const structured = process.env.PI_ASK_USER_RPC_PROTOCOL === "structured";
			return import("./modes/rpc.js").then((m) =>
				m.askRpc(ctx.ui, request, { signal, structured, requestId: toolCallId }),
			);
		}
		return undefined;
	}

	/**
	 * Keeps the questions on disk while they are on screen, so that nothing is lost however pi ends (SIGKILL,
	 * a lost RPC client). The file goes once the person answered or cancelled; after an abort it stays, so
	 * the questions can be answered later (/questions, pi -c).
	 */
	async function withJournal<T>(ctx: ExtensionContext, ask: Ask, asking: () => Promise<T>): Promise<T> {
		let journal: string | undefined;
		try {
			journal = savePendingFile(ctx.cwd, pendingFor(ctx, ask.request, ask.toolCallId));
		} catch (error) {
			ctx.ui.notify(`pi-ask-user: could not save the questions: ${(error as Error).message}`, "warning");
		}
		const result = await asking();
		if (journal && !ask.signal?.aborted) removePendingFile(journal);
		return result;
	}

	function pendingFor(ctx: ExtensionContext, request: AskRequest, toolCallId: string) {
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

	const handle: AskHandler = async (ask: Ask): Promise<AskResolution> => {
		const mode = detectMode(ask.ctx);
		const recordedMode = mode === "tui" ? "interactive" : mode === "rpc" ? "rpc" : "print";
		if (presetAnswers !== undefined) {
			// Used up before parsing: a bad value is reported once, not on every later ask.
			const preset = presetAnswers;
			presetAnswers = undefined;
			const outcome = outcomeFromRawAnswers(ask.request.questions, parseAnswersText(preset, ask.request.questions));
			if (outcome) return { outcome, mode: recordedMode };
		}
		const bridge = remoteBridge(ask.ctx);
		if (mode === "tui" || mode === "rpc") {
			const local = (signal?: AbortSignal) =>
				askLocally(ask.ctx, ask.request, ask.toolCallId, signal) ?? Promise.resolve<AskOutcome>({ kind: "cancelled" });
			const { outcome, answeredBy } = await withJournal(ask.ctx, ask, () =>
				bridge
					? raceLocalAndRemote(local, async (signal) => (await bridge).ask(ask.request, signal), ask.signal)
					: local(ask.signal).then((outcome) => ({ outcome, answeredBy: "local" as const })),
			);
			if (outcome.kind === "answered") {
				history.push(...outcome.answers.flatMap(typedParts));
			}
			if (answeredBy === "remote") {
				ask.ctx.ui.notify(outcome.kind === "answered" ? "Answered remotely." : "Dismissed remotely.", "info");
				return { outcome, mode: "remote" };
			}
			return { outcome, mode: recordedMode };
		}
		if (bridge) {
			// Print mode: wait for the remote answer; without one, the questions become pending (nothing lost).
			const remoteOutcome = await (await bridge).ask(ask.request, ask.signal);
			if (isRemoteDecision(remoteOutcome)) return { outcome: remoteOutcome, mode: "remote" };
			writeSync(2, `pi-ask-user: no remote answer (${remoteOutcome.kind}); saving the questions instead\n`);
		}
		const printed = askInPrint(ask.ctx.cwd, pendingFor(ask.ctx, ask.request, ask.toolCallId));
		if (!printed.saved) {
			// Nobody can answer and nothing could be kept: the person sees the questions and why, and the run stops
			// before the model is called again. No result is recorded, so the call stays open in the session like an
			// interrupted one, and `pi -c` brings the questions back once they can be saved.
			writeSync(2, printed.terminalText);
			process.exit(1);
		}
		// fd 1 is the person's terminal in print mode; in JSON mode it carries events, so use stderr.
		writeSync(mode === "json" ? 2 : 1, printed.terminalText);
		return { outcome: printed.outcome, mode: "print", modelText: printed.modelText, terminate: true };
	};

	pi.registerTool(createAskUserTool(handle));

	const questionsDeps: QuestionsCommandDeps = {
		askLocally: (ctx, request) => askLocally(ctx, request, `questions-${Date.now()}`),
		deliver: (text) => pi.sendUserMessage(text),
	};
	pi.registerCommand("questions", createQuestionsCommand(questionsDeps));

	/** Waits for the agent run that `sendUserMessage` starts (print mode would otherwise exit first). */
	let agentEnded: (() => void) | undefined;
	pi.on("agent_end", async () => {
		agentEnded?.();
	});

	pi.on("session_start", async (_event, ctx) => {
		startupDeliveries = [];
		startupError = undefined;
		history = typedAnswerHistory(ctx.sessionManager.getBranch());
		const flag = pi.getFlag("answers");
		presetAnswers = typeof flag === "string" && flag.trim() !== "" ? flag : undefined;
		const sessionId = ctx.sessionManager.getSessionId();
		disposeRemote();
		recoverInterrupted(ctx);
		const mine = sessionPendingFiles(listPendingFiles(ctx.cwd), sessionId);
		const errors: string[] = [];
		try {
			const config = resolveRemoteConfig((name) => pi.getFlag(name), process.env, { sessionKey: sessionId });
			if (config) remote = { config };
		} catch (error) {
			errors.push((error as Error).message);
		}
		try {
			startupDeliveries = findStartupDeliveries(mine);
		} catch (error) {
			// A bad --answers was meant for the pending questions: it must not answer the next ask instead.
			presetAnswers = undefined;
			errors.push((error as Error).message);
		}
		const mode = detectMode(ctx);
		if (errors.length > 0) {
			// With a UI the person sees it now; in print mode it stops the prompt that would act on it.
			if (ctx.hasUI) for (const message of errors) reportError(ctx, message);
			else startupError = errors.join("\n");
		}
		// Print mode without a prompt runs no turn, so nothing later could carry answers or errors.
		const promptless = (mode === "print" || mode === "json") && !hasInitialPrompt(process.argv.slice(2));
		if (startupError && promptless) {
			reportError(ctx, startupError);
			startupError = undefined;
			return;
		}
		if (startupDeliveries.length === 0) {
			if (mode === "tui") reaskPendingQuestions(ctx, mine);
			if (promptless && presetAnswers !== undefined) {
				reportError(ctx, "--answers: this session has no pending questions to answer (see /questions)");
			}
			return;
		}
		if (mode === "tui" || promptless) {
			// Nothing else will carry the answers: deliver them as their own turn.
			const deliveries = startupDeliveries;
			startupDeliveries = [];
			const ended = new Promise<void>((resolve) => {
				agentEnded = resolve;
			});
			try {
				pi.sendUserMessage(deliveries.map((d) => d.text).join("\n\n"));
			} catch (error) {
				// Not delivered: the pending files stay for the next try.
				reportError(ctx, `could not deliver the answers: ${(error as Error).message}`);
				return;
			}
			for (const delivery of deliveries) removePendingFile(delivery.path);
			// Print mode exits when session_start returns; the TUI must not be blocked.
			if (mode !== "tui") await ended;
		}
	});

	/** `--answers` for this session's pending questions, or else the answers filled into its pending files. */
	function findStartupDeliveries(mine: readonly ReadablePendingEntry[]): Delivery[] {
		if (presetAnswers !== undefined) {
			const delivery = deliveryFromAnswersFlag(mine, presetAnswers);
			if (delivery) {
				presetAnswers = undefined;
				return [delivery];
			}
		}
		return deliveriesFromEditedFiles(mine);
	}

	function takeDeliveries(): string {
		const deliveries = startupDeliveries;
		startupDeliveries = [];
		for (const delivery of deliveries) removePendingFile(delivery.path);
		return deliveries.map((d) => d.text).join("\n\n");
	}

	/** ask_user calls left without a result (pi was killed mid-question) become pending questions again. */
	function recoverInterrupted(ctx: ExtensionContext) {
		const calls = interruptedAskCalls(ctx.sessionManager.getBranch());
		if (calls.length === 0) return;
		const known = new Set(listPendingFiles(ctx.cwd).map((e) => e.file?.toolCallId));
		for (const call of calls) {
			if (known.has(call.toolCallId)) continue;
			try {
				savePendingFile(ctx.cwd, pendingFor(ctx, canonicalRequest(call.arguments), call.toolCallId));
			} catch {
				// An invalid call was already reported to the model as an error when it was made.
			}
		}
	}

	/** In the TUI, this session's unanswered questions come back on screen (spec: "Session Interruption"). */
	function reaskPendingQuestions(ctx: ExtensionContext, mine: readonly ReadablePendingEntry[]) {
		const newest = mine.at(-1);
		if (!newest) return;
		// Not awaited: the TUI finishes starting while the dialog waits for the person.
		void answerPending(ctx, questionsDeps, newest).catch((error: unknown) =>
			ctx.ui.notify(`pi-ask-user: ${(error as Error).message}`, "error"),
		);
	}

	// Moving in the session tree changes which answers are "earlier in this session".
	pi.on("session_tree", async (_event, ctx) => {
		history = typedAnswerHistory(ctx.sessionManager.getBranch());
	});

	pi.on("session_shutdown", async () => {
		disposeRemote();
	});

	pi.on("input", async (event, ctx) => {
		if (startupError) {
			const message = startupError;
			startupError = undefined;
			presetAnswers = undefined;
			reportError(ctx, message);
			return { action: "handled" };
		}
		let attached: Delivery | undefined;
		try {
			attached = deliveryFromAttachedFile(event.text, ctx.sessionManager.getSessionId(), ctx.cwd);
		} catch (error) {
			// Nothing has been consumed yet: every pending file is still on disk.
			reportError(ctx, (error as Error).message);
			return { action: "handled" };
		}
		if (!attached && startupDeliveries.length === 0) return { action: "continue" };
		const parts = startupDeliveries.length > 0 ? [takeDeliveries()] : [];
		if (attached) {
			removePendingFile(attached.path);
			parts.push(attached.text);
		} else if (event.text.trim() !== "") {
			parts.push(event.text.trim());
		}
		return { action: "transform", text: parts.join("\n\n") };
	});

	pi.on("session_before_compact", async (event, ctx) => {
		const { preparation } = event;
		const decisions = [
			...decisionsFromSummary(preparation.previousSummary),
			...collectDecisions([...preparation.messagesToSummarize, ...preparation.turnPrefixMessages]),
		];
		if (decisions.length === 0 || !ctx.model) return undefined;
		const auth = await ctx.modelRegistry.getApiKeyAndHeaders(ctx.model);
		if (!auth.ok || !auth.apiKey) return undefined;
		try {
			const result = await compact(
				preparation,
				ctx.model,
				auth.apiKey,
				auth.headers,
				event.customInstructions,
				event.signal,
				pi.getThinkingLevel(),
			);
			return { compaction: { ...result, summary: withDecisions(result.summary, decisions) } };
		} catch {
			// Let pi compact on its own; its error (if any) is the one the person should see.
			return undefined;
		}
	});
}
