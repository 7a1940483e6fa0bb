/**
 * Answers for another agent's ask: an MCP client's questions, which `pi-ask-anywhere mcp` wrote into this project's
 * `.pi` folder and holds (pending/permission.ts's `for-asker`). pi never gives their answers to its own model: it writes
 * them into the file, where that server reads them and returns them to its client, and says so in one line. The first
 * answer wins, as everywhere: a file that already holds answers is the client's to take, not overwritten.
 */
import { basename, dirname } from "node:path";
import type { AskOutcome, Question } from "../core/types.js";
import {
	type PendingAsker,
	PendingFileError,
	type PendingQuestion,
	parsePendingFile,
	readPendingText,
	writePendingAnswers,
} from "./pending-file.js";

type Answered = Extract<AskOutcome, { kind: "answered" }>;

/** The one line pi says once the answers are written. */
function answeredForLine(asker: PendingAsker): string {
	return `answered for ${asker.client} through pi-ask-anywhere mcp`;
}

/** Why a marked file nobody holds is not answered here (pending/permission.ts's `asker-gone`). */
export function askerGoneLine(shownPath: string, asker: PendingAsker): string {
	return `${shownPath} holds questions ${asker.client} asked through pi-ask-anywhere mcp, and no pi-ask-anywhere mcp waits for their answers now: nothing was sent or written (/questions clear removes them)`;
}

/**
 * The file's `answer` values for an outcome, question by question (`null` for one left unanswered). What the file
 * cannot carry to the client — images, notes — is refused rather than dropped.
 */
function pendingAnswersFor(outcome: Answered, questions: readonly Question[]): PendingQuestion["answer"][] {
	if ((outcome.images?.length ?? 0) > 0 || outcome.answers.some((answer) => (answer.images?.length ?? 0) > 0)) {
		throw new PendingFileError(
			"images cannot be passed to an MCP client through its pending file; nothing was written",
		);
	}
	if (outcome.note !== undefined || outcome.answers.some((answer) => answer.note !== undefined)) {
		throw new PendingFileError("notes cannot be passed to an MCP client through its pending file; nothing was written");
	}
	// The answers come in question order, leaving out the unanswered ones.
	let next = 0;
	return questions.map((question) => {
		const answer = outcome.answers[next];
		if (answer === undefined || answer.question !== question.question) return null;
		next += 1;
		return answer.answer;
	});
}

/**
 * Writes the answers into the MCP client's file at `path`, if it still holds that ask and no answer yet; returns the
 * line to tell the person. Throws a `PendingFileError` saying why nothing was written.
 */
export function writeForAsker(path: string, toolCallId: string, asker: PendingAsker, outcome: Answered): string {
	const name = basename(path);
	const read = readPendingText(dirname(dirname(path)), path);
	if (read === undefined) throw new PendingFileError(`${name} is gone: ${asker.client} has its answers already`);
	if (read.kind === "newer") throw read.error;
	const file = parsePendingFile(read.text, path);
	if (file.toolCallId !== toolCallId)
		throw new PendingFileError(`${name} now holds other questions; nothing was written`);
	if (file.questions.some((question) => question.answer !== null)) {
		throw new PendingFileError(`${name} is answered already; ${asker.client} takes those answers. Nothing was written`);
	}
	writePendingAnswers(path, toolCallId, pendingAnswersFor(outcome, file.request.questions));
	return answeredForLine(asker);
}
