/**
 * Fingerprints of a pending file's answers, and this user's records of them in `<agentDir>/pi-ask-user/` (never the
 * project's, which a cloned repository could fill): answers a tool call wrote during a run (never the person's),
 * and answers the person gave on the web page for a file their pi did not write (theirs, though the file is not); the
 * answers written for an MCP client are recorded by pending/given-for-asker.ts. A fingerprint covers the whole ask and
 * every answer, so the same answers for another ask, or any later edit of the file, give another one.
 */
import { createHash } from "node:crypto";
import { isRecord } from "../core/json.js";
import { type AnswersOf, answersFingerprint } from "../pending/given-for-asker.js";
import { parsePendingFile } from "../pending/pending-file.js";
import { jsonLinesFile } from "./ledger.js";

// The fingerprint is the pending folder's own (the record of answers written for an MCP client lives there too).
export { type AnswersOf, answersFingerprint };

export interface FingerprintRecord {
	add(fingerprint: string): void;
	has(fingerprint: string): boolean;
}

/**
 * A record of fingerprints in this user's own folder, `name` being its file. `ifUnreadable` is what `has` answers
 * when the record cannot be read: the answer that cannot make someone else's answers count as the person's.
 */
export function fingerprintRecord(agentDir: string, name: string, ifUnreadable: boolean): FingerprintRecord {
	const lines = jsonLinesFile<{ fingerprint: string }, Set<string>>(
		agentDir,
		name,
		(records) =>
			new Set(records.flatMap((r) => (isRecord(r) && typeof r.fingerprint === "string" ? [r.fingerprint] : []))),
	);
	return {
		add: (fingerprint) => lines.add({ fingerprint }),
		has: (fingerprint) => {
			try {
				return lines.current().has(fingerprint);
			} catch {
				return ifUnreadable;
			}
		},
	};
}

/**
 * The ask and answers in a pending file's text as pi reads them (`parsePendingFile`, as every reader of the file does),
 * for a fingerprint: the record side and the check side then fingerprint the same fields. `undefined` when it holds
 * no ask pi would read.
 */
export function answersInText(text: string): AnswersOf | undefined {
	try {
		return parsePendingFile(text, "pending-questions.json");
	} catch {
		return undefined;
	}
}

/**
 * The fingerprint records made before the ask was part of it: `[toolCallId, answers]`. Only the record of answers a
 * tool call wrote still asks it, so that answers a tool wrote before the update never count as the person's.
 */
export function answersOnlyFingerprint(file: Pick<AnswersOf, "toolCallId" | "questions">): string {
	const answers = file.questions.map((question) => question.answer);
	return createHash("sha256")
		.update(JSON.stringify([file.toolCallId, answers]))
		.digest("base64url");
}

/** Answers a tool call wrote into a pending file during a run (./tool-writes.ts); unreadable, they all count as such. */
export const TOOL_WRITTEN = "tool-written.jsonl";
/** Answers the person gave on the web page for a file their pi did not write, after confirming they mean it; unreadable, none do. */
export const GIVEN_ON_PAGE = "given-on-page.jsonl";
