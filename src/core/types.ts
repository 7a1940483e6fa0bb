/** The ask_user contract: what the model asks, what the person answers, what the model reads back. */
import type { AttachedImage, ImageInfo } from "./images.js";

export interface QuestionOption {
	label: string;
	description?: string;
	/** Markdown or code shown while the option is focused (Claude Code's `preview`). */
	preview?: string;
}

export interface Question {
	question: string;
	header?: string;
	options?: QuestionOption[];
	multiSelect?: boolean;
	/** Hint shown in an empty text input (MCP dialect). */
	placeholder?: string;
	/** Markdown context shown to the person with the question (pi-ask-tool's `description`, kandev's `context`). */
	context?: string;
	/** The model's own id for this question (Codex, CodeNomad, pi-ask-tool), echoed in its `Answer`. */
	id?: string;
}

export interface AskRequest {
	questions: Question[];
	metadata?: Record<string, unknown>;
	/** Return at once; the person's answers reach the model later as a user message. */
	background?: true;
}

/** One answered question, exactly the spec's `Answer`, plus an optional note the person added. */
export interface Answer {
	question: string;
	answer: string | string[];
	selectedOption?: string | string[];
	wasCustom: boolean;
	note?: string;
	/** The question's `id`, when the model gave it one. */
	id?: string;
	/** Images the person attached, in the order of the result's image blocks (their bytes are never here). */
	images?: ImageInfo[];
}

/** What the person gave for one question, before it is matched against the options. */
export type RawAnswer = string | string[];

/**
 * How an ask ended. Cancellation is a value, never an exception, and `cancelled` is only ever what the person did
 * in a dialog (or a backend's dismissal on their behalf).
 */
export type AskOutcome =
	/** `note`: the person's note on the whole set of answers (the Review tab's Ctrl+N), never empty. */
	/** `images`: every attached image's bytes, in the order the answers list them (the result's image blocks). */
	| { kind: "answered"; answers: Answer[]; unanswered?: string[]; note?: string; images?: AttachedImage[] }
	| { kind: "cancelled" }
	/** No reply in time: a backend's timeout, or the opt-in local limit (then the questions wait in `pendingFile`). */
	| { kind: "timedOut"; pendingFile?: string }
	| { kind: "connectionLost" }
	| InterruptedOutcome
	/** Saved for the person to answer later; `background`: the model asked for it and goes on meanwhile. */
	| { kind: "pending"; pendingFile: string; background?: true };

/**
 * The ask was stopped by something other than the person: pi shutting down, `/new` or `/resume`, the run aborted
 * (an RPC `abort`, an SDK `session.abort()`). No answers; the questions stay open and are asked again on the
 * session's next start. `reportedAs: "connectionLost"` says it to the model as the spec's result for a client
 * that went away (RPC mode); otherwise the model reads `interrupted`.
 */
export interface InterruptedOutcome {
	kind: "interrupted";
	reportedAs?: "connectionLost";
}

/** The spec's `AskUserResult`, the JSON the model reads. */
export interface AskUserResult {
	answered: boolean;
	answers: Answer[];
	unanswered?: string[];
	/** The person's note on the whole set of answers. */
	note?: string;
	pendingFile?: string;
	background?: true;
	cancelled?: true;
	timedOut?: true;
	connectionLost?: true;
	interrupted?: true;
}

export type AskMode = "interactive" | "print" | "rpc" | "remote";

/** The record persisted in the tool result's `details` (never sent to the model). */
export interface AskDetails {
	questions: Question[];
	answers: Answer[];
	answeredAt: number;
	mode: AskMode;
	metadata?: Record<string, unknown>;
	/**
	 * `interrupted` also when the model read `connectionLost` (RPC mode): the session's ask record reads it as
	 * still open, while a `connectionLost` here is a real end (the remote backend's connection was lost).
	 */
	outcome: AskOutcome["kind"];
	unanswered?: string[];
	/** The person's note on the whole set of answers (`answered` only). */
	note?: string;
	pendingFile?: string;
	/** A background ask: its answers are delivered later as a user message. */
	background?: true;
}
