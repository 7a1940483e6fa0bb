/** Regressions for the bugs the property tests in test/property found, one focused example each. */
import { describe, expect, it } from "vitest";
import { answerFromData } from "../../src/core/answers.js";
import type { Question } from "../../src/core/types.js";
import { validateRequest } from "../../src/core/validate.js";
import { createPendingFile, PendingFileError, parsePendingFile } from "../../src/pending/pending-file.js";
import { prepareAskArguments } from "../../src/tool/ask-user-tool.js";

describe("prepareAskArguments idempotence", () => {
	it("drops a header that only repeats the question, so a second pass changes nothing", () => {
		const first = prepareAskArguments({ prompt: "Deploy now? ", header: "Deploy now?" });
		expect(first).toEqual({ questions: [{ question: "Deploy now?" }] });
		expect(prepareAskArguments(first)).toEqual(first);
	});

	it("compares the header after sanitising, not before", () => {
		expect(validateRequest({ questions: [{ question: "Deploy?", header: "\u001b[1mDeploy?" }] })).toEqual({
			questions: [{ question: "Deploy?" }],
		});
	});
});

describe("answerFromData", () => {
	const db: Question = { question: "DB?", options: [{ label: "SQLite" }] };

	it("does not turn blank entries of an array answer to a single-select question into commas", () => {
		expect(answerFromData(db, ["", " "])).toBeUndefined();
		expect(answerFromData(db, ["sqlite", ""])).toEqual({
			question: "DB?",
			answer: "SQLite",
			selectedOption: "SQLite",
			wasCustom: false,
		});
		expect(answerFromData(db, ["", "Postgres", ""])).toEqual({ question: "DB?", answer: "Postgres", wasCustom: true });
	});

	it("splits a long multi-select answer with a number of label lookups linear in its length", () => {
		const options = [{ label: "Auth, with SSO" }, { label: "REST" }];
		let lookups = 0;
		const features: Question = {
			question: "Features?",
			multiSelect: true,
			get options() {
				lookups++;
				return options;
			},
		};
		const text = Array.from({ length: 2_000 }, (_, i) => (i % 2 === 0 ? "Auth" : " with SSO")).join(",");
		const answer = answerFromData(features, `${text},rest,x`);
		expect(answer?.answer).toEqual(["Auth, with SSO", "REST", "x"]);
		// Before the fix this was about two million lookups (every longer run of parts was tried).
		expect(lookups).toBeLessThan(10_000);
	});
});

describe("parsePendingFile", () => {
	const path = "/p/.pi/pending-questions.json";
	const file = createPendingFile({
		request: { questions: [{ question: "DB?", options: [{ label: "SQLite", description: "file" }] }] },
		sessionId: "s1",
		toolCallId: "call_1",
		now: new Date(0),
	});

	it("rejects a broken request with a PendingFileError instead of crashing later", () => {
		const broken = { ...file, request: { questions: [null] } };
		expect(() => parsePendingFile(JSON.stringify(broken), path)).toThrow(PendingFileError);
		expect(() => parsePendingFile(JSON.stringify(broken), path)).toThrow(/"request" is broken \(questions\[0\]/);
	});

	it("rejects a timestamp that is not a string (listing sorts by it)", () => {
		expect(() => parsePendingFile(JSON.stringify({ ...file, timestamp: 5 }), path)).toThrow(/"timestamp" is missing/);
	});

	it("keeps the answers and rebuilds what is shown around them from the request", () => {
		const edited = JSON.parse(JSON.stringify(file));
		edited.questions[0].answer = "sqlite";
		edited.questions[0].options = "mangled";
		edited.request.questions[0].question = "\u001b[31mDB?";
		const parsed = parsePendingFile(JSON.stringify(edited), path);
		expect(parsed.request).toEqual({
			questions: [{ question: "DB?", options: [{ label: "SQLite", description: "file" }] }],
		});
		expect(parsed.questions).toEqual([
			{ question: "DB?", options: ["SQLite"], optionDescriptions: { SQLite: "file" }, answer: "sqlite" },
		]);
		expect(parsed.toolCallId).toBe("call_1");
	});
});
