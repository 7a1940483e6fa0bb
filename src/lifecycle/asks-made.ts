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
	read(): string;
	add(entry: AskMade): void;
}

export function fileAsksMade(agentDir: string): AsksMade {
	return jsonLinesFile<AskMade>(agentDir, "asks.jsonl");
}

/** The folder this user's pi saved the ask in (the newest line for it); `undefined` when it never saved it. */
export function folderOfAsk(text: string, sessionId: string, toolCallId: string): string | undefined {
	let folder: string | undefined;
	for (const line of text.split("\n")) {
		if (line.trim() === "") continue;
		try {
			const data: unknown = JSON.parse(line);
			if (
				isRecord(data) &&
				data.sessionId === sessionId &&
				data.toolCallId === toolCallId &&
				typeof data.cwd === "string"
			) {
				folder = data.cwd;
			}
		} catch {
			// A line cut short by a crash: the others still count.
		}
	}
	return folder;
}
