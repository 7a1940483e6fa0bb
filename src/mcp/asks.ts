/**
 * The asks this server holds: each belongs to the client that made it, takes the first decision from wherever the
 * person gives it (and only the first), and hands it to exactly one tool call. A call that stops waiting — the
 * tool's `timeout`, the client's own time limit, a client that gave up or went away — never settles the ask: the
 * questions stay open where they were registered and `ask_user_wait` fetches the answer later.
 */
import { randomUUID } from "node:crypto";
import { createFirstDecision, type FirstDecision } from "../core/first-decision.js";
import type { AskOutcome } from "../core/types.js";
import type { McpAsk } from "./request.js";
import type { McpStatus } from "./result.js";

/** What ends an ask: the person's answers or their cancel. Nothing else does. */
export type Decision = Extract<AskOutcome, { kind: "answered" | "cancelled" }>;

/** Where a decision came from, for the log. */
export type Channel = "elicitation" | "web" | "push" | "pending-file";

/** Who asked and from where, for the decision log. */
export interface AskAbout {
	/** The name the client's asks go by in pending files and on the page. */
	sessionId: string;
	/** The client's name. */
	asker: string;
	/** The folder the ask is about. */
	project: string;
}

export interface OpenAsk {
	readonly id: string;
	readonly owner: string;
	readonly ask: McpAsk;
	readonly about?: AskAbout;
	/** When the tool's `timeout` runs out (ms since the epoch). */
	readonly deadline: number;
	/** Aborted once the person decided (with the channel that won as its reason): the other channels stop. */
	readonly decided: AbortSignal;
	/**
	 * Aborted once the decision was handed to a call: only then is the pending file removed, so that answers decided
	 * but never fetched (the client went away first) are not lost with it.
	 */
	readonly handedOut: AbortSignal;
	/** The pending file, as the client is told it (relative to its folder), once it is written. */
	pendingFile?: string;
	/** The client declined its form faster than a person could (its own automatic decline, not the person's). */
	formDeclinedByClient?: boolean;
}

interface Entry extends OpenAsk {
	/** The person's decision, taken from the first channel that gives one. */
	slot: FirstDecision<Decision, Channel>;
	/** The one call waiting for this ask now, if any. */
	waiter?: (status: McpStatus) => void;
	timedOutTold: boolean;
	delivered: AbortController;
}

/** Why a call may not see an ask: it is not there, or it is another client's (told the same way). */
export class UnknownAskError extends Error {
	override name = "UnknownAskError";
	constructor(askId: string) {
		super(
			`askId ${JSON.stringify(askId)} names no open ask of this client (its answers may already have been returned)`,
		);
	}
}

export interface AskBookOptions {
	now?: () => number;
	newId?: () => string;
	/** How many undecided asks one client may hold. */
	perClientLimit?: number;
	log?: (message: string) => void;
	/** The ask's first decision, once (the decision log); must not throw. */
	decided?: (ask: OpenAsk, decision: Decision, from: Channel) => void;
}

export interface AskBook {
	open(owner: string, ask: McpAsk, about?: AskAbout): OpenAsk;
	/** The person's decision; `false` when the ask was already decided (the first one won) or is gone. */
	decide(id: string, decision: Decision, from: Channel): boolean;
	/**
	 * Waits for the ask's decision, at most `maxWaitMs` (none: until the decision or the tool's timeout). Resolves with
	 * the decision (handed out once, then the ask is gone), `timedOut` (once, when the timeout runs out) or `pending`.
	 * A second wait on the same ask ends the first with `pending`. When `signal` aborts (the client gave up) the wait
	 * ends and nothing is handed out. Throws `UnknownAskError` for an ask that is gone or another client's.
	 */
	wait(owner: string, id: string, maxWaitMs: number | undefined, signal?: AbortSignal): Promise<McpStatus>;
	/** The ask, when it is open and `owner`'s; `undefined` otherwise. */
	find(owner: string, id: string): OpenAsk | undefined;
}

const PER_CLIENT_LIMIT = 100;

export function createAskBook(options: AskBookOptions = {}): AskBook {
	const now = options.now ?? Date.now;
	const newId = options.newId ?? randomUUID;
	const limit = options.perClientLimit ?? PER_CLIENT_LIMIT;
	const entries = new Map<string, Entry>();

	function pendingStatus(entry: Entry): McpStatus {
		return { kind: "pending", askId: entry.id };
	}

	/** Hands the decision to the call waiting now; the ask is then done. */
	function handOut(entry: Entry): void {
		const decision = entry.slot.taken?.decision;
		if (!decision || !entry.waiter) return;
		const waiter = entry.waiter;
		entry.waiter = undefined;
		entries.delete(entry.id);
		waiter({ kind: "settled", outcome: decision });
		entry.delivered.abort();
	}

	return {
		open(owner, ask, about) {
			const undecided = [...entries.values()].filter((e) => e.owner === owner && !e.decided.aborted).length;
			if (undecided >= limit) {
				throw new Error(`this client already has ${undecided} open asks; wait for their answers first`);
			}
			const id = newId();
			const slot = createFirstDecision<Decision, Channel>({
				decided: (decision, from) => {
					options.log?.(`ask ${id}: ${decision.kind} through ${from}`);
					options.decided?.(entry, decision, from);
				},
			});
			const delivered = new AbortController();
			const entry: Entry = {
				id,
				owner,
				ask,
				...(about ? { about } : {}),
				deadline: now() + ask.timeoutMs,
				decided: slot.decided,
				handedOut: delivered.signal,
				slot,
				timedOutTold: false,
				delivered,
			};
			entries.set(entry.id, entry);
			return entry;
		},
		decide(id, decision, from) {
			const entry = entries.get(id);
			if (!entry?.slot.decide(decision, from)) return false;
			handOut(entry);
			return true;
		},
		wait(owner, id, maxWaitMs, signal) {
			const entry = entries.get(id);
			if (!entry || entry.owner !== owner) return Promise.reject(new UnknownAskError(id));
			const decision = entry.slot.taken?.decision;
			if (decision) {
				entries.delete(id);
				entry.delivered.abort();
				return Promise.resolve({ kind: "settled", outcome: decision });
			}
			// One call at a time hears the answer: an earlier call still waiting is told "pending".
			entry.waiter?.(pendingStatus(entry));
			return new Promise<McpStatus>((resolve) => {
				const timers: NodeJS.Timeout[] = [];
				const finish = (status: McpStatus): void => {
					for (const timer of timers) clearTimeout(timer);
					signal?.removeEventListener("abort", onAbort);
					if (entry.waiter === finish) entry.waiter = undefined;
					resolve(status);
				};
				const onAbort = (): void => finish(pendingStatus(entry));
				if (signal?.aborted) return finish(pendingStatus(entry));
				signal?.addEventListener("abort", onAbort, { once: true });
				entry.waiter = finish;
				if (!entry.timedOutTold) {
					const left = entry.deadline - now();
					const tellTimedOut = (): void => {
						entry.timedOutTold = true;
						finish({ kind: "timedOut", askId: entry.id });
					};
					if (left <= 0) return tellTimedOut();
					timers.push(setTimeout(tellTimedOut, left));
				}
				if (maxWaitMs !== undefined) timers.push(setTimeout(() => finish(pendingStatus(entry)), maxWaitMs));
			});
		},
		find(owner, id) {
			const entry = entries.get(id);
			return entry?.owner === owner ? entry : undefined;
		},
	};
}
