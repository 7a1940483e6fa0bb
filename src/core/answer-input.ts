/**
 * Answers given as data rather than through a dialog: the `--answers` flag (a JSON array in question order, or
 * an object keyed by question), the edited pending file and the structured RPC `answers` / `notes`. Keys go
 * through the one question-key matcher. The result is one entry per question (`undefined` = not answered); a
 * wrong shape, a key that names no or several questions, or two keys for one question is an error and nothing
 * is consumed.
 */
import { type AnsweredOutcome, answeredOutcome, type GivenAnswer, givenFromData } from "./answers.js";
import { type AttachedImage, IMAGE_LIMITS, type ImageCheck, imagesFromData, isImagePathList } from "./images.js";
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

/**
 * Reads an image a person named by path (`--answers`, an edited pending file): relative to the project folder,
 * checked by content and size. Injected: the pure parts never touch the disk.
 */
export type ImageReader = (path: string) => ImageCheck;

/** Answers given as data, and the image files each names (`{ "answer": …, "images": ["shot.png"] }`). */
export interface AnswersWithImages {
	raw: (RawAnswer | undefined)[];
	imagePaths: (string[] | undefined)[];
}

/** `value`'s image paths when it is `{ "answer", "images" }`; the answer itself otherwise. */
function splitImages(value: unknown, path: string): { value: unknown; imagePaths?: string[] } {
	if (!isRecord(value) || Array.isArray(value) || !("answer" in value || "images" in value)) return { value };
	const extra = Object.keys(value).filter((key) => key !== "answer" && key !== "images");
	if (extra.length > 0) {
		throw new AskUserError(`${path} has unknown field ${JSON.stringify(extra[0])}; use { "answer", "images" }`);
	}
	const { answer, images } = value;
	if (images === undefined || images === null) return { value: answer };
	if (!isImagePathList(images)) {
		throw new AskUserError(`${path}.images must be a list of image file paths, e.g. ["shot.png"]`);
	}
	return { value: answer ?? "", imagePaths: images };
}

/**
 * Reads the named images; an image that cannot be attached is an error naming it, and nothing is consumed. `refused`
 * says so: the caller passes its run's words (the core has none of its own).
 */
export function readNamedImages(
	imagePaths: readonly (readonly string[] | undefined)[],
	readImage: ImageReader | undefined,
	where: string,
	refused = (where: string, reason: string) => `${where}: ${reason}; nothing was sent`,
): (AttachedImage[] | undefined)[] {
	const count = imagePaths.reduce((n, paths) => n + (paths?.length ?? 0), 0);
	if (count === 0) return imagePaths.map(() => undefined);
	if (!readImage) throw new AskUserError(`${where} names images, but images cannot be read from there`);
	if (count > IMAGE_LIMITS.imagesPerAsk) {
		throw new AskUserError(
			`${where} names ${count} images; one set of answers takes at most ${IMAGE_LIMITS.imagesPerAsk}`,
		);
	}
	return imagePaths.map((paths) =>
		paths?.map((path) => {
			const checked = readImage(path);
			if (!checked.ok) throw new AskUserError(refused(where, checked.reason));
			return checked.image;
		}),
	);
}

/**
 * Print mode's `--answers` example stands "…" for an answer only the person can give; pasted unchanged it would
 * answer "…" without a word. An answer that is only that placeholder is refused, naming where it is.
 */
function refusePlaceholder(raw: RawAnswer | undefined, where: string): RawAnswer | undefined {
	const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
	if (values.some((value) => value.trim() === "…" || value.trim() === "...")) {
		throw new AskUserError(
			`${where} is "…", the example's placeholder: write your answer in its place (null skips the question); nothing was sent`,
		);
	}
	return raw;
}

/** Text compared for closeness: lower case, letters and digits only. */
function foldText(text: string): string {
	return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

function digits(text: string): string {
	return text.replace(/\D/g, "");
}

/** Edits (insert, delete, replace) between two short texts, or `limit + 1` once more are needed. */
function editDistance(a: string, b: string, limit: number): number {
	if (Math.abs(a.length - b.length) > limit) return limit + 1;
	let row = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const next = [i];
		for (let j = 1; j <= b.length; j++) {
			next[j] = Math.min(
				(row[j] ?? 0) + 1,
				(next[j - 1] ?? 0) + 1,
				(row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
			);
		}
		if (Math.min(...next) > limit) return limit + 1;
		row = next;
	}
	return row[b.length] ?? limit + 1;
}

/**
 * Whether typed text reads as an option's label written loosely: the label without its remark ("PostgreSQL" for
 * "PostgreSQL (Recommended)", "Auth" for "Auth, with SSO"), most of its start ("postgres"), or a typo of it
 * ("SQLte"). A different number is a different answer ("Node 18" is no "Node 20"), and a sentence is the person's own.
 */
function isCloseTo(typed: string, label: string): boolean {
	const mine = foldText(typed);
	if (mine.length < 3) return false;
	const core = foldText(label.split(/\s*(?:\(|,|:|\s[-–—]\s)/)[0] ?? label);
	if (digits(core) !== "" && digits(mine) !== digits(core)) return false;
	if (mine === core) return true;
	if (mine.length >= 4 && core.startsWith(mine) && mine.length * 2 >= core.length) return true;
	const limit = mine.length >= 8 ? 2 : mine.length >= 4 ? 1 : 0;
	return [core, foldText(label)].some((target) => editDistance(mine, target, limit) <= limit);
}

/**
 * A typed answer close to an option's label is refused with that label (`did you mean "PostgreSQL (Recommended)"?`):
 * taken as typed text, it would reach the model as the person's own words although they meant the option. Nothing is
 * invented: the person gives the label (or other words) again.
 */
function refuseNearMiss(question: Question, raw: RawAnswer | undefined, where: string): void {
	if (raw === undefined || !question.options?.length) return;
	for (const typed of givenFromData(question, raw).typed) {
		const close = question.options.filter((option) => isCloseTo(typed, option.label)).map((option) => option.label);
		if (close.length === 0) continue;
		const labels = close
			.slice(0, 3)
			.map((label) => `"${label}"`)
			.join(" or ");
		throw new AskUserError(
			`${where} "${typed.trim()}" is no option: did you mean ${labels}? Give the option's label exactly to choose it; nothing was sent`,
		);
	}
}

/** Parses the text of `--answers` against the questions it answers. */
export function parseAnswersText(text: string, questions: Question[]): (RawAnswer | undefined)[] {
	return parseAnswersInput(text, questions).raw;
}

/**
 * The text of `--answers` with the image files its entries name: an entry may be `{ "answer": "…", "images":
 * ["shot.png"] }`.
 */
export function parseAnswersInput(text: string, questions: Question[]): AnswersWithImages {
	const parsed = parseAnswersShape(text, questions);
	parsed.raw.forEach((raw, i) => {
		const where = questions.length === 1 ? "--answers" : `--answers[${i}]`;
		refusePlaceholder(raw, where);
		const question = questions[i];
		if (question !== undefined) refuseNearMiss(question, raw, where);
	});
	return parsed;
}

function parseAnswersShape(text: string, questions: Question[]): AnswersWithImages {
	const none = (raw: (RawAnswer | undefined)[]): AnswersWithImages => ({ raw, imagePaths: raw.map(() => undefined) });
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		if (questions.length === 1 && text.trim() !== "") return none([text]);
		throw new AskUserError(
			`--answers is not valid JSON; pass a JSON array with one answer per question, e.g. --answers '["PostgreSQL", "order-processor"]'`,
		);
	}
	if (questions.length === 1 && (typeof data === "string" || typeof data === "number" || typeof data === "boolean")) {
		return none([String(data)]);
	}
	const lone = questions.length === 1 ? questions[0] : undefined;
	if (lone?.multiSelect && Array.isArray(data) && data.length > 1 && data.every((item) => typeof item === "string")) {
		// `--answers '["Auth", "Admin"]'` for a lone multi-select question: its choices, not one answer each.
		return none([data as string[]]);
	}
	if (questions.length === 1 && isRecord(data) && "answer" in data && !Array.isArray(data)) {
		// `--answers '{"answer": "…", "images": ["shot.png"]}'` for a lone question.
		const entry = splitImages(data, "--answers");
		return { raw: [asRaw(entry.value, "--answers.answer")], imagePaths: [entry.imagePaths] };
	}
	const entries = arrangeByQuestion(data, questions, "--answers").map(({ value, path }) => {
		const entry = splitImages(value, path);
		return { raw: asRaw(entry.value, path), imagePaths: entry.imagePaths };
	});
	return { raw: entries.map((e) => e.raw), imagePaths: entries.map((e) => e.imagePaths) };
}

/**
 * The outcome of `--answers` for these questions, with the images its entries name read by `readImage`;
 * `undefined` when not one question is answered. A wrong shape or an image that cannot be attached throws.
 */
export function outcomeFromAnswersText(
	text: string,
	questions: Question[],
	readImage: ImageReader | undefined,
): AnsweredOutcome | undefined {
	const { raw, imagePaths } = parseAnswersInput(text, questions);
	return outcomeFromRawAnswers(questions, raw, readNamedImages(imagePaths, readImage, "--answers"));
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

/** A note given as data: a string, or nothing (`null` or absent). */
function asNote(value: unknown, path: string): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "string") throw new AskUserError(`${path} must be a string`);
	return value;
}

/**
 * Images a structured client sent with one answer, each checked (core/images.ts); a bad one is an error. `taken`:
 * images already read for earlier answers (the cap is per ask).
 */
function structuredImages(value: unknown, path: string, acceptsImages: boolean, taken: number): AttachedImage[] {
	if (value === undefined || value === null) return [];
	if (!acceptsImages) throw new AskUserError(`${path}: this ask does not take images (acceptsImages was not set)`);
	const read = imagesFromData(value, taken, (n) => `image-${n + 1}`);
	if (read.ok) return read.images;
	switch (read.kind) {
		case "not-a-list":
			throw new AskUserError(`${path} must be a list of { "mimeType", "data" }`);
		case "image":
			throw new AskUserError(`${path}[${read.index}]: ${read.reason}`);
		case "too-many":
			throw new AskUserError(`${path}: ${read.reason}`);
	}
}

/**
 * What a structured client gave: `answers` (each entry a string, an array of strings, or `{ "answer", "note",
 * "images" }` — images only when the request said `acceptsImages`) and optional `notes` (same arrangement,
 * strings). Entries are data (see `givenFromData`).
 */
export function givenFromStructured(
	answers: unknown,
	notes: unknown,
	questions: readonly Question[],
	acceptsImages = false,
): (GivenAnswer | undefined)[] {
	const entries = arrangeByQuestion(answers, questions, "answers");
	const noteEntries = notes === undefined ? [] : arrangeByQuestion(notes, questions, "notes", "note");
	let taken = 0;
	return questions.map((question, i) => {
		const entry = entries[i] ?? { value: undefined, path: "answers" };
		const listed = noteEntries[i];
		let note = listed === undefined ? undefined : asNote(listed.value, listed.path);
		let { value, path } = entry;
		let images: AttachedImage[] = [];
		if (isRecord(value)) {
			const extra = Object.keys(value).filter((key) => key !== "answer" && key !== "note" && key !== "images");
			if (extra.length > 0) {
				throw new AskUserError(
					`${path} has unknown field ${JSON.stringify(extra[0])}; use { "answer", "note", "images" }`,
				);
			}
			const own = asNote(value.note, `${path}.note`);
			if (own !== undefined && note !== undefined) {
				throw new AskUserError(`${path}.note and ${listed?.path} both give a note for one question; give one`);
			}
			note ??= own;
			images = structuredImages(value.images, `${path}.images`, acceptsImages, taken);
			taken += images.length;
			value = value.answer ?? (images.length > 0 ? "" : undefined);
			path = `${path}.answer`;
		}
		const raw = asRaw(value, path);
		if (raw === undefined) return undefined;
		const answer = givenFromData(question, raw, note);
		return images.length > 0 ? { ...answer, images } : answer;
	});
}

/** The answered outcome for answers given as data that ended an ask, also when every question was skipped. */
function answeredOutcomeFromData(
	questions: readonly Question[],
	raw: readonly (RawAnswer | undefined)[],
	images: readonly (readonly AttachedImage[] | undefined)[] = [],
): AnsweredOutcome {
	return answeredOutcome(
		questions,
		questions.map((question, i) => {
			const value = raw[i];
			const attached = images[i];
			if (value === undefined) return attached?.length ? { chosen: [], typed: [], images: attached } : undefined;
			const given = givenFromData(question, value);
			return attached?.length ? { ...given, images: attached } : given;
		}),
	);
}

/**
 * Builds the outcome for answers given as data (with the images each names, already read); `undefined` when not
 * one question was answered.
 */
export function outcomeFromRawAnswers(
	questions: readonly Question[],
	raw: readonly (RawAnswer | undefined)[],
	images: readonly (readonly AttachedImage[] | undefined)[] = [],
): AnsweredOutcome | undefined {
	const outcome = answeredOutcomeFromData(questions, raw, images);
	return outcome.answers.length > 0 ? outcome : undefined;
}
