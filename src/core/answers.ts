/**
 * What the person gave, and the spec's `Answer` built from it. A dialog knows exactly what was chosen and what
 * was typed (`GivenAnswer`): typed text is one custom answer, whole, and never becomes a ticked option. Answers
 * given as data (`--answers`, an edited pending file, a remote backend's string) are read into the same shape
 * first: a string that equals an option label selects it, and a multi-select string is the person listing
 * labels, split on commas. No other validation of content (spec decision 2).
 */
import { type AttachedImage, imageInfo } from "./images.js";
import { sanitizeText } from "./text.js";
import type { Answer, AskOutcome, Question, RawAnswer } from "./types.js";

/** What the person gave for one question, as they gave it. */
export interface GivenAnswer {
	/** Option labels the person chose or ticked. A label that is not an option is kept as typed text. */
	chosen: readonly string[];
	/** Text the person wrote themselves, each entry one whole answer (never split on commas). */
	typed: readonly string[];
	note?: string;
	/** Images the person attached (checked where they came in; see core/images.ts). */
	images?: readonly AttachedImage[];
}

/** The answered outcome: every question's answer, and the questions left without one. */
export type AnsweredOutcome = Extract<AskOutcome, { kind: "answered" }>;

function findLabel(question: Question, text: string): string | undefined {
	const wanted = text.trim().toLowerCase();
	return question.options?.find((option) => option.label.toLowerCase() === wanted)?.label;
}

/**
 * Splits a comma-separated multi-select answer, keeping labels that themselves contain commas whole
 * ("Auth, with SSO" stays one item when it is an option label).
 */
export function splitMultiAnswer(question: Question, text: string): string[] {
	if (findLabel(question, text)) return [text.trim()];
	const parts = text.split(",");
	// A label with k commas spans exactly k + 1 parts, so no longer run is worth joining: this keeps a long
	// answer linear in its length instead of cubic.
	const widest = Math.max(1, ...(question.options ?? []).map((option) => option.label.split(",").length));
	const items: string[] = [];
	let i = 0;
	while (i < parts.length) {
		let taken = 1;
		for (let j = Math.min(parts.length, i + widest); j > i + 1; j--) {
			if (findLabel(question, parts.slice(i, j).join(","))) {
				taken = j - i;
				break;
			}
		}
		const item = parts
			.slice(i, i + taken)
			.join(",")
			.trim();
		if (item !== "") items.push(item);
		i += taken;
	}
	return items;
}

/** Each item that is an option label (case and spaces aside) is chosen; any other item is typed text. */
function sortItems(question: Question, items: readonly string[], note: string | undefined): GivenAnswer {
	const chosen: string[] = [];
	const typed: string[] = [];
	for (const item of items) {
		const label = findLabel(question, item);
		if (label !== undefined) chosen.push(label);
		else typed.push(item);
	}
	return note === undefined ? { chosen, typed } : { chosen, typed, note };
}

/**
 * Reads an answer given as data. A string: for a multi-select question, comma-separated items; otherwise one
 * answer (a label selects it). An array: for a multi-select question, one item each, exact (never split); for
 * a single-choice question, its non-blank entries joined as one answer.
 */
export function givenFromData(question: Question, raw: RawAnswer, note?: string): GivenAnswer {
	// Labels are matched on the cleaned text, as `toAnswer` will store it.
	const items = Array.isArray(raw) ? raw.map(sanitizeText) : sanitizeText(raw);
	if (question.multiSelect) {
		return sortItems(question, Array.isArray(items) ? items : splitMultiAnswer(question, items), note);
	}
	// Blank entries are skipped, or ["", ""] would become the answer ",".
	const text = Array.isArray(items) ? items.filter((item) => item.trim() !== "").join(", ") : items;
	return sortItems(question, [text], note);
}

function clean(text: string): string {
	return sanitizeText(text).trim();
}

/** Builds the spec's `Answer` for one question; `undefined` when nothing was given. */
export function toAnswer(question: Question, given: GivenAnswer): Answer | undefined {
	// Every way in (dialog, --answers, edited file, RPC, bridge) passes here: what is stored, shown again
	// and recalled never carries terminal control sequences.
	const labels = given.chosen.map((label) => question.options?.find((option) => option.label === label)?.label);
	const chosen = labels.filter((label): label is string => label !== undefined);
	// A "chosen" label that is no option is the person's text, never a ticked option the model did not offer.
	const typed = [...given.chosen.filter((_, i) => labels[i] === undefined), ...given.typed]
		.map(clean)
		.filter((text) => text !== "");
	const note = given.note === undefined ? "" : clean(given.note);
	// An image alone is an answer: its text is empty, nothing is made up for it.
	const images = given.images ?? [];
	let answer: Answer;
	if (question.multiSelect) {
		const items = [...new Set([...chosen, ...typed])];
		if (items.length === 0 && images.length === 0) return undefined;
		const selected = [...new Set(chosen)];
		// Key order as in the spec: question, answer, selectedOption, wasCustom.
		answer = {
			question: question.question,
			answer: items,
			...(selected.length > 0 ? { selectedOption: selected } : {}),
			wasCustom: selected.length < items.length,
		};
	} else if (chosen.length === 1 && typed.length === 0) {
		const label = chosen[0] as string;
		answer = { question: question.question, answer: label, selectedOption: label, wasCustom: false };
	} else {
		const text = [...chosen, ...typed].join(", ");
		if (text === "" && images.length === 0) return undefined;
		answer = { question: question.question, answer: text, wasCustom: true };
	}
	if (note !== "") answer.note = note;
	if (images.length > 0) answer.images = images.map(imageInfo);
	// The model's id for the question comes back first, so that it can match answers without comparing texts.
	return question.id === undefined ? answer : { id: question.id, ...answer };
}

/** The `Answer` for an answer given as data (see `givenFromData`). */
export function answerFromData(question: Question, raw: RawAnswer, note?: string): Answer | undefined {
	return toAnswer(question, givenFromData(question, raw, note));
}

/**
 * The one answered-outcome builder: a dialog that ended with Submit, a structured reply, a remote answer.
 * Questions without an answer are listed in `unanswered` (also when every question was skipped); `note` is the
 * person's note on the whole set, kept only when it says something.
 */
export function answeredOutcome(
	questions: readonly Question[],
	given: readonly (GivenAnswer | undefined)[],
	note?: string,
): AnsweredOutcome {
	const answers: Answer[] = [];
	const unanswered: string[] = [];
	const images: AttachedImage[] = [];
	for (const [i, question] of questions.entries()) {
		const value = given[i];
		const answer = value === undefined ? undefined : toAnswer(question, value);
		if (answer) {
			answers.push(answer);
			images.push(...(value?.images ?? []));
		} else unanswered.push(question.question);
	}
	const outcome: AnsweredOutcome = { kind: "answered", answers };
	if (images.length > 0) outcome.images = images;
	if (unanswered.length > 0) outcome.unanswered = unanswered;
	const setNote = note === undefined ? "" : clean(note);
	if (setNote !== "") outcome.note = setNote;
	return outcome;
}

/** The parts of an answer the person typed themselves (not chosen options), for ↑ recall. */
export function typedParts(answer: Pick<Answer, "answer" | "selectedOption" | "wasCustom">): string[] {
	if (!answer.wasCustom) return [];
	if (!Array.isArray(answer.answer)) return [answer.answer];
	const chosen = new Set(Array.isArray(answer.selectedOption) ? answer.selectedOption : []);
	return answer.answer.filter((item) => !chosen.has(item));
}
