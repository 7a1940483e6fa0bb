/**
 * What an MCP client reads back from `ask_user`, pure: the MCP ask_user tool's result (`answered`, `cancelled`,
 * `timedOut`, `answers: [{ questionId, values, customText }]`) and this product's `AskUserResult` in one object —
 * each answer carries both tools' fields, which never share a name. Built from the same outcome and the same
 * `toAskUserResult` as every other front end; `pending` and `askId` say that the answer is to be fetched with
 * `ask_user_wait`.
 */
import { toAskUserResult } from "../core/result.js";
import type { Answer, AskOutcome, AskUserResult } from "../core/types.js";
import type { McpAsk, QuestionKind } from "./request.js";

/** One answer: the MCP tool's fields first, then the specification's `Answer`. */
export interface McpAnswer extends Answer {
	questionId: string;
	values: string[];
	customText?: string;
}

export interface McpAskResult extends Omit<AskUserResult, "answers" | "cancelled" | "timedOut"> {
	answered: boolean;
	cancelled: boolean;
	timedOut: boolean;
	answers: McpAnswer[];
	/** Nobody has answered yet; call `ask_user_wait` with `askId`. */
	pending?: true;
	askId?: string;
	/** The client declined its own form faster than a person could: not the user's cancel (said in the text too). */
	formDeclinedByClient?: true;
}

/** What happened to the ask on its way, beside its status. */
export interface McpAskNotes {
	formDeclinedByClient?: boolean;
}

const FORM_DECLINED_BY_CLIENT =
	"This client declined its own question form at once, faster than a person reads it, so that was not the user's cancel and the user did not see the questions here; they answer them in pi (/questions), on the pi-ask-anywhere web page or phone.";

/** How an ask looks to the caller right now. */
export type McpStatus =
	| { kind: "settled"; outcome: Extract<AskOutcome, { kind: "answered" | "cancelled" }> }
	| { kind: "timedOut"; askId: string }
	| { kind: "pending"; askId: string };

function asList(value: string | string[] | undefined): string[] {
	if (value === undefined) return [];
	return Array.isArray(value) ? value : [value];
}

/** The MCP tool's `values` and `customText` for one answer: what was chosen or entered, and the person's own text. */
function mcpValues(answer: Answer, kind: QuestionKind): { values: string[]; customText?: string } {
	const chosen = asList(answer.selectedOption);
	const given = asList(answer.answer);
	const typed = given.filter((item) => !chosen.includes(item));
	// A confirm question's values are "yes" or "no", as the MCP tool defines them.
	const values = kind === "confirm" ? [...chosen.map((label) => label.toLowerCase()), ...typed] : given;
	// Free text is a text question's value itself; for the others it is the "Other" the person typed.
	if (kind === "text" || typed.length === 0) return { values };
	return { values, customText: typed.join(", ") };
}

function mcpAnswer(ask: McpAsk, answer: Answer): McpAnswer {
	const index = ask.request.questions.findIndex((question) => question.question === answer.question);
	const kind = ask.kinds[index] ?? "text";
	const questionId = ask.questionIds[index] ?? `q_${index + 1}`;
	return { questionId, ...mcpValues(answer, kind), ...answer };
}

export function mcpResult(ask: McpAsk, status: McpStatus, notes: McpAskNotes = {}): McpAskResult {
	const result = statusResult(ask, status);
	if (notes.formDeclinedByClient) result.formDeclinedByClient = true;
	return result;
}

function statusResult(ask: McpAsk, status: McpStatus): McpAskResult {
	if (status.kind === "timedOut") {
		return { answered: false, cancelled: false, timedOut: true, answers: [], askId: status.askId };
	}
	if (status.kind === "pending") {
		// No pending file is named: the client's model would take it for a place to answer (it is not; see channels.ts).
		return { answered: false, cancelled: false, timedOut: false, answers: [], pending: true, askId: status.askId };
	}
	const { answers, cancelled: _cancelled, timedOut: _timedOut, ...rest } = toAskUserResult(status.outcome);
	return {
		...rest,
		cancelled: status.outcome.kind === "cancelled",
		timedOut: false,
		answers: answers.map((answer) => mcpAnswer(ask, answer)),
	};
}

/** The sentences after the JSON where the JSON alone could be misread. */
export function mcpExplanation(status: McpStatus, notes: McpAskNotes = {}): string | undefined {
	const said = [statusExplanation(status), notes.formDeclinedByClient ? FORM_DECLINED_BY_CLIENT : undefined];
	const text = said.filter((line) => line !== undefined).join(" ");
	return text === "" ? undefined : text;
}

function statusExplanation(status: McpStatus): string | undefined {
	switch (status.kind) {
		case "pending":
			return `The user has not answered yet; the questions stay open. The user answers them in pi (/questions), on the pi-ask-anywhere web page or phone, or in this client's dialog; do not write or edit any answer yourself (answers written into the questions' file by anyone else count for nothing). Call ask_user_wait with {"askId": "${status.askId}"} to get the answers; do not assume any.`;
		case "timedOut":
			return `The user did not respond in time; no answers were given, so do not assume any. The questions stay open: ask_user_wait with {"askId": "${status.askId}"} returns the answers if the user gives them later.`;
		case "settled":
			if (status.outcome.kind === "cancelled") {
				return "The user cancelled and gave no answers. Do not assume any; continue without them or ask differently.";
			}
			return status.outcome.unanswered?.length ? "The user skipped the questions in `unanswered`." : undefined;
	}
}
