/**
 * Answers in what the person types: a pending file attached with `pi -p @.pi/pending-questions.json "words"`.
 * pi inlines it as a `<file>` block (recognised by ./attached-file.ts); it becomes the questions and the person's
 * words, framed as answers, and the file is removed once they are delivered, so answers arrive exactly once.
 */
import { type ImageReader, outcomeFromAnswersText } from "../core/answer-input.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import { answerWaitingAsk } from "./answer.js";
import { findAttachedPendingFile } from "./attached-file.js";
import type { Claim } from "./claims.js";
import {
	answersFromPendingFile,
	type Delivery,
	decided,
	deliveryImages,
	formatStructuredDelivery,
	formatWordsDelivery,
} from "./delivery.js";
import { forAskerLine, pendingAnswersFor } from "./for-asker.js";
import type { GivenRecord } from "./given-for-asker.js";
import { displayPath, type PendingFile, PendingFileError, parsePendingFile } from "./pending-file.js";
import { ignoredSentence } from "./permission.js";
import { fileForDelivery, type PendingVerdict } from "./trust.js";

/** Images are read only from a file this user's pi wrote: a cloned repository's file must not send theirs. */
function untrustedImages(said: CliStrings["inbox"]): ImageReader {
	return (path) => ({
		ok: false,
		reason: said.untrustedImage(path),
		problem: { kind: "not-image", name: path },
	});
}

/** The person's words were written into an MCP client's file for it (nothing goes to pi's model). */
export interface WrittenForAsker {
	kind: "written-for-asker";
	/** The one line that says where the answers went. */
	notice: string;
}

/**
 * The answers in a prompt that attaches a pending file; `undefined` when it attaches none. `judge` is the verdict
 * (pending/permission.ts): an ask already settled, or asked in another project folder, is refused. An MCP
 * client's file its server holds gets the words written into it as the answers, for that client.
 */
export function deliveryFromAttachedFile(
	text: string,
	sessionId: string | undefined,
	cwd: string,
	judge: (file: PendingFile, cwd: string) => PendingVerdict,
	readImage: ImageReader,
	origins: {
		given: GivenRecord;
		writtenByTool?(path: string): boolean;
		/** Another live process's claim on the file (a pi asking it, or the MCP server holding it). */
		heldBy?(path: string, toolCallId: string): Claim | undefined;
	},
	said: CliStrings = chosenWords().cli,
): Delivery | WrittenForAsker | undefined {
	const attached = findAttachedPendingFile(text, cwd, undefined, said.inbox);
	if (!attached) return undefined;
	const { path, content, words } = attached;
	// Naming a file with @ chooses its questions, not the task it carries (see ./trust.ts).
	const parsed = parsePendingFile(content, path);
	const verdict = judge(parsed, cwd);
	const shownAt = `@${displayPath(cwd, path)}`;
	// The one way of answering a waiting ask: an MCP client's file gets the words as its answers; pi's own is delivered.
	const result = answerWaitingAsk(
		{ path, file: parsed },
		{
			by: "pi",
			answers: (asker) => {
				if (!asker) return [];
				if (words === "")
					throw new PendingFileError(said.forAsker.noWords(asker.client, `pi -p ${shownAt} "PostgreSQL"`));
				const outcome = outcomeFromAnswersText(words, parsed.request.questions, undefined);
				if (!outcome) throw new PendingFileError(said.forAsker.noAnswerInWords);
				return pendingAnswersFor(outcome, parsed.request.questions, said.forAsker);
			},
		},
		{
			judge: () => verdict,
			heldElsewhere: origins.heldBy ?? (() => undefined),
			given: origins.given,
			...(origins.writtenByTool ? { filled: { writtenByTool: origins.writtenByTool } } : {}),
		},
	);
	if (result.kind !== "deliver-here") {
		return { kind: "written-for-asker", notice: forAskerLine(result, path, shownAt, said) };
	}
	const { permission } = result;
	const file = fileForDelivery(parsed, verdict);
	const sameSession = file.sessionId === sessionId;
	const owner = sameSession ? {} : { fromSession: file.sessionId };
	const shown = displayPath(cwd, path);
	const reader = verdict.trusted ? readImage : untrustedImages(said.inbox);
	const edited = answersFromPendingFile(file, reader, `@${shown}`, said.inbox);
	const ignored = edited && permission.filledAnswers === "ignore";
	const ignoredLine = ignored ? ignoredSentence(`@${shown}`, permission.because, verdict, said) : undefined;
	if (words === "" && edited && !ignored) {
		const answers = formatStructuredDelivery(file, edited, sameSession);
		return {
			toolCallId: file.toolCallId,
			text: answers,
			path,
			...owner,
			source: { kind: "filled-file", file: `@${shown}` },
			...deliveryImages(edited),
			...decided("edited", file.request, edited),
		};
	}
	if (words === "") {
		const example = `pi -p @${path} "use postgres, call it order-processor"`;
		throw new PendingFileError(
			ignoredLine ? said.inbox.ignoredNothingSent(ignoredLine, example) : said.inbox.noWords(example),
		);
	}
	const answers = formatWordsDelivery(file, words, sameSession);
	return {
		toolCallId: file.toolCallId,
		text: answers,
		path,
		...owner,
		source: { kind: "words-after-file", file: `@${shown}` },
		decision: { by: "file", outcome: "answered", questions: file.request.questions, answers: [words] },
		...(ignoredLine ? { notice: said.inbox.onlyWords(ignoredLine) } : {}),
	};
}
