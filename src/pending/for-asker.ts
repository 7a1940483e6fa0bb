/**
 * Answers for another agent's ask: an MCP client's questions, which `pi-ask-anywhere mcp` wrote into this project's
 * `.pi` folder and holds (pending/permission.ts's `for-asker`). pi never gives their answers to its own model: it writes
 * them into the file, where that server reads them and returns them to its client, and says so in one line. Every way
 * of answering such a file (`--answers`, `@file`, `/questions answer`, the web page) writes through ./answer.ts: the
 * first answer wins, as everywhere; a file that already holds the person's answers is the client's to take. This module
 * turns pi's outcome into the file's answers and says what became of them.
 */
import { basename, dirname } from "node:path";
import type { AskOutcome, Question } from "../core/types.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import { type AnswerDeps, type AnswerResult, answerWaitingAsk } from "./answer.js";
import {
	type PendingAsker,
	type PendingFile,
	PendingFileError,
	type PendingQuestion,
	parsePendingFile,
	readPendingText,
} from "./pending-file.js";
import { isRuleRefusal, refusalSentence } from "./permission.js";

type Answered = Extract<AskOutcome, { kind: "answered" }>;
type ForAskerWords = CliStrings["forAsker"];

/**
 * The file's `answer` values for an outcome, question by question (`null` for one left unanswered). Each answer goes
 * to the question it names (by the model's id, else by its text: both are unique in a request), whatever order the
 * answers come in; an answer naming no question asked, or a second answer to one question, is refused rather than
 * dropped or guessed. What the file cannot carry to the client — images, notes — is refused too.
 */
export function pendingAnswersFor(
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

/** The MCP client's file at `path` while it still holds that ask; throws saying why it no longer does. */
function askStillThere(path: string, toolCallId: string, asker: PendingAsker, words: ForAskerWords): PendingFile {
	const name = basename(path);
	const read = readPendingText(dirname(dirname(path)), path);
	if (read === undefined) throw new PendingFileError(words.gone(name, asker.client));
	if (read.kind === "newer") throw read.error;
	const file = parsePendingFile(read.text, path);
	if (file.toolCallId !== toolCallId) throw new PendingFileError(words.otherQuestions(name));
	return file;
}

/**
 * The line that tells the person their answers were written for the MCP client, from what the one answerer
 * (./answer.ts) made of them for the file at `path` (`shown` as the person named it); throws a `PendingFileError`
 * saying why nothing was written. pi's own ask (`deliver-here`) is the caller's, never this.
 */
export function forAskerLine(
	result: Exclude<AnswerResult<never>, { kind: "deliver-here" }>,
	path: string,
	shown: string,
	said: CliStrings = chosenWords().cli,
): string {
	const asker = "forAsker" in result ? result.forAsker : undefined;
	const [name, words] = [basename(path), said.forAsker];
	if (result.kind === "written" && asker) return words.answeredFor(asker.client);
	if (result.kind === "answered-already" && asker)
		throw new PendingFileError(words.answeredAlready(name, asker.client));
	const refusal = result.kind === "refused" ? result.refusal : undefined;
	if (refusal && isRuleRefusal(refusal)) throw new PendingFileError(refusalSentence(shown, refusal, said));
	if (refusal?.kind === "no-answer" && asker) throw new PendingFileError(words.noAnswer(name));
	if (refusal?.kind === "records-elsewhere" && asker) {
		throw new PendingFileError(words.recordsElsewhere(asker.client, refusal.serverFolder, refusal.agentDir));
	}
	throw new PendingFileError(words.otherQuestions(name));
}

/**
 * Writes an outcome's answers into the MCP client's file at `path` through the one answerer (./answer.ts), which asks
 * the rule again at the write: the client's server must still hold the ask, and nothing settled it meanwhile. `shown`:
 * the file as the person knows it (its display path), in the rule's refusals. Returns the line to tell the person;
 * throws a `PendingFileError` saying why nothing was written.
 */
export function writeForAsker(
	{ path, shown = basename(path) }: { path: string; shown?: string },
	toolCallId: string,
	asker: PendingAsker,
	outcome: Answered,
	deps: Pick<AnswerDeps, "judge" | "heldElsewhere" | "given">,
	said: CliStrings = chosenWords().cli,
): string {
	const words = said.forAsker;
	const file = askStillThere(path, toolCallId, asker, words);
	const answers = () => pendingAnswersFor(outcome, file.request.questions, words);
	const result = answerWaitingAsk({ path, file }, { by: "pi", answers }, deps);
	// The rule no longer finds the client's server holding it as that client's: nobody waits for these answers.
	if (result.kind === "deliver-here") {
		throw new PendingFileError(refusalSentence(shown, { kind: "asker-gone", asker }, said));
	}
	return forAskerLine(result, path, shown, said);
}
