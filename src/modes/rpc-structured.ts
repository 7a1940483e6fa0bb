/**
 * The opt-in structured RPC protocol (PI_ASK_USER_RPC_PROTOCOL=structured). RPC clients cannot send
 * custom message types, so the spec's messages travel inside one standard `editor` dialog: its title is
 * the marker `ask_user_request`, its prefill the request JSON, and the edited value the client's
 * `ask_user_response`. A bad response is reported (`notify` error) and the request asked again.
 */
import { answeredOutcome, answersFromData } from "../core/answer-input.js";
import { isRecord } from "../core/json.js";
import { sanitizeLine } from "../core/text.js";
import type { AskOutcome, AskRequest, Question, RawAnswer } from "../core/types.js";
import type { AskUserError } from "../core/validate.js";
import type { RpcDialogs } from "./rpc-dialogs.js";

/** The editor title a structured client recognises. */
const REQUEST_MARKER = "ask_user_request";
/** Requests sent before a run of bad responses cancels the ask. */
export const MAX_ATTEMPTS = 3;

export interface AskUserRequestMessage {
	type: "ask_user_request";
	requestId: string;
	questions: Question[];
	metadata?: Record<string, unknown>;
	/** Set on a repeated request: what was wrong with the previous response. */
	error?: string;
}

export type ParsedResponse =
	| { kind: "answers"; raw: (RawAnswer | undefined)[] }
	| { kind: "cancelled" }
	| { kind: "invalid"; error: string };

export function requestMessage(request: AskRequest, requestId: string, error?: string): AskUserRequestMessage {
	const message: AskUserRequestMessage = { type: "ask_user_request", requestId, questions: request.questions };
	if (request.metadata) message.metadata = request.metadata;
	if (error) message.error = error;
	return message;
}

/** Reads the client's `ask_user_response`; never throws. */
export function parseResponse(text: string, requestId: string, questions: Question[]): ParsedResponse {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return { kind: "invalid", error: "the response is not valid JSON" };
	}
	if (!isRecord(data) || data.type !== "ask_user_response") {
		return { kind: "invalid", error: 'the response must be a JSON object with "type": "ask_user_response"' };
	}
	if (data.requestId !== requestId) {
		return {
			kind: "invalid",
			error: `requestId ${JSON.stringify(data.requestId)} does not match ${JSON.stringify(requestId)}`,
		};
	}
	if (data.cancelled === true) return { kind: "cancelled" };
	if (data.answers === undefined) return { kind: "invalid", error: 'give "answers" or "cancelled": true' };
	try {
		return { kind: "answers", raw: answersFromData(data.answers, questions, "answers") };
	} catch (error) {
		return { kind: "invalid", error: (error as AskUserError).message };
	}
}

/** `editor` takes no signal in pi 0.73.1; an abort settles the ask even though the dialog stays open. */
function untilAborted<T>(dialog: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
	if (!signal) return dialog;
	if (signal.aborted) return Promise.resolve(undefined);
	return new Promise((resolve, reject) => {
		const onAbort = () => resolve(undefined);
		signal.addEventListener("abort", onAbort, { once: true });
		dialog.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
	});
}

export async function askStructured(
	ui: RpcDialogs,
	request: AskRequest,
	requestId: string,
	signal?: AbortSignal,
): Promise<AskOutcome> {
	let error: string | undefined;
	for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
		const prefill = JSON.stringify(requestMessage(request, requestId, error));
		const value = await untilAborted(ui.editor(REQUEST_MARKER, prefill), signal);
		if (value === undefined || signal?.aborted) return { kind: "cancelled" };
		const response = parseResponse(value, requestId, request.questions);
		if (response.kind === "cancelled") return response;
		if (response.kind === "answers") return answeredOutcome(request.questions, response.raw);
		error = response.error;
		const next = attempt < MAX_ATTEMPTS ? "the request is sent again" : "the questions are cancelled";
		ui.notify(sanitizeLine(`ask_user: invalid ask_user_response (${error}); ${next}.`), "error");
	}
	return { kind: "cancelled" };
}
