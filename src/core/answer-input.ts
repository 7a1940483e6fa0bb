/**
 * Answers given as data rather than through a dialog: the `--answers` flag (a JSON array in question
 * order, or an object keyed by question text or header) and the edited pending file. The result is one
 * entry per question (`undefined` = not answered); a wrong shape is an error and nothing is consumed.
 */
import { toAnswer } from "./answers.js";
import { isRecord } from "./json.js";
import type { AskOutcome, Question, RawAnswer } from "./types.js";
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
 * One raw answer per question from parsed JSON: an array in question order (`null` skips one), or an object
 * keyed by question text or (unambiguous) header, case-insensitively. `name` labels the value in errors.
 */
export function answersFromData(data: unknown, questions: Question[], name: string): (RawAnswer | undefined)[] {
	if (Array.isArray(data)) {
		if (data.length !== questions.length) {
			throw new AskUserError(
				`${name} has ${data.length} answer${data.length === 1 ? "" : "s"} but ${questions.length} question${questions.length === 1 ? " was" : "s were"} asked; give one per question, in order (null to skip one)`,
			);
		}
		return data.map((value, i) => asRaw(value, `${name}[${i}]`));
	}
	if (isRecord(data)) {
		const answers: (RawAnswer | undefined)[] = questions.map(() => undefined);
		for (const [key, value] of Object.entries(data)) {
			const wanted = key.trim().toLowerCase();
			let index = questions.findIndex((q) => q.question.toLowerCase() === wanted);
			if (index < 0) {
				const byHeader = questions.flatMap((q, i) => (q.header?.toLowerCase() === wanted ? [i] : []));
				if (byHeader.length > 1) {
					throw new AskUserError(
						`${name} key ${JSON.stringify(key)} is the header of several questions; use the question text`,
					);
				}
				index = byHeader[0] ?? -1;
			}
			if (index < 0) {
				const known = questions.map((q) => JSON.stringify(q.header ?? q.question)).join(", ");
				throw new AskUserError(`${name} key ${JSON.stringify(key)} matches no question; use one of ${known}`);
			}
			answers[index] = asRaw(value, `${name}[${JSON.stringify(key)}]`);
		}
		return answers;
	}
	throw new AskUserError(`${name} must be a JSON array (one answer per question) or an object keyed by question`);
}

/** Builds the outcome for answers given as data; `undefined` when not one question was answered. */
export function outcomeFromRawAnswers(
	questions: readonly Question[],
	raw: readonly (RawAnswer | undefined)[],
): Extract<AskOutcome, { kind: "answered" }> | undefined {
	const answers = [];
	const unanswered: string[] = [];
	for (const [i, question] of questions.entries()) {
		const value = raw[i];
		const answer = value === undefined ? undefined : toAnswer(question, value);
		if (answer) answers.push(answer);
		else unanswered.push(question.question);
	}
	if (answers.length === 0) return undefined;
	return unanswered.length > 0 ? { kind: "answered", answers, unanswered } : { kind: "answered", answers };
}

/** The answered outcome for a dialog that ended with Submit, also when every question was skipped. */
export function answeredOutcome(
	questions: readonly Question[],
	raw: readonly (RawAnswer | undefined)[],
): Extract<AskOutcome, { kind: "answered" }> {
	return (
		outcomeFromRawAnswers(questions, raw) ?? {
			kind: "answered",
			answers: [],
			unanswered: questions.map((q) => q.question),
		}
	);
}
