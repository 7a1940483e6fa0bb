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

/**
 * Lines parsed JSON up with the questions: an array in question order, or an object keyed by question text,
 * header or id (see question-keys.ts). `name` labels the value in errors.
 */
function arrangeByQuestion(data: unknown, questions: readonly Question[], name: string, noun = "answer"): unknown[] {
	if (Array.isArray(data)) {
		if (data.length !== questions.length) {
			throw new AskUserError(
				`${name} has ${data.length} ${noun}${data.length === 1 ? "" : "s"} but ${questions.length} question${questions.length === 1 ? " was" : "s were"} asked; give one per question, in order (null to skip one)`,
			);
		}
		return data;
	}
	if (isRecord(data)) {
		const { values, problems } = valuesByQuestionKey(questions, Object.entries(data));
		const first = problems[0];
		if (first) throw new AskUserError(describeKeyProblem(first, questions, name));
		return values;
	}
	throw new AskUserError(`${name} must be a JSON array (one ${noun} per question) or an object keyed by question`);
}

/** Where one entry sits, for error messages: `name[0]` in an array, `name["key"]` in an object. */
function entryPaths(data: unknown, questions: readonly Question[], name: string): string[] {
	if (!isRecord(data)) return questions.map((_, i) => `${name}[${i}]`);
	const { values } = valuesByQuestionKey(
		questions,
		Object.keys(data).map((key) => [key, key] as const),
	);
	return values.map((key, i) => (key === undefined ? `${name}[${i}]` : `${name}[${JSON.stringify(key)}]`));
}

/** One raw answer per question from parsed JSON (`null` skips one). `name` labels the value in errors. */
export function answersFromData(data: unknown, questions: Question[], name: string): (RawAnswer | undefined)[] {
	const entries = arrangeByQuestion(data, questions, name);
	const paths = entryPaths(data, questions, name);
	return entries.map((value, i) => asRaw(value, paths[i] ?? name));
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
	const paths = entryPaths(answers, questions, "answers");
	const noteEntries = notes === undefined ? [] : arrangeByQuestion(notes, questions, "notes", "note");
	const notePaths = entryPaths(notes, questions, "notes");
	return questions.map((question, i) => {
		const path = paths[i] ?? "answers";
		let value = entries[i];
		let note: unknown = noteEntries[i];
		let notePath = notePaths[i] ?? "notes";
		if (isRecord(value)) {
			const extra = Object.keys(value).filter((key) => key !== "answer" && key !== "note");
			if (extra.length > 0) {
				throw new AskUserError(`${path} has unknown field ${JSON.stringify(extra[0])}; use { "answer", "note" }`);
			}
			if (value.note !== undefined && note !== undefined && note !== null) {
				throw new AskUserError(`${path}.note and ${notePath} both give a note for one question; give one`);
			}
			if (value.note !== undefined) {
				note = value.note;
				notePath = `${path}.note`;
			}
			value = value.answer;
		}
		if (note !== undefined && note !== null && typeof note !== "string") {
			throw new AskUserError(`${notePath} must be a string`);
		}
		const raw = asRaw(value, isRecord(entries[i]) ? `${path}.answer` : path);
		return raw === undefined ? undefined : givenFromData(question, raw, note ?? undefined);
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
