/** Bad calls get an error that names the path and the fix. */
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/core/limits.js";
import { canonicalRequest } from "../../src/core/normalize.js";
import { AskUserError, validateRequest } from "../../src/core/validate.js";

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
			{
				questions: [
					{ question: "a" },
					{ question: "b", options: [{ label: "x" }, { label: "y" }, { label: "", description: "d" }] },
				],
			},
			"questions[1].options[2].label is empty",
		],
		[
			{ questions: [{ question: "a", options: ["x", "X"] }] },
			'questions[0].options[1] "X" duplicates questions[0].options[0]',
		],
		[{ questions: [{ question: "a" }, { question: "a" }] }, "questions[1].question duplicates questions[0]"],
		[
			{ questions: [{ question: "Which  db?" }, { question: "which db?" }] },
			"questions[1].question duplicates questions[0]",
		],
		[{ questions: [{ question: "a", multiSelect: "sometimes" }] }, "questions[0].multiSelect must be true or false"],
		// Found by the property test: JSON can hold an object whose toString is not a function.
		[
			{ questions: [{ question: "a", multi_select: JSON.parse('{"toString": 0}') }] },
			"questions[0].multi_select must be true or false, got an object",
		],
		[{ questions: [{ question: "a", options: [[1]] }] }, "questions[0].options[0] must be an object"],
		[
			{ questions: [{ question: "a", options: [{ label: "x" }, { label: "X" }] }] },
			'questions[0].options[1].label "X" duplicates questions[0].options[0]',
		],
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

	it("rejects an Other row in a request read back without normalising (a hand-edited pending file)", () => {
		expect(() => validateRequest({ questions: [{ question: "a", options: [{ label: "Other: say" }] }] })).toThrow(
			'questions[0].options[0].label "Other: say" collides with the built-in "Other" choice',
		);
	});

	it("names the key and index the model used", () => {
		expect(errorOf({ question: "Which?", follow_up: "A or B" })).toContain("follow_up must be an array");
		expect(errorOf({ questions: [{ question: "Which?", choices: 5 }] })).toContain(
			"questions[0].choices must be an array",
		);
		expect(
			errorOf({ questions: [{ prompt: "Which?", suggestions: [{ text: "x".repeat(LIMITS.labelChars + 1) }] }] }),
		).toContain(`questions[0].suggestions[0].text is ${LIMITS.labelChars + 1} characters`);
		expect(errorOf({ question_list: [{ question: "Q?", multi: "sometimes" }] })).toContain(
			"question_list[0].multi must be true or false",
		);
		expect(errorOf({ questions: [{ question: "Q?", description: 5 }] })).toContain(
			"questions[0].description must be a string",
		);
		// Indexes are the model's, even after blank and Other rows were dropped.
		expect(errorOf({ questions: [{ question: "Q?", options: ["", "Other", "A", "a"] }] })).toContain(
			'questions[0].options[3] "a" duplicates questions[0].options[2]',
		);
	});

	it("refuses a list next to the question under a key it does not know, naming that key", () => {
		const elsewhere = 'a list next to the question; options go in "options"';
		expect(errorOf({ questions: [{ question: "Which?", foo: ["A", "B"] }] })).toBe(`questions[0].foo: ${elsewhere}`);
		expect(errorOf({ question_list: [{ question: "Which?", opts: '["A","B"]' }] })).toBe(
			`question_list[0].opts: ${elsewhere}`,
		);
		expect(errorOf({ question: "Which?", picks: [{ label: "A" }] })).toBe(`picks: ${elsewhere}`);
		// A key the normaliser reads for something else (a header, the type) is no place for a list either.
		expect(errorOf({ questions: [{ question: "Which?", label: ["A", "B"] }] })).toBe(
			`questions[0].label: ${elsewhere}`,
		);
		// A second list beside the options would vanish too.
		expect(errorOf({ questions: [{ question: "Which?", options: ["A"], choices: ["B"] }] })).toBe(
			'questions[0].choices: a second list next to questions[0].options; give the options once, in "options"',
		);
		// An empty list loses nothing, and a question read back without normalising is held to the same rule.
		expect(canonicalRequest({ questions: [{ question: "Which?", foo: [] }] })).toEqual({
			questions: [{ question: "Which?" }],
		});
		expect(() => validateRequest({ questions: [{ question: "Which?", foo: ["A"] }] })).toThrow(
			`questions[0].foo: ${elsewhere}`,
		);
	});

	it("refuses `questions` given as a string, naming the key the model wrote", () => {
		const fix = 'pass a list of questions: [{ "question": "…" }]';
		expect(errorOf({ questions: "Which DB?" })).toBe(`questions must be an array, got a string; ${fix}`);
		expect(errorOf({ questions: "yes" })).toBe(`questions must be an array, got a string; ${fix}`);
		expect(errorOf({ question_list: "Which DB?" })).toBe(`question_list must be an array, got a string; ${fix}`);
		// JSON text of a list is still a list, and one question object is still one question.
		expect(canonicalRequest({ questions: '[{"question":"Which DB?"}]' })).toEqual({
			questions: [{ question: "Which DB?" }],
		});
		expect(canonicalRequest({ questions: { question: "Which DB?" } })).toEqual({
			questions: [{ question: "Which DB?" }],
		});
	});

	it("names the key the question text is under when it is not one it knows", () => {
		expect(errorOf({ questions: [{ ask: "Which DB?", options: ["A", "B"] }] })).toBe(
			'questions[0].question is missing; if questions[0].ask is the question, put it in "question"',
		);
		expect(errorOf({ question_list: [{ query: "Which DB?", body: "single", question: " " }] })).toBe(
			'question_list[0].question is empty; if one of question_list[0].query, question_list[0].body is the question, put it in "question"',
		);
		// A lone question given as the whole arguments: its options say it is one.
		expect(errorOf({ ask: "Which DB?", options: ["A", "B"] })).toBe(
			'question is missing; if ask is the question, put it in "question"',
		);
		// Keys read for something else are not named, and a question with no text anywhere gets the plain message.
		expect(errorOf({ questions: [{ header: "DB", type: "text" }] })).toBe(
			"questions[0].question is missing; give it a non-empty string",
		);
		expect(() => validateRequest({ questions: [{ ask: "Which DB?" }] })).toThrow(
			'questions[0].question is missing; if questions[0].ask is the question, put it in "question"',
		);
	});

	it("reports an option with a description but no label", () => {
		// Blank options are dropped, but an option with a description but no label is a mistake to report, not a blank to drop.
		expect(errorOf({ questions: [{ question: "Q?", options: ["A", { label: "", description: "Fast" }] }] })).toContain(
			"questions[0].options[1].label is empty",
		);
	});

	it("allows labels that merely start with 'Other'", () => {
		expect(
			canonicalRequest({ questions: [{ question: "a", options: ["Other databases", "None"] }] }).questions[0]?.options,
		).toHaveLength(2);
	});
});
