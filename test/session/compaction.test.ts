/** Decisions survive compaction, including ones an earlier summary carried. */
import { describe, expect, it } from "vitest";
import { buildDetails } from "../../src/core/result.js";
import type { AskRequest } from "../../src/core/types.js";
import { collectDecisions, decisionsFromSummary, withDecisions } from "../../src/session/compaction.js";

const request: AskRequest = { questions: [{ question: "DB?" }, { question: "Name?" }] };

type Message = Parameters<typeof collectDecisions>[0][number];

function toolResult(details: unknown): Message {
	return {
		role: "toolResult",
		toolName: "ask_user",
		toolCallId: "c",
		content: [],
		// pi ≥0.84 types details as JSON; the details here are plain JSON objects.
		details: details as Extract<Message, { role: "toolResult" }>["details"],
		isError: false,
		timestamp: 0,
	};
}

/** C0/C1 controls, DEL and bidi embeddings, overrides and isolates: none may reach the terminal. */
function isUnsafe(char: string): boolean {
	const code = char.codePointAt(0) ?? 0;
	return (
		code < 0x20 ||
		(code >= 0x7f && code <= 0x9f) ||
		(code >= 0x202a && code <= 0x202e) ||
		(code >= 0x2066 && code <= 0x2069)
	);
}

describe("decisions in compaction summaries", () => {
	it("a forged record puts no control or bidi character into the summary pi shows", () => {
		const forged = {
			questions: [{ question: "Deploy?" }],
			answers: [{ question: "DB?", answer: "SQLite\u009b2J\u202e", note: "ok\u009d52;c;Zm9v\u0007", wasCustom: true }],
			outcome: "answered",
			mode: "interactive",
			answeredAt: 0,
		};
		const cancelledForged = { ...forged, answers: [], outcome: "cancelled\u001b]52;c;Zm9v\u0007\u202e" };
		const lines = collectDecisions([toolResult(forged), toolResult(cancelledForged)]);
		expect(lines).toHaveLength(2);
		for (const line of lines) expect([...line].filter(isUnsafe)).toEqual([]);
		expect(lines[0]).toContain("SQLite");
	});

	it("one malformed record (unanswered not an array, answers not objects) costs only its own broken parts", () => {
		const broken = { questions: [{ question: "DB?" }], answers: [7, null], unanswered: "Name?", outcome: "answered" };
		const good = buildDetails({ questions: [{ question: "Deploy?" }] }, { kind: "cancelled" }, "interactive", 0);
		expect(collectDecisions([toolResult(broken), toolResult(good)])).toEqual([
			"- Q: Deploy? → not answered (cancelled)",
		]);
	});

	it("records answers, skips and cancels", () => {
		const answered = buildDetails(
			request,
			{
				kind: "answered",
				answers: [{ question: "DB?", answer: "SQLite", selectedOption: "SQLite", wasCustom: false }],
				unanswered: ["Name?"],
			},
			"interactive",
			0,
		);
		const cancelled = buildDetails({ questions: [{ question: "Deploy?" }] }, { kind: "cancelled" }, "interactive", 0);
		expect(collectDecisions([toolResult(answered), toolResult(cancelled), toolResult(undefined)])).toEqual([
			'- Q: DB? → A: "SQLite" (chosen option)',
			"- Q: Name? → skipped by the user",
			"- Q: Deploy? → not answered (cancelled)",
		]);
	});

	it("mentions the images a person attached, by name (the record never kept their bytes); forged entries are left out", () => {
		const answered = buildDetails(
			request,
			{
				kind: "answered",
				answers: [
					{
						question: "DB?",
						answer: "like this",
						wasCustom: true,
						images: [{ name: "schema.png", mimeType: "image/png", bytes: 812 }],
					},
				],
			},
			"interactive",
			0,
		);
		const forged = {
			...answered,
			answers: [{ question: "Name?", answer: "x", wasCustom: true, images: [{ name: "evil", mimeType: "text/html" }] }],
		};
		expect(collectDecisions([toolResult(answered), toolResult(forged)])).toEqual([
			'- Q: DB? → A: "like this" (typed by the user; attached an image: "schema.png")',
			'- Q: Name? → A: "x" (typed by the user)',
		]);
	});

	it("records an interrupted ask as not yet answered, never as the person's cancel", () => {
		const interrupted = buildDetails({ questions: [{ question: "Deploy?" }] }, { kind: "interrupted" }, "rpc", 0);
		expect(collectDecisions([toolResult(interrupted)])).toEqual([
			"- Q: Deploy? → interrupted, not yet answered (asked again later)",
		]);
	});

	it("carries decisions forward from an earlier summary", () => {
		const summary = withDecisions("Summary.", ['- Q: DB? → A: "SQLite" (chosen option)']);
		expect(summary).toBe('Summary.\n\n## User decisions (ask_user)\n- Q: DB? → A: "SQLite" (chosen option)\n');
		expect(decisionsFromSummary(`${summary}\nMore text`)).toEqual(['- Q: DB? → A: "SQLite" (chosen option)']);
		expect(withDecisions("Same.", [])).toBe("Same.");
	});
});

describe("robustness", () => {
	it("keeps a single decisions section when the model copied the old one", () => {
		const copied = withDecisions("Summary.", ['- Q: A? → A: "x" (chosen option)']);
		const again = withDecisions(`${copied}\nMore from the model.`, [
			'- Q: A? → A: "x" (chosen option)',
			"- Q: B? → skipped by the user",
		]);
		expect(again.split("## User decisions (ask_user)")).toHaveLength(2);
		expect(again).toContain("More from the model.");
		expect(again.endsWith("- Q: B? → skipped by the user\n")).toBe(true);
	});

	it("skips ask_user results written by another extension", () => {
		const foreign = toolResult({ questions: [{ id: "q1" }], answers: "yes", outcome: "weird" });
		const broken = toolResult({ questions: [null], answers: [null], outcome: "answered" });
		expect(collectDecisions([foreign, broken])).toEqual([]);
	});
});
