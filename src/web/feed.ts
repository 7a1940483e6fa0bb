/**
 * The server's side of what pages are sent on `/live` (the page's side, and the message types, are
 * page/live-state.ts): the state as keyed items, each with its JSON text; the difference between what was sent
 * and what is now; and those changes packed into messages of at most `MAX_PAGE_MESSAGE_BYTES`. Pure.
 */

import type { PageOp, PageState } from "./page/live-state.js";
import type { PendingView } from "./pending-view.js";

/** No message to a page is larger than this; an item that alone would be is replaced by a notice. */
export const MAX_PAGE_MESSAGE_BYTES = 8 * 1024 * 1024;
/** Room for a message's envelope around its ops. */
const ENVELOPE_BYTES = 80;

/** The items a page shows, keyed, each with its JSON text (what is compared and sent). */
export type ShownItems = Map<string, { op: PageOp; text: string }>;

function tooLarge(view: PendingView, bytes: number): PendingView {
	const megabytes = (bytes / 2 ** 20).toFixed(1);
	const notice: PendingView = {
		name: view.name,
		questions: [],
		trusted: view.trusted,
		filled: view.filled,
		error: `too large to show on the page (${megabytes} MB): answer it in pi (/questions answer)`,
		errorCode: "too-large",
	};
	if (view.toolCallId !== undefined) notice.toolCallId = view.toolCallId;
	return notice;
}

/**
 * The state as keyed items. A pending file too large for one message is shown as a notice instead (it stays
 * answerable in pi); an ask cannot be (an agent's frame is at most 1 MB), and one that were is left out.
 */
export function shownItems(state: PageState, maxBytes = MAX_PAGE_MESSAGE_BYTES): ShownItems {
	const items: ShownItems = new Map();
	const limit = maxBytes - ENVELOPE_BYTES;
	for (const ask of state.asks) {
		const op: PageOp = { op: "ask", ask };
		const text = JSON.stringify(op);
		if (Buffer.byteLength(text) <= limit) items.set(`ask:${ask.id}`, { op, text });
	}
	for (const view of state.pending) {
		let op: PageOp = { op: "pending", view };
		let text = JSON.stringify(op);
		const bytes = Buffer.byteLength(text);
		if (bytes > limit) {
			op = { op: "pending", view: tooLarge(view, bytes) };
			text = JSON.stringify(op);
		}
		items.set(`pending:${view.name}`, { op, text });
	}
	return items;
}

/** What changed from `before` to `after`: the items added or changed, then the items gone. */
export function diffItems(before: ShownItems, after: ShownItems): PageOp[] {
	const ops: PageOp[] = [];
	for (const [key, item] of after) if (before.get(key)?.text !== item.text) ops.push(item.op);
	for (const [key, item] of before) {
		if (after.has(key)) continue;
		if (item.op.op === "ask") ops.push({ op: "ask-gone", id: item.op.ask.id });
		else if (item.op.op === "pending") ops.push({ op: "pending-gone", name: item.op.view.name });
	}
	return ops;
}

/** The ops as the texts of messages of at most `maxBytes` each (every op fits one: see `shownItems`). */
export function packMessages(ops: readonly PageOp[], reset: boolean, maxBytes = MAX_PAGE_MESSAGE_BYTES): string[] {
	const batches: string[][] = [];
	let batch: string[] = [];
	let size = 0;
	for (const op of ops) {
		const text = JSON.stringify(op);
		const bytes = Buffer.byteLength(text) + 1;
		if (batch.length > 0 && size + bytes + ENVELOPE_BYTES > maxBytes) {
			batches.push(batch);
			batch = [];
			size = 0;
		}
		batch.push(text);
		size += bytes;
	}
	if (batch.length > 0 || batches.length === 0) batches.push(batch);
	return batches.map(
		(texts, index) =>
			`{"type":"changes","reset":${reset && index === 0},"more":${index < batches.length - 1},"ops":[${texts.join(",")}]}`,
	);
}
