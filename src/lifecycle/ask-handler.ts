/**
 * One ask_user call from start to end: `--answers` given up front (only if they fit), the person through the
 * front end (raced against the remote bridge when configured), or — where nobody can answer now — the questions
 * saved for later. While a dialog is open the questions are on disk too, so nothing is lost however pi ends; an ask
 * the person did not end (pi shut down, the run aborted) stays open there and in the session, to be asked again.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { DecidedBy } from "../ask/log.js";
import { type ImageReader, outcomeFromAnswersText } from "../core/answer-input.js";
import type { AskOutcome, AskRequest } from "../core/types.js";
import { words } from "../i18n/words.js";
import type { FrontEnd } from "../modes/front-end.js";
import type { SavedQuestions } from "../modes/print.js";
import { displayPath } from "../pending/pending-file.js";
import type { RemoteBridge, RemoteSource } from "../remote/bridge.js";
import { isRemoteDecision, raceLocalAndRemote } from "../remote/race.js";
import type { Ask, AskHandler, AskResolution } from "../tool/ask-user-tool.js";
import { withIdleTimeout } from "./idle-timeout.js";

export interface AskHandlerDeps {
	frontEnd(ctx: ExtensionContext): FrontEnd;
	/** The opt-in time limit on a local dialog nobody touches (idle-timeout.ts); `undefined`: none. */
	idleTimeoutMs(): number | undefined;
	/** `--answers` meant for the run's first ask; handed out once. */
	takeUpFrontAnswers(): string | undefined;
	/** The person's typed answers in this session, for ↑ recall; `remember` adds an answered outcome's. */
	history(): readonly string[];
	remember(outcome: AskOutcome): void;
	/** The remote side of this ask (the bridge, push notifications), when configured. */
	remote(ctx: ExtensionContext, frontEnd: FrontEnd, toolCallId: string): Promise<RemoteBridge> | undefined;
	/** Whether the person may attach images (the model takes them, pi's settings allow them): offered remotely then. */
	acceptsImages(ctx: ExtensionContext): boolean;
	/** Reads the image files `--answers` names (pending/answer-images.ts). */
	readImage(ctx: ExtensionContext): ImageReader;
	/** Puts the questions on disk while they are on screen; `undefined` (after telling the person) when it cannot. */
	keepOnDisk(ctx: ExtensionContext, request: AskRequest, toolCallId: string): string | undefined;
	/**
	 * The dialog is over: its claim on the file ends, and the file goes unless the questions are still to be
	 * answered (`keep`: an interrupted ask). Returns why the file stayed when it could not be removed.
	 */
	doneWithDisk(path: string, keep: boolean): string | undefined;
	/** Whether this pi still holds the questions it keeps on disk at `path` (ask-disk.ts). */
	stillAsking(path: string): boolean;
	/** Saves the questions as pending (print and JSON mode, and every background ask). */
	saveForLater(ctx: ExtensionContext, request: AskRequest, toolCallId: string): SavedQuestions;
	/**
	 * Shows a background ask's questions in a dialog once the call has returned; the answers (or the person's
	 * dismissal) reach the model later as a user message. Not awaited.
	 */
	answerLater(ctx: ExtensionContext, ask: { toolCallId: string; request: AskRequest; pendingFile: string }): void;
	/**
	 * Ends the run at once after showing `text`: nobody can answer and nothing could be kept. No result is
	 * recorded, so the call stays open like an interrupted one and `pi -c` brings the questions back.
	 */
	stopRun(text: string): never;
	/** The ask ended for good with `outcome`, given `by` (the decision log, ask/decision.ts); an end that decides nothing is ignored. */
	decided?(ask: Ask, outcome: AskOutcome, by: DecidedBy): void;
}

/** Up-front answers that fit the ask; `undefined` (and the person is told why) when they do not. */
function upFrontOutcome(
	answers: string,
	request: AskRequest,
	frontEnd: FrontEnd,
	readImage: ImageReader,
): AskOutcome | undefined {
	try {
		const outcome = outcomeFromAnswersText(answers, request.questions, readImage);
		if (outcome) return outcome;
		frontEnd.tell(words().cli.notices.flagNoAnswer, "warning");
	} catch (error) {
		frontEnd.tell(words().cli.notices.flagDoesNotFit((error as Error).message), "warning");
	}
	return undefined;
}

/**
 * An interrupted ask as the model hears it: an RPC client gets the spec's result for a client that went away
 * (`connectionLost`); the TUI and an SDK app get `interrupted`. pi 1.x cannot tell a shutdown from `/new`, an RPC
 * `abort` or `session.abort()` (it aborts the tool first), so every such abort reads the same.
 */
function reported(outcome: AskOutcome, frontEnd: FrontEnd): AskOutcome {
	return outcome.kind === "interrupted" && frontEnd.kind === "rpc"
		? { kind: "interrupted", reportedAs: "connectionLost" }
		: outcome;
}

/**
 * Shows the person the saved questions, best effort: once their file is saved they are pending whatever happens to
 * this text (stdout on a full disk, a reader that went away). A failure is one line on stderr naming the file, itself
 * best effort, and never reaches the model: the ask is pending, not an error.
 */
function showSaved(frontEnd: FrontEnd, saved: { outcome: AskOutcome; terminalText: string }): void {
	try {
		frontEnd.tell(saved.terminalText);
	} catch (error) {
		const file = saved.outcome.kind === "pending" ? saved.outcome.pendingFile : "";
		try {
			frontEnd.tell(
				`pi-ask-anywhere: ${words().cli.notices.questionsNotShown(file, (error as Error).message)}`,
				"warning",
			);
		} catch {
			// stderr takes nothing either: the questions wait in their file all the same.
		}
	}
}

/**
 * `background: true`: the questions are saved as pending at once (nothing is lost however pi ends), the call returns
 * at once, and a dialog — where there is one — asks the person while the model goes on. In print mode they wait in
 * the file like any pending question, and the run goes on. `undefined` when they cannot be saved: then they are asked
 * as a normal question (where nobody can answer, the run stops with them on screen, as for any ask).
 */
function backgroundAsk(ask: Ask, frontEnd: FrontEnd, deps: AskHandlerDeps): AskResolution | undefined {
	const saved = deps.saveForLater(ask.ctx, ask.request, ask.toolCallId);
	if (!saved.saved || saved.outcome.kind !== "pending") {
		frontEnd.tell(words().cli.notices.backgroundNotSaved, "warning");
		return undefined;
	}
	const outcome: AskOutcome = { ...saved.outcome, background: true };
	if (frontEnd.ask) {
		deps.answerLater(ask.ctx, {
			toolCallId: ask.toolCallId,
			request: ask.request,
			pendingFile: saved.outcome.pendingFile,
		});
	} else {
		showSaved(frontEnd, saved);
	}
	return { outcome, mode: frontEnd.recordedMode };
}

export function createAskHandler(deps: AskHandlerDeps): AskHandler {
	return async (ask: Ask): Promise<AskResolution> => {
		const frontEnd = deps.frontEnd(ask.ctx);
		const upFront = ask.outside ? undefined : deps.takeUpFrontAnswers();
		if (upFront !== undefined) {
			const outcome = upFrontOutcome(upFront, ask.request, frontEnd, deps.readImage(ask.ctx));
			if (outcome) {
				deps.decided?.(ask, outcome, "answers");
				return { outcome, mode: frontEnd.recordedMode };
			}
		}
		if (ask.request.background && !ask.outside) {
			const background = backgroundAsk(ask, frontEnd, deps);
			if (background) return background;
		}
		const bridge = deps.remote(ask.ctx, frontEnd, ask.toolCallId);
		// Where the remote answer that decided the ask came from, when known: the terminal names it.
		let from: RemoteSource | undefined;
		const remoteBy = (): DecidedBy => (from === "phone" ? "tap" : "page");
		const askRemotely =
			bridge &&
			(async (signal: AbortSignal | undefined) =>
				// The folder names the project on the web page's card.
				(await bridge).ask(ask.request, signal, {
					acceptsImages: deps.acceptsImages(ask.ctx),
					asker: { cwd: ask.ctx.cwd },
					from: (where) => {
						from = where;
					},
				}));
		const dialog = frontEnd.ask;
		if (dialog) {
			const local = (signal: AbortSignal) =>
				withIdleTimeout(ask.outside?.timeoutMs ?? deps.idleTimeoutMs(), signal, (closing, onActivity, closesAt) =>
					dialog(ask.request, {
						signal: closing,
						onActivity,
						closesAt,
						requestId: ask.toolCallId,
						history: deps.history(),
					}),
				);
			const onDisk = deps.keepOnDisk(ask.ctx, ask.request, ask.toolCallId);
			const raced = await raceLocalAndRemote(local, askRemotely, ask.signal);
			const { answeredBy } = raced;
			let outcome = reported(raced.outcome, frontEnd);
			// Checked again before anything is sent: a pi frozen longer than a claim lives may find its questions were
			// answered meanwhile by another pi. The person's answer here is then not sent, and they are told why.
			if (onDisk && (outcome.kind === "answered" || outcome.kind === "cancelled") && !deps.stillAsking(onDisk)) {
				frontEnd.tell(words().cli.notices.answeredElsewhere, "warning");
				deps.doneWithDisk(onDisk, true);
				return { outcome: reported({ kind: "interrupted" }, frontEnd), mode: frontEnd.recordedMode };
			}
			// The time limit closed the local dialog: its questions wait on disk like an interrupted ask's, and a later
			// answer reaches the model as a user message (/questions answer, pi -c, --answers, the web page).
			const timedOutHere = outcome.kind === "timedOut" && answeredBy === "local" && onDisk !== undefined;
			if (timedOutHere && onDisk) {
				outcome = { kind: "timedOut", pendingFile: displayPath(ask.ctx.cwd, onDisk) };
				frontEnd.tell(words().cli.notices.timedOut, "warning");
			}
			// An interrupted ask's questions stay on disk, to be answered later (/questions, pi -c, --answers).
			const notRemoved = onDisk && deps.doneWithDisk(onDisk, outcome.kind === "interrupted" || timedOutHere);
			if (notRemoved && onDisk)
				frontEnd.tell(words().cli.notices.fileNotRemoved(displayPath(ask.ctx.cwd, onDisk), notRemoved), "warning");
			deps.remember(outcome);
			deps.decided?.(ask, outcome, answeredBy === "remote" ? remoteBy() : frontEnd.kind === "tui" ? "tui" : "rpc");
			if (answeredBy === "remote") {
				const notices = words().cli.notices;
				const answered =
					from === "phone"
						? notices.answeredFromPhone
						: from === "page"
							? notices.answeredOnWebPage
							: notices.answeredRemotely;
				frontEnd.tell(outcome.kind === "answered" ? answered : notices.dismissedRemotely);
				return { outcome, mode: "remote" };
			}
			return { outcome, mode: frontEnd.recordedMode };
		}
		if (askRemotely) {
			// Nobody here can answer: wait for the remote answer; without one, the questions are saved (nothing lost).
			const remote = await askRemotely(ask.signal);
			if (isRemoteDecision(remote)) {
				deps.decided?.(ask, remote, remoteBy());
				return { outcome: remote, mode: "remote" };
			}
			frontEnd.tell(words().cli.notices.noRemoteAnswer(remote.kind), "warning");
		}
		const saved = deps.saveForLater(ask.ctx, ask.request, ask.toolCallId);
		if (!saved.saved && ask.outside) {
			// An approval or another extension's ask that cannot be kept ends undecided; the model's own run goes on.
			frontEnd.tell(saved.terminalText, "warning");
			return { outcome: { kind: "interrupted" }, mode: "print" };
		}
		if (!saved.saved) return deps.stopRun(saved.terminalText);
		const savedText = ask.outside?.savedText;
		showSaved(
			frontEnd,
			savedText && saved.outcome.kind === "pending"
				? { ...saved, terminalText: savedText(saved.outcome.pendingFile) }
				: saved,
		);
		return { outcome: saved.outcome, mode: "print", modelText: saved.modelText, terminate: true };
	};
}
