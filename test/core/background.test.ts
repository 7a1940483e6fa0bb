/**
 * `background: true` in the pure core: the argument as the model may send it, and what the model
 * reads when the call returns at once.
 */
import { describe, expect, it } from "vitest";
import { canonicalRequest } from "../../src/core/normalize.js";
import { blockText, buildDetails, resultContent } from "../../src/core/result.js";

const QUESTIONS = [{ question: "Which database?", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] }];

describe("background asks", () => {
	it("takes background: true (and its spellings as text) into the request; false or absent is a normal ask", () => {
		expect(canonicalRequest({ questions: QUESTIONS, background: true }).background).toBe(true);
		expect(canonicalRequest({ questions: QUESTIONS, background: "true" }).background).toBe(true);
		expect(canonicalRequest({ questions: QUESTIONS, background: false }).background).toBeUndefined();
		expect(canonicalRequest({ questions: QUESTIONS }).background).toBeUndefined();
	});

	it("refuses a background that is not a yes or no, naming it", () => {
		expect(() => canonicalRequest({ questions: QUESTIONS, background: "later" })).toThrow(
			/background must be true or false/,
		);
	});

	it("returns at once: the first block is exactly the background result, the second says what comes next", () => {
		const blocks = resultContent({ kind: "pending", pendingFile: ".pi/pending-questions.json", background: true });
		expect(blockText(blocks[0])).toBe('{"answered":false,"answers":[],"background":true}');
		expect(blockText(blocks[1])).toMatch(/answers will arrive later as a user message/);
		expect(blockText(blocks[1])).toMatch(/do not assume/i);
	});

	it("the session keeps it as a pending ask, marked background, with its file", () => {
		const request = canonicalRequest({ questions: QUESTIONS, background: true });
		const details = buildDetails(
			request,
			{ kind: "pending", pendingFile: ".pi/pending-questions.json", background: true },
			"interactive",
			0,
		);
		expect(details).toMatchObject({ outcome: "pending", pendingFile: ".pi/pending-questions.json", background: true });
	});
});
