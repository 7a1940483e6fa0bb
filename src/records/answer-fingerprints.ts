/**
 * Fingerprints of a pending file's answers, and this user's record of them: the answers the person gave on the web
 * page for a file their pi did not write (theirs, though the file is not), and those written for an MCP client
 * (pending/given-for-asker.ts), each a `given` fact in their fact log (ask/log.ts), never the project's, which a cloned
 * repository could fill. A fingerprint covers the whole ask and every answer, so the same answers for another ask, or
 * any later edit of the file, give another one.
 */
import type { FactLog, Given } from "../ask/log.js";
import { type AnswersOf, answersFingerprint, withAnswers } from "../pending/given-for-asker.js";
import { parsePendingFile } from "../pending/pending-file.js";

// The fingerprint is the pending folder's own (the record of answers written for an MCP client lives there too).
export { type AnswersOf, answersFingerprint, withAnswers };

export interface FingerprintRecord {
	/** Records answers the person gave; throws when the log cannot take it. */
	add(fingerprint: string): void;
	/** Whether they were recorded; false when the log cannot be read (no answer then counts as the person's). */
	has(fingerprint: string): boolean;
}

/** The answers given `to` the page or an MCP asker, in `facts`. */
export function givenRecord(facts: Pick<FactLog, "append" | "given">, to: Given["to"]): FingerprintRecord {
	return {
		add: (fingerprint) => facts.append({ fact: "given", at: Date.now(), to, fingerprint }),
		has: (fingerprint) => facts.given(to, fingerprint),
	};
}

/**
 * Records that the person's page or phone (`by`) wrote answers into their own pi's pending file, for the decision log;
 * never throws: the answer stands without the record (it is then named an edited file).
 */
export function writtenBy(facts: Pick<FactLog, "append">, by: "page" | "tap"): (file: AnswersOf) => void {
	return (file) => {
		try {
			facts.append({ fact: "given", at: Date.now(), to: "file", by, fingerprint: answersFingerprint(file) });
		} catch {
			// Provenance only: nothing about the answer depends on it.
		}
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
