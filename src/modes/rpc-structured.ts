/**
 * The opt-in structured RPC protocol (PI_ASK_USER_RPC_PROTOCOL=structured). RPC clients cannot send
 * custom message types, so the spec's messages travel inside one standard `editor` dialog: its title is
 * the marker `ask_user_request`, its prefill the request JSON, and the edited value the client's
 * `ask_user_response`. A bad response is reported (`notify` error) and the request asked again.
 */
import type { AskClosedReason, AskUserClosedNotice, AskUserRequestMessage } from "../contract/schemas.js";
import { unlessAborted } from "../core/abort.js";
import { givenFromStructured } from "../core/answer-input.js";
import { answeredOutcome, type GivenAnswer } from "../core/answers.js";
import { parseJsonObject } from "../core/json.js";
import { sanitizeLine } from "../core/text.js";
import type { AskOutcome, AskRequest, Question } from "../core/types.js";
import { AskUserError } from "../core/validate.js";
import type { RpcDialogs } from "./rpc-dialogs.js";

/** The editor title a structured client recognises. */
const REQUEST_MARKER = "ask_user_request";
/** Requests sent before a run of bad responses cancels the ask. */
export const MAX_ATTEMPTS = 3;

export type ParsedResponse =
	/** `note`: the person's note on the whole set (the response's top-level `note`). */
	| { kind: "answers"; given: (GivenAnswer | undefined)[]; note?: string }
	| { kind: "cancelled" }
	| { kind: "invalid"; error: string };

export function requestMessage(
	request: AskRequest,
	requestId: string,
	error?: string,
	acceptsImages = false,
): AskUserRequestMessage {
	const message: AskUserRequestMessage = { type: "ask_user_request", requestId, questions: request.questions };
	if (request.metadata) message.metadata = request.metadata;
	// The app may offer to attach images: answers then take `{ "answer", "images": [{ "mimeType", "data" }] }`.
	if (acceptsImages) message.acceptsImages = true;
	if (error) message.error = error;
	return message;
}

/** Reads the client's `ask_user_response`; never throws. */
export function parseResponse(
	text: string,
	requestId: string,
	questions: Question[],
	acceptsImages = false,
): ParsedResponse {
	const notAResponse = 'the response must be a JSON object with "type": "ask_user_response"';
	const parsed = parseJsonObject(text);
	if (!parsed.ok) {
		return { kind: "invalid", error: parsed.reason === "not JSON" ? "the response is not valid JSON" : notAResponse };
	}
	const data = parsed.value;
	if (data.type !== "ask_user_response") return { kind: "invalid", error: notAResponse };
	if (data.requestId !== requestId) {
		return {
			kind: "invalid",
			error: `requestId ${JSON.stringify(data.requestId)} does not match ${JSON.stringify(requestId)}`,
		};
	}
	if (data.cancelled === true) return { kind: "cancelled" };
	if (data.answers === undefined) return { kind: "invalid", error: 'give "answers" or "cancelled": true' };
	const note = data.note ?? undefined;
	if (note !== undefined && typeof note !== "string") return { kind: "invalid", error: "note must be a string" };
	try {
		const given = givenFromStructured(data.answers, data.notes, questions, acceptsImages);
		return note === undefined ? { kind: "answers", given } : { kind: "answers", given, note };
	} catch (error) {
		if (error instanceof AskUserError) return { kind: "invalid", error: error.message };
		throw error;
	}
}

/** Why the ask ended without the app's answer: the reason the signal was aborted with, else a plain abort. */
function closedReason(signal: AbortSignal): AskClosedReason {
	const reason: unknown = signal.reason;
	return reason === "answered_elsewhere" || reason === "timeout" ? reason : "aborted";
}

/**
 * Tells the app that the request it shows is over (its card can close). pi's RPC carries no custom messages,
 * so the notice is a `notify` whose message is the JSON.
 */
function sendClosedNotice(ui: RpcDialogs, requestId: string, reason: AskClosedReason): void {
	const notice: AskUserClosedNotice = { type: "ask_user_closed", requestId, reason };
	ui.notify(JSON.stringify(notice), "info");
}

export async function askStructured(
	ui: RpcDialogs,
	request: AskRequest,
	requestId: string,
	signal?: AbortSignal,
	acceptsImages = false,
): Promise<AskOutcome> {
	let error: string | undefined;
	for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
		const prefill = JSON.stringify(requestMessage(request, requestId, error, acceptsImages));
		// `editor` takes no signal in pi 0.73.1; an abort settles the ask even though the dialog stays open.
		const value = await unlessAborted(ui.editor(REQUEST_MARKER, prefill), signal);
		if (signal?.aborted) {
			sendClosedNotice(ui, requestId, closedReason(signal));
			return { kind: "interrupted" };
		}
		if (value === undefined) return { kind: "cancelled" };
		const response = parseResponse(value, requestId, request.questions, acceptsImages);
		if (response.kind === "cancelled") return response;
		if (response.kind === "answers") return answeredOutcome(request.questions, response.given, response.note);
		error = response.error;
		const next = attempt < MAX_ATTEMPTS ? "the request is sent again" : "the model is told that no valid answer came";
		ui.notify(sanitizeLine(`ask_user: invalid ask_user_response (${error}); ${next}.`), "error");
	}
	// The app failed, not the person: the model learns that no valid answer came (pi marks a thrown error isError).
	throw new AskUserError(
		`no valid answer came: the app sent ${MAX_ATTEMPTS} malformed ask_user_response messages (last: ${error}). The user gave no answer; do not assume one.`,
	);
}
