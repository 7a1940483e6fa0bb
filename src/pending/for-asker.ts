/**
 * Answers for another agent's ask: an MCP client's questions, which `pi-ask-anywhere mcp` wrote into this project's
 * `.pi` folder and holds (pending/permission.ts's `for-asker`). pi never gives their answers to its own model: it writes
 * them into the file, where that server reads them and returns them to its client, and says so in one line. Every way
 * of answering such a file (`--answers`, `@file`, `/questions answer`, the web page) writes through `answerForAsker`:
 * the first answer wins, as everywhere; a file that already holds answers is the client's to take, not overwritten.
 *
 * Which answers are the person's: the client's own model can edit the file (it works in that project, and the server
 * cannot see its tool calls), so the server takes only answers recorded as written here, in this user's agent folder
 * (./given-for-asker.ts). The record is made before the write, so the server never sees
 * the person's answers unrecorded; answers in the file that nobody recorded (a model's, or a hand edit) are no one's,
 * and the person's answers are written over them.
 */
import { basename, dirname } from "node:path";
import { sameFolder } from "../ask/files.js";
import type { AskOutcome, Question } from "../core/types.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import { serverRecordsOf } from "./claims.js";
import { type GivenForAsker, givenForAsker } from "./given-for-asker.js";
import {
	type PendingAsker,
	type PendingFile,
	PendingFileError,
	type PendingQuestion,
	parsePendingFile,
	readPendingText,
	writePendingAnswers,
} from "./pending-file.js";

type Answered = Extract<AskOutcome, { kind: "answered" }>;
type ForAskerWords = CliStrings["forAsker"];

/** Why a marked file nobody holds is not answered here (pending/permission.ts's `asker-gone`). */
export function askerGoneLine(
	shownPath: string,
	asker: PendingAsker,
	words: ForAskerWords = chosenWords().cli.forAsker,
): string {
	return words.askerGone(shownPath, asker.client);
}

/**
 * The file's `answer` values for an outcome, question by question (`null` for one left unanswered). Each answer goes
 * to the question it names (by the model's id, else by its text: both are unique in a request), whatever order the
 * answers come in; an answer naming no question asked, or a second answer to one question, is refused rather than
 * dropped or guessed. What the file cannot carry to the client — images, notes — is refused too.
 */
function pendingAnswersFor(
	outcome: Answered,
	questions: readonly Question[],
	words: ForAskerWords = chosenWords().cli.forAsker,
): PendingQuestion["answer"][] {
	if ((outcome.images?.length ?? 0) > 0 || outcome.answers.some((answer) => (answer.images?.length ?? 0) > 0)) {
		throw new PendingFileError(words.noImages);
	}
	if (outcome.note !== undefined || outcome.answers.some((answer) => answer.note !== undefined)) {
		throw new PendingFileError(words.noNotes);
	}
	const values: PendingQuestion["answer"][] = questions.map(() => null);
	for (const answer of outcome.answers) {
		const byId = answer.id === undefined ? -1 : questions.findIndex((question) => question.id === answer.id);
		const index = byId >= 0 ? byId : questions.findIndex((question) => question.question === answer.question);
		if (index < 0) throw new PendingFileError(words.notAsked(answer.question));
		if (values[index] !== null) throw new PendingFileError(words.answeredTwice(answer.question));
		values[index] = answer.answer;
	}
	return values;
}

/** What became of answers for an MCP client: written (and the line to tell the person), or why nothing was. */
export type ForAskerWrite =
	| { kind: "written"; line: string }
	| {
			kind: "refused";
			because: "no-answer" | "gone" | "other-questions" | "answered-already" | "records-elsewhere";
			message: string;
	  };

type Refusal = Extract<ForAskerWrite, { kind: "refused" }>;

/** The MCP client's file at `path` while it still holds that ask, or why it no longer does. */
function askStillThere(
	path: string,
	toolCallId: string,
	asker: PendingAsker,
	words: ForAskerWords,
): { file: PendingFile; questions: readonly Question[]; answers: readonly PendingQuestion["answer"][] } | Refusal {
	const name = basename(path);
	const read = readPendingText(dirname(dirname(path)), path);
	if (read === undefined) return { kind: "refused", because: "gone", message: words.gone(name, asker.client) };
	if (read.kind === "newer") throw read.error;
	const file = parsePendingFile(read.text, path);
	if (file.toolCallId !== toolCallId) {
		return { kind: "refused", because: "other-questions", message: words.otherQuestions(name) };
	}
	return { file, questions: file.request.questions, answers: file.questions.map((question) => question.answer) };
}

/**
 * Writes `answers` (the file's `answer` values) into the MCP client's file at `path`, if it still holds that ask and
 * no answer of the person's yet, through the file's answer lock: of two processes answering at once exactly one
 * writes. Answers that answer nothing are no answer. The answers are recorded as the person's (`given`) before they are
 * written; a record that cannot be written writes nothing. A file that cannot be read or written throws a
 * `PendingFileError`.
 */
export function answerForAsker(
	path: string,
	toolCallId: string,
	asker: PendingAsker,
	answers: readonly PendingQuestion["answer"][],
	words: ForAskerWords = chosenWords().cli.forAsker,
	given: GivenForAsker = givenForAsker(),
): ForAskerWrite {
	const name = basename(path);
	if (answers.every((answer) => answer === null)) {
		return { kind: "refused", because: "no-answer", message: words.noAnswer(name) };
	}
	const asked = askStillThere(path, toolCallId, asker, words);
	if ("kind" in asked) return asked;
	// The server takes only answers recorded in its own agent folder: recorded in this pi's, they would be lost unsaid.
	const serverFolder = serverRecordsOf(path);
	if (serverFolder !== undefined && !sameFolder(serverFolder, given.agentDir)) {
		return {
			kind: "refused",
			because: "records-elsewhere",
			message: words.recordsElsewhere(asker.client, serverFolder, given.agentDir),
		};
	}
	const there = asked.answers;
	const answeredBefore = there.some((answer) => answer !== null);
	if (answeredBefore && given.has(asked.file)) {
		return { kind: "refused", because: "answered-already", message: words.answeredAlready(name, asker.client) };
	}
	try {
		// Recorded for this very ask as read here (./given-for-asker.ts): written into another one that replaced it under
		// the same id, the answers match no record and the server takes none.
		const answered = asked.file.questions.map((question, i) => ({ ...question, answer: answers[i] ?? null }));
		given.add({ ...asked.file, questions: answered });
	} catch (error) {
		throw new PendingFileError(
			`${name}: nothing written, the answers could not be recorded as yours (${(error as Error).message}); answer in the client's own dialog or on the web page`,
		);
	}
	// Answers nobody recorded are no one's: written over, only if they are still the very ones read here.
	const written = writePendingAnswers(path, toolCallId, answers, answeredBefore ? { replacing: there } : {});
	if (written === "answered-already") {
		return { kind: "refused", because: "answered-already", message: words.answeredAlready(name, asker.client) };
	}
	return { kind: "written", line: words.answeredFor(asker.client) };
}

/**
 * Writes an outcome's answers into the MCP client's file at `path` (see `answerForAsker`); returns the line to tell
 * the person. Throws a `PendingFileError` saying why nothing was written.
 */
export function writeForAsker(
	path: string,
	toolCallId: string,
	asker: PendingAsker,
	outcome: Answered,
	words: ForAskerWords = chosenWords().cli.forAsker,
	given: GivenForAsker = givenForAsker(),
): string {
	const asked = askStillThere(path, toolCallId, asker, words);
	if ("kind" in asked) throw new PendingFileError(asked.message);
	const answers = pendingAnswersFor(outcome, asked.questions, words);
	const written = answerForAsker(path, toolCallId, asker, answers, words, given);
	if (written.kind === "refused") throw new PendingFileError(written.message);
	return written.line;
}
