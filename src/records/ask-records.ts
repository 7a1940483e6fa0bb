/**
 * The record of each ask, named by its toolCallId and when it was made (some providers reuse ids, or send an empty
 * one for every call): asked → answered / cancelled / pending → delivered or cleared. What happened in a session is read from that session's branch (the ask_user call, its result, and
 * our custom `ask_user-record` entries); what happened to an ask in another session (answers delivered into a
 * fresh session, a file cleared there) is kept in the settled-elsewhere ledger that the ask's own session reads
 * on its next start. So an ask is delivered once and never comes back, on every path.
 */

import type { SessionEntry } from "@mariozechner/pi-coding-agent";
import { deliveredAsksIn } from "../core/delivered-answers.js";
import { isRecord } from "../core/json.js";
import { canonicalRequest } from "../core/normalize.js";
import type { AskRequest } from "../core/types.js";
import { askUserCalls, isAskUserResult } from "../session/ask-entries.js";
import { deliveredText } from "../session/branch.js";

/** The custom session entry type of our records. */
export const ASK_RECORD_TYPE = "ask_user-record";

/** What a later start can still do for an ask. */
export type AskState =
	/**
	 * Called, but not ended by the person: no result (pi was killed, or pi before 1.x exited while the question was
	 * open), or an `interrupted` result (pi 1.x saves one when it aborts the call on shutdown, `/new`, an abort).
	 */
	| "interrupted"
	/** Waiting in a pending file for the person's answers. */
	| "pending"
	/** Ended in its own turn (answered, cancelled, failed): nothing left to do. */
	| "settled"
	/** Its answers reached the model in a later message. */
	| "delivered"
	/** The person cleared it (`/questions clear`). */
	| "cleared";

/** The data of one `ask_user-record` entry. */
export interface AskRecord {
	toolCallId: string;
	/**
	 * When the ask was made (its assistant message's time, ms): the record is about that ask. A record without it
	 * (written before records said when) is about the newest ask with its id when pending, and settles every ask with
	 * its id when delivered or cleared: refusing is safe, sending twice is not.
	 */
	askedAt?: number;
	state: "pending" | "delivered" | "cleared";
	/** Where its questions wait (project-relative as shown to the person, or absolute). */
	pendingFile?: string;
}

/** One ask on the branch, with its newest state. */
export interface SessionAsk {
	toolCallId: string;
	/** The request as the model made it; `undefined` when the call was invalid (it got an error then). */
	request: AskRequest | undefined;
	state: AskState;
	pendingFile?: string;
	/** Settled by the person's cancel in its own turn (`/questions reopen` may ask it again). */
	cancelled?: true;
	/** When the model made the call (its message's time, ms); a reused tool-call id is a newer ask. */
	askedAt?: number;
}

function isAskRecord(data: unknown): data is AskRecord {
	return (
		isRecord(data) &&
		typeof data.toolCallId === "string" &&
		(data.state === "pending" || data.state === "delivered" || data.state === "cleared") &&
		(data.pendingFile === undefined || typeof data.pendingFile === "string") &&
		(data.askedAt === undefined || (typeof data.askedAt === "number" && Number.isFinite(data.askedAt)))
	);
}

/**
 * The request of a call, made when first read: normalising and validating every ask of a session only to learn one
 * ask's state (the trust verdict on each of a thousand pending files) would cost more than reading the session.
 */
function requestOf(args: unknown): () => AskRequest | undefined {
	let request: { value: AskRequest | undefined } | undefined;
	return () => {
		if (!request) {
			try {
				request = { value: canonicalRequest(args) };
			} catch {
				request = { value: undefined };
			}
		}
		return request.value;
	};
}

/**
 * The asks a record or a delivery names: with a time, the ask with its id made then; without one, every ask with its
 * id (or, for `newest`, the newest only).
 */
function named(
	asks: readonly SessionAsk[],
	ask: { toolCallId: string; askedAt?: number },
	newest = false,
): SessionAsk[] {
	const withId = asks.filter((a) => a.toolCallId === ask.toolCallId);
	if (ask.askedAt !== undefined) return withId.filter((a) => a.askedAt === ask.askedAt);
	return newest ? withId.slice(-1) : withId;
}

/**
 * Every ask_user call on the branch with its newest state, oldest first; an ask whose id an earlier one had is an ask
 * of its own. Foreign or broken records are skipped.
 */
export function asksOnBranch(branch: readonly SessionEntry[]): SessionAsk[] {
	const asks: SessionAsk[] = [];
	const answered = new Set<SessionAsk>();
	for (const entry of branch) {
		if (entry.type === "custom" && entry.customType === ASK_RECORD_TYPE && isAskRecord(entry.data)) {
			const record = entry.data;
			for (const ask of named(asks, record, record.state === "pending")) {
				ask.state = record.state;
				if (record.pendingFile !== undefined) ask.pendingFile = record.pendingFile;
			}
			continue;
		}
		// Answers the session holds settle their ask, even when the run that sent them ended before recording it.
		const delivered = deliveredText(entry);
		if (delivered !== undefined) {
			for (const answers of deliveredAsksIn(delivered)) {
				for (const ask of named(asks, answers)) ask.state = "delivered";
			}
			continue;
		}
		if (entry.type !== "message") continue;
		const message = entry.message;
		if (message.role === "assistant") {
			const askedAt = typeof message.timestamp === "number" ? message.timestamp : undefined;
			for (const call of askUserCalls(message.content)) {
				const request = requestOf(call.arguments);
				asks.push({
					toolCallId: call.id,
					get request() {
						return request();
					},
					state: "interrupted",
					...(askedAt !== undefined ? { askedAt } : {}),
				});
			}
		} else if (isAskUserResult(message)) {
			// A result answers the oldest call with its id still without one (pi gives a message's calls their results
			// in order); a result more than the calls is about the newest.
			const withId = asks.filter((a) => a.toolCallId === message.toolCallId);
			const ask = withId.find((a) => !answered.has(a)) ?? withId.at(-1);
			if (!ask) continue;
			answered.add(ask);
			const details = isRecord(message.details) ? message.details : {};
			// A local dialog closed by the opt-in time limit leaves its questions pending too.
			if (
				(details.outcome === "pending" || details.outcome === "timedOut") &&
				typeof details.pendingFile === "string"
			) {
				ask.state = "pending";
				ask.pendingFile = details.pendingFile;
			} else if (details.outcome === "interrupted") {
				// Whatever the model read (`interrupted`, or `connectionLost` in RPC mode), the details say "interrupted"
				// only for an ask the person never ended; a remote backend's lost connection is `connectionLost` there.
				ask.state = "interrupted";
			} else {
				ask.state = "settled";
				if (details.outcome === "cancelled") ask.cancelled = true;
			}
		}
	}
	return asks;
}

/** Asks a later start still has to do something for: interrupted or pending. */
export function openAsks(asks: readonly SessionAsk[], settledElsewhere: SettledAsks): SessionAsk[] {
	return asks.filter(
		(ask) => (ask.state === "interrupted" || ask.state === "pending") && !settledElsewhere(ask.toolCallId, ask.askedAt),
	);
}

/**
 * Whether the ask of one session with this id made at `askedAt` (ms) was settled from another. An ask is its session,
 * its tool-call id and when it was made: some providers reuse ids across turns, and a ledger line settles only the
 * asks with its id made before it was written. Without `askedAt`, or for a line written before lines said when, any
 * ask with the id counts as settled: refusing is safe, sending twice is not.
 */
export type SettledAsks = (toolCallId: string, askedAt?: number) => boolean;

/**
 * The asks the person cancelled in their own turn and that were not answered since, newest first: what
 * `/questions reopen` offers to ask again (the answers then reach the model once, as a user message naming the ask).
 */
export function reopenableAsks(branch: readonly SessionEntry[]): (SessionAsk & { request: AskRequest })[] {
	return asksOnBranch(branch)
		.filter((ask): ask is SessionAsk & { request: AskRequest } => {
			return ask.state === "settled" && ask.cancelled === true && ask.request !== undefined;
		})
		.reverse();
}
