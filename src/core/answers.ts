/**
 * Turning what a person gave into the spec's `Answer`: an answer equal to an option label selects it,
 * anything else is custom text. No other validation of content (spec decision 2).
 */
import { sanitizeText } from "./text.js";
import type { Answer, Question, RawAnswer } from "./types.js";

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

/** Builds the spec's `Answer` for one question; `undefined` when nothing was given. */
export function toAnswer(question: Question, dirty: RawAnswer, note?: string): Answer | undefined {
	// Every way in (dialog, --answers, edited file, RPC, bridge) passes here: what is stored, shown again
	// and recalled never carries terminal control sequences.
	const raw = Array.isArray(dirty) ? dirty.map(sanitizeText) : sanitizeText(dirty);
	const cleanNote = note && sanitizeText(note).trim() ? sanitizeText(note).trim() : undefined;
	if (question.multiSelect) {
		const items = (
			Array.isArray(raw) ? raw.flatMap((item) => splitMultiAnswer(question, item)) : splitMultiAnswer(question, raw)
		)
			.map((item) => findLabel(question, item) ?? item.trim())
			.filter((item, index, all) => item !== "" && all.indexOf(item) === index);
		if (items.length === 0) return undefined;
		const selected = items.filter((item) => findLabel(question, item) !== undefined);
		// Key order as in the spec: question, answer, selectedOption, wasCustom.
		const answer: Answer = {
			question: question.question,
			answer: items,
			...(selected.length > 0 ? { selectedOption: selected } : {}),
			wasCustom: selected.length < items.length,
		};
		if (cleanNote) answer.note = cleanNote;
		return answer;
	}
	// Blank entries are skipped, or ["", ""] would become the answer ",".
	const textAnswer = (Array.isArray(raw) ? raw.filter((item) => item.trim() !== "").join(", ") : raw).trim();
	if (textAnswer === "") return undefined;
	const label = findLabel(question, textAnswer);
	const answer: Answer =
		label !== undefined
			? { question: question.question, answer: label, selectedOption: label, wasCustom: false }
			: { question: question.question, answer: textAnswer, wasCustom: true };
	if (cleanNote) answer.note = cleanNote;
	return answer;
}

/** The parts of an answer the person typed themselves (not chosen options), for ↑ recall. */
export function typedParts(answer: Pick<Answer, "answer" | "selectedOption" | "wasCustom">): string[] {
	if (!answer.wasCustom) return [];
	if (!Array.isArray(answer.answer)) return [answer.answer];
	const chosen = new Set(Array.isArray(answer.selectedOption) ? answer.selectedOption : []);
	return answer.answer.filter((item) => !chosen.has(item));
}
