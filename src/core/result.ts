/** What the model reads (`content`) and what the session keeps (`details`) for every way an ask can end. */
import type { AskDetails, AskMode, AskOutcome, AskRequest, AskUserResult } from "./types.js";

export function toAskUserResult(outcome: AskOutcome): AskUserResult {
	switch (outcome.kind) {
		case "answered": {
			const result: AskUserResult = { answered: true, answers: outcome.answers };
			if (outcome.unanswered?.length) result.unanswered = outcome.unanswered;
			if (outcome.note) result.note = outcome.note;
			return result;
		}
		case "cancelled":
			return { answered: false, answers: [], cancelled: true };
		case "timedOut":
			return { answered: false, answers: [], timedOut: true };
		case "connectionLost":
			return { answered: false, answers: [], connectionLost: true };
		case "interrupted":
			return outcome.reportedAs === "connectionLost"
				? { answered: false, answers: [], connectionLost: true }
				: { answered: false, answers: [], interrupted: true };
		case "pending":
			return outcome.background
				? { answered: false, answers: [], background: true }
				: { answered: false, answers: [], pendingFile: outcome.pendingFile };
	}
}

const BACKGROUND_EXPLANATION =
	"The user answers these questions when they can; their answers will arrive later as a user message (<ask_user_answers> with this call's toolCallId). Go on with work that does not depend on them, and do not assume any answers.";

/** One short sentence after the JSON where the JSON alone could be misread as "the user said nothing". */
function explanation(outcome: AskOutcome): string | undefined {
	switch (outcome.kind) {
		case "answered":
			// `answered: true` with no answers would read as answers given; say that none were.
			if (outcome.answers.length === 0) {
				return outcome.note
					? "The user skipped every question and gave no answers, only the note in `note`. Do not assume any."
					: "The user skipped every question and gave no answers. Do not assume any.";
			}
			return outcome.unanswered?.length ? "The user skipped the questions in `unanswered`." : undefined;
		case "cancelled":
			return "The user cancelled and gave no answers. Do not assume any; continue without them or ask differently.";
		case "timedOut":
			return outcome.pendingFile
				? "The user did not respond in time; no answers were given, so do not assume any. The questions stay pending: if the user answers them later, the answers arrive as a user message (<ask_user_answers> with this call's toolCallId)."
				: "The user did not respond in time; no answers were given. Do not assume any.";
		case "connectionLost":
			return "The connection to the user was lost before they answered; no answers were given.";
		case "interrupted":
			return "The questions were interrupted before the user answered (the user did not cancel). They stay pending: the next prompt does not ask them again; they are asked again when this session is next started, and if the user answers them sooner (/questions answer), the answers arrive as a user message (<ask_user_answers> with this call's toolCallId). No answers were given yet, so do not assume any.";
		case "pending":
			return outcome.background ? BACKGROUND_EXPLANATION : undefined;
	}
}

/** One text block of a tool result. */
export interface TextBlock {
	type: "text";
	text: string;
}

/** One image block of a tool result (or of a delivered user message): an image the person attached. */
export interface ImageBlock {
	type: "image";
	data: string;
	mimeType: string;
}

/** A block's text; `undefined` for an image. */
export function blockText(block: TextBlock | ImageBlock | undefined): string | undefined {
	return block?.type === "text" ? block.text : undefined;
}

/** The image blocks of an outcome, in the order its answers list the images. */
export function imageBlocks(outcome: AskOutcome): ImageBlock[] {
	if (outcome.kind !== "answered") return [];
	return (outcome.images ?? []).map((image) => ({ type: "image", data: image.data, mimeType: image.mimeType }));
}

/**
 * What the model reads: the first block is exactly the AskUserResult JSON, so that `JSON.parse` of it always works
 * (clients, tests, the model); anything else for the model is a second block — `guidance` when given (print
 * mode's pending instructions), else the sentence that keeps a bare JSON from being misread. The images the person
 * attached follow, one image block each, in the order the answers list them.
 */
export function resultContent(outcome: AskOutcome, guidance?: string): (TextBlock | ImageBlock)[] {
	const blocks: (TextBlock | ImageBlock)[] = [{ type: "text", text: JSON.stringify(toAskUserResult(outcome)) }];
	const second = guidance ?? explanation(outcome);
	if (second) blocks.push({ type: "text", text: second });
	return [...blocks, ...imageBlocks(outcome)];
}

export function buildDetails(request: AskRequest, outcome: AskOutcome, mode: AskMode, now: number): AskDetails {
	const details: AskDetails = {
		questions: request.questions,
		answers: outcome.kind === "answered" ? outcome.answers : [],
		answeredAt: now,
		mode,
		outcome: outcome.kind,
	};
	if (request.metadata) details.metadata = request.metadata;
	if (outcome.kind === "answered" && outcome.unanswered?.length) details.unanswered = outcome.unanswered;
	if (outcome.kind === "answered" && outcome.note) details.note = outcome.note;
	if ((outcome.kind === "pending" || outcome.kind === "timedOut") && outcome.pendingFile) {
		details.pendingFile = outcome.pendingFile;
	}
	if (outcome.kind === "pending" && outcome.background) details.background = true;
	return details;
}
