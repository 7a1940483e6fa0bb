import { describe, expect, it } from "vitest";
import { decodeAnswer, encodeQuestion, outcomeFromRemoteAnswers } from "../../src/remote/protocol.js";

const ids = { questionId: "550e8400-e29b-41d4-a716-446655440000", sessionKey: "s", agentId: "a" };

describe("encodeQuestion", () => {
	it("fills what the Go structs expect and sends preview as markdown", () => {
		const frame = encodeQuestion(
			{
				questions: [
					{ question: "Name?" },
					{
						question: "Pick",
						header: "Pick",
						multiSelect: true,
						options: [{ label: "A", description: "first", preview: "# A" }, { label: "B" }],
					},
				],
				metadata: { source: "x" },
			},
			ids,
		);
		expect(frame).toEqual({
			type: "event",
			payload: {
				event: "ask_user_question",
				payload: {
					sessionKey: "s",
					agentId: "a",
					questionId: ids.questionId,
					questions: [
						{ question: "Name?", header: "", options: [], multiSelect: false },
						{
							question: "Pick",
							header: "Pick",
							options: [
								{ label: "A", description: "first", markdown: "# A" },
								{ label: "B", description: "" },
							],
							multiSelect: true,
						},
					],
				},
			},
		});
		expect(JSON.stringify(frame)).not.toContain("metadata");
	});
});

describe("decodeAnswer", () => {
	it("decodes the spec's answer frame", () => {
		const text = JSON.stringify({
			type: "hook.ask_user_answer",
			payload: { questionId: "q-abc-123", answers: { "Which testing framework should I use?": "Vitest" } },
		});
		expect(decodeAnswer(text)).toEqual({
			kind: "answer",
			questionId: "q-abc-123",
			answers: { "Which testing framework should I use?": "Vitest" },
		});
	});

	it("tolerates arrays of labels, numbers and null values", () => {
		const text = JSON.stringify({
			type: "hook.ask_user_answer",
			payload: { questionId: "q", answers: { a: ["x", "y"], b: 3, c: null } },
		});
		expect(decodeAnswer(text)).toEqual({
			kind: "answer",
			questionId: "q",
			answers: { a: ["x", "y"], b: "3", c: null },
		});
	});

	it("keeps keys such as __proto__ as plain data", () => {
		const text =
			'{"type":"hook.ask_user_answer","payload":{"questionId":"q","answers":{"__proto__":["x"],"constructor?":"y"}}}';
		const decoded = decodeAnswer(text);
		if (decoded.kind !== "answer") throw new Error("not decoded");
		expect(Object.keys(decoded.answers)).toEqual(["__proto__", "constructor?"]);
		expect(
			outcomeFromRemoteAnswers([{ question: "constructor" }, { question: "__proto__" }], decoded.answers),
		).toMatchObject({
			kind: "answered",
			answers: [{ question: "__proto__", answer: "x" }],
			unanswered: ["constructor"],
		});
	});

	it("passes other envelope types through as not ours", () => {
		expect(decodeAnswer(JSON.stringify({ type: "hook.approval", payload: {} }))).toEqual({
			kind: "other",
			type: "hook.approval",
		});
	});

	it.each([
		["not JSON", "{"],
		["a string", '"hi"'],
		["null", "null"],
		["no type", "{}"],
		["numeric type", '{"type":1}'],
		["no payload", '{"type":"hook.ask_user_answer"}'],
		["array payload", '{"type":"hook.ask_user_answer","payload":[]}'],
		["no questionId", '{"type":"hook.ask_user_answer","payload":{"answers":{}}}'],
		["empty questionId", '{"type":"hook.ask_user_answer","payload":{"questionId":"","answers":{}}}'],
		[
			"huge questionId",
			JSON.stringify({ type: "hook.ask_user_answer", payload: { questionId: "x".repeat(500), answers: {} } }),
		],
		["no answers", '{"type":"hook.ask_user_answer","payload":{"questionId":"q"}}'],
		["array answers", '{"type":"hook.ask_user_answer","payload":{"questionId":"q","answers":["a"]}}'],
		["object value", '{"type":"hook.ask_user_answer","payload":{"questionId":"q","answers":{"a":{}}}}'],
		["mixed array value", '{"type":"hook.ask_user_answer","payload":{"questionId":"q","answers":{"a":["x",1]}}}'],
	])("reports %s as malformed", (_name, text) => {
		expect(decodeAnswer(text).kind).toBe("malformed");
	});
});

describe("outcomeFromRemoteAnswers", () => {
	const questions = [
		{ question: "Which database?", header: "DB", options: [{ label: "Redis" }, { label: "SQLite" }] },
		{
			question: "Which features?",
			multiSelect: true,
			options: [{ label: "Auth, with SSO" }, { label: "Billing" }],
		},
	];

	it("is a cancel for an empty object", () => {
		expect(outcomeFromRemoteAnswers(questions, {})).toEqual({ kind: "cancelled" });
	});

	it("maps labels case-insensitively, keeps comma-containing labels whole, and matches keys loosely", () => {
		expect(
			outcomeFromRemoteAnswers(questions, {
				" which database? ": "redis",
				"Which features?": "Auth, with SSO, Billing, Other",
			}),
		).toEqual({
			kind: "answered",
			answers: [
				{ question: "Which database?", answer: "Redis", selectedOption: "Redis", wasCustom: false },
				{
					question: "Which features?",
					answer: ["Auth, with SSO", "Billing", "Other"],
					selectedOption: ["Auth, with SSO", "Billing"],
					wasCustom: true,
				},
			],
		});
	});

	it("accepts the header as a key", () => {
		expect(outcomeFromRemoteAnswers(questions, { DB: "SQLite" })).toMatchObject({
			kind: "answered",
			answers: [{ selectedOption: "SQLite" }],
			unanswered: ["Which features?"],
		});
	});

	it("lists every question as unanswered when no key matches or values are blank", () => {
		expect(
			outcomeFromRemoteAnswers(questions, { "Something else": "x", "Which database?": "  ", "Which features?": null }),
		).toEqual({
			kind: "answered",
			answers: [],
			unanswered: ["Which database?", "Which features?"],
		});
	});
});
