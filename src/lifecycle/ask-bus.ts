/**
 * Other extensions ask the person through pi's shared event bus: `pi.events.emit("pi-ask-anywhere:ask", { id,
 * request, reply, signal })`. Each ask goes through the one ask handler (the TUI dialog, RPC's dialogs, the page,
 * push, the pending file, exactly-once), and `reply` gets the same `AskUserResult` the model would. The payload is
 * another extension's and is trusted for nothing: a malformed one is refused with an `error` result when it has a
 * `reply` to call, and nothing here ever throws into pi. An ask goes to the session running now, which this listener
 * follows through pi's session events; a refusal is told there, or on stderr while no session runs.
 */
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { isRecord } from "../core/json.js";
import { canonicalRequest } from "../core/normalize.js";
import { toAskUserResult } from "../core/result.js";
import type { AskRequest, AskUserResult } from "../core/types.js";
import type { AskHandler } from "../tool/ask-user-tool.js";

/** The channel other extensions emit on. */
export const ASK_CHANNEL = "pi-ask-anywhere:ask";

/** What `reply` gets: the model's result, or why the ask was refused (nothing was asked then). */
export type AskBusReply = AskUserResult | { answered: false; answers: []; error: string };

/** The longest `id` taken: it names the ask in its pending file and claims. */
const MAX_ID_LENGTH = 200;

export interface AskBusDeps {
	/** The context of the session now (`undefined` before the first session start, or after its end). */
	ctx(): ExtensionContext | undefined;
	ask: AskHandler;
	/** Said once per refused payload, best effort (stderr or a notification). */
	warn(text: string): void;
}

/** A payload read into an ask, or why it is not one. */
function readPayload(
	data: unknown,
): { id: string; request: AskRequest; signal: AbortSignal | undefined } | { error: string } {
	if (!isRecord(data)) return { error: "the payload must be an object { id, request, reply, signal }" };
	const { id, request, signal } = data;
	if (typeof id !== "string" || id.trim() === "" || id.length > MAX_ID_LENGTH)
		return { error: `"id" must be a non-empty string of at most ${MAX_ID_LENGTH} characters` };
	if (signal !== undefined && !(signal instanceof AbortSignal))
		return { error: '"signal" must be an AbortSignal when given' };
	try {
		return { id, request: canonicalRequest(request), signal };
	} catch (error) {
		return { error: `"request" is not an ask_user request: ${(error as Error).message}` };
	}
}

/** The handler for `pi.events.on(ASK_CHANNEL, …)`: it settles every ask with exactly one reply and never throws. */
export function askBusHandler(deps: AskBusDeps): (data: unknown) => Promise<void> {
	return async (data) => {
		const reply =
			isRecord(data) && typeof data.reply === "function" ? (data.reply as (r: unknown) => unknown) : undefined;
		const send = (result: AskBusReply) => {
			try {
				const returned = reply?.(result);
				// An async reply that fails is the other extension's failure, never pi's.
				if (returned instanceof Promise) returned.catch(() => undefined);
			} catch (error) {
				deps.warn(`pi-ask-anywhere: an extension's reply failed: ${(error as Error).message}`);
			}
		};
		try {
			const read = readPayload(data);
			if ("error" in read) {
				deps.warn(`pi-ask-anywhere: refused an ask on ${ASK_CHANNEL}: ${read.error}`);
				send({ answered: false, answers: [], error: read.error });
				return;
			}
			if (!reply) {
				deps.warn(`pi-ask-anywhere: refused an ask on ${ASK_CHANNEL}: "reply" must be a function`);
				return;
			}
			const ctx = deps.ctx();
			if (!ctx) {
				send({ answered: false, answers: [], error: "no session is running" });
				return;
			}
			const resolution = await deps.ask({
				request: read.request,
				toolCallId: read.id,
				signal: read.signal,
				ctx,
				outside: {},
			});
			send(toAskUserResult(resolution.outcome));
		} catch (error) {
			send({ answered: false, answers: [], error: (error as Error).message });
		}
	};
}

/**
 * Listens on `ASK_CHANNEL` while this instance may serve a session: each ask goes to `ask` in the session running now,
 * and a refused payload is told in that session (`frontEnd`, the lifecycle's), or by `stderrLine` before the first
 * session starts. A session's end takes the listener off the bus until a session starts here again: pi 0.73.1 keeps
 * one bus across `/reload` and loads a fresh instance onto it, and an ended instance still listening would answer
 * every later ask first, with "no session is running".
 */
export function listenForBusAsks(
	pi: Pick<ExtensionAPI, "on" | "events">,
	deps: {
		ask: AskHandler;
		frontEnd(ctx: ExtensionContext): { tell(text: string, level?: "warning"): void };
		stderrLine(text: string): void;
	},
): void {
	let session: ExtensionContext | undefined;
	const handler = askBusHandler({
		ctx: () => session,
		ask: deps.ask,
		warn: (text) => (session ? deps.frontEnd(session).tell(text, "warning") : deps.stderrLine(text)),
	});
	let leave: (() => void) | undefined = pi.events.on(ASK_CHANNEL, handler);
	pi.on("session_start", (_event, ctx) => {
		session = ctx;
		leave ??= pi.events.on(ASK_CHANNEL, handler);
	});
	pi.on("session_shutdown", () => {
		session = undefined;
		leave?.();
		leave = undefined;
	});
}
