/** What the model reads and what the session keeps, for every outcome; and the chat rendering text. */
import { describe, expect, it } from "vitest";
import { answeredOutcome } from "../../src/core/answers.js";
import { blockText, buildDetails, resultContent, toAskUserResult } from "../../src/core/result.js";
import type { AskOutcome, AskRequest } from "../../src/core/types.js";
import { summarizeCall, summarizeResult } from "../../src/tool/chat-rendering.js";

const request: AskRequest = {
	questions: [
		{ question: "Which database should we use?", header: "Database Selection", options: [{ label: "SQLite" }] },
		{ question: "Name?" },
	],
	metadata: { source: "project-setup" },
};

describe("result content", () => {
	const texts = (...args: Parameters<typeof resultContent>) => resultContent(...args).map(blockText);

	it("is the spec's AskUserResult JSON, compact, alone for a full answer", () => {
		expect(texts({ kind: "answered", answers: [{ question: "Name?", answer: "svc", wasCustom: true }] })).toEqual([
			'{"answered":true,"answers":[{"question":"Name?","answer":"svc","wasCustom":true}]}',
		]);
	});
	it("puts the sentence for the model in a second block, so the first always parses as JSON", () => {
		expect(texts({ kind: "cancelled" })).toEqual([
			'{"answered":false,"answers":[],"cancelled":true}',
			"The user cancelled and gave no answers. Do not assume any; continue without them or ask differently.",
		]);
		const outcomes: AskOutcome[] = [
			{ kind: "timedOut" },
			{ kind: "connectionLost" },
			{ kind: "answered", answers: [], unanswered: ["Name?"] },
		];
		for (const outcome of outcomes) {
			const [json, sentence] = texts(outcome);
			expect(JSON.parse(json ?? "")).toEqual(toAskUserResult(outcome));
			expect(sentence).toBeTruthy();
		}
	});
	it("says plainly that nothing was answered when every question was skipped", () => {
		expect(texts({ kind: "answered", answers: [], unanswered: ["Which database should we use?", "Name?"] })).toEqual([
			'{"answered":true,"answers":[],"unanswered":["Which database should we use?","Name?"]}',
			"The user skipped every question and gave no answers. Do not assume any.",
		]);
		expect(
			texts({
				kind: "answered",
				answers: [{ question: "Name?", answer: "svc", wasCustom: true }],
				unanswered: ["Which database should we use?"],
			})[1],
		).toBe("The user skipped the questions in `unanswered`.");
	});
	it("says an interrupted ask is no cancel: interrupted (TUI, SDK) or connectionLost (RPC), asked again later", () => {
		const sentence =
			"The questions were interrupted before the user answered (the user did not cancel). They stay pending: the next prompt does not ask them again; they are asked again when this session is next started, and if the user answers them sooner (/questions answer), the answers arrive as a user message (<ask_user_answers> with this call's toolCallId). No answers were given yet, so do not assume any.";
		expect(texts({ kind: "interrupted" })).toEqual(['{"answered":false,"answers":[],"interrupted":true}', sentence]);
		expect(texts({ kind: "interrupted", reportedAs: "connectionLost" })).toEqual([
			'{"answered":false,"answers":[],"connectionLost":true}',
			sentence,
		]);
	});
	it("puts print mode's pending instructions after the JSON", () => {
		expect(
			texts({ kind: "pending", pendingFile: ".pi/pending-questions.json" }, "Questions pending. User input required."),
		).toEqual([
			'{"answered":false,"answers":[],"pendingFile":".pi/pending-questions.json"}',
			"Questions pending. User input required.",
		]);
	});
});

describe("a note for the whole set", () => {
	const answers = [{ question: "Name?", answer: "svc", wasCustom: true }];
	it("is the result's top-level note, after the answers, and the details keep it", () => {
		const outcome: AskOutcome = {
			kind: "answered",
			answers,
			unanswered: ["Which database should we use?"],
			note: "for now",
		};
		expect(blockText(resultContent(outcome)[0])).toBe(
			'{"answered":true,"answers":[{"question":"Name?","answer":"svc","wasCustom":true}],"unanswered":["Which database should we use?"],"note":"for now"}',
		);
		expect(buildDetails(request, outcome, "interactive", 0).note).toBe("for now");
		expect(buildDetails(request, { kind: "answered", answers }, "interactive", 0)).not.toHaveProperty("note");
	});
	it("answeredOutcome keeps the person's note as given, cleaned and trimmed, and never makes one up", () => {
		const questions = request.questions;
		expect(
			answeredOutcome(questions, [undefined, { chosen: [], typed: ["svc"] }], "  ask again\u001b[2J later ").note,
		).toBe("ask again later");
		expect(answeredOutcome(questions, [undefined, { chosen: [], typed: ["svc"] }], "   ")).not.toHaveProperty("note");
		expect(answeredOutcome(questions, [undefined, { chosen: [], typed: ["svc"] }])).not.toHaveProperty("note");
	});
	it("with every question skipped, the second block says that only the note was given", () => {
		const texts = resultContent({ kind: "answered", answers: [], unanswered: ["Name?"], note: "you decide" }).map(
			blockText,
		);
		expect(texts).toEqual([
			'{"answered":true,"answers":[],"unanswered":["Name?"],"note":"you decide"}',
			"The user skipped every question and gave no answers, only the note in `note`. Do not assume any.",
		]);
	});
});

describe("details record", () => {
	it("says interrupted whatever the model read, so the session keeps the ask open", () => {
		for (const outcome of [{ kind: "interrupted" }, { kind: "interrupted", reportedAs: "connectionLost" }] as const) {
			expect(buildDetails(request, outcome, "rpc", 0)).toMatchObject({ outcome: "interrupted", answers: [] });
		}
		expect(buildDetails(request, { kind: "connectionLost" }, "remote", 0).outcome).toBe("connectionLost");
	});
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
			'Name? → "a", "b" — note: n',
			"Which database should we use? → (skipped)",
		]);
		expect(summarizeResult(buildDetails(request, { kind: "cancelled" }, "rpc", 0), false).lines).toEqual([
			"Cancelled by the user (/questions reopen asks again)",
		]);
		expect(summarizeResult(buildDetails(request, { kind: "interrupted" }, "interactive", 0), false).lines).toEqual([
			"Interrupted: the questions stay pending (/questions answer)",
		]);
		expect(
			summarizeResult(buildDetails(request, { kind: "pending", pendingFile: "p.json" }, "print", 0), false).lines[0],
		).toContain("p.json");
	});
});

describe("answers in the chat summary", () => {
	it("quotes typed answers, so that a typed answer with a comma reads as one; picked options stay bare", () => {
		const details = buildDetails(
			request,
			{
				kind: "answered",
				answers: [
					{
						question: "Which database should we use?",
						answer: ["SQLite", "Rate limiting, per key"],
						selectedOption: ["SQLite"],
						wasCustom: true,
					},
					{ question: "Name?", answer: "order-processor", wasCustom: true },
				],
			},
			"interactive",
			0,
		);
		expect(summarizeResult(details, false).lines).toEqual([
			'Which database should we use? → SQLite, "Rate limiting, per key"',
			'Name? → "order-processor"',
		]);
	});

	it("shows the note on the whole set, as each answer's note shows", () => {
		const details = buildDetails(
			request,
			{
				kind: "answered",
				answers: [{ question: "Name?", answer: "svc", wasCustom: true, note: "for now" }],
				note: "Both are for the prototype",
			},
			"interactive",
			0,
		);
		expect(summarizeResult(details, false).lines).toEqual([
			'Name? → "svc" — note: for now',
			"Note for all: Both are for the prototype",
		]);
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
