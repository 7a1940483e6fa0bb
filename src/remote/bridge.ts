/**
 * The remote-answering bridge: one WebSocket to a backend speaking the `ask_user_question` /
 * `hook.ask_user_answer` protocol, opened on the first ask and reused. Every way an ask can end is a value:
 * an answer, a dismissal, a timeout, a lost connection, or `unavailable` (the caller then asks locally).
 */
import { randomUUID as cryptoRandomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import WebSocket from "ws";
import { unlessAborted } from "../core/abort.js";
import type { AskOutcome, AskRequest } from "../core/types.js";
import { checkRemoteUrl, describeRemoteUrl, type RemoteConfig } from "./config.js";
import {
	ANSWERED_ELSEWHERE,
	type ClosedReason,
	decodeAnswer,
	encodeClosed,
	encodeQuestion,
	MAX_FRAME_BYTES,
	matchAnswers,
	nameQuestions,
	outcomeFromRemoteAnswers,
} from "./protocol.js";

export type RemoteUnavailable = { kind: "unavailable"; reason: string };
export type RemoteAskOutcome = AskOutcome | RemoteUnavailable;

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
	/** Sends the questions and waits for the first answer; aborting resolves `cancelled` and stops waiting. */
	ask(request: AskRequest, signal?: AbortSignal): Promise<RemoteAskOutcome>;
	/** Settles open asks as `cancelled`, closes the socket, clears every timer. */
	dispose(): void;
}

interface OpenQuestion {
	request: AskRequest;
	/** Ends the ask; with a reason, the backend is told (`ask_user_closed`) so that it can close its card. */
	settle(outcome: RemoteAskOutcome, closedReason?: ClosedReason): void;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Question ids already closed (with their questions' names), so that a late answer is told apart from a stranger's. */
const CLOSED_IDS_KEPT = 256;
const CLOSE_HANDSHAKE_MS = 1_000;

/** The client options, including `closeTimeout` (ws ≥ 8.17) which @types/ws does not list yet. */
type SocketOptions = WebSocket.ClientOptions & { closeTimeout?: number };

function frameText(data: WebSocket.RawData): string {
	if (Buffer.isBuffer(data)) return data.toString("utf8");
	if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
	return Buffer.from(data).toString("utf8");
}

function isUnavailable(value: WebSocket | RemoteUnavailable): value is RemoteUnavailable {
	return "kind" in value && value.kind === "unavailable";
}

/** Writes warnings to stderr (fd 2), prefixed with the package name. */
export const stderrLogger: RemoteLogger = {
	warn(message) {
		process.stderr.write(`pi-ask-user: ${message}\n`);
	},
};

export function createRemoteBridge(config: RemoteConfig, deps: RemoteBridgeDeps): RemoteBridge {
	checkRemoteUrl(config.url, config.allowInsecure);
	const WebSocketImpl = deps.WebSocketImpl ?? WebSocket;
	const now = deps.now ?? Date.now;
	const newQuestionId = deps.randomUUID ?? cryptoRandomUUID;
	const where = describeRemoteUrl(config.url);
	const token = config.token;

	/** Defence in depth: whatever a library puts in an error message, the token never leaves this module. */
	const redact = (text: string): string => (token ? text.split(token).join("[redacted]") : text);
	const warn = (message: string): void => deps.logger.warn(redact(message));
	const unavailable = (reason: string): RemoteUnavailable => ({ kind: "unavailable", reason: redact(reason) });

	let socket: WebSocket | undefined;
	/** The TCP socket under `socket`: referenced only while a question is open, so an idle bridge never keeps pi alive. */
	let tcpSocket: Socket | undefined;
	let connecting: Promise<WebSocket | RemoteUnavailable> | undefined;
	let connectingSocket: WebSocket | undefined;
	let failedAttempts = 0;
	let nextAttemptAt = 0;
	let disposed = false;
	const openQuestions = new Map<string, OpenQuestion>();
	const closedIds = new Map<string, string>();

	function updateKeepAlive(): void {
		if (!tcpSocket) return;
		if (openQuestions.size > 0) tcpSocket.ref();
		else tcpSocket.unref();
	}

	function rememberClosed(questionId: string, name: string): void {
		closedIds.set(questionId, name);
		if (closedIds.size > CLOSED_IDS_KEPT) {
			const oldest = closedIds.values().next().value;
			if (oldest !== undefined) closedIds.delete(oldest);
		}
	}

	function onMessage(data: WebSocket.RawData, isBinary: boolean): void {
		if (isBinary) {
			warn(`ignored a binary frame from ${where}`);
			return;
		}
		const frame = decodeAnswer(frameText(data));
		if (frame.kind === "other") return;
		if (frame.kind === "malformed") {
			warn(`ignored a malformed frame from ${where}: ${frame.reason}`);
			return;
		}
		const question = openQuestions.get(frame.questionId);
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
		const dismissed = Object.keys(frame.answers).length === 0;
		const matched = matchAnswers(asked, frame.answers);
		for (const warning of matched.warnings) warn(`${name}: ${warning}`);
		if (!dismissed && matched.perQuestion.every((answer) => answer === undefined)) {
			// Not a dismissal and not an answer to anything asked: keep waiting rather than close the dialog.
			warn(`ignored an answer for ${name} that names none of its questions`);
			return;
		}
		question.settle(outcomeFromRemoteAnswers(asked, matched.perQuestion, dismissed), "answered");
	}

	function onSocketClosed(closed: WebSocket): void {
		if (socket !== closed) return;
		socket = undefined;
		tcpSocket = undefined;
		if (openQuestions.size > 0 && !disposed) {
			warn(`lost the connection to ${where} with ${openQuestions.size} question(s) open`);
		}
		for (const question of [...openQuestions.values()]) question.settle({ kind: "connectionLost" });
	}

	function scheduleRetry(): void {
		failedAttempts += 1;
		nextAttemptAt = now() + Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (failedAttempts - 1));
	}

	function openSocket(): Promise<WebSocket | RemoteUnavailable> {
		return new Promise((resolve) => {
			const options: SocketOptions = {
				handshakeTimeout: config.connectTimeoutMs,
				maxPayload: MAX_FRAME_BYTES,
				followRedirects: false,
				closeTimeout: CLOSE_HANDSHAKE_MS,
				headers: token ? { Authorization: `Bearer ${token}` } : {},
			};
			let candidate: WebSocket;
			try {
				candidate = new WebSocketImpl(config.url, options);
			} catch (error) {
				scheduleRetry();
				resolve(unavailable(`cannot connect to ${where}: ${(error as Error).message}`));
				return;
			}
			connectingSocket = candidate;
			let candidateTcp: Socket | undefined;
			let settled = false;
			// A socket without an error listener would crash the process on its first error.
			candidate.on("error", () => {});
			const fail = (why: string): void => {
				if (settled) return;
				settled = true;
				clearTimeout(connectTimer);
				candidate.removeListener("error", onEarlyError);
				candidate.removeListener("open", onOpen);
				candidate.removeListener("close", onEarlyClose);
				connectingSocket = undefined;
				candidate.terminate();
				scheduleRetry();
				resolve(unavailable(`${where} is unreachable: ${why}`));
			};
			const onOpen = (): void => {
				if (settled) return;
				settled = true;
				clearTimeout(connectTimer);
				candidate.removeListener("close", onEarlyClose);
				candidate.removeListener("error", onEarlyError);
				connectingSocket = undefined;
				failedAttempts = 0;
				nextAttemptAt = 0;
				socket = candidate;
				tcpSocket = candidateTcp;
				candidate.on("message", onMessage);
				candidate.once("close", () => onSocketClosed(candidate));
				updateKeepAlive();
				resolve(candidate);
			};
			const onEarlyError = (error: Error): void => fail(error.message);
			const onEarlyClose = (): void => fail("the connection closed during the handshake");
			const connectTimer = setTimeout(
				() => fail(`no connection within ${config.connectTimeoutMs / 1000} s`),
				config.connectTimeoutMs,
			);
			candidate.once("upgrade", (response: IncomingMessage) => {
				candidateTcp = response.socket;
			});
			candidate.once("open", onOpen);
			candidate.once("error", onEarlyError);
			candidate.once("close", onEarlyClose);
		});
	}

	function connect(): Promise<WebSocket | RemoteUnavailable> {
		if (socket && socket.readyState === WebSocket.OPEN) return Promise.resolve(socket);
		if (connecting) return connecting;
		const waitMs = nextAttemptAt - now();
		if (waitMs > 0) {
			return Promise.resolve(
				unavailable(`${where} was unreachable; next connection attempt in ${Math.ceil(waitMs / 1000)} s`),
			);
		}
		const attempt = openSocket().finally(() => {
			connecting = undefined;
		});
		connecting = attempt;
		return attempt;
	}

	async function ask(request: AskRequest, signal?: AbortSignal): Promise<RemoteAskOutcome> {
		if (disposed) return unavailable("remote answering was shut down");
		if (signal?.aborted) return { kind: "cancelled" };
		const connection = await unlessAborted(connect(), signal);
		if (connection === undefined || signal?.aborted) return { kind: "cancelled" };
		if (isUnavailable(connection)) return connection;
		if (disposed) return unavailable("remote answering was shut down");

		const ids = { questionId: newQuestionId(), sessionKey: config.sessionKey, agentId: config.agentId };
		const { questionId } = ids;
		const frame = encodeQuestion(request, ids);
		return new Promise<RemoteAskOutcome>((resolve) => {
			const settle = (outcome: RemoteAskOutcome, closedReason?: ClosedReason): void => {
				if (!openQuestions.delete(questionId)) return;
				clearTimeout(answerTimer);
				signal?.removeEventListener("abort", onAbort);
				rememberClosed(questionId, nameQuestions(request.questions));
				updateKeepAlive();
				if (closedReason && connection.readyState === WebSocket.OPEN) {
					// Best effort: a backend that does not know the event ignores it; a failed send changes nothing.
					connection.send(JSON.stringify(encodeClosed(ids, closedReason)), () => {});
				}
				resolve(outcome);
			};
			const onAbort = (): void =>
				settle({ kind: "cancelled" }, signal?.reason === ANSWERED_ELSEWHERE ? ANSWERED_ELSEWHERE : "aborted");
			const answerTimer = setTimeout(() => settle({ kind: "timedOut" }, "timeout"), config.timeoutMs);
			openQuestions.set(questionId, { request, settle });
			updateKeepAlive();
			signal?.addEventListener("abort", onAbort, { once: true });
			connection.send(JSON.stringify(frame), (error) => {
				if (error) settle(unavailable(`could not send the question to ${where}: ${error.message}`));
			});
		});
	}

	function dispose(): void {
		if (disposed) return;
		disposed = true;
		for (const question of [...openQuestions.values()]) question.settle({ kind: "cancelled" }, "aborted");
		connectingSocket?.terminate();
		connectingSocket = undefined;
		const open = socket;
		socket = undefined;
		tcpSocket = undefined;
		if (open) {
			open.removeAllListeners("message");
			open.close(1000, "pi-ask-user shutting down");
		}
	}

	return { ask, dispose };
}
