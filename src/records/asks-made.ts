/**
 * The record of the asks this user's pi saved to a pending file, and in which project folder: one JSON line each in
 * `<agentDir>/pi-ask-user/asks.jsonl`. It lives in the user's own pi folder, which a cloned or copied project cannot
 * write, so it tells the person's own pending files (wherever their sessions are kept) from copies of them in
 * another folder.
 */
import { isRecord } from "../core/json.js";
import { recordFile, timeOf } from "./ledger.js";

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

/**
 * The record as read so far: its text, the asks of the lines already parsed (the newest line for an ask is met
 * first), and where the part not yet parsed ends.
 */
interface Scan {
	text: string;
	unread: number;
	saved: Map<string, AskSaved>;
}

/**
 * The record, read from its end as far as a lookup needs: the newest line for an ask wins, so a lookup parses lines
 * backwards until it meets the ask's. A listing judges the newest pending files, whose lines are the last ones written:
 * it parses a few lines however long the record is. An ask never recorded reads it all, once.
 */
export function fileAsksMade(agentDir: string, options: { parse?: (line: string) => unknown } = {}): AsksMade {
	const parse = options.parse ?? JSON.parse;
	// Read again whenever the file changed (ledger.ts); the lines parsed so far are kept until then.
	const file = recordFile<AskMade, Scan>(agentDir, "asks.jsonl", (text) => ({
		text,
		unread: text.length,
		saved: new Map(),
	}));

	/** Parses the line before `at.unread`: the ask's key and where and when it was saved, for a well-formed line. */
	function previousLine(at: Scan): [string, AskSaved] | undefined {
		const newline = at.text.lastIndexOf("\n", at.unread - 1);
		const line = at.text.slice(newline + 1, at.unread);
		at.unread = Math.max(newline, 0);
		// A blank line, or one cut short by a crash, is skipped; the others still count.
		if (line.trim() === "") return undefined;
		let data: unknown;
		try {
			data = parse(line);
		} catch {
			return undefined;
		}
		if (
			!isRecord(data) ||
			typeof data.sessionId !== "string" ||
			typeof data.toolCallId !== "string" ||
			typeof data.cwd !== "string"
		) {
			return undefined;
		}
		return [askKey(data.sessionId, data.toolCallId), { folder: data.cwd, savedAt: timeOf(data.savedAt) }];
	}

	return {
		add: file.add,
		saved: (sessionId, toolCallId) => {
			const at = file.current();
			const key = askKey(sessionId, toolCallId);
			const known = at.saved.get(key);
			if (known !== undefined) return known;
			while (at.unread > 0) {
				const found = previousLine(at);
				if (!found || at.saved.has(found[0])) continue;
				at.saved.set(found[0], found[1]);
				if (found[0] === key) return found[1];
			}
			return undefined;
		},
	};
}
