/**
 * The record of answers the person's pi (`--answers`, `@file`, `/questions answer`) or web page wrote into an MCP
 * client's pending file, in this user's `<agentDir>/pi-ask-user/given-for-asker.jsonl`: `pi-ask-anywhere mcp` takes a
 * file's answers only when they are recorded here. The client's own model works in its project and can edit the file
 * there, but writes nothing through pi or the page. A fingerprint covers the ask and every answer, so any later edit of
 * the answers gives another one. Unreadable, no answers count.
 */
import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { currentSessionPlaces } from "./trust.js";

export interface AnswersOf {
	toolCallId: string;
	questions: readonly { answer: unknown }[];
}

/** The answers of one ask as they stand: a person's edit gives another fingerprint. */
export function answersFingerprint(file: AnswersOf): string {
	const answers = file.questions.map((question) => question.answer);
	return createHash("sha256")
		.update(JSON.stringify([file.toolCallId, answers]))
		.digest("base64url");
}

const GIVEN_FOR_ASKER = "given-for-asker.jsonl";

export interface GivenForAsker {
	/** Whether these answers were recorded as written by the person's pi or page. */
	has(file: AnswersOf): boolean;
	/** Records answers about to be written for the person; throws when the record cannot be written. */
	add(file: AnswersOf): void;
}

/**
 * The record in `agentDir`, or in this run's agent folder as pi and `pi-ask-anywhere mcp` both find it
 * (`PI_CODING_AGENT_DIR`, else ~/.pi/agent).
 */
export function givenForAsker(agentDir?: string): GivenForAsker {
	const base = agentDir ?? currentSessionPlaces({ argv: [], env: process.env, cwd: process.cwd() }).agentDir;
	const folder = join(base, "pi-ask-user");
	const path = join(folder, GIVEN_FOR_ASKER);
	return {
		has(file) {
			const line = JSON.stringify({ fingerprint: answersFingerprint(file) });
			try {
				return readFileSync(path, "utf8").split("\n").includes(line);
			} catch {
				return false;
			}
		},
		add(file) {
			mkdirSync(folder, { recursive: true, mode: 0o700 });
			appendFileSync(path, `${JSON.stringify({ fingerprint: answersFingerprint(file) })}\n`, { mode: 0o600 });
		},
	};
}
