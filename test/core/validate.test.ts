/** Bad calls get an error that names the path and the fix. */
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/core/limits.js";
import { AskUserError } from "../../src/core/validate.js";
import { canonicalRequest } from "../../src/tool.js";

function errorOf(args: unknown): string {
	try {
		canonicalRequest(args);
	} catch (error) {
		expect(error).toBeInstanceOf(AskUserError);
		return (error as Error).message;
	}
	throw new Error("expected an error");
}

describe("validation errors", () => {
	it.each([
		[{ questions: [] }, "questions is empty; ask at least one question"],
		[{}, "questions is missing"],
		[null, "ask_user arguments must be an object"],
		[{ questions: 5 }, "questions must be an array, got a number"],
		[{ questions: [{ question: "  " }] }, "questions[0].question is empty"],
		[{ questions: [{ header: "x" }] }, "questions[0].question is missing"],
		[
			{ questions: [{ question: "a" }, { question: "b", options: [{ label: "x" }, { label: "y" }, { label: "" }] }] },
			"questions[1].options[2].label is empty",
		],
		[
			{ questions: [{ question: "a", options: ["x", "X"] }] },
			'questions[0].options[1].label "X" duplicates questions[0].options[0]',
		],
		[{ questions: [{ question: "a" }, { question: "a" }] }, "questions[1].question duplicates questions[0]"],
		[
			{ questions: [{ question: "a", options: ["Yes", "Other"] }] },
			'questions[0].options[1].label "Other" collides with the built-in "Other" choice',
		],
		[{ questions: [{ question: "a", options: ["Other (type your answer)"] }] }, "collides with the built-in"],
		[{ questions: [{ question: "a", multiSelect: "sometimes" }] }, "questions[0].multiSelect must be true or false"],
		[{ questions: [{ question: "a", options: [[1]] }] }, "questions[0].options[0] must be an object"],
		[{ questions: [{ question: "a" }], metadata: [1] }, "metadata must be an object"],
		[{ questions: [{ question: "a", context: 5 }] }, "questions[0].context must be a string, got a number"],
		[{ questions: [{ question: "a", id: { x: 1 } }] }, "questions[0].id must be a string, got an object"],
		[
			{
				questions: [
					{ question: "a", id: "q1" },
					{ question: "b", id: "Q1 " },
				],
			},
			'questions[1].id "Q1" duplicates questions[0].id; ids must be unique',
		],
	])("%j → %s", (args, message) => {
		expect(errorOf(args)).toContain(message);
	});

	it("enforces the documented caps", () => {
		expect(
			errorOf({ questions: Array.from({ length: LIMITS.questions + 1 }, (_, i) => ({ question: `q${i}` })) }),
		).toContain(`the limit is ${LIMITS.questions}`);
		expect(errorOf({ questions: [{ question: "x".repeat(1_000_000) }] })).toContain(
			`the limit is ${LIMITS.questionChars}`,
		);
		const options = Array.from({ length: LIMITS.optionsPerQuestion + 1 }, (_, i) => `o${i}`);
		expect(errorOf({ questions: [{ question: "q", options }] })).toContain(`the limit is ${LIMITS.optionsPerQuestion}`);
	});

	it("caps and sanitises context and id like other text", () => {
		expect(errorOf({ questions: [{ question: "q", context: "x".repeat(LIMITS.contextChars + 1) }] })).toContain(
			`questions[0].context is ${LIMITS.contextChars + 1} characters; the limit is ${LIMITS.contextChars}`,
		);
		expect(errorOf({ questions: [{ question: "q", id: "x".repeat(LIMITS.idChars + 1) }] })).toContain(
			`the limit is ${LIMITS.idChars}`,
		);
		expect(
			canonicalRequest({
				questions: [{ question: "q", id: " a\u001b[31m\nb ", context: "\u001b[2J  line 1\nline 2\t " }],
			}),
		).toEqual({ questions: [{ question: "q", id: "a b", context: "line 1\nline 2" }] });
		expect(canonicalRequest({ questions: [{ question: "q", id: " ", context: "" }] })).toEqual({
			questions: [{ question: "q" }],
		});
	});

	it("allows labels that merely start with 'Other'", () => {
		expect(
			canonicalRequest({ questions: [{ question: "a", options: ["Other databases", "None"] }] }).questions[0]?.options,
		).toHaveLength(2);
	});
});
