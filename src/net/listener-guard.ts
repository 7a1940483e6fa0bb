/**
 * What every listener the package opens does with the outside world's input. Node runs a server's `request` and
 * `upgrade` listeners, and a socket's `message`/`error` listeners, outside any try/catch: one exception there (a
 * request target `new URL` refuses, a frame a handler did not expect) ends the whole process — the person's pi.
 * So a request's path is read without throwing, and each handler is wrapped so that a failure is answered and
 * reported, never thrown into the event loop.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";

/**
 * The path of a request target (`/agent?x=1` → `/agent`), or `undefined` when it is not one: an origin-form target
 * must start with a single `/`; an absolute-form one must parse as a URL. `//`, `//a:b@/` or `http://[` are refused.
 */
export function requestPath(target: string | undefined): string | undefined {
	if (target === undefined || target.length === 0) return undefined;
	try {
		if (target.startsWith("/")) {
			if (target.startsWith("//")) return undefined;
			return new URL(target, "http://localhost").pathname;
		}
		const url = new URL(target);
		return url.protocol === "http:" || url.protocol === "https:" ? url.pathname : undefined;
	} catch {
		return undefined;
	}
}

/** The query parameters of a request target whose path `requestPath` accepted. */
export function requestQuery(target: string): URLSearchParams {
	try {
		return new URL(target, "http://localhost").searchParams;
	} catch {
		return new URLSearchParams();
	}
}

/** Ends an upgrade request's raw socket with a status line (`"400 Bad Request"`) and no body. */
export function refuseUpgrade(socket: Duplex, status: string): void {
	if (socket.destroyed) return;
	socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Reports a failure in a listener (a warning line, a counter in tests); it must not throw itself. */
export type ListenerFailure = (error: unknown) => void;

/**
 * A handler that never throws into Node's event loop, synchronously or by a rejected promise: a failure goes to
 * `onFailure`, and `recover` (answering 500, destroying a socket) runs with the handler's own arguments.
 */
export function guarded<A extends unknown[]>(
	handler: (...args: A) => unknown,
	onFailure: ListenerFailure,
	recover?: (...args: A) => void,
): (...args: A) => void {
	const fail = (error: unknown, args: A): void => {
		try {
			onFailure(error);
			recover?.(...args);
		} catch {
			// The report or the recovery failed too; there is nothing left that could be done without risking the process.
		}
	};
	return (...args: A) => {
		try {
			const result = handler(...args);
			if (result instanceof Promise) result.catch((error: unknown) => fail(error, args));
		} catch (error) {
			fail(error, args);
		}
	};
}

/** The recovery for an HTTP request handler: 500 if nothing was sent yet, and the connection closed. */
export function failResponse(_request: unknown, response: ServerResponse): void {
	if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
	response.end();
}

/** The recovery for an upgrade handler: the raw socket is ended (a status line if nothing was written yet). */
function failUpgrade(_request: unknown, socket: Duplex): void {
	refuseUpgrade(socket, "500 Internal Server Error");
	socket.destroy();
}

/**
 * A server's `upgrade` listener: the socket's errors kept in, a request target that is not one refused with 400, and
 * `route` (which refuses or takes over the socket) guarded like any handler.
 */
export function guardedUpgrade(
	route: (path: string, request: IncomingMessage, socket: Socket, head: Buffer) => void,
	onFailure: ListenerFailure,
): (request: IncomingMessage, socket: Socket, head: Buffer) => void {
	return guarded(
		(request: IncomingMessage, socket: Socket, head: Buffer) => {
			ignoreSocketErrors(socket);
			const path = requestPath(request.url);
			if (path === undefined) return refuseUpgrade(socket, "400 Bad Request");
			route(path, request, socket, head);
		},
		onFailure,
		failUpgrade,
	);
}

/**
 * Keeps a raw socket's errors (a reset in the middle of an upgrade) from becoming an uncaught `error` event, which
 * Node would throw.
 */
function ignoreSocketErrors(socket: Duplex): void {
	if (socket.listenerCount("error") === 0) socket.on("error", () => {});
}
