/** The one question-key matcher: text, header or id, case and spaces aside; never a guess. */
import { describe, expect, it } from "vitest";
import {
	describeKeyProblem,
	foldKey,
	type KeyedQuestion,
	matchQuestionKey,
	valuesByQuestionKey,
} from "../../src/core/question-keys.js";

const questions: KeyedQuestion[] = [
	{ question: "Which database should we use?", header: "Setup", id: "db" },
	{ question: "What should we name this service?", header: "Setup" },
	{ question: "Deploy now?", header: "Deploy", id: "deploy_now" },
];

describe("matchQuestionKey", () => {
	it("names a question by its text, header or id, with case and runs of spaces ignored", () => {
		expect(matchQuestionKey(questions, "  which   DATABASE should we use? ")).toEqual({ kind: "question", index: 0 });
		expect(matchQuestionKey(questions, "DB")).toEqual({ kind: "question", index: 0 });
		expect(matchQuestionKey(questions, "deploy")).toEqual({ kind: "question", index: 2 });
		expect(matchQuestionKey(questions, "Deploy_Now")).toEqual({ kind: "question", index: 2 });
	});

	it("never guesses: a header two questions share is ambiguous; a blank or foreign key names nothing", () => {
		expect(matchQuestionKey(questions, "setup")).toEqual({ kind: "ambiguous", indexes: [0, 1] });
		expect(matchQuestionKey(questions, "  ")).toEqual({ kind: "unknown" });
		expect(matchQuestionKey(questions, "Database")).toEqual({ kind: "unknown" });
	});

	it("calls a key ambiguous when it is one question's header and another's text", () => {
		const clash: KeyedQuestion[] = [{ question: "Name?" }, { question: "What name?", header: "name?" }];
		expect(matchQuestionKey(clash, "Name?")).toEqual({ kind: "ambiguous", indexes: [0, 1] });
	});

	it("folds only case and white space", () => {
		expect(foldKey("  A\t b\n\nC ")).toBe("a b c");
	});
});

describe("valuesByQuestionKey", () => {
	it("puts each value at the question its key names", () => {
		expect(
			valuesByQuestionKey(questions, [
				["deploy", "yes"],
				["DB", "SQLite"],
			]),
		).toEqual({
			values: ["SQLite", undefined, "yes"],
			problems: [],
		});
	});

	it("uses no value for a question two keys name, and reports every problem", () => {
		const { values, problems } = valuesByQuestionKey(questions, [
			["db", "SQLite"],
			["Which database should we use?", "MongoDB"],
			["setup", "x"],
			["nope", "y"],
			["Deploy now?", "no"],
		]);
		expect(values).toEqual([undefined, undefined, "no"]);
		expect(problems).toEqual([
			{ kind: "ambiguous", key: "setup", indexes: [0, 1] },
			{ kind: "unknown", key: "nope" },
			{ kind: "duplicate", keys: ["db", "Which database should we use?"], index: 0 },
		]);
		expect(problems.map((problem) => describeKeyProblem(problem, questions, "--answers"))).toEqual([
			'--answers key "setup" names several questions ("Which database should we use?" and "What should we name this service?"); use the question text',
			'--answers key "nope" matches no question; use a question\'s text, header or id: "Which database should we use?", "What should we name this service?", "Deploy now?"',
			'--answers keys "db" and "Which database should we use?" name the same question ("Setup"); give one answer per question',
		]);
	});
});
