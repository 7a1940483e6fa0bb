/**
 * The remote-answering wire protocol (agent side), pure: the `ask_user_question` event frame we send and
 * the `hook.ask_user_answer` frame we accept, plus the mapping of an answer back to an `AskOutcome`.
 */
import { answeredOutcome } from "../core/answer-input.js";
import { isRecord } from "../core/json.js";
import type { AskOutcome, AskRequest, Question, RawAnswer } from "../core/types.js";

const QUESTION_EVENT = "ask_user_question";
const ANSWER_TYPE = "hook.ask_user_answer";
/** Frames larger than this are refused by the socket itself; answers are a few kilobytes at most. */
export const MAX_FRAME_BYTES = 1024 * 1024;
const MAX_QUESTION_ID_CHARS = 200;

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
}

export interface QuestionEventPayload {
	sessionKey: string;
	agentId: string;
	questionId: string;
	questions: WireQuestion[];
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

/** What one inbound text frame turned out to be. */
export type DecodedFrame =
	| { kind: "answer"; questionId: string; answers: Record<string, RawAnswer | null> }
	/** A well-formed envelope of another type (pings, other hooks): not ours, ignored quietly. */
	| { kind: "other"; type: string }
	| { kind: "malformed"; reason: string };

/** The `ask_user_question` event for one ask. Optional fields become what the Go structs expect. */
export function encodeQuestion(request: AskRequest, ids: QuestionIds): QuestionFrame {
	const questions = request.questions.map(
		(question): WireQuestion => ({
			question: question.question,
			header: question.header ?? "",
			options: (question.options ?? []).map((option): WireOption => {
				const wire: WireOption = { label: option.label, description: option.description ?? "" };
				if (option.preview !== undefined) wire.markdown = option.preview;
				return wire;
			}),
			multiSelect: question.multiSelect === true,
		}),
	);
	return {
		type: "event",
		payload: {
			event: QUESTION_EVENT,
			payload: { sessionKey: ids.sessionKey, agentId: ids.agentId, questionId: ids.questionId, questions },
		},
	};
}

function decodeAnswerValue(value: unknown): RawAnswer | null | undefined {
	if (value === null) return null;
	if (typeof value === "string") return value;
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	if (Array.isArray(value) && value.every((item): item is string => typeof item === "string")) return value;
	return undefined;
}

/** Parses one inbound text frame; never throws. */
export function decodeAnswer(text: string): DecodedFrame {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return { kind: "malformed", reason: "not JSON" };
	}
	if (!isRecord(data)) return { kind: "malformed", reason: "not a JSON object" };
	if (typeof data.type !== "string") return { kind: "malformed", reason: "no string `type`" };
	if (data.type !== ANSWER_TYPE) return { kind: "other", type: data.type };
	const payload = data.payload;
	if (!isRecord(payload)) return { kind: "malformed", reason: `${ANSWER_TYPE} without an object payload` };
	const { questionId, answers } = payload;
	if (typeof questionId !== "string" || questionId === "" || questionId.length > MAX_QUESTION_ID_CHARS) {
		return { kind: "malformed", reason: `${ANSWER_TYPE} without a valid questionId` };
	}
	if (!isRecord(answers)) return { kind: "malformed", reason: `${ANSWER_TYPE} without an answers object` };
	// No prototype: a backend's "__proto__" or "constructor" key must stay plain data.
	const decoded: Record<string, RawAnswer | null> = Object.create(null);
	for (const [key, value] of Object.entries(answers)) {
		const raw = decodeAnswerValue(value);
		if (raw === undefined) {
			return { kind: "malformed", reason: `${ANSWER_TYPE} answer values must be strings` };
		}
		decoded[key] = raw;
	}
	return { kind: "answer", questionId, answers: decoded };
}

function findRawAnswer(question: Question, answers: Record<string, RawAnswer | null>): RawAnswer | undefined {
	const exact = answers[question.question];
	if (exact !== undefined) return exact ?? undefined;
	// The protocol keys by the exact question text; tolerate a backend that trimmed or re-cased it, or used the header.
	const wanted = question.question.trim().toLowerCase();
	const header = question.header?.trim().toLowerCase();
	for (const [key, value] of Object.entries(answers)) {
		const candidate = key.trim().toLowerCase();
		if (candidate === wanted || (header !== undefined && header !== "" && candidate === header)) {
			return value ?? undefined;
		}
	}
	return undefined;
}

/** Whether a non-empty answers object names at least one of the questions (else it answers nothing asked). */
export function namesAnyQuestion(questions: readonly Question[], answers: Record<string, RawAnswer | null>): boolean {
	return questions.some((question) => findRawAnswer(question, answers) !== undefined);
}

/**
 * The outcome for a backend's answers: `{}` is a dismissal (`cancelled`); otherwise every question gets
 * its answer through `toAnswer` (label → selected option, anything else → custom text, multi-select split
 * on commas, control sequences removed), and questions without one are listed in `unanswered`.
 */
export function outcomeFromRemoteAnswers(
	questions: readonly Question[],
	answers: Record<string, RawAnswer | null>,
): AskOutcome {
	if (Object.keys(answers).length === 0) return { kind: "cancelled" };
	return answeredOutcome(
		questions,
		questions.map((question) => findRawAnswer(question, answers)),
	);
}
