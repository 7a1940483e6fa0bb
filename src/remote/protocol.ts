/**
 * The remote-answering wire protocol, both ends, pure: the `ask_user_question` event the agent sends, the
 * `hook.ask_user_answer` frame a backend sends back, the optional `ask_user_closed` event, and the mapping of
 * an answer frame to an `AskOutcome`. The base is the Whimmy / OpenClaw `AskUserQuestion` backend protocol
 * (described in docs/remote.md); the extensions (exact arrays, `{ answer, note }` values, the closed event,
 * per-question `context` and `id`) are backward compatible and advertised in every question frame's
 * `extensions`, so a backend knows it may use them.
 */
import { answeredOutcome, givenFromData } from "../core/answers.js";
import { type AttachedImage, IMAGE_LIMITS, imagesFromData } from "../core/images.js";
import { isRecord, parseJsonObject } from "../core/json.js";
import {
	describeKeyProblem,
	foldKey,
	type KeyedQuestion,
	questionName,
	valuesByQuestionKey,
} from "../core/question-keys.js";
import { sanitizeLine } from "../core/text.js";
import type { AskOutcome, AskRequest, Question, RawAnswer } from "../core/types.js";
import type { ClosedReason } from "./closed-reason.js";

const QUESTION_EVENT = "ask_user_question";
export const CLOSED_EVENT = "ask_user_closed";
const ANSWER_TYPE = "hook.ask_user_answer";
/** A backend that will not take a question (too many open, too large) says so; the agent then asks elsewhere. */
const REFUSED_TYPE = "hook.ask_user_refused";
const MAX_REFUSAL_CHARS = 300;
/** Frames larger than this are refused by the socket itself; answers are a few kilobytes at most. */
export const MAX_FRAME_BYTES = 1024 * 1024;
const MAX_QUESTION_ID_CHARS = 200;

/**
 * What this agent accepts beyond the base protocol; sent in every question frame. `answer-source`: an answer may say
 * where it came from (`ANSWER_SOURCES`), so that the terminal names the place.
 */
export const WIRE_EXTENSIONS = ["answer-arrays", "answer-notes", CLOSED_EVENT, "answer-source"] as const;
/**
 * Images in answers (`{ "answer": …, "images": [{ "name", "mimeType", "data" }] }`): listed in a question frame's
 * `extensions` only when the asking pi's model takes images and pi's settings do not block them.
 */
export const ANSWER_IMAGES_EXTENSION = "answer-images";
/** An answer frame may carry images: the frame cap plus the most images an ask takes, as base64. */
export const MAX_ANSWER_FRAME_BYTES =
	MAX_FRAME_BYTES + IMAGE_LIMITS.imagesPerAsk * (Math.ceil(IMAGE_LIMITS.bytesPerImage / 3) * 4 + 1024);

export { ANSWERED_ELSEWHERE, type ClosedReason } from "./closed-reason.js";

export interface WireOption {
	label: string;
	description: string;
	markdown?: string;
}

export interface WireQuestion {
	question: string;
	header: string;
	options: WireOption[];
	multiSelect: boolean;
	/** Beyond the base protocol: markdown shown with the question, when the model gave some. */
	context?: string;
	/** Beyond the base protocol: the model's own id for the question; a backend may key its answer by it. */
	id?: string;
}

export interface QuestionEventPayload {
	sessionKey: string;
	agentId: string;
	questionId: string;
	questions: WireQuestion[];
	/** Beyond the base protocol: what the agent also accepts (`WIRE_EXTENSIONS`); absent from a plain agent. */
	extensions?: string[];
	/** Beyond the base protocol: who asks, in the agent's own words (a child pi's task and folder); untrusted. */
	asker?: Asker;
}

/** How an agent describes itself to the person: what it was asked to do, and where it works. */
export interface Asker {
	task?: string;
	cwd?: string;
}

export interface QuestionFrame {
	type: "event";
	payload: { event: typeof QUESTION_EVENT; payload: QuestionEventPayload };
}

export interface QuestionIds {
	questionId: string;
	sessionKey: string;
	agentId: string;
}

export interface ClosedEventPayload extends QuestionIds {
	reason: ClosedReason;
}

export interface ClosedFrame {
	type: "event";
	payload: { event: typeof CLOSED_EVENT; payload: ClosedEventPayload };
}

/** One question's answer from a backend: what the person gave and, with the extension, their note. */
export interface RemoteAnswer {
	/** A string is the base protocol's (multi-select labels comma-separated); an array is exact, one per choice. */
	given: RawAnswer;
	note?: string;
	/** With `answer-images`: the images the person attached, checked (core/images.ts). */
	images?: AttachedImage[];
}

/** An image as a backend sends it: base64 bytes; the bytes, not `mimeType`, decide what it is. */
export interface WireImage {
	name?: string;
	mimeType?: string;
	data: string;
}

/** The value a backend sends for one question: the base protocol's string, or an extension's array or object. */
export type WireAnswerValue = string | string[] | { answer: string | string[]; note?: string; images?: WireImage[] };

/** What one inbound text frame turned out to be. */
/**
 * Beyond the base protocol, where a backend of this package says the answer came from: its web page, or the parent pi
 * answering a subagent. A backend of one's own says nothing, and is named as no place.
 */
const ANSWER_SOURCES = ["page", "parent"] as const;
export type AnswerSource = (typeof ANSWER_SOURCES)[number];

export type DecodedFrame =
	/** `note`: beyond the base protocol, the person's note on the whole set of answers; `source`: where it came from. */
	| {
			kind: "answer";
			questionId: string;
			answers: Record<string, RemoteAnswer | null>;
			note?: string;
			source?: AnswerSource;
	  }
	/** The backend will not take this question; `error` says why (untrusted text, one line, cut short). */
	| { kind: "refused"; questionId: string; error: string }
	/** A well-formed envelope of another type (pings, other hooks): not ours, ignored quietly. */
	| { kind: "other"; type: string }
	| { kind: "malformed"; reason: string };

/** The `ask_user_question` event for one ask. Optional fields become what the Go structs expect. */
export function encodeQuestion(
	request: AskRequest,
	ids: QuestionIds,
	asker?: Asker,
	acceptsImages = false,
): QuestionFrame {
	const questions = request.questions.map((question): WireQuestion => {
		const wire: WireQuestion = {
			question: question.question,
			header: question.header ?? "",
			options: (question.options ?? []).map((option): WireOption => {
				const wireOption: WireOption = { label: option.label, description: option.description ?? "" };
				if (option.preview !== undefined) wireOption.markdown = option.preview;
				return wireOption;
			}),
			multiSelect: question.multiSelect === true,
		};
		if (question.context !== undefined) wire.context = question.context;
		if (question.id !== undefined) wire.id = question.id;
		return wire;
	});
	return {
		type: "event",
		payload: {
			event: QUESTION_EVENT,
			payload: {
				sessionKey: ids.sessionKey,
				agentId: ids.agentId,
				questionId: ids.questionId,
				questions,
				extensions: acceptsImages ? [...WIRE_EXTENSIONS, ANSWER_IMAGES_EXTENSION] : [...WIRE_EXTENSIONS],
				...(asker ? { asker } : {}),
			},
		},
	};
}

/** The optional `ask_user_closed` event: the ask is over, for `reason`; backends that do not know it ignore it. */
export function encodeClosed(ids: QuestionIds, reason: ClosedReason): ClosedFrame {
	return { type: "event", payload: { event: CLOSED_EVENT, payload: { ...ids, reason } } };
}

function isStringArray(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((item) => typeof item === "string");
}

const VALUE_SHAPES = `${ANSWER_TYPE} answer values must be a string, an array of strings or { "answer": …, "note": "…", "images": […] }`;

/** One question's value; `{ error }` = not a value this protocol knows, or an image that cannot be taken. */
function decodeAnswerValue(value: unknown): RemoteAnswer | null | { error: string } {
	if (value === null) return null;
	if (typeof value === "string") return { given: value };
	if (typeof value === "number" || typeof value === "boolean") return { given: String(value) };
	if (isStringArray(value)) return { given: value };
	if (!isRecord(value)) return { error: VALUE_SHAPES };
	const { answer, note, images } = value;
	if (note !== undefined && note !== null && typeof note !== "string") return { error: VALUE_SHAPES };
	if (answer === null && images === undefined) return null;
	if (typeof answer !== "string" && !isStringArray(answer)) return { error: VALUE_SHAPES };
	const decoded: RemoteAnswer = typeof note === "string" ? { given: answer, note } : { given: answer };
	// The cap is the whole frame's, counted by decodeAnswer.
	const read = imagesFromData(images, undefined, (n) => `image-${n + 1}`);
	if (!read.ok) return { error: `${ANSWER_TYPE} image refused: ${read.reason}` };
	return read.images.length > 0 ? { ...decoded, images: read.images } : decoded;
}

/** Parses one inbound text frame on the agent's side; never throws. */
export function decodeAnswer(text: string): DecodedFrame {
	const parsed = parseJsonObject(text);
	if (!parsed.ok) return { kind: "malformed", reason: parsed.reason };
	const data = parsed.value;
	if (typeof data.type !== "string") return { kind: "malformed", reason: "no string `type`" };
	if (data.type === REFUSED_TYPE && isRecord(data.payload) && typeof data.payload.questionId === "string") {
		const error = typeof data.payload.error === "string" ? data.payload.error : "";
		return {
			kind: "refused",
			questionId: data.payload.questionId,
			error: sanitizeLine(error).slice(0, MAX_REFUSAL_CHARS) || "no reason given",
		};
	}
	if (data.type !== ANSWER_TYPE) return { kind: "other", type: data.type };
	const payload = data.payload;
	if (!isRecord(payload)) return { kind: "malformed", reason: `${ANSWER_TYPE} without an object payload` };
	const { questionId, answers } = payload;
	if (typeof questionId !== "string" || questionId === "" || questionId.length > MAX_QUESTION_ID_CHARS) {
		return { kind: "malformed", reason: `${ANSWER_TYPE} without a valid questionId` };
	}
	if (!isRecord(answers)) return { kind: "malformed", reason: `${ANSWER_TYPE} without an answers object` };
	// No prototype: a backend's "__proto__" or "constructor" key must stay plain data.
	const decoded: Record<string, RemoteAnswer | null> = Object.create(null);
	let images = 0;
	for (const [key, value] of Object.entries(answers)) {
		const answer = decodeAnswerValue(value);
		if (answer !== null && "error" in answer) return { kind: "malformed", reason: answer.error };
		images += answer?.images?.length ?? 0;
		decoded[key] = answer;
	}
	if (images > IMAGE_LIMITS.imagesPerAsk) {
		return {
			kind: "malformed",
			reason: `${ANSWER_TYPE} with ${images} images; an ask takes at most ${IMAGE_LIMITS.imagesPerAsk}`,
		};
	}
	const note = typeof payload.note === "string" ? { note: payload.note } : {};
	const source = ANSWER_SOURCES.find((known) => known === payload.source);
	return { kind: "answer", questionId, answers: decoded, ...note, ...(source ? { source } : {}) };
}

/** A batch as a warning names it: its first question, and how many more there are. */
export function nameQuestions(questions: readonly Question[]): string {
	const first = questions[0];
	if (!first) return "(no questions)";
	return questions.length > 1 ? `${questionName(first)} (and ${questions.length - 1} more)` : questionName(first);
}

/** The answers matched to the questions they name, and a warning for every entry that was not used. */
export interface MatchedAnswers {
	perQuestion: (RemoteAnswer | undefined)[];
	/** Whether a key named each question (a `null` value names a question the person skipped). */
	named: boolean[];
	warnings: string[];
}

/**
 * The names a wire key may use for each question. The protocol keys answers by question text, so a text always
 * names its own question: a header or id that is also another question's text names nothing here (otherwise a
 * backend keying by the protocol's own key would lose that answer as ambiguous).
 */
function wireKeyNames(questions: readonly Question[]): KeyedQuestion[] {
	const texts = new Set(questions.map((question) => foldKey(question.question)));
	const unlessAText = (name: string | undefined): string | undefined =>
		name !== undefined && !texts.has(foldKey(name)) ? name : undefined;
	return questions.map((question) => {
		const names: KeyedQuestion = { question: question.question };
		const header = unlessAText(question.header);
		const id = unlessAText(question.id);
		if (header !== undefined) names.header = header;
		if (id !== undefined) names.id = id;
		return names;
	});
}

/**
 * Matches a backend's keys to questions through the one question-key matcher (question text, header or the
 * model's id; case and spacing aside), a question's text first (`wireKeyNames`). A key that names several
 * questions (a shared header), a key that names none, and two keys for one question are never a guess: those
 * entries are ignored, each with a warning.
 */
export function matchAnswers(
	questions: readonly Question[],
	answers: Readonly<Record<string, RemoteAnswer | null>>,
): MatchedAnswers {
	const { values, problems } = valuesByQuestionKey(wireKeyNames(questions), Object.entries(answers));
	return {
		perQuestion: values.map((value) => value ?? undefined),
		named: values.map((value) => value !== undefined),
		warnings: problems.map((problem) => `ignored ${describeKeyProblem(problem, questions, "the answer")}`),
	};
}

/**
 * The outcome for a backend's answers: `{}` is a dismissal (`cancelled`); otherwise every question gets its
 * answer through `toAnswer` (labels → selected options, other text → the person's words, control sequences
 * removed), with its note; questions without one are listed in `unanswered`.
 */
export function outcomeFromRemoteAnswers(
	questions: readonly Question[],
	perQuestion: readonly (RemoteAnswer | undefined)[],
	dismissed: boolean,
	note?: string,
): AskOutcome {
	if (dismissed) return { kind: "cancelled" };
	return answeredOutcome(
		questions,
		questions.map((question, i) => {
			const remote = perQuestion[i];
			if (!remote) return undefined;
			const given = givenFromData(question, remote.given, remote.note);
			return remote.images ? { ...given, images: remote.images } : given;
		}),
		note,
	);
}

/** The frame a backend sends when it will not take a question. */
export function encodeRefused(questionId: string, error: string): string {
	return JSON.stringify({ type: REFUSED_TYPE, payload: { questionId, error } });
}

/**
 * The `hook.ask_user_answer` frame a backend sends; `{}` dismisses, `null` names a question the person skipped, and
 * `note` (beyond the base protocol) is the person's note on the whole set.
 */
export function encodeAnswer(
	questionId: string,
	answers: Record<string, WireAnswerValue | null>,
	note?: string,
	source?: AnswerSource,
): string {
	return JSON.stringify({
		type: ANSWER_TYPE,
		payload: { questionId, answers, ...(note !== undefined ? { note } : {}), ...(source ? { source } : {}) },
	});
}

/** What one text frame from an agent turned out to be (the backend's side of the wire). */
export type AgentFrame =
	| { kind: "question"; payload: QuestionEventPayload }
	| { kind: "closed"; questionId: string; reason: string }
	| { kind: "other" }
	| { kind: "malformed"; reason: string };

const MAX_WIRE_QUESTIONS = 50;
const MAX_WIRE_OPTIONS = 1000;

function optionalString(value: unknown): value is string | undefined {
	return value === undefined || typeof value === "string";
}

function decodeWireOption(value: unknown): WireOption | undefined {
	if (!isRecord(value) || typeof value.label !== "string" || value.label.trim() === "") return undefined;
	if (!optionalString(value.description) || !optionalString(value.markdown)) return undefined;
	const option: WireOption = { label: value.label, description: value.description ?? "" };
	if (value.markdown !== undefined) option.markdown = value.markdown;
	return option;
}

function decodeWireQuestion(value: unknown): WireQuestion | undefined {
	if (!isRecord(value) || typeof value.question !== "string" || value.question.trim() === "") return undefined;
	if (!optionalString(value.header) || !optionalString(value.context) || !optionalString(value.id)) return undefined;
	const rawOptions = value.options ?? [];
	if (!Array.isArray(rawOptions) || rawOptions.length > MAX_WIRE_OPTIONS) return undefined;
	const options = rawOptions.map(decodeWireOption);
	if (options.some((option) => option === undefined)) return undefined;
	const question: WireQuestion = {
		question: value.question,
		header: value.header ?? "",
		options: options as WireOption[],
		multiSelect: value.multiSelect === true,
	};
	if (value.context !== undefined) question.context = value.context;
	if (value.id !== undefined) question.id = value.id;
	return question;
}

/** An agent's description of itself: its string fields, as given (whoever shows them cleans them). */
function decodeAsker(value: unknown): Asker | undefined {
	if (!isRecord(value)) return undefined;
	const asker: Asker = {};
	if (typeof value.task === "string") asker.task = value.task;
	if (typeof value.cwd === "string") asker.cwd = value.cwd;
	return asker;
}

/** Parses one text frame from an agent on the backend's side; never throws. Other events are not ours. */
export function decodeAgentFrame(text: string): AgentFrame {
	const parsed = parseJsonObject(text);
	if (!parsed.ok)
		return parsed.reason === "not JSON" ? { kind: "malformed", reason: parsed.reason } : { kind: "other" };
	const data = parsed.value;
	if (data.type !== "event" || !isRecord(data.payload)) return { kind: "other" };
	const { event, payload } = data.payload;
	if (event !== QUESTION_EVENT && event !== CLOSED_EVENT) return { kind: "other" };
	if (!isRecord(payload)) return { kind: "malformed", reason: `${event} without an object payload` };
	const { questionId } = payload;
	if (typeof questionId !== "string" || questionId === "" || questionId.length > MAX_QUESTION_ID_CHARS) {
		return { kind: "malformed", reason: `${event} without a valid questionId` };
	}
	if (event === CLOSED_EVENT) {
		return { kind: "closed", questionId, reason: typeof payload.reason === "string" ? payload.reason : "" };
	}
	if (!Array.isArray(payload.questions) || payload.questions.length === 0) {
		return { kind: "malformed", reason: `${QUESTION_EVENT} without questions` };
	}
	if (payload.questions.length > MAX_WIRE_QUESTIONS) {
		return { kind: "malformed", reason: `${QUESTION_EVENT} with more than ${MAX_WIRE_QUESTIONS} questions` };
	}
	const questions = payload.questions.map(decodeWireQuestion);
	if (questions.some((question) => question === undefined)) {
		return { kind: "malformed", reason: `${QUESTION_EVENT} with a question that has no text or a broken option` };
	}
	const extensions = Array.isArray(payload.extensions)
		? payload.extensions.filter((name): name is string => typeof name === "string")
		: [];
	const asker = decodeAsker(payload.asker);
	return {
		kind: "question",
		payload: {
			sessionKey: typeof payload.sessionKey === "string" ? payload.sessionKey : "",
			agentId: typeof payload.agentId === "string" ? payload.agentId : "",
			questionId,
			questions: questions as WireQuestion[],
			extensions,
			...(asker ? { asker } : {}),
		},
	};
}
