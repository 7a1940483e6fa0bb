/**
 * An MCP `ask_user` call read into this product's request, pure. The arguments go through the same normaliser and
 * validation as a pi model's call (every dialect, errors naming the key as the client wrote it); what only the MCP
 * ask_user tool has — a question's `type` and `required`, the dialog `title`, the `timeout` in milliseconds — is
 * read here, beside them, from the same arguments.
 */
import { isRecord } from "../core/json.js";
import { normalizeCall } from "../core/normalize.js";
import { foldKey } from "../core/question-keys.js";
import { sanitizeLine } from "../core/text.js";
import type { AskRequest, Question } from "../core/types.js";
import { AskUserError, validateRequest } from "../core/validate.js";

/** The MCP ask_user tool's question types; each question has one, given or read from its shape. */
export type QuestionKind = "text" | "select" | "multi-select" | "confirm";

const KINDS: readonly QuestionKind[] = ["text", "select", "multi-select", "confirm"];

/** The MCP ask_user tool's time limits, in milliseconds: 10 s to 30 min, 5 min unless the call says otherwise. */
const TIMEOUT_LIMITS = { min: 10_000, max: 1_800_000, default: 300_000 } as const;
const TITLE_MAX_CHARS = 100;

export interface McpAsk {
	request: AskRequest;
	/** Per question, in order. */
	kinds: QuestionKind[];
	/** Per question: the MCP tool's `required` (true unless the call says false). */
	required: boolean[];
	/** Per question: its `id`, or `q_<n>` (the MCP tool generates an id for a question without one). */
	questionIds: string[];
	title?: string;
	timeoutMs: number;
	/** Return at once with an askId; the answer is fetched with `ask_user_wait`. */
	background: boolean;
}

function describe(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** The MCP tool's own per-question fields, where the call gives its questions as a `questions` list. */
function rawQuestions(raw: unknown): unknown[] {
	return isRecord(raw) && Array.isArray(raw.questions) ? raw.questions : [];
}

/** The normaliser's yes/no words (folded): such a question is a confirm, as the normaliser gave it Yes and No. */
const YES_NO_WORDS = new Set(["confirm", "confirmation", "yesno", "boolean", "bool", "truefalse"]);

/**
 * The MCP tool's four types are taken as they are; any other word the normaliser reads (a yes/no, a multi-select
 * kind) or ignores leaves the kind to the question's folded shape, as pi's own `ask_user` reads it.
 */
function kindOf(raw: unknown, question: Question, index: number): QuestionKind {
	const given = isRecord(raw) ? raw.type : undefined;
	if (given !== undefined && given !== null && typeof given !== "string") {
		throw new AskUserError(
			`questions[${index}].type must be one of ${KINDS.map((k) => `"${k}"`).join(", ")}, got ${describe(given)}`,
		);
	}
	const folded = given?.toLowerCase().replace(/[^a-z0-9]/g, "");
	const known = KINDS.find((kind) => kind.replace("-", "") === folded);
	if ((known === "select" || known === "multi-select") && !question.options?.length) {
		throw new AskUserError(`questions[${index}].options is missing; a "${known}" question needs options`);
	}
	if (known !== undefined) return known;
	if (folded !== undefined && YES_NO_WORDS.has(folded)) return "confirm";
	if (question.options?.length) return question.multiSelect ? "multi-select" : "select";
	return "text";
}

function requiredOf(raw: unknown, index: number): boolean {
	const given = isRecord(raw) ? raw.required : undefined;
	if (given === undefined || given === null) return true;
	if (typeof given !== "boolean") {
		throw new AskUserError(`questions[${index}].required must be true or false, got ${describe(given)}`);
	}
	return given;
}

function timeoutOf(raw: unknown): number {
	const given = isRecord(raw) ? raw.timeout : undefined;
	if (given === undefined || given === null) return TIMEOUT_LIMITS.default;
	if (typeof given !== "number" || !Number.isInteger(given)) {
		throw new AskUserError(`timeout must be a whole number of milliseconds, got ${describe(given)}`);
	}
	if (given < TIMEOUT_LIMITS.min || given > TIMEOUT_LIMITS.max) {
		throw new AskUserError(
			`timeout is ${given} ms; it must be from ${TIMEOUT_LIMITS.min} (10 s) to ${TIMEOUT_LIMITS.max} (30 min)`,
		);
	}
	return given;
}

function titleOf(raw: unknown): string | undefined {
	const given = isRecord(raw) ? raw.title : undefined;
	if (given === undefined || given === null) return undefined;
	if (typeof given !== "string") throw new AskUserError(`title must be a string, got ${describe(given)}`);
	const title = sanitizeLine(given).trim();
	if (title.length > TITLE_MAX_CHARS) {
		throw new AskUserError(`title is ${title.length} characters; the limit is ${TITLE_MAX_CHARS}. Shorten it`);
	}
	return title === "" ? undefined : title;
}

/**
 * Each question's id: its own, or `q_<n>` after its place — the next free number when the call gave that id to
 * another question, so that no two answers name the same question.
 */
function generatedIds(questions: readonly Question[]): string[] {
	const taken = new Set(questions.flatMap((question) => (question.id === undefined ? [] : [foldKey(question.id)])));
	return questions.map((question, i) => {
		if (question.id !== undefined) return question.id;
		let n = i + 1;
		while (taken.has(foldKey(`q_${n}`))) n += 1;
		taken.add(foldKey(`q_${n}`));
		return `q_${n}`;
	});
}

/** Reads a call's arguments; throws `AskUserError` naming the key and the fix. */
export function readMcpAsk(raw: unknown): McpAsk {
	const { args, spelling } = normalizeCall(raw);
	const request = validateRequest(args, spelling);
	const given = rawQuestions(raw);
	// Only a call that lists its questions can give them types; other dialects' shapes decide the kind.
	const fromList = given.length === request.questions.length;
	const kinds = request.questions.map((question, i) => kindOf(fromList ? given[i] : undefined, question, i));
	const required = request.questions.map((_, i) => requiredOf(fromList ? given[i] : undefined, i));
	const questionIds = generatedIds(request.questions);
	const ask: McpAsk = {
		request,
		kinds,
		required,
		questionIds,
		timeoutMs: timeoutOf(raw),
		background: request.background === true,
	};
	const title = titleOf(raw);
	if (title !== undefined) ask.title = title;
	return ask;
}

/** An `ask_user_wait` call: the ask's id and, optionally, how long to wait (capped by the caller). */
export function readWaitCall(raw: unknown): { askId: string; maxWaitMs?: number } {
	if (!isRecord(raw)) throw new AskUserError(`ask_user_wait arguments must be an object, got ${describe(raw)}`);
	const { askId, waitSeconds } = raw;
	if (typeof askId !== "string" || askId.trim() === "") {
		throw new AskUserError(
			`askId is ${askId === undefined ? "missing" : describe(askId)}; pass the askId ask_user returned`,
		);
	}
	if (waitSeconds === undefined || waitSeconds === null) return { askId: askId.trim() };
	if (typeof waitSeconds !== "number" || !Number.isFinite(waitSeconds) || waitSeconds < 0 || waitSeconds > 1800) {
		throw new AskUserError(`waitSeconds must be a number from 0 to 1800, got ${JSON.stringify(waitSeconds)}`);
	}
	return { askId: askId.trim(), maxWaitMs: Math.round(waitSeconds * 1000) };
}
