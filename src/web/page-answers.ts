/**
 * What the person gave on the page, checked and turned into what goes out: a `hook.ask_user_answer` value for
 * the agent (exact arrays and `{ answer, note }` when the agent accepts them, the base protocol's strings
 * otherwise; see docs/remote.md) or the `answer` of a pending file. Pure. The page sends, per question, the
 * option labels it ticked, the text typed into "Other" and a note; typed text stays one answer and is never
 * split on commas.
 */
import { type AttachedImage, imagesFromData } from "../core/images.js";
import { isRecord } from "../core/json.js";
import { matchQuestionKey } from "../core/question-keys.js";
import { sanitizeText } from "../core/text.js";
import type { WireAnswerValue, WireQuestion } from "../remote/protocol.js";
import type { ApiError } from "./page/api.js";

/** One question's answer from the page. */
export interface PageAnswer {
	/** Option labels ticked (one for a single-choice question), exactly as the question lists them. */
	chosen: string[];
	/** What the person typed into "Other"; "" when nothing. */
	typed: string;
	/** The person's note; "" when none. */
	note: string;
	/** Images attached to this answer, each checked by content and size (core/images.ts); empty when none. */
	images: AttachedImage[];
}

/** Typed answers and notes longer than this are refused (the TUI asks to confirm past 2 000). */
const MAX_PAGE_TEXT_CHARS = 20_000;

export type PageAnswersResult = { ok: true; answers: (PageAnswer | undefined)[] } | ({ ok: false } & ApiError);

function invalid(error: string): { ok: false } & ApiError {
	return { ok: false, error, code: "invalid" };
}

function readText(value: unknown, what: string): string | { error: string } {
	if (value === undefined || value === null) return "";
	if (typeof value !== "string") return { error: `${what} must be text` };
	const clean = sanitizeText(value).trim();
	if (clean.length > MAX_PAGE_TEXT_CHARS) return { error: `${what} is longer than ${MAX_PAGE_TEXT_CHARS} characters` };
	return clean;
}

/**
 * The person's note on the whole set (the Review step's "Note for all answers"), cleaned and trimmed; `undefined` when
 * blank or absent, so that nothing is sent for it.
 */
export function readSetNote(value: unknown): { ok: true; note: string | undefined } | { ok: false; error: string } {
	const note = readText(value, "the note for all answers");
	if (typeof note !== "string") return { ok: false, error: note.error };
	return { ok: true, note: note === "" ? undefined : note };
}

/**
 * The images of answer `i` as the page sent them (`[{ name, mimeType, data }]`, data base64), each re-checked here:
 * the page is not trusted. `taken`: images already read for earlier answers (the cap is per ask).
 */
function readImages(value: unknown, i: number, taken: number): AttachedImage[] | ({ ok: false } & ApiError) {
	const read = imagesFromData(value, taken, (n) => `image-${i + 1}-${n + 1}`);
	if (read.ok) return read.images;
	switch (read.kind) {
		case "not-a-list":
			return invalid(`answer ${i + 1}'s images must be a list`);
		case "image":
			return { ok: false, error: read.reason, code: "image", image: read.problem };
		case "too-many":
			return { ok: false, error: read.reason, code: "too-many-images", imageName: read.name };
	}
}

/**
 * Checks the page's answers against the questions: one entry per question (`null` = skipped), known labels only, and
 * images only where `takesImages` (an agent that lists `answer-images`).
 */
export function readPageAnswers(
	value: unknown,
	questions: readonly WireQuestion[],
	takesImages = false,
): PageAnswersResult {
	if (!Array.isArray(value) || value.length !== questions.length) {
		return invalid(`answers must list one entry per question (${questions.length})`);
	}
	const answers: (PageAnswer | undefined)[] = [];
	let imageCount = 0;
	for (const [i, entry] of value.entries()) {
		const question = questions[i] as WireQuestion;
		if (entry === null) {
			answers.push(undefined);
			continue;
		}
		if (!isRecord(entry) || !Array.isArray(entry.chosen)) {
			return invalid(`answer ${i + 1} must be { chosen, typed, note }`);
		}
		const labels = new Set(question.options.map((option) => option.label));
		const chosen = [...new Set(entry.chosen)];
		if (!chosen.every((label): label is string => typeof label === "string" && labels.has(label))) {
			return invalid(`answer ${i + 1} ticks something that is not one of its options`);
		}
		if (!question.multiSelect && chosen.length > 1) {
			return invalid(`answer ${i + 1} ticks several options of a single-choice question`);
		}
		const typed = readText(entry.typed, `answer ${i + 1}'s text`);
		if (typeof typed !== "string") return invalid(typed.error);
		const note = readText(entry.note, `answer ${i + 1}'s note`);
		if (typeof note !== "string") return invalid(note.error);
		if (!question.multiSelect && chosen.length > 0 && typed !== "") {
			return invalid(`answer ${i + 1} both picks an option and types one; give one`);
		}
		const images = readImages(entry.images, i, imageCount);
		if (!Array.isArray(images)) return images;
		if (images.length > 0 && !takesImages) return invalid(`answer ${i + 1} has images, which this ask cannot take`);
		imageCount += images.length;
		const given = chosen.length > 0 || typed !== "" || images.length > 0;
		answers.push(given ? { chosen, typed, note, images } : undefined);
	}
	return { ok: true, answers };
}

/** The answer as its items: the ticked labels in the question's order, then the typed text as one item. */
function items(question: WireQuestion, answer: PageAnswer): string[] {
	const ticked = question.options.map((option) => option.label).filter((label) => answer.chosen.includes(label));
	return answer.typed === "" ? ticked : [...ticked, answer.typed];
}

/**
 * The key naming question `index` in an answer frame: its text, the protocol's key, which names that question
 * for any agent (pi-ask-anywhere matches a question's text first). An agent from before that rule drops a key
 * that is also another question's header as ambiguous; the model's id, when the question has one and it names
 * only this question, says which question is meant to every version.
 */
function answerKey(questions: readonly WireQuestion[], index: number): string {
	const question = questions[index] as WireQuestion;
	const namesOnlyThis = (key: string): boolean => {
		const match = matchQuestionKey(questions, key);
		return match.kind === "question" && match.index === index;
	};
	if (namesOnlyThis(question.question) || question.id === undefined || !namesOnlyThis(question.id)) {
		return question.question;
	}
	return question.id;
}

/**
 * The `answers` object of a `hook.ask_user_answer` frame, keyed by question (`answerKey`). With `exact` (the agent lists
 * "answer-arrays") a multi-select answer is an array; otherwise the base protocol's comma-separated string. With
 * `notes` (the agent lists "answer-notes") a note travels as `{ answer, note }`; otherwise it cannot be sent. Images
 * (read only for an agent that lists "answer-images") travel as `{ answer, images }`, `answer` "" when only images.
 */
export function wireAnswers(
	questions: readonly WireQuestion[],
	answers: readonly (PageAnswer | undefined)[],
	accepts: { exact: boolean; notes: boolean },
): Record<string, WireAnswerValue> {
	const wire: Record<string, WireAnswerValue> = {};
	for (const [i, question] of questions.entries()) {
		const answer = answers[i];
		if (!answer) continue;
		const given = items(question, answer);
		const value = question.multiSelect ? (accepts.exact ? given : given.join(", ")) : (given[0] ?? "");
		const note = accepts.notes && answer.note !== "" ? { note: answer.note } : {};
		const images = answer.images.map(({ name, mimeType, data }) => ({ name, mimeType, data }));
		wire[answerKey(questions, i)] =
			images.length > 0 ? { answer: value, ...note, images } : "note" in note ? { answer: value, ...note } : value;
	}
	return wire;
}

/** The `answer` fields of a pending file: a string, or for a multi-select question an array; `null` = skipped. */
export function pendingAnswers(
	questions: readonly WireQuestion[],
	answers: readonly (PageAnswer | undefined)[],
): (string | string[] | null)[] {
	return questions.map((question, i) => {
		const answer = answers[i];
		if (!answer) return null;
		const given = items(question, answer);
		return question.multiSelect ? given : (given[0] ?? null);
	});
}
