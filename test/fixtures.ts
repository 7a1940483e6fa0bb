/** The spec's example questions and result, and terminal key bytes, shared by unit and end-to-end tests. */
import type { AskOutcome, Question } from "../src/core/types.js";

export const DATABASE: Question = {
	question: "Which database should we use?",
	header: "Database Selection",
	options: [
		{ label: "PostgreSQL (Recommended)", description: "Battle-tested relational DB" },
		{ label: "SQLite", description: "Lightweight, file-based" },
		{ label: "MongoDB", description: "Document store" },
	],
};

export const NAME: Question = { question: "What should we name this service?", header: "Service Setup" };

/** DATABASE and NAME answered: an option chosen, a name typed. */
export const DATABASE_AND_NAME_ANSWERED: AskOutcome = {
	kind: "answered",
	answers: [
		{ question: DATABASE.question, answer: "SQLite", selectedOption: "SQLite", wasCustom: false },
		{ question: NAME.question, answer: "orders", wasCustom: true },
	],
};

/** The spec's multi-select mock-up. */
export const FEATURES: Question = {
	question: "Which features should we include?",
	header: "Feature Selection",
	multiSelect: true,
	options: [
		{ label: "Authentication", description: "OAuth2 + JWT" },
		{ label: "REST API", description: "OpenAPI spec included" },
		{ label: "Admin Dashboard" },
	],
};

/** The spec's example call. */
export const SPEC_EXAMPLE = { questions: [DATABASE, NAME], metadata: { source: "project-setup" } };

/** The spec's example result: PostgreSQL (Recommended) chosen, "order-processor" typed. */
export const SPEC_RESULT = {
	answered: true,
	answers: [
		{
			question: DATABASE.question,
			answer: "PostgreSQL (Recommended)",
			selectedOption: "PostgreSQL (Recommended)",
			wasCustom: false,
		},
		{ question: NAME.question, answer: "order-processor", wasCustom: true },
	],
};

/** The bytes a terminal sends for these keys. */
export const KEYS = {
	up: "\x1b[A",
	down: "\x1b[B",
	right: "\x1b[C",
	left: "\x1b[D",
	enter: "\r",
	escape: "\x1b",
	tab: "\t",
	shiftTab: "\x1b[Z",
	backspace: "\x7f",
	space: " ",
	ctrlC: "\x03",
	ctrlG: "\x07",
	ctrlN: "\x0e",
	shiftUp: "\x1b[1;2A",
	shiftDown: "\x1b[1;2B",
} as const;
