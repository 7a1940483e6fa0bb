/**
 * Answers given as data rather than through a dialog: the `--answers` flag (a JSON array in question order, or
 * an object keyed by question), the edited pending file and the structured RPC `answers` / `notes`. Keys go
 * through the one question-key matcher. The result is one entry per question (`undefined` = not answered); a
 * wrong shape, a key that names no or several questions, or two keys for one question is an error and nothing
 * is consumed.
 */
import { type AnsweredOutcome, answeredOutcome, type GivenAnswer, givenFromData } from "./answers.js";
import { isRecord } from "./json.js";
import { describeKeyProblem, valuesByQuestionKey } from "./question-keys.js";
import type { Question, RawAnswer } from "./types.js";
import { AskUserError } from "./validate.js";

function asRaw(value: unknown, where: string): RawAnswer | undefined {
	if (value === null || value === undefined) return undefined;
	if (typeof value === "string") return value;
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
	throw new AskUserError(`${where} must be a string or an array of strings`);
}

/** Parses the text of `--answers` against the questions it answers. */
export function parseAnswersText(text: string, questions: Question[]): (RawAnswer | undefined)[] {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		if (questions.length === 1 && text.trim() !== "") return [text];
		throw new AskUserError(
			`--answers is not valid JSON; pass a JSON array with one answer per question, e.g. --answers '["PostgreSQL", "order-processor"]'`,
		);
	}
	if (questions.length === 1 && (typeof data === "string" || typeof data === "number" || typeof data === "boolean")) {
		return [String(data)];
	}
	const lone = questions.length === 1 ? questions[0] : undefined;
	if (lone?.multiSelect && Array.isArray(data) && data.length > 1 && data.every((item) => typeof item === "string")) {
		// `--answers '["Auth", "Admin"]'` for a lone multi-select question: its choices, not one answer each.
		return [data as string[]];
	}
	return answersFromData(data, questions, "--answers");
}

/** One question's entry in parsed JSON, and where it sits (`name[0]`, `name["key"]`) for error messages. */
interface Entry {
	value: unknown;
	path: string;
}

/**
 * Lines parsed JSON up with the questions: an array in question order, or an object keyed by question text,
 * header or id (see question-keys.ts). `name` labels the value in errors.
 */
function arrangeByQuestion(data: unknown, questions: readonly Question[], name: string, noun = "answer"): Entry[] {
	if (Array.isArray(data)) {
		if (data.length !== questions.length) {
			throw new AskUserError(
				`${name} has ${data.length} ${noun}${data.length === 1 ? "" : "s"} but ${questions.length} question${questions.length === 1 ? " was" : "s were"} asked; give one per question, in order (null to skip one)`,
			);
		}
		return data.map((value: unknown, i) => ({ value, path: `${name}[${i}]` }));
	}
	if (isRecord(data)) {
		const keyed = Object.entries(data).map(
			([key, value]) => [key, { value, path: `${name}[${JSON.stringify(key)}]` }] as const,
		);
		const { values, problems } = valuesByQuestionKey(questions, keyed);
		const first = problems[0];
		if (first) throw new AskUserError(describeKeyProblem(first, questions, name));
		return values.map((entry, i) => entry ?? { value: undefined, path: `${name}[${i}]` });
	}
	throw new AskUserError(`${name} must be a JSON array (one ${noun} per question) or an object keyed by question`);
}

/** One raw answer per question from parsed JSON (`null` skips one). `name` labels the value in errors. */
export function answersFromData(data: unknown, questions: Question[], name: string): (RawAnswer | undefined)[] {
	return arrangeByQuestion(data, questions, name).map(({ value, path }) => asRaw(value, path));
}

/** A note given as data: a string, or nothing (`null` or absent). */
function asNote(value: unknown, path: string): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "string") throw new AskUserError(`${path} must be a string`);
	return value;
}

/**
 * What a structured client gave: `answers` (each entry a string, an array of strings, or `{ "answer", "note" }`)
 * and optional `notes` (same arrangement, strings). Entries are data (see `givenFromData`).
 */
export function givenFromStructured(
	answers: unknown,
	notes: unknown,
	questions: readonly Question[],
): (GivenAnswer | undefined)[] {
	const entries = arrangeByQuestion(answers, questions, "answers");
	const noteEntries = notes === undefined ? [] : arrangeByQuestion(notes, questions, "notes", "note");
	return questions.map((question, i) => {
		const entry = entries[i] ?? { value: undefined, path: "answers" };
		const listed = noteEntries[i];
		let note = listed === undefined ? undefined : asNote(listed.value, listed.path);
		let { value, path } = entry;
		if (isRecord(value)) {
			const extra = Object.keys(value).filter((key) => key !== "answer" && key !== "note");
			if (extra.length > 0) {
				throw new AskUserError(`${path} has unknown field ${JSON.stringify(extra[0])}; use { "answer", "note" }`);
			}
			const own = asNote(value.note, `${path}.note`);
			if (own !== undefined && note !== undefined) {
				throw new AskUserError(`${path}.note and ${listed?.path} both give a note for one question; give one`);
			}
			note ??= own;
			value = value.answer;
			path = `${path}.answer`;
		}
		const raw = asRaw(value, path);
		return raw === undefined ? undefined : givenFromData(question, raw, note);
	});
}

/** The answered outcome for answers given as data that ended an ask, also when every question was skipped. */
export function answeredOutcomeFromData(
	questions: readonly Question[],
	raw: readonly (RawAnswer | undefined)[],
): AnsweredOutcome {
	return answeredOutcome(
		questions,
		questions.map((question, i) => {
			const value = raw[i];
			return value === undefined ? undefined : givenFromData(question, value);
		}),
	);
}

/** Builds the outcome for answers given as data; `undefined` when not one question was answered. */
export function outcomeFromRawAnswers(
	questions: readonly Question[],
	raw: readonly (RawAnswer | undefined)[],
): AnsweredOutcome | undefined {
	const outcome = answeredOutcomeFromData(questions, raw);
	return outcome.answers.length > 0 ? outcome : undefined;
}
