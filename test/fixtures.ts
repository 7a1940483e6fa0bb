/** The spec's example questions, shared by the unit tests of every front end. */
import type { Question } from "../src/core/types.js";

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
