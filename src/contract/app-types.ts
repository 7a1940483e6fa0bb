/**
 * The types an app imports from the package entry (`import type { AskUserResult } from "pi-ask-anywhere"`): what
 * the model reads back, what the session keeps, and the structured RPC messages. The JSON Schemas in
 * `dist/schemas/` are generated from the TypeBox definitions in schemas.ts; a test checks both agree.
 */
import type { AskOutcome } from "../core/types.js";

export type { Answer, AskDetails, AskMode, AskUserResult, Question, QuestionOption } from "../core/types.js";
export type {
	AskClosedReason,
	AskUserClosedNotice,
	AskUserPendingListing,
	AskUserRequestMessage,
	AskUserResponseMessage,
} from "./schemas.js";

/** How an ask ended: `details.outcome`. */
export type AskOutcomeKind = AskOutcome["kind"];
