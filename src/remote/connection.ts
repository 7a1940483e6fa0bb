/**
 * The bridge's one WebSocket to the backend: opened on demand and reused, with a connect time limit, backoff
 * after a failure (1 s, doubling to 30 s), the token only in the Authorization header, and the TCP socket
 * referenced only while the bridge says it is waiting, so an idle connection never keeps pi alive. It knows
 * nothing of questions: text frames go to `onText`, a lost connection to `onLost`.
 */
import type { ClientRequest, IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import WebSocket from "ws";
import { sanitizeLine } from "../core/text.js";
import { guarded } from "../net/listener-guard.js";
import { MAX_ANSWER_FRAME_BYTES } from "./protocol.js";

export type RemoteUnavailable = { kind: "unavailable"; reason: string };

/** An open connection, as the bridge uses it. */
export interface OpenConnection {
	isOpen(): boolean;
	/** Sends a text frame; `done` gets the error when it could not be sent. */
	send(text: string, done: (error?: Error) => void): void;
}

export interface ConnectionOptions {
	url: string;
	token?: string;
	connectTimeoutMs: number;
	/** How the URL may appear in messages (no credentials, no query). */
	where: string;
	WebSocketImpl: typeof WebSocket;
	now: () => number;
	/** Wraps every reason given out, so that no library message can carry the token. */
	unavailable(reason: string): RemoteUnavailable;
}

export interface ConnectionEvents {
	onText(text: string): void;
	onBinary(): void;
	/** The open connection closed (not called for failed attempts, nor after `close`). */
	onLost(): void;
	/** A handler failed on what the backend sent; the connection goes on. */
	onFailure(error: unknown): void;
}

export interface Connection {
	/** The open connection, a new one, or why there is none (also during the backoff after a failure). */
	connect(): Promise<OpenConnection | RemoteUnavailable>;
	/** Whether the TCP socket keeps the process alive: only while questions are open. */
	keepAlive(active: boolean): void;
	/** Stops any attempt and closes the connection; `onLost` is not called. */
	close(): void;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
const CLOSE_HANDSHAKE_MS = 1_000;
/** How much of a refusing backend's reason is shown. */
const MAX_REFUSAL_CHARS = 300;

/** The client options, including `closeTimeout` (ws ≥ 8.17) which @types/ws does not list yet. */
type SocketOptions = WebSocket.ClientOptions & { closeTimeout?: number };

function frameText(data: WebSocket.RawData): string {
	if (Buffer.isBuffer(data)) return data.toString("utf8");
	if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
	return Buffer.from(data).toString("utf8");
}

export function isUnavailable(value: OpenConnection | RemoteUnavailable): value is RemoteUnavailable {
	return "kind" in value && value.kind === "unavailable";
}

export function createConnection(options: ConnectionOptions, events: ConnectionEvents): Connection {
	const { where, unavailable } = options;
	let socket: WebSocket | undefined;
	/** The TCP socket under `socket`, for `keepAlive`. */
	let tcpSocket: Socket | undefined;
	let keepingAlive = false;
	let connecting: Promise<OpenConnection | RemoteUnavailable> | undefined;
	let connectingSocket: WebSocket | undefined;
	const backoff = { failures: 0, nextAttemptAt: 0 };

	const applyKeepAlive = (): void => {
		if (keepingAlive) tcpSocket?.ref();
		else tcpSocket?.unref();
	};

	const wrap = (open: WebSocket): OpenConnection => ({
		isOpen: () => open.readyState === WebSocket.OPEN,
		send: (text, done) => open.send(text, done),
	});

	function scheduleRetry(): void {
		backoff.failures += 1;
		backoff.nextAttemptAt = options.now() + Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (backoff.failures - 1));
	}

	function onOpened(open: WebSocket, tcp: Socket | undefined): OpenConnection {
		backoff.failures = 0;
		backoff.nextAttemptAt = 0;
		socket = open;
		tcpSocket = tcp;
		// A frame the bridge did not expect must not end pi: a failure is reported and the connection goes on.
		open.on(
			"message",
			guarded(
				(data: WebSocket.RawData, isBinary: boolean) => (isBinary ? events.onBinary() : events.onText(frameText(data))),
				events.onFailure,
			),
		);
		open.once(
			"close",
			guarded(() => {
				if (socket !== open) return;
				socket = undefined;
				tcpSocket = undefined;
				events.onLost();
			}, events.onFailure),
		);
		applyKeepAlive();
		return wrap(open);
	}

	function openSocket(): Promise<OpenConnection | RemoteUnavailable> {
		return new Promise((resolve) => {
			const socketOptions: SocketOptions = {
				handshakeTimeout: options.connectTimeoutMs,
				maxPayload: MAX_ANSWER_FRAME_BYTES,
				followRedirects: false,
				closeTimeout: CLOSE_HANDSHAKE_MS,
				headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
			};
			let candidate: WebSocket;
			try {
				candidate = new options.WebSocketImpl(options.url, socketOptions);
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
			const finish = (): void => {
				settled = true;
				clearTimeout(connectTimer);
				candidate.removeListener("error", onEarlyError);
				candidate.removeListener("open", onOpen);
				candidate.removeListener("close", onEarlyClose);
				connectingSocket = undefined;
			};
			const fail = (why: string, reason = `${where} is unreachable: ${why}`): void => {
				if (settled) return;
				finish();
				candidate.terminate();
				scheduleRetry();
				resolve(unavailable(reason));
			};
			const onOpen = (): void => {
				if (settled) return;
				finish();
				resolve(onOpened(candidate, candidateTcp));
			};
			const onEarlyError = (error: Error): void => fail(error.message);
			const onEarlyClose = (): void => fail("the connection closed during the handshake");
			const connectTimer = setTimeout(
				() => fail(`no connection within ${options.connectTimeoutMs / 1000} s`),
				options.connectTimeoutMs,
			);
			candidate.once("upgrade", (response: IncomingMessage) => {
				candidateTcp = response.socket;
			});
			// A backend that refuses the connection (too many agents) says why in a short body: shown, not just a status.
			candidate.once("unexpected-response", (_request: ClientRequest, response: IncomingMessage) => {
				let body = "";
				response.setEncoding("utf8");
				response.on("error", () => {});
				response.on("data", (chunk: string) => {
					if (body.length < MAX_REFUSAL_CHARS) body += chunk;
				});
				response.on("end", () => {
					const reason = sanitizeLine(body).slice(0, MAX_REFUSAL_CHARS);
					fail("", `${where} refused the connection (${response.statusCode})${reason ? `: ${reason}` : ""}`);
				});
			});
			candidate.once("open", onOpen);
			candidate.once("error", onEarlyError);
			candidate.once("close", onEarlyClose);
		});
	}

	return {
		connect() {
			if (socket && socket.readyState === WebSocket.OPEN) return Promise.resolve(wrap(socket));
			if (connecting) return connecting;
			const waitMs = backoff.nextAttemptAt - options.now();
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
		},
		keepAlive(active) {
			keepingAlive = active;
			applyKeepAlive();
		},
		close() {
			connectingSocket?.terminate();
			connectingSocket = undefined;
			const open = socket;
			socket = undefined;
			tcpSocket = undefined;
			if (open) {
				open.removeAllListeners("message");
				open.close(1000, "pi-ask-anywhere shutting down");
			}
		},
	};
}
