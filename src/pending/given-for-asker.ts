/**
 * The record of answers the person gave through their pi, page or phone, in this user's fact log: the one reader and
 * writer of `given` facts. `pi-ask-anywhere mcp` takes an MCP client's file's answers only when they are recorded here
 * (`asker`): the client's own model works in its project and can edit the file there, but writes nothing through pi
 * or the page. A fingerprint covers the whole ask as pi reads it and every answer, so any later edit of the file gives
 * another one. Unreadable, no answers count.
 */
import { type FactLog, factLog, type Given } from "../ask/log.js";
import { canonicalJson, digestOf } from "../core/digest.js";
import { timeOf } from "../core/json.js";
import type { PendingFile } from "./pending-file.js";

/**
 * A pending file as pi reads it (`parsePendingFile`; records/store.ts's `answersInText` from a file's
 * text): the ask (who asked, when, the questions as the model wrote them) and its answers.
 */
export type AnswersOf = Pick<PendingFile, "toolCallId" | "sessionId" | "timestamp" | "questions" | "request"> &
	Partial<Pick<PendingFile, "sessionFile" | "task" | "asker" | "metadata">>;

/**
 * The answers of one ask as they stand, bound to that ask: the call id, the session and time that asked, what the
 * person was shown with it (the task, the session file, who asked) and each question as the model wrote it (text,
 * header, id, options with their descriptions and previews, multiSelect, …) with its answer and images. The same id
 * and answers for another question, another session or another time (a replaced file, a provider that reuses ids
 * such as `call_0`) give another fingerprint, as does any later edit of the answers. Records made before the ask was
 * part of the fingerprint (`[toolCallId, answers]`) no longer match: those answers count as not the person's, which
 * can lose an old answer (the questions wait again) but never deliver one they did not give.
 */
export function answersFingerprint(file: AnswersOf): string {
	const ask = {
		fingerprint: "ask-and-answers/2",
		toolCallId: file.toolCallId,
		sessionId: file.sessionId,
		timestamp: file.timestamp,
		sessionFile: file.sessionFile,
		task: file.task,
		asker: file.asker,
		metadata: file.metadata,
		request: {
			...file.request,
			questions: file.request.questions.map((question, i) => ({
				...question,
				answer: file.questions[i]?.answer ?? null,
				images: file.questions[i]?.images ?? [],
			})),
		},
	};
	return digestOf(canonicalJson(ask));
}

/**
 * The file as read, with `answers` as a write puts them in (./pending-file.ts): what the answers written are
 * recorded for. Were the file replaced by another ask under the same id between the read and the write, the answers
 * written there would not match this record, and would count as nobody's.
 */
export function withAnswers<F extends AnswersOf>(file: F, answers: readonly F["questions"][number]["answer"][]): F {
	return { ...file, questions: file.questions.map((question, i) => ({ ...question, answer: answers[i] ?? null })) };
}

/**
 * The person's `given` facts in an agent folder's fact log (ask/log.ts), by fingerprint: `page` for answers given on
 * the page for a file their pi did not write, `asker` for those pi or the page wrote for an MCP client (the only ones
 * its server takes), `file` for those the page or a tap (`by`) wrote into their own pi's file.
 */
export interface GivenRecord {
	/** The agent folder the record is kept in. */
	readonly agentDir: string;
	/** The newest fact that these answers were given `to` there; `undefined` when none was or the log cannot be read. */
	given(to: Given["to"], file: AnswersOf): Given | undefined;
	/** Records answers the person gave; throws when the log cannot take it. */
	give(to: Given["to"], file: AnswersOf, by?: Given["by"]): void;
}

/** The record in `agentDir`'s fact log. An unreadable log (a planted FIFO or symlink in its place): no answer counts. */
export function givenRecord(agentDir: string, facts?: FactLog): GivenRecord {
	const log = facts ?? factLog(agentDir);
	return {
		agentDir,
		given: (to, file) => log.given(to, answersFingerprint(file), timeOf(file.timestamp)),
		give: (to, file, by) =>
			log.append({ fact: "given", at: Date.now(), to, fingerprint: answersFingerprint(file), ...(by ? { by } : {}) }),
	};
}

/** Whether the person gave these very answers on the page, for a file their pi did not write. */
export function givenOnPage(record: Pick<GivenRecord, "given">, file: AnswersOf): boolean {
	return record.given("page", file) !== undefined;
}
