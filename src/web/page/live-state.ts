/**
 * What a page is sent on `/live` and how it folds it back into what it shows, pure: changes, not the whole state
 * (the server's side is ../feed.ts). A page that connects gets everything, the first message with `reset`; a
 * batch too large for one message is split, every message but the last with `more`, and the page shows the
 * batch once it has all of it.
 */
import type { LiveAsk } from "../../remote/live-asks.js";
import type { PendingView } from "../pending-view.js";

/** How the server closes the live channel when every browser was signed out (an application close code). */
export const SIGNED_OUT_CLOSE_CODE = 4001;

/** The state a page shows: the questions agents wait on and the folder's pending questions. */
export interface PageState {
	asks: LiveAsk[];
	pending: PendingView[];
	/** How many more pending cards there are than were sent (`web --all` sends so many at first; `/api/more` adds). */
	more?: number;
}

/** A pending card's identity: its file's name in its folder (`web --all` serves many folders, each with its own names). */
export const pendingKey = (view: { folder?: string | undefined; name: string }): string =>
	`${view.folder ?? ""}\u0000${view.name}`;

/**
 * What became of answers a page sent to an agent, once the agent tells (`ask_user_closed`) or its connection ends:
 * `received` pi took them; `elsewhere` the question had been answered in the terminal first; `ended` pi had
 * stopped waiting (timeout or abort); `lost` the connection closed before pi confirmed anything.
 */
export type Receipt = "received" | "elsewhere" | "ended" | "lost";

export type PageOp =
	| { op: "ask"; ask: LiveAsk }
	| { op: "ask-gone"; id: string }
	| { op: "pending"; view: PendingView }
	| { op: "pending-gone"; name: string; folder?: string }
	| { op: "more"; left: number }
	| { op: "receipt"; id: string; receipt: Receipt };

export interface PageMessage {
	type: "changes";
	/** Forget everything shown so far: this batch is the whole state. */
	reset: boolean;
	/** More messages of this batch follow. */
	more: boolean;
	ops: PageOp[];
}

/** A message folded into the state a page shows. Receipts are not state; the page handles them itself. */
export function applyMessage(state: PageState, message: PageMessage): PageState {
	const asks = new Map(message.reset ? [] : state.asks.map((ask) => [ask.id, ask]));
	const pending = new Map(message.reset ? [] : state.pending.map((view) => [pendingKey(view), view]));
	let more = message.reset ? 0 : (state.more ?? 0);
	for (const op of message.ops) {
		if (op.op === "ask") asks.set(op.ask.id, op.ask);
		else if (op.op === "ask-gone") asks.delete(op.id);
		else if (op.op === "pending") pending.set(pendingKey(op.view), op.view);
		else if (op.op === "pending-gone") pending.delete(pendingKey(op));
		else if (op.op === "more") more = op.left;
	}
	return { asks: [...asks.values()], pending: [...pending.values()], ...(more > 0 ? { more } : {}) };
}
