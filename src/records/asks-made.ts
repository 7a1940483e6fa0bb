/**
 * The record of the asks this user's pi saved to a pending file, and in which project folder: one JSON line each in
 * `<agentDir>/pi-ask-user/asks.jsonl`. It lives in the user's own pi folder, which a cloned or copied project cannot
 * write, so it tells the person's own pending files (wherever their sessions are kept) from copies of them in
 * another folder.
 */
import { isRecord } from "../core/json.js";
import { jsonLinesFile } from "./ledger.js";

/** One line of the record. */
export interface AskMade {
	toolCallId: string;
	sessionId: string;
	/** The project folder whose `.pi` holds the ask's pending file. */
	cwd: string;
	savedAt: string;
}

export interface AsksMade {
	add(entry: AskMade): void;
	/** The folder this user's pi saved the ask in (the newest line for it); `undefined` when it never saved it. */
	folderOf(sessionId: string, toolCallId: string): string | undefined;
}

const askKey = (sessionId: string, toolCallId: string) => JSON.stringify([sessionId, toolCallId]);

/** Each ask's folder by session and tool call; a later line for the same ask wins (malformed lines skipped). */
export function foldersOfAsks(records: readonly unknown[]): Map<string, string> {
	const folders = new Map<string, string>();
	for (const data of records) {
		if (
			isRecord(data) &&
			typeof data.sessionId === "string" &&
			typeof data.toolCallId === "string" &&
			typeof data.cwd === "string"
		) {
			folders.set(askKey(data.sessionId, data.toolCallId), data.cwd);
		}
	}
	return folders;
}

export function fileAsksMade(agentDir: string): AsksMade {
	const file = jsonLinesFile<AskMade, Map<string, string>>(agentDir, "asks.jsonl", foldersOfAsks);
	return {
		add: file.add,
		folderOf: (sessionId, toolCallId) => file.current().get(askKey(sessionId, toolCallId)),
	};
}
