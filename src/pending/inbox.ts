/**
 * Finding answers to pending questions in what the person does next: an edited file, `--answers`, or a
 * file attached with `@` plus their own words. Each returns the user-message text that delivers the
 * answers and the file to remove once delivered, so answers arrive exactly once.
 */
import { outcomeFromRawAnswers, parseAnswersText } from "../core/answer-input.js";
import { AskUserError } from "../core/validate.js";
import { findAttachedPendingFile } from "./attached-file.js";
import { answersFromPendingFile, formatStructuredDelivery, formatWordsDelivery } from "./delivery.js";
import { PendingFileError, parsePendingFile, type ReadablePendingEntry } from "./pending-file.js";
import { fileForDelivery, trustForThisRun } from "./trust.js";

export interface Delivery {
	text: string;
	path: string;
}

/** This session's pending files whose `answer` fields the person filled in. */
export function deliveriesFromEditedFiles(mine: readonly ReadablePendingEntry[]): Delivery[] {
	return mine.flatMap((entry) => {
		const outcome = answersFromPendingFile(entry.file);
		return outcome ? [{ text: formatStructuredDelivery(entry.file, outcome, true), path: entry.path }] : [];
	});
}

/**
 * `--answers` for the newest pending ask of this session. `undefined` when this session has nothing
 * pending (then the flag answers the next ask_user call instead). Throws a clear error for a wrong shape.
 */
export function deliveryFromAnswersFlag(mine: readonly ReadablePendingEntry[], flag: string): Delivery | undefined {
	const newest = mine.at(-1);
	if (!newest) return undefined;
	const raw = parseAnswersText(flag, newest.file.request.questions);
	const outcome = outcomeFromRawAnswers(newest.file.request.questions, raw);
	if (!outcome) throw new AskUserError("--answers gives no answer to any pending question");
	return { text: formatStructuredDelivery(newest.file, outcome, true), path: newest.path };
}

/**
 * A pending file attached with `pi -p @.pi/pending-questions.json "words"`: pi inlines it as a
 * `<file>` block (recognised by ./attached-file.ts); we replace it with the questions and the person's
 * words, framed as answers.
 */
export function deliveryFromAttachedFile(
	text: string,
	sessionId: string | undefined,
	cwd: string,
): Delivery | undefined {
	const attached = findAttachedPendingFile(text, cwd);
	if (!attached) return undefined;
	const { path, content, words } = attached;
	// Naming a file with @ chooses its questions, not the task it carries (see ./trust.ts).
	const parsed = parsePendingFile(content, path);
	const file = fileForDelivery(parsed, trustForThisRun(cwd)(parsed));
	const sameSession = file.sessionId === sessionId;
	const edited = answersFromPendingFile(file);
	if (words === "" && edited) return { text: formatStructuredDelivery(file, edited, sameSession), path };
	if (words === "") {
		throw new PendingFileError(
			`no answers given: add your answers after the file, e.g. pi -p @${path} "use postgres, call it order-processor"`,
		);
	}
	return { text: formatWordsDelivery(file, words, sameSession), path };
}
