/** What the page sends, checked against the questions and turned into wire values and pending-file answers. */
import { describe, expect, it } from "vitest";
import type { WireQuestion } from "../../src/remote/protocol.js";
import { pendingAnswers, readPageAnswers, wireAnswers } from "../../src/web/page-answers.js";
import { parseCommand } from "../../src/web/web-command.js";

const questions: WireQuestion[] = [
	{ question: "Which database?", header: "DB", multiSelect: false, options: [{ label: "Redis", description: "" }] },
	{
		question: "Which features?",
		header: "",
		multiSelect: true,
		options: [
			{ label: "Auth", description: "" },
			{ label: "Admin", description: "" },
		],
	},
	{ question: "Name?", header: "", multiSelect: false, options: [] },
];

describe("answers from the page", () => {
	it("become exact arrays and { answer, note } for an agent that accepts them, the plain Whimmy protocol's strings otherwise", () => {
		const read = readPageAnswers(
			[
				{ chosen: ["Redis"], typed: "", note: "fast" },
				{ chosen: ["Admin", "Auth"], typed: "Exports, as CSV\u001b[2J", note: "" },
				null,
			],
			questions,
		);
		if (!read.ok) throw new Error(read.error);
		expect(wireAnswers(questions, read.answers, { exact: true, notes: true })).toEqual({
			"Which database?": { answer: "Redis", note: "fast" },
			"Which features?": ["Auth", "Admin", "Exports, as CSV"],
		});
		expect(wireAnswers(questions, read.answers, { exact: false, notes: false })).toEqual({
			"Which database?": "Redis",
			"Which features?": "Auth, Admin, Exports, as CSV",
		});
		expect(pendingAnswers(questions, read.answers)).toEqual(["Redis", ["Auth", "Admin", "Exports, as CSV"], null]);
	});

	it("keys each answer by its question's text, or by the model's id when the text is also another question's header", () => {
		const clash: WireQuestion[] = [
			{ question: "Which environment?", header: "Deploy now?", multiSelect: false, options: [] },
			{ question: "Deploy now?", header: "Confirm", multiSelect: false, options: [], id: "deploy" },
			{ question: "Which region?", header: "Which environment?", multiSelect: false, options: [] },
		];
		const answer = { chosen: [], typed: "x", note: "", images: [] };
		// An agent from before a question's text came first drops a key that names two questions; the id names one.
		expect(Object.keys(wireAnswers(clash, [answer, answer, answer], { exact: true, notes: true }))).toEqual([
			"Which environment?",
			"deploy",
			"Which region?",
		]);
	});

	it.each([
		["not one per question", [null]],
		["a label that is not an option", [{ chosen: ["MySQL"] }, null, null]],
		["two picks for a single choice", [null, null, { chosen: ["a", "b"] }]],
		["a pick and typed text for a single choice", [{ chosen: ["Redis"], typed: "x" }, null, null]],
		["text that is not text", [null, null, { chosen: [], typed: 5 }]],
		["an overlong note", [{ chosen: ["Redis"], note: "x".repeat(20_001) }, null, null]],
	])("refuses %s", (_name, answers) => {
		expect(readPageAnswers(answers, questions).ok).toBe(false);
	});
});

describe("the command line", () => {
	it("takes web with --all, --port, --host and --keep-token, and nothing else", () => {
		expect(parseCommand(["web"])).toEqual({
			kind: "web",
			port: 8787,
			host: "127.0.0.1",
			qr: true,
			keepToken: false,
			all: false,
		});
		expect(parseCommand(["web", "--all"])).toMatchObject({ kind: "web", all: true });
		expect(parseCommand(["web", "--port", "0", "--host", "0.0.0.0", "--no-qr", "--keep-token"])).toEqual({
			kind: "web",
			port: 0,
			host: "0.0.0.0",
			qr: false,
			keepToken: true,
			all: false,
		});
		expect(parseCommand(["--help"])).toEqual({ kind: "help" });
		expect(() => parseCommand(["serve"])).toThrow(/unknown command/);
		expect(() => parseCommand(["web", "--port", "http"])).toThrow(/--port must be a number/);
		expect(() => parseCommand(["web", "--token", "x"])).toThrow();
	});
});
