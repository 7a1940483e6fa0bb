/**
 * The questions agents are waiting on right now, as the web server holds them: added when an agent asks (up to
 * `LIVE_ASK_LIMITS` per connection), removed when it closes the ask, when its connection ends, or when the first
 * answer is taken (the first answer wins; a second page gets "already answered"). Pure bookkeeping; the server
 * does the I/O.
 */
import { sanitizeLine } from "../core/text.js";
import {
	ANSWER_IMAGES_EXTENSION,
	CLOSED_EVENT,
	type QuestionEventPayload,
	WIRE_EXTENSIONS,
	type WireQuestion,
} from "./protocol.js";

/** One ask as pages see it. `id` is the server's own: agents' ids may collide, and pages never see them. */
export interface LiveAsk {
	id: string;
	agentId: string;
	sessionKey: string;
	questions: WireQuestion[];
	/**
	 * Whether the agent takes exact arrays and notes (it listed the extensions) or only plain strings, and whether it
	 * tells when an ask ends (`ask_user_closed`), which is how the page learns that pi got the answers; `images`: its
	 * model takes images and pi's settings allow them (`answer-images`), so the page offers to attach some; `source`: it
	 * reads where an answer came from (`answer-source`).
	 */
	accepts: { exact: boolean; notes: boolean; closes: boolean; images: boolean; source: boolean };
	askedAt: number;
	/** The folder the agent says it works in (its `asker.cwd`, one line, at most 300 characters): names the project. */
	folder?: string;
}

const MAX_FOLDER_CHARS = 300;

interface Entry {
	ask: LiveAsk;
	connection: number;
	questionId: string;
	/** The size of the agent's frame. */
	bytes: number;
}

/**
 * What one agent connection may hold open at once (`asks`, `bytes`): enough for any real agent, not enough to swamp
 * a page; and what all connections together may hold (`totalAsks`, `totalBytes`), so that many agents cannot
 * either: every page is sent all of it.
 */
export const LIVE_ASK_LIMITS = { asks: 20, bytes: 2 * 1024 * 1024, totalAsks: 200, totalBytes: 48 * 1024 * 1024 };

export type AddResult =
	| { kind: "added"; ask: LiveAsk }
	/** That connection already asked this questionId: nothing changes. */
	| { kind: "repeat" }
	/** Over the connection's limits: the ask is not taken; `reason` is for the agent. */
	| { kind: "refused"; reason: string };

export interface LiveAsks {
	/** Adds an agent's ask, whose frame was `bytes` long, unless it is a repeat or over the connection's limits. */
	add(connection: number, payload: QuestionEventPayload, now: number, bytes: number): AddResult;
	/** Removes the ask an agent closed and returns it; `undefined` when there was none. */
	close(connection: number, questionId: string): LiveAsk | undefined;
	/** Removes every ask of a connection that ended; whether there were any. */
	dropConnection(connection: number): boolean;
	/** Takes an ask to answer it: the first caller gets where to send the answer, later callers `undefined`. */
	take(id: string): { ask: LiveAsk; connection: number; questionId: string } | undefined;
	get(id: string): LiveAsk | undefined;
	list(): LiveAsk[];
}

const [ANSWER_ARRAYS, ANSWER_NOTES, , ANSWER_SOURCE] = WIRE_EXTENSIONS;

export function createLiveAsks(newId: () => string, limits = LIVE_ASK_LIMITS): LiveAsks {
	const entries = new Map<string, Entry>();
	let totalBytes = 0;
	const find = (connection: number, questionId: string): string | undefined =>
		[...entries].find(([, entry]) => entry.connection === connection && entry.questionId === questionId)?.[0];
	const remove = (id: string): void => {
		totalBytes -= entries.get(id)?.bytes ?? 0;
		entries.delete(id);
	};
	return {
		add(connection, payload, now, bytes) {
			if (find(connection, payload.questionId) !== undefined) return { kind: "repeat" };
			const held = [...entries.values()].filter((entry) => entry.connection === connection);
			if (held.length >= limits.asks) {
				return {
					kind: "refused",
					reason: `this connection already has ${limits.asks} open questions, the most one agent may have here; answer or close some first`,
				};
			}
			const heldBytes = held.reduce((sum, entry) => sum + entry.bytes, 0);
			if (heldBytes + bytes > limits.bytes) {
				const mb = (limits.bytes / 2 ** 20).toFixed(0);
				return {
					kind: "refused",
					reason: `this connection's open questions would exceed ${mb} MB, the most one agent may have here; answer or close some first`,
				};
			}
			if (entries.size >= limits.totalAsks) {
				return {
					kind: "refused",
					reason: `this server already holds ${limits.totalAsks} open questions from all agents, the most it takes; try again once some are answered`,
				};
			}
			if (totalBytes + bytes > limits.totalBytes) {
				const mb = (limits.totalBytes / 2 ** 20).toFixed(0);
				return {
					kind: "refused",
					reason: `the open questions of all agents would exceed ${mb} MB, the most this server holds; try again once some are answered`,
				};
			}
			const extensions = payload.extensions ?? [];
			const ask: LiveAsk = {
				id: newId(),
				agentId: payload.agentId,
				sessionKey: payload.sessionKey,
				questions: payload.questions,
				accepts: {
					exact: extensions.includes(ANSWER_ARRAYS),
					notes: extensions.includes(ANSWER_NOTES),
					closes: extensions.includes(CLOSED_EVENT),
					images: extensions.includes(ANSWER_IMAGES_EXTENSION),
					source: extensions.includes(ANSWER_SOURCE),
				},
				askedAt: now,
			};
			const folder = sanitizeLine(payload.asker?.cwd ?? "").trim();
			if (folder !== "") ask.folder = folder.slice(0, MAX_FOLDER_CHARS);
			entries.set(ask.id, { ask, connection, questionId: payload.questionId, bytes });
			totalBytes += bytes;
			return { kind: "added", ask };
		},
		close(connection, questionId) {
			const id = find(connection, questionId);
			const entry = id === undefined ? undefined : entries.get(id);
			if (id !== undefined) remove(id);
			return entry?.ask;
		},
		dropConnection(connection) {
			const ids = [...entries].filter(([, entry]) => entry.connection === connection).map(([id]) => id);
			for (const id of ids) remove(id);
			return ids.length > 0;
		},
		take(id) {
			const entry = entries.get(id);
			if (!entry) return undefined;
			remove(id);
			return entry;
		},
		get: (id) => entries.get(id)?.ask,
		list: () => [...entries.values()].map((entry) => entry.ask),
	};
}
