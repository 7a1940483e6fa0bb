/**
 * How answers to pending questions reach the model in a later run: as the structured AskUserResult
 * (edited JSON, `--answers`, `/questions answer`) or as the person's own words (`pi -p @file "…"`),
 * always framed as the answers to the model's own earlier ask_user call.
 */
import { type DecisionOfAsk, decisionOf } from "../ask/decision.js";
import type { DecidedBy } from "../ask/log.js";
import { type ImageReader, outcomeFromRawAnswers, readNamedImages } from "../core/answer-input.js";
import { type GivenAnswer, givenFromData } from "../core/answers.js";
import {
	ANSWERED_LINE,
	ANSWERS_TAG,
	answersOpening,
	DISMISSED_LINE,
	deliveredAsksIn,
	WORDS_LINE,
	WORDS_OPENING,
} from "../core/delivered-answers.js";
import { type ImageBlock, imageBlocks, type TextBlock, toAskUserResult } from "../core/result.js";
import { sanitizeLine } from "../core/text.js";
import type { AskOutcome, AskRequest, RawAnswer } from "../core/types.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import type { PendingFile } from "./pending-file.js";

/** The ask the answers belong to: a pending file, or an ask known from the session. */
export interface AnsweredAsk {
	toolCallId: string;
	/** When the ask was made (ms), where known: the answers then name that ask, not every ask with its id. */
	askedAt?: number;
	request: AskRequest;
	/** What the person had asked for; sent along when the answers go to another session. */
	task?: string;
}

/**
 * Where answers came from, for the person: named when two meet one ask or another pi holds their file. `file` is the
 * pending file as shown (with its @ when it was attached); `undefined` where pi knows it by no name.
 */
export type AnswerSource =
	| { kind: "answers-flag" }
	| { kind: "filled-file"; file: string | undefined }
	| { kind: "words-after-file"; file: string }
	| { kind: "dialog" };

/** Where the answers came from, in the run's language ("--answers", "the words after @…"). */
export function describeSource(
	source: AnswerSource,
	said: CliStrings["delivery"] = chosenWords().cli.delivery,
): string {
	switch (source.kind) {
		case "answers-flag":
			return said.answersFlag;
		case "filled-file":
			return said.filledInto(source.file ?? said.pendingFile);
		case "words-after-file":
			return said.wordsAfter(source.file);
		case "dialog":
			return said.dialog;
	}
}

/** Answers on their way to the model, framed as the answers to its own earlier ask. */
export interface Delivery {
	toolCallId: string;
	text: string;
	/** The pending file to remove once delivered. */
	path?: string;
	/** Set when the ask belongs to another session (its next start must not bring it back). */
	fromSession?: string;
	/** Where the answers came from (`describeSource` names it for the person). */
	source: AnswerSource;
	/** The images the person attached, sent with the text as image blocks (the answers' JSON names them). */
	images?: ImageBlock[];
	/** One line the person is told when the answers are sent (e.g. that the file's own answers were ignored). */
	notice?: string;
	/** The decision these answers are, recorded in the decision log once the session holds them. */
	decision?: DecisionOfAsk;
}

/** A delivery's decision for the decision log: `{ decision }` when `outcome` decides, to spread into a `Delivery`. */
export function decided(by: DecidedBy, request: AskRequest, outcome: AskOutcome): Pick<Delivery, "decision"> {
	const decision = decisionOf(by, request.questions, outcome);
	return decision ? { decision } : {};
}

/** A delivery's images for an outcome: `{ images }` when the person attached some, to spread into a `Delivery`. */
export function deliveryImages(outcome: AskOutcome): Pick<Delivery, "images"> {
	const images = imageBlocks(outcome);
	return images.length > 0 ? { images } : {};
}

/**
 * What a user message carrying these deliveries (and the person's `prompt` with their own images) holds: the texts,
 * then the images, the person's first.
 */
export function deliveryContent(
	deliveries: readonly Delivery[],
	prompt = "",
	promptImages: readonly ImageBlock[] = [],
): { text: string; images: ImageBlock[] } {
	const texts = deliveries.map((d) => d.text);
	if (prompt.trim() !== "") texts.push(prompt.trim());
	return { text: texts.join("\n\n"), images: [...promptImages, ...deliveries.flatMap((d) => d.images ?? [])] };
}

/** The user message that sends these deliveries as their own turn: the text alone, or the text and the images. */
export function userMessage(deliveries: readonly Delivery[]): string | (TextBlock | ImageBlock)[] {
	const { text, images } = deliveryContent(deliveries);
	return images.length > 0 ? [{ type: "text", text }, ...images] : text;
}

/**
 * One answer per ask in one message. The same answers named twice (a filled-in file that is also attached) go
 * once; two different answers to one ask are refused, naming both, so the person chooses: never a silent pick.
 */
export function oneAnswerPerAsk(
	deliveries: readonly Delivery[],
	said: CliStrings["delivery"] = chosenWords().cli.delivery,
): { deliveries: Delivery[] } | { error: string } {
	const kept: Delivery[] = [];
	// Two asks may share a tool-call id (a provider reusing ids): the ask each answers is the one its text names.
	const askOf = (d: Delivery) => JSON.stringify(deliveredAsksIn(d.text)[0] ?? { toolCallId: d.toolCallId });
	for (const delivery of deliveries) {
		const earlier = kept.find((d) => askOf(d) === askOf(delivery));
		if (!earlier) kept.push(delivery);
		else if (earlier.text !== delivery.text || JSON.stringify(earlier.images) !== JSON.stringify(delivery.images)) {
			return { error: said.twoAnswers(describeSource(earlier.source, said), describeSource(delivery.source, said)) };
		}
	}
	return { deliveries: kept };
}

/**
 * The answers filled into an edited pending file, with the image files they name read by `readImage`; `undefined`
 * when none were filled. An image that cannot be attached throws (AskUserError), naming it and `where` in `said`'s words.
 */
export function answersFromPendingFile(
	file: PendingFile,
	readImage: ImageReader | undefined,
	where: string,
	said: CliStrings["inbox"] = chosenWords().cli.inbox,
): Extract<AskOutcome, { kind: "answered" }> | undefined {
	const raw = file.questions.map((q): RawAnswer | undefined => (q.answer === null ? undefined : q.answer));
	const images = readNamedImages(
		file.questions.map((q) => q.images),
		readImage,
		where,
		said.imageRefused,
	);
	return outcomeFromRawAnswers(file.request.questions, raw, images);
}

/**
 * The answers filled into a pending file as a dialog's starting point (`/questions answer`), one per question;
 * `undefined` when none are filled in, or when the file names images: a dialog cannot show those, and an Enter that
 * sent the answers without them would lose them (then the dialog asks from scratch and `pi -c` still delivers both).
 */
export function filledStart(file: PendingFile): (GivenAnswer | undefined)[] | undefined {
	if (file.questions.some((q) => (q.images?.length ?? 0) > 0)) return undefined;
	const given = file.request.questions.map((question, i) => {
		const answer = file.questions[i]?.answer;
		return answer === null || answer === undefined ? undefined : givenFromData(question, answer);
	});
	return given.some((g) => g !== undefined) ? given : undefined;
}

function taskLine(file: AnsweredAsk, sameSession: boolean): string {
	return !sameSession && file.task ? `\nThe task they had given you: ${JSON.stringify(file.task)}` : "";
}

/**
 * The user-message text that delivers structured answers, or the person's dismissal of a background ask (the model
 * was told its answers would come, so it must hear that none will).
 */
export function formatStructuredDelivery(
	file: AnsweredAsk,
	outcome: Extract<AskOutcome, { kind: "answered" | "cancelled" }>,
	sameSession: boolean,
): string {
	const [said, next] =
		outcome.kind === "answered"
			? [ANSWERED_LINE, "Continue the task with these answers."]
			: [
					DISMISSED_LINE,
					"Do not wait for these answers and do not assume any; continue without them, or ask differently.",
				];
	return `${answersOpening(file)}
${said}
${JSON.stringify(toAskUserResult(outcome))}${taskLine(file, sameSession)}
${next}
</${ANSWERS_TAG}>`;
}

/** The user-message text that delivers answers given in the person's own words. */
export function formatWordsDelivery(file: AnsweredAsk, words: string, sameSession: boolean): string {
	const questions = file.request.questions
		.map((q, i) => {
			const options = q.options?.length ? ` Options: ${q.options.map((o) => JSON.stringify(o.label)).join(", ")}.` : "";
			// One line each: a question's own line breaks could otherwise start a line that reads as the answers line.
			return `${i + 1}. ${sanitizeLine(q.question)}${q.multiSelect ? " (several allowed)" : ""}${options}`;
		})
		.join("\n");
	return `${answersOpening(file)}
${WORDS_OPENING}
${questions}
${WORDS_LINE}${JSON.stringify(words)}${taskLine(file, sameSession)}
Read them as the answers to those questions (an answer that is not an option is a custom answer) and continue the task. Do not assume answers to questions they did not address; ask again if needed.
</${ANSWERS_TAG}>`;
}
