/** The ask_user contract: what the model asks, what the person answers, what the model reads back. */

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
}

/** What the person gave for one question, before it is matched against the options. */
export type RawAnswer = string | string[];

/** How an ask ended. Cancellation is a value, never an exception. */
export type AskOutcome =
	| { kind: "answered"; answers: Answer[]; unanswered?: string[] }
	| { kind: "cancelled" }
	| { kind: "timedOut" }
	| { kind: "connectionLost" }
	| { kind: "pending"; pendingFile: string };

/** The spec's `AskUserResult`, the JSON the model reads. */
export interface AskUserResult {
	answered: boolean;
	answers: Answer[];
	unanswered?: string[];
	pendingFile?: string;
	cancelled?: true;
	timedOut?: true;
	connectionLost?: true;
}

export type AskMode = "interactive" | "print" | "rpc" | "remote";

/** The record persisted in the tool result's `details` (never sent to the model). */
export interface AskDetails {
	questions: Question[];
	answers: Answer[];
	answeredAt: number;
	mode: AskMode;
	metadata?: Record<string, unknown>;
	outcome: AskOutcome["kind"];
	unanswered?: string[];
	pendingFile?: string;
}
