/**
 * The server's side of what pages are sent on `/live` (the page's side, and the message types, are
 * page/live-state.ts): the state as keyed items, each with its JSON text; the difference between what was sent
 * and what is now; and those changes packed into messages of at most `MAX_PAGE_MESSAGE_BYTES`. Each item's text
 * is kept for as long as the item is the same object (`ItemTexts`), so that one change costs the size of the
 * change, not of everything shown: asks of a megabyte each would otherwise be serialised again on every update.
 * A page's first state goes out piece by piece (`firstStatePieces`), each piece made when the one before has left,
 * so that a page loading many large asks costs the server one piece's copy, not a copy of everything shown.
 */

import type { LiveAsk } from "../remote/live-asks.js";
import { type PageOp, type PageState, pendingKey } from "./page/live-state.js";
import type { PendingView } from "./pending-view.js";

/** No message to a page is larger than this; an item that alone would be is replaced by a notice. */
const MAX_PAGE_MESSAGE_BYTES = 8 * 1024 * 1024;
/**
 * The most a page is sent of the folder's pending questions, all files together; files past it are shown as a
 * notice (they stay answerable in pi). The asks agents wait on are capped where they arrive (`LIVE_ASK_LIMITS`).
 */
const MAX_PENDING_SHOWN_BYTES = 16 * 1024 * 1024;
/** A first-state piece holds items up to about this size (one larger item goes alone). */
const FIRST_STATE_PIECE_BYTES = 1024 * 1024;
/** Room for a message's envelope around its ops. */
const ENVELOPE_BYTES = 80;

/** One item a page shows: its op, the op's JSON text (what is compared and sent) and that text's size in bytes. */
export interface ShownItem {
	op: PageOp;
	text: string;
	bytes: number;
}

/** The items a page shows, keyed. */
export type ShownItems = Map<string, ShownItem>;

/** Each ask's and pending view's item, made once per object. */
export interface ItemTexts {
	ask(ask: LiveAsk): ShownItem;
	pending(view: PendingView): ShownItem;
	/** How many items have been serialised: what one update costs, counted. */
	readonly serialised: number;
}

function item(op: PageOp): ShownItem {
	const text = JSON.stringify(op);
	return { op, text, bytes: Buffer.byteLength(text) };
}

export function createItemTexts(): ItemTexts {
	const asks = new WeakMap<LiveAsk, ShownItem>();
	const views = new WeakMap<PendingView, ShownItem>();
	let serialised = 0;
	return {
		ask(ask) {
			let made = asks.get(ask);
			if (!made) {
				made = item({ op: "ask", ask });
				serialised += 1;
				asks.set(ask, made);
			}
			return made;
		},
		pending(view) {
			let made = views.get(view);
			if (!made) {
				made = item({ op: "pending", view });
				serialised += 1;
				views.set(view, made);
			}
			return made;
		},
		get serialised() {
			return serialised;
		},
	};
}

function notice(view: PendingView, error: string): ShownItem {
	const shown: PendingView = {
		name: view.name,
		questions: [],
		trusted: view.trusted,
		filled: view.filled,
		error,
		errorCode: "too-large",
	};
	if (view.toolCallId !== undefined) shown.toolCallId = view.toolCallId;
	return item({ op: "pending", view: shown });
}

const megabytes = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);

/**
 * The state as keyed items. A pending file too large for one message, or past what a page is sent of pending
 * files, is shown as a notice instead (it stays answerable in pi); an ask cannot be too large (an agent's frame is
 * at most 1 MB), and one that were is left out.
 */
export function shownItems(
	state: PageState,
	texts: ItemTexts,
	limits = { messageBytes: MAX_PAGE_MESSAGE_BYTES, pendingBytes: MAX_PENDING_SHOWN_BYTES },
): ShownItems {
	const items: ShownItems = new Map();
	const limit = limits.messageBytes - ENVELOPE_BYTES;
	for (const ask of state.asks) {
		const made = texts.ask(ask);
		if (made.bytes <= limit) items.set(`ask:${ask.id}`, made);
	}
	let pendingBytes = 0;
	for (const view of state.pending) {
		let made = texts.pending(view);
		if (made.bytes > limit) {
			made = notice(
				view,
				`too large to show on the page (${megabytes(made.bytes)} MB): answer it in pi (/questions answer)`,
			);
		} else if (pendingBytes + made.bytes > limits.pendingBytes) {
			made = notice(
				view,
				`not shown: the page already shows ${megabytes(pendingBytes)} MB of pending questions: answer it in pi (/questions answer)`,
			);
		}
		pendingBytes += made.bytes;
		items.set(`pending:${pendingKey(view)}`, made);
	}
	if (state.more !== undefined && state.more > 0) items.set("more", item({ op: "more", left: state.more }));
	return items;
}

/** A small op (a removal, a receipt) as an item. */
export const opItem = item;

/** What changed from `before` to `after`: the items added or changed, then the items gone. */
export function diffItems(before: ShownItems, after: ShownItems): ShownItem[] {
	const changes: ShownItem[] = [];
	// The same text object when the item is unchanged: the comparison is a pointer's, not the text's length.
	for (const [key, made] of after) if (before.get(key)?.text !== made.text) changes.push(made);
	for (const [key, made] of before) {
		if (after.has(key)) continue;
		if (made.op.op === "ask") changes.push(item({ op: "ask-gone", id: made.op.ask.id }));
		else if (made.op.op === "pending") {
			const { name, folder } = made.op.view;
			changes.push(item({ op: "pending-gone", name, ...(folder === undefined ? {} : { folder }) }));
		} else if (made.op.op === "more") changes.push(item({ op: "more", left: 0 }));
	}
	return changes;
}

/** The start of a message to a page, up to its first op. */
const envelope = (reset: boolean, more: boolean): string => `{"type":"changes","reset":${reset},"more":${more},"ops":[`;

/**
 * The items as messages of at most `maxBytes` each (every item fits one: see `shownItems`), each made into bytes
 * once, however many pages it is sent to.
 */
export function packMessages(items: readonly ShownItem[], reset: boolean, maxBytes = MAX_PAGE_MESSAGE_BYTES): Buffer[] {
	const batches: string[][] = [];
	let batch: string[] = [];
	let size = 0;
	for (const made of items) {
		const bytes = made.bytes + 1;
		if (batch.length > 0 && size + bytes + ENVELOPE_BYTES > maxBytes) {
			batches.push(batch);
			batch = [];
			size = 0;
		}
		batch.push(made.text);
		size += bytes;
	}
	if (batch.length > 0 || batches.length === 0) batches.push(batch);
	return batches.map((texts, index) =>
		Buffer.from(`${envelope(reset && index === 0, index < batches.length - 1)}${texts.join(",")}]}`),
	);
}

/** Where first-state messages are written: one buffer, grown when a message needs more room. */
interface Scratch {
	buffer: Buffer;
}

/** `items` as one message's bytes, written into the scratch buffer (grown first when it has too little room). */
function writeMessage(items: readonly ShownItem[], reset: boolean, more: boolean, scratch: Scratch): Buffer {
	const head = envelope(reset, more);
	let size = Buffer.byteLength(head) + 2 + Math.max(0, items.length - 1);
	for (const made of items) size += made.bytes;
	if (scratch.buffer.length < size) scratch.buffer = Buffer.allocUnsafe(size);
	const out = scratch.buffer;
	let at = out.write(head);
	for (const [i, made] of items.entries()) {
		if (i > 0) at += out.write(",", at);
		at += out.write(made.text, at);
	}
	out.write("]}", at);
	return out.subarray(0, size);
}

/**
 * A page's first state as messages made one at a time, as they are taken: the first with `reset`, every one but the
 * last with `more`, each of items up to `pieceBytes` together (one larger item goes alone). No items: one empty reset.
 * Each message is written into the same buffer as the one before whenever it fits: take the next only once the last
 * has been written out (a socket's write callback), so that a load costs one piece's memory, however many it sends.
 */
export function* firstStatePieces(
	items: readonly ShownItem[],
	pieceBytes = FIRST_STATE_PIECE_BYTES,
): Generator<Buffer, void, undefined> {
	const scratch: Scratch = { buffer: Buffer.alloc(0) };
	let index = 0;
	let first = true;
	do {
		const piece: ShownItem[] = [];
		let size = 0;
		for (; index < items.length; index++) {
			const made = items[index] as ShownItem;
			if (piece.length > 0 && size + made.bytes + 1 > pieceBytes) break;
			piece.push(made);
			size += made.bytes + 1;
		}
		yield writeMessage(piece, first, index < items.length, scratch);
		first = false;
	} while (index < items.length);
}
