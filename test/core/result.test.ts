/** What the model reads and what the session keeps, for every outcome; and the chat rendering text. */
import { describe, expect, it } from "vitest";
import { buildDetails, formatResultText } from "../../src/core/result.js";
import type { AskRequest } from "../../src/core/types.js";
import { summarizeCall, summarizeResult } from "../../src/render.js";

const request: AskRequest = {
	questions: [
		{ question: "Which database should we use?", header: "Database Selection", options: [{ label: "SQLite" }] },
		{ question: "Name?" },
	],
	metadata: { source: "project-setup" },
};

describe("result text", () => {
	it("is the spec's AskUserResult JSON, compact, for an answer", () => {
		const text = formatResultText({
			kind: "answered",
			answers: [{ question: "Name?", answer: "svc", wasCustom: true }],
		});
		expect(text).toBe('{"answered":true,"answers":[{"question":"Name?","answer":"svc","wasCustom":true}]}');
	});
	it("makes a cancel unmistakable", () => {
		const text = formatResultText({ kind: "cancelled" });
		expect(text.split("\n")[0]).toBe('{"answered":false,"answers":[],"cancelled":true}');
		expect(text).toContain("The user cancelled and gave no answers");
	});
	it("marks timeouts, lost connections and skipped questions", () => {
		expect(formatResultText({ kind: "timedOut" })).toContain('"timedOut":true');
		expect(formatResultText({ kind: "connectionLost" })).toContain('"connectionLost":true');
		expect(formatResultText({ kind: "answered", answers: [], unanswered: ["Name?"] })).toContain(
			'"unanswered":["Name?"]',
		);
	});
	it("puts the pending instructions before the JSON", () => {
		const text = formatResultText(
			{ kind: "pending", pendingFile: ".pi/pending-questions.json" },
			"Questions pending. User input required.",
		);
		expect(text).toBe(
			'Questions pending. User input required.\n\n{"answered":false,"answers":[],"pendingFile":".pi/pending-questions.json"}',
		);
	});
});

describe("details record", () => {
	it("is the spec's persisted record", () => {
		const details = buildDetails(
			request,
			{ kind: "answered", answers: [{ question: "Name?", answer: "x", wasCustom: true }] },
			"interactive",
			1707091200000,
		);
		expect(details).toEqual({
			questions: request.questions,
			answers: [{ question: "Name?", answer: "x", wasCustom: true }],
			answeredAt: 1707091200000,
			mode: "interactive",
			metadata: { source: "project-setup" },
			outcome: "answered",
		});
	});
});

describe("rendering text", () => {
	it("summarises a call by header and count, even from partial or foreign arguments", () => {
		expect(summarizeCall(request)).toBe("Database Selection (+1 more)");
		expect(summarizeCall({ question: "Solo?" })).toBe("Solo?");
		expect(summarizeCall({ questions: 5 })).toBe("");
		expect(summarizeCall(undefined)).toBe("");
	});
	it("shows each question with its answer, and cancel/pending as such", () => {
		const answered = buildDetails(
			request,
			{
				kind: "answered",
				answers: [{ question: "Name?", answer: ["a", "b"], wasCustom: true, note: "n" }],
				unanswered: ["Which database should we use?"],
			},
			"print",
			0,
		);
		expect(summarizeResult(answered, false).lines).toEqual([
			"Name? → a, b — note: n",
			"Which database should we use? → (skipped)",
		]);
		expect(summarizeResult(buildDetails(request, { kind: "cancelled" }, "rpc", 0), false).lines).toEqual([
			"Cancelled by the user",
		]);
		expect(
			summarizeResult(buildDetails(request, { kind: "pending", pendingFile: "p.json" }, "print", 0), false).lines[0],
		).toContain("p.json");
	});
});

describe("rendering foreign or broken details", () => {
	it("a forged pendingFile is shown without its escape sequences", () => {
		const forged = buildDetails(
			request,
			{ kind: "pending", pendingFile: "a\u001b]52;c;aGk=\u0007\u009b2J\u202eb.json" },
			"print",
			0,
		);
		expect(summarizeResult(forged, true).lines).toEqual(["Pending: answers go in ab.json"]);
	});
	it("shows nothing rather than crashing", () => {
		const foreign = { questions: [], answers: "x", outcome: "answered" } as unknown as Parameters<
			typeof summarizeResult
		>[0];
		expect(summarizeResult(foreign, false).lines).toEqual([]);
		const odd = {
			questions: [],
			answers: [null, { question: "Q?", answer: 3 }],
			outcome: "other",
		} as unknown as Parameters<typeof summarizeResult>[0];
		expect(summarizeResult(odd, true).lines).toEqual([]);
	});
});
