/**
 * Validation of a normalised request: either a canonical, sanitised `AskRequest` or an `AskUserError`
 * whose message names the path and the fix, so the model can correct its call.
 */

import { toolMarkupTag } from "./dialect-text.js";
import { isRecord } from "./json.js";
import { LIMITS } from "./limits.js";
import { foldKey } from "./question-keys.js";
import { sanitizeLine, sanitizeText } from "./text.js";
import type { AskRequest, Question, QuestionOption } from "./types.js";

export class AskUserError extends Error {
	override name = "AskUserError";
}

function describe(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * The model's own "Other" row, which the built-in "Other (type your answer)" row already is: "Other" itself,
 * or "Other" followed by a parenthesis, colon or dash ("Other (please specify)"). "Other vendor" and the
 * hyphenated word "Other-worldly" are options.
 */
const RESERVED_OTHER = /^other\s*(?:[.…!?]*|[(:–—].*|-(?:\s.*)?)$/is;

export function isReservedOtherLabel(label: string): boolean {
	return RESERVED_OTHER.test(label.trim());
}

/**
 * A key that reads as a multi-select flag (`multiSelectMode`, `allow_multi`): normalisation passes on the ones it
 * does not understand, and validation refuses them by name, since dropping one would make the question single-select.
 * `multiline` (a text field's size) is no such flag.
 */
export function looksLikeMultiSelectFlag(key: string): boolean {
	const name = key.toLowerCase().replace(/[^a-z0-9]/g, "");
	return name !== "multiselect" && /multi(?!line)|selectmany|checkbox/.test(name);
}

/**
 * Where each renamed or moved piece came from: a canonical path (`questions[0].options[2].label`) → the path
 * in the model's own arguments (`question_list[0].follow_up[3].text`). A path missing here is spelled like its
 * nearest listed ancestor plus the rest; the empty string is the arguments themselves.
 */
export type Spelling = ReadonlyMap<string, string>;

/** A canonical path as the model wrote it (see `Spelling`). */
type PathName = (path: string) => string;

function spelledPath(path: string, spelling: Spelling): string {
	let canonical = "";
	let spelled = "";
	for (const [step] of path.matchAll(/\[\d+\]|\.?[^.[]+/g)) {
		canonical += step;
		spelled = spelling.get(canonical) ?? (spelled === "" ? step.replace(/^\./, "") : spelled + step);
	}
	return spelled === "" ? "the arguments" : spelled;
}

function text(
	value: unknown,
	canonicalPath: string,
	name: PathName,
	max: number,
	oneLine: boolean,
	required: boolean,
): string | undefined {
	// Named only for an error: spelling a path out is most of the work on a valid field.
	const path = () => name(canonicalPath);
	if (value === undefined || value === null) {
		if (required) throw new AskUserError(`${path()} is missing; give it a non-empty string`);
		return undefined;
	}
	if (typeof value !== "string") throw new AskUserError(`${path()} must be a string, got ${describe(value)}`);
	const clean = (oneLine ? sanitizeLine(value) : sanitizeText(value)).trim();
	if (clean.length > max) {
		throw new AskUserError(`${path()} is ${clean.length} characters; the limit is ${max}. Shorten it`);
	}
	if (clean === "") {
		if (required) throw new AskUserError(`${path()} is empty; give it a non-empty string`);
		return undefined;
	}
	// A tool call written as text, left in a string normalisation could not read: never shown to the person as words.
	if (oneLine || required) refuseToolMarkup(clean, path);
	return clean;
}

function refuseToolMarkup(clean: string, path: () => string): void {
	const tag = toolMarkupTag(clean);
	if (tag === undefined) return;
	throw new AskUserError(
		`${path()} holds tool-call markup (${tag}); give the text alone, and the options as a list in "options"`,
	);
}

function validateOption(raw: unknown, path: string, name: PathName): QuestionOption {
	if (!isRecord(raw)) {
		throw new AskUserError(`${name(path)} must be an object like { "label": "…" }, got ${describe(raw)}`);
	}
	const label = text(raw.label, `${path}.label`, name, LIMITS.labelChars, true, true) as string;
	if (isReservedOtherLabel(label)) {
		throw new AskUserError(
			`${name(`${path}.label`)} "${label}" collides with the built-in "Other" choice; remove it (the user can always type their own answer)`,
		);
	}
	const option: QuestionOption = { label };
	const description = text(raw.description, `${path}.description`, name, LIMITS.descriptionChars, false, false);
	if (description !== undefined) option.description = description;
	const preview = text(raw.preview, `${path}.preview`, name, LIMITS.previewChars, false, false);
	if (preview !== undefined) option.preview = preview;
	return option;
}

/** The fields a canonical question may have. */
const QUESTION_FIELDS = new Set(["question", "header", "options", "multiSelect", "placeholder", "context", "id"]);

/**
 * A non-empty list under a key that is no field of a question: options under a name normalisation does not know,
 * or a second list beside the options. Dropping it would silently turn the question into free text.
 */
function refuseStrayList(raw: Record<string, unknown>, path: string, name: PathName): void {
	for (const key of Object.keys(raw)) {
		const value = raw[key];
		if (QUESTION_FIELDS.has(key) || !Array.isArray(value) || value.length === 0) continue;
		const where = name(`${path}.${key}`);
		throw new AskUserError(
			raw.options === undefined || raw.options === null
				? `${where}: a list next to the question; options go in "options"`
				: `${where}: a second list next to ${name(`${path}.options`)}; give the options once, in "options"`,
		);
	}
}

/**
 * Question text that is missing or blank may be under a key of the model's own (`ask`, `query`): the error names
 * those keys, so that the model sees where its text went.
 */
function refuseMisplacedText(raw: Record<string, unknown>, path: string, name: PathName): void {
	const given = raw.question;
	const blank =
		given === undefined || given === null || (typeof given === "string" && sanitizeLine(given).trim() === "");
	if (!blank) return;
	const elsewhere = Object.keys(raw).filter((key) => {
		const value = raw[key];
		return !QUESTION_FIELDS.has(key) && typeof value === "string" && sanitizeLine(value).trim() !== "";
	});
	if (elsewhere.length === 0) return;
	const keys = elsewhere.map((key) => name(`${path}.${key}`));
	const which = keys.length === 1 ? keys[0] : `one of ${keys.join(", ")}`;
	const problem = typeof given === "string" ? "is empty" : "is missing";
	throw new AskUserError(`${name(`${path}.question`)} ${problem}; if ${which} is the question, put it in "question"`);
}

/** A multi-select flag normalisation could not read: refused by name, never dropped. */
function refuseStrayFlag(raw: Record<string, unknown>, path: string, name: PathName): void {
	for (const key of Object.keys(raw)) {
		if (QUESTION_FIELDS.has(key) || !looksLikeMultiSelectFlag(key)) continue;
		throw new AskUserError(
			`${name(`${path}.${key}`)} is not understood; to allow several answers, give "multiSelect": true`,
		);
	}
}

function validateQuestion(raw: unknown, path: string, name: PathName): Question {
	if (!isRecord(raw)) {
		throw new AskUserError(`${name(path)} must be an object like { "question": "…" }, got ${describe(raw)}`);
	}
	refuseMisplacedText(raw, path, name);
	refuseStrayFlag(raw, path, name);
	const question: Question = {
		question: text(raw.question, `${path}.question`, name, LIMITS.questionChars, false, true) as string,
	};
	refuseStrayList(raw, path, name);
	const header = text(raw.header, `${path}.header`, name, LIMITS.headerChars, true, false);
	// A header that repeats the question says nothing; normalisation drops it too, so a second pass agrees.
	if (header !== undefined && header !== question.question) question.header = header;
	if (raw.options !== undefined && raw.options !== null) {
		if (!Array.isArray(raw.options)) {
			throw new AskUserError(
				`${name(`${path}.options`)} must be an array of { "label": "…" }, got ${describe(raw.options)}`,
			);
		}
		if (raw.options.length > LIMITS.optionsPerQuestion) {
			throw new AskUserError(
				`${name(`${path}.options`)} has ${raw.options.length} entries; the limit is ${LIMITS.optionsPerQuestion}. Offer fewer options`,
			);
		}
		const seen = new Map<string, number>();
		const options = raw.options.map((option, i) => {
			const valid = validateOption(option, `${path}.options[${i}]`, name);
			const key = valid.label.toLowerCase();
			const first = seen.get(key);
			if (first !== undefined) {
				throw new AskUserError(
					`${name(`${path}.options[${i}].label`)} "${valid.label}" duplicates ${name(`${path}.options[${first}]`)}; option labels must be unique`,
				);
			}
			seen.set(key, i);
			return valid;
		});
		if (options.length > 0) question.options = options;
	}
	if (raw.multiSelect !== undefined && raw.multiSelect !== null) {
		if (typeof raw.multiSelect !== "boolean") {
			throw new AskUserError(`${name(`${path}.multiSelect`)} must be true or false, got ${describe(raw.multiSelect)}`);
		}
		if (raw.multiSelect) question.multiSelect = true;
	}
	const placeholder = text(raw.placeholder, `${path}.placeholder`, name, LIMITS.placeholderChars, true, false);
	if (placeholder !== undefined) question.placeholder = placeholder;
	const context = text(raw.context, `${path}.context`, name, LIMITS.contextChars, false, false);
	if (context !== undefined) question.context = context;
	const id = text(raw.id, `${path}.id`, name, LIMITS.idChars, true, false);
	if (id !== undefined) question.id = id;
	return question;
}

/**
 * Validates a request that `normalizeCall` has already folded into the canonical shape; errors name paths as
 * `spelling` says the model wrote them (none for a request that was canonical already, like a pending file's).
 */
export function validateRequest(raw: unknown, spelling: Spelling = new Map()): AskRequest {
	const name: PathName = (path) => spelledPath(path, spelling);
	if (!isRecord(raw))
		throw new AskUserError(`ask_user arguments must be an object with "questions", got ${describe(raw)}`);
	const list = raw.questions;
	if (list === undefined) {
		throw new AskUserError(
			`questions is missing; pass { "questions": [{ "question": "…", "options": [{ "label": "…" }] }] }`,
		);
	}
	if (!Array.isArray(list)) {
		throw new AskUserError(
			`${name("questions")} must be an array, got ${describe(list)}; pass a list of questions: [{ "question": "…" }]`,
		);
	}
	if (list.length === 0) throw new AskUserError(`${name("questions")} is empty; ask at least one question`);
	if (list.length > LIMITS.questions) {
		throw new AskUserError(
			`${name("questions")} has ${list.length} entries; the limit is ${LIMITS.questions}. Ask fewer per call`,
		);
	}
	const seen = new Map<string, number>();
	const seenIds = new Map<string, number>();
	const questions = list.map((q, i) => {
		const valid = validateQuestion(q, `questions[${i}]`, name);
		// As the question-key matcher compares them (case and runs of spaces ignored), so that no answer key is ambiguous.
		const key = foldKey(valid.question);
		const first = seen.get(key);
		if (first !== undefined) {
			throw new AskUserError(
				`${name(`questions[${i}].question`)} duplicates ${name(`questions[${first}]`)}; each question must be distinct`,
			);
		}
		seen.set(key, i);
		if (valid.id !== undefined) {
			const idKey = foldKey(valid.id);
			const firstWithId = seenIds.get(idKey);
			if (firstWithId !== undefined) {
				throw new AskUserError(
					`${name(`questions[${i}].id`)} "${valid.id}" duplicates ${name(`questions[${firstWithId}].id`)}; ids must be unique`,
				);
			}
			seenIds.set(idKey, i);
		}
		return valid;
	});
	const request: AskRequest = { questions };
	if (raw.metadata !== undefined && raw.metadata !== null) {
		if (!isRecord(raw.metadata)) throw new AskUserError(`metadata must be an object, got ${describe(raw.metadata)}`);
		let size: number;
		try {
			size = JSON.stringify(raw.metadata).length;
		} catch {
			throw new AskUserError("metadata must be plain JSON");
		}
		if (size > LIMITS.metadataChars) {
			throw new AskUserError(`metadata is ${size} characters of JSON; the limit is ${LIMITS.metadataChars}`);
		}
		request.metadata = raw.metadata;
	}
	if (raw.background !== undefined && raw.background !== null && raw.background !== false) {
		if (raw.background !== true)
			throw new AskUserError(`background must be true or false, got ${describe(raw.background)}`);
		request.background = true;
	}
	return request;
}
