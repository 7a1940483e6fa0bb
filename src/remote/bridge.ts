/**
 * The remote-answering bridge: the open questions over one connection (connection.ts) to a backend speaking
 * the `ask_user_question` / `hook.ask_user_answer` protocol. Every way an ask can end is a value: an answer, a
 * dismissal, a timeout, a lost connection, or `unavailable` (the caller then asks locally); every way but a
 * lost connection is also told to the backend (`ask_user_closed`).
 */
import { randomUUID as cryptoRandomUUID } from "node:crypto";
import WebSocket from "ws";
import { unlessAborted } from "../core/abort.js";
import type { AskOutcome, AskRequest } from "../core/types.js";
import { checkRemoteUrl, describeRemoteUrl, type RemoteConfig } from "./config.js";
import { createConnection, isUnavailable, type RemoteUnavailable } from "./connection.js";
import {
	ANSWERED_ELSEWHERE,
	type AnswerSource,
	type Asker,
	type ClosedReason,
	decodeAnswer,
	encodeClosed,
	encodeQuestion,
	matchAnswers,
	nameQuestions,
	outcomeFromRemoteAnswers,
} from "./protocol.js";

export type { RemoteUnavailable } from "./connection.js";
export type RemoteAskOutcome = AskOutcome | RemoteUnavailable;
/** Where a remote answer came from: a tap on the phone, or what the backend says (none: a backend of one's own). */
export type RemoteSource = AnswerSource | "phone";

/** Where warnings go: stderr in practice, never stdout. Messages never contain the token. */
export interface RemoteLogger {
	warn(message: string): void;
}

export interface RemoteBridgeDeps {
	logger: RemoteLogger;
	WebSocketImpl?: typeof WebSocket;
	now?: () => number;
	randomUUID?: () => string;
}

export interface RemoteBridge {
	/**
	 * Sends the questions and waits for the first answer; aborting resolves `interrupted` and stops waiting. `asker`
	 * describes who asks (a child pi asking through its parent); `acceptsImages`: the person may attach images
	 * (`answer-images`), which only then are taken. `from` is told where the answer that decided the ask came from,
	 * when that is known (a tap on the phone, the web page, a parent pi), so that the terminal can say so.
	 */
	ask(
		request: AskRequest,
		signal?: AbortSignal,
		about?: { asker?: Asker; acceptsImages?: boolean; from?: (where: RemoteSource) => void },
	): Promise<RemoteAskOutcome>;
	/** Settles open asks as `interrupted`, closes the socket, clears every timer. */
	dispose(): void;
}

interface OpenQuestion {
	request: AskRequest;
	acceptsImages: boolean;
	from?: ((where: RemoteSource) => void) | undefined;
	/** Ends the ask; with a reason, the backend is told (`ask_user_closed`) so that it can close its card. */
	settle(outcome: RemoteAskOutcome, closedReason?: ClosedReason): void;
}

/** Question ids already closed (with their questions' names), so that a late answer is told apart from a stranger's. */
const CLOSED_IDS_KEPT = 256;

/** Writes warnings to stderr (fd 2), prefixed with the package name. */
export const stderrLogger: RemoteLogger = {
	warn(message) {
		process.stderr.write(`pi-ask-anywhere: ${message}\n`);
	},
};

export function createRemoteBridge(config: RemoteConfig, deps: RemoteBridgeDeps): RemoteBridge {
	checkRemoteUrl(config.url, config.allowInsecure);
	const newQuestionId = deps.randomUUID ?? cryptoRandomUUID;
	const where = describeRemoteUrl(config.url);
	const token = config.token;

	/** Defence in depth: whatever a library puts in an error message, the token never leaves this module. */
	const redact = (text: string): string => (token ? text.split(token).join("[redacted]") : text);
	const warn = (message: string): void => deps.logger.warn(redact(message));
	const unavailable = (reason: string): RemoteUnavailable => ({ kind: "unavailable", reason: redact(reason) });

	let disposed = false;
	const openQuestions = new Map<string, OpenQuestion>();
	const closedIds = new Map<string, string>();

	const connection = createConnection(
		{
			url: config.url,
			...(token ? { token } : {}),
			connectTimeoutMs: config.connectTimeoutMs,
			where,
			WebSocketImpl: deps.WebSocketImpl ?? WebSocket,
			now: deps.now ?? Date.now,
			unavailable,
		},
		{
			onText: onAnswerFrame,
			onBinary: () => warn(`ignored a binary frame from ${where}`),
			onFailure: (error) =>
				warn(
					`ignored a frame from ${where} it could not read: ${error instanceof Error ? error.message : String(error)}`,
				),
			onLost() {
				if (openQuestions.size > 0) warn(`lost the connection to ${where} with ${openQuestions.size} question(s) open`);
				for (const question of [...openQuestions.values()]) question.settle({ kind: "connectionLost" });
			},
		},
	);

	function rememberClosed(questionId: string, name: string): void {
		closedIds.set(questionId, name);
		if (closedIds.size > CLOSED_IDS_KEPT) {
			const oldest = closedIds.keys().next().value;
			if (oldest !== undefined) closedIds.delete(oldest);
		}
	}

	function onAnswerFrame(text: string): void {
		const frame = decodeAnswer(text);
		if (frame.kind === "other") return;
		if (frame.kind === "malformed") {
			warn(`ignored a malformed frame from ${where}: ${frame.reason}`);
			return;
		}
		const question = openQuestions.get(frame.questionId);
		if (frame.kind === "refused") {
			// Not an answer and not a dismissal: the question goes back to be asked some other way (unavailable).
			question?.settle(unavailable(`${where} refused the question: ${frame.error}`));
			return;
		}
		if (!question) {
			const closedName = closedIds.get(frame.questionId);
			warn(
				closedName !== undefined
					? `ignored another answer for ${closedName}: it was already answered or closed`
					: "ignored an answer for a question this session did not ask (or asked too long ago)",
			);
			return;
		}
		const asked = question.request.questions;
		const name = nameQuestions(asked);
		if (!question.acceptsImages && Object.values(frame.answers).some((answer) => answer?.images?.length)) {
			// Never dropped in silence, never sent to a model that cannot read them: the answer is not taken.
			warn(`ignored an answer for ${name} with images: this ask did not offer to attach images`);
			return;
		}
		const dismissed = Object.keys(frame.answers).length === 0;
		const matched = matchAnswers(asked, frame.answers);
		for (const warning of matched.warnings) warn(`${name}: ${warning}`);
		if (!dismissed && !matched.named.some(Boolean)) {
			// Not a dismissal and not an answer to anything asked: keep waiting rather than close the dialog.
			warn(`ignored an answer for ${name} that names none of its questions`);
			return;
		}
		if (frame.source) question.from?.(frame.source);
		question.settle(outcomeFromRemoteAnswers(asked, matched.perQuestion, dismissed, frame.note), "answered");
	}

	async function ask(
		request: AskRequest,
		signal?: AbortSignal,
		about: { asker?: Asker; acceptsImages?: boolean; from?: (where: RemoteSource) => void } = {},
	): Promise<RemoteAskOutcome> {
		const acceptsImages = about.acceptsImages === true;
		if (disposed) return unavailable("remote answering was shut down");
		// Only the person dismisses (a backend's `{}`); an abort is pi's or the run's, never theirs.
		if (signal?.aborted) return { kind: "interrupted" };
		const open = await unlessAborted(connection.connect(), signal);
		if (open === undefined || signal?.aborted) return { kind: "interrupted" };
		if (isUnavailable(open)) return open;
		if (disposed) return unavailable("remote answering was shut down");

		const ids = { questionId: newQuestionId(), sessionKey: config.sessionKey, agentId: config.agentId };
		const { questionId } = ids;
		return new Promise<RemoteAskOutcome>((resolve) => {
			const settle = (outcome: RemoteAskOutcome, closedReason?: ClosedReason): void => {
				if (!openQuestions.delete(questionId)) return;
				clearTimeout(answerTimer);
				signal?.removeEventListener("abort", onAbort);
				rememberClosed(questionId, nameQuestions(request.questions));
				connection.keepAlive(openQuestions.size > 0);
				if (closedReason && open.isOpen()) {
					// Best effort: a backend that does not know the event ignores it; a failed send changes nothing.
					open.send(JSON.stringify(encodeClosed(ids, closedReason)), () => {});
				}
				resolve(outcome);
			};
			const onAbort = (): void =>
				settle({ kind: "interrupted" }, signal?.reason === ANSWERED_ELSEWHERE ? ANSWERED_ELSEWHERE : "aborted");
			const answerTimer = setTimeout(() => settle({ kind: "timedOut" }, "timeout"), config.timeoutMs);
			openQuestions.set(questionId, { request, acceptsImages, settle, from: about.from });
			connection.keepAlive(true);
			signal?.addEventListener("abort", onAbort, { once: true });
			open.send(JSON.stringify(encodeQuestion(request, ids, about.asker, acceptsImages)), (error) => {
				if (error) settle(unavailable(`could not send the question to ${where}: ${error.message}`));
			});
		});
	}

	function dispose(): void {
		if (disposed) return;
		disposed = true;
		for (const question of [...openQuestions.values()]) question.settle({ kind: "interrupted" }, "aborted");
		connection.close();
	}

	return { ask, dispose };
}
