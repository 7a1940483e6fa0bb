/** What the model reads (`content`) and what the session keeps (`details`) for every way an ask can end. */
import type { AskDetails, AskMode, AskOutcome, AskRequest, AskUserResult } from "./types.js";

export function toAskUserResult(outcome: AskOutcome): AskUserResult {
	switch (outcome.kind) {
		case "answered": {
			const result: AskUserResult = { answered: true, answers: outcome.answers };
			if (outcome.unanswered?.length) result.unanswered = outcome.unanswered;
			return result;
		}
		case "cancelled":
			return { answered: false, answers: [], cancelled: true };
		case "timedOut":
			return { answered: false, answers: [], timedOut: true };
		case "connectionLost":
			return { answered: false, answers: [], connectionLost: true };
		case "pending":
			return { answered: false, answers: [], pendingFile: outcome.pendingFile };
	}
}

/** One short sentence after the JSON where the JSON alone could be misread as "the user said nothing". */
function explanation(outcome: AskOutcome): string | undefined {
	switch (outcome.kind) {
		case "answered":
			return outcome.unanswered?.length ? "The user skipped the questions in `unanswered`." : undefined;
		case "cancelled":
			return "The user cancelled and gave no answers. Do not assume any; continue without them or ask differently.";
		case "timedOut":
			return "The user did not respond in time; no answers were given. Do not assume any.";
		case "connectionLost":
			return "The connection to the user was lost before they answered; no answers were given.";
		case "pending":
			return undefined;
	}
}

/** The text block the model reads. */
export function formatResultText(outcome: AskOutcome, pendingInstructions?: string): string {
	const json = JSON.stringify(toAskUserResult(outcome));
	if (outcome.kind === "pending" && pendingInstructions) return `${pendingInstructions}\n\n${json}`;
	const note = explanation(outcome);
	return note ? `${json}\n${note}` : json;
}

export function buildDetails(request: AskRequest, outcome: AskOutcome, mode: AskMode, now: number): AskDetails {
	const details: AskDetails = {
		questions: request.questions,
		answers: outcome.kind === "answered" ? outcome.answers : [],
		answeredAt: now,
		mode,
		outcome: outcome.kind,
	};
	if (request.metadata) details.metadata = request.metadata;
	if (outcome.kind === "answered" && outcome.unanswered?.length) details.unanswered = outcome.unanswered;
	if (outcome.kind === "pending") details.pendingFile = outcome.pendingFile;
	return details;
}
