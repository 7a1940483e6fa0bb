/**
 * Answers in what the person types: a pending file attached with `pi -p @.pi/pending-questions.json "words"`.
 * pi inlines it as a `<file>` block (recognised by ./attached-file.ts); it becomes the questions and the person's
 * words, framed as answers, and the file is removed once they are delivered, so answers arrive exactly once.
 */
import { findAttachedPendingFile } from "./attached-file.js";
import { answersFromPendingFile, type Delivery, formatStructuredDelivery, formatWordsDelivery } from "./delivery.js";
import { displayPath, PendingFileError, parsePendingFile } from "./pending-file.js";
import { fileForDelivery, trustForThisRun } from "./trust.js";

/** The answers in a prompt that attaches a pending file; `undefined` when it attaches none. */
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
	const owner = sameSession ? {} : { fromSession: file.sessionId };
	const edited = answersFromPendingFile(file);
	const shown = displayPath(cwd, path);
	if (words === "" && edited) {
		const answers = formatStructuredDelivery(file, edited, sameSession);
		return { toolCallId: file.toolCallId, text: answers, path, ...owner, source: `the answers filled into @${shown}` };
	}
	if (words === "") {
		throw new PendingFileError(
			`no answers given: add your answers after the file, e.g. pi -p @${path} "use postgres, call it order-processor"`,
		);
	}
	const answers = formatWordsDelivery(file, words, sameSession);
	return { toolCallId: file.toolCallId, text: answers, path, ...owner, source: `the words after @${shown}` };
}
