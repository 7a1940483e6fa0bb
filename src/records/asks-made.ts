/**
 * The record of the asks this user's pi saved to a pending file, and in which project folder: one JSON line each in
 * `<agentDir>/pi-ask-user/asks.jsonl`. It lives in the user's own pi folder, which a cloned or copied project cannot
 * write, so it tells the person's own pending files (wherever their sessions are kept) from copies of them in
 * another folder.
 */
import { isRecord } from "../core/json.js";
import { jsonLinesFile, timeOf } from "./ledger.js";

/** One line of the record. */
export interface AskMade {
	toolCallId: string;
	sessionId: string;
	/** The project folder whose `.pi` holds the ask's pending file. */
	cwd: string;
	savedAt: string;
}

/** Where and when this user's pi saved an ask (the newest line for it: a reused tool-call id is a newer ask). */
export interface AskSaved {
	/** The project folder whose `.pi` holds its pending file. */
	folder: string;
	/** When it was saved, in ms; `undefined` when the line does not say. */
	savedAt: number | undefined;
}

export interface AsksMade {
	add(entry: AskMade): void;
	/** Where and when this user's pi saved the ask; `undefined` when it never saved it. */
	saved(sessionId: string, toolCallId: string): AskSaved | undefined;
}

const askKey = (sessionId: string, toolCallId: string) => JSON.stringify([sessionId, toolCallId]);

/** Each ask's folder and time by session and tool call; a later line for the same ask wins (malformed lines skipped). */
export function savedAsks(records: readonly unknown[]): Map<string, AskSaved> {
	const saved = new Map<string, AskSaved>();
	for (const data of records) {
		if (
			isRecord(data) &&
			typeof data.sessionId === "string" &&
			typeof data.toolCallId === "string" &&
			typeof data.cwd === "string"
		) {
			saved.set(askKey(data.sessionId, data.toolCallId), { folder: data.cwd, savedAt: timeOf(data.savedAt) });
		}
	}
	return saved;
}

export function fileAsksMade(agentDir: string): AsksMade {
	const file = jsonLinesFile<AskMade, Map<string, AskSaved>>(agentDir, "asks.jsonl", savedAsks);
	return {
		add: file.add,
		saved: (sessionId, toolCallId) => file.current().get(askKey(sessionId, toolCallId)),
	};
}
