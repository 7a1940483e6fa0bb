/** Answers given as data: label matching, custom text, multi-select splitting, the --answers shapes. */
import { describe, expect, it } from "vitest";
import { outcomeFromRawAnswers, parseAnswersText } from "../../src/core/answer-input.js";
import { answeredOutcome, answerFromData, givenFromData, splitMultiAnswer, toAnswer } from "../../src/core/answers.js";
import type { Question } from "../../src/core/types.js";

const db: Question = {
	question: "DB?",
	header: "Database",
	options: [{ label: "PostgreSQL (Recommended)" }, { label: "SQLite" }],
};
const name: Question = { question: "Name?" };
const features: Question = {
	question: "Features?",
	multiSelect: true,
	options: [{ label: "Auth, with SSO" }, { label: "REST" }, { label: "Admin" }],
};

describe("answerFromData", () => {
	it("selects an option when the answer equals its label (case and spaces aside)", () => {
		expect(answerFromData(db, " sqlite ")).toEqual({
			question: "DB?",
			answer: "SQLite",
			selectedOption: "SQLite",
			wasCustom: false,
		});
	});
	it("keeps anything else as custom text", () => {
		expect(answerFromData(db, "DynamoDB please")).toEqual({
			question: "DB?",
			answer: "DynamoDB please",
			wasCustom: true,
		});
	});
	it("never turns an empty answer into an answer", () => {
		expect(answerFromData(name, "   ")).toBeUndefined();
		expect(answerFromData(features, [])).toBeUndefined();
	});
	it("splits multi-select text on commas but keeps labels that contain commas", () => {
		expect(splitMultiAnswer(features, "Auth, with SSO, Admin, GraphQL")).toEqual([
			"Auth, with SSO",
			"Admin",
			"GraphQL",
		]);
		expect(answerFromData(features, ["REST", "rest", "Custom"], "note")).toEqual({
			question: "Features?",
			answer: ["REST", "Custom"],
			selectedOption: ["REST"],
			wasCustom: true,
			note: "note",
		});
	});
});

describe("parseAnswersText (--answers)", () => {
	it("takes an array in question order, null to skip", () => {
		expect(parseAnswersText('["SQLite", null]', [db, name])).toEqual(["SQLite", undefined]);
	});
	it("takes an object keyed by question text or header", () => {
		expect(parseAnswersText('{"database": "SQLite", "Name?": "svc"}', [db, name])).toEqual(["SQLite", "svc"]);
	});
	it("takes plain text for a single question", () => {
		expect(parseAnswersText("order-processor", [name])).toEqual(["order-processor"]);
	});
	it("rejects a wrong count, an unknown key and a wrong value type", () => {
		expect(() => parseAnswersText('["a"]', [db, name])).toThrow("--answers has 1 answer but 2 questions were asked");
		expect(() => parseAnswersText('{"Nope": "a"}', [db, name])).toThrow('--answers key "Nope" matches no question');
		expect(() => parseAnswersText('[{"a":1}, "b"]', [db, name])).toThrow("--answers[0] must be a string");
		expect(() => parseAnswersText("[oops", [db, name])).toThrow("--answers is not valid JSON");
	});
	it("reports skipped questions as unanswered, never as empty answers", () => {
		expect(outcomeFromRawAnswers([db, name], ["SQLite", undefined])).toEqual({
			kind: "answered",
			answers: [{ question: "DB?", answer: "SQLite", selectedOption: "SQLite", wasCustom: false }],
			unanswered: ["Name?"],
		});
		expect(outcomeFromRawAnswers([db, name], [undefined, ""])).toBeUndefined();
	});
});

describe("parseAnswersText for a single question", () => {
	it("reads a bare JSON number or boolean as the answer's text", () => {
		expect(parseAnswersText("3", [name])).toEqual(["3"]);
		expect(parseAnswersText("true", [name])).toEqual(["true"]);
	});
});

describe("what the person gave (GivenAnswer)", () => {
	it("keeps typed text whole: it never becomes a ticked option, whatever commas it holds", () => {
		const given = { chosen: [], typed: ["everything except Auth, Admin"] };
		expect(toAnswer(features, given)).toEqual({
			question: "Features?",
			answer: ["everything except Auth, Admin"],
			wasCustom: true,
		});
		expect(toAnswer(db, { chosen: [], typed: ["sqlite"] })).toEqual({
			question: "DB?",
			answer: "sqlite",
			wasCustom: true,
		});
	});
	it("takes ticked labels exactly, and a label that is no option as the person's text", () => {
		expect(toAnswer(features, { chosen: ["Admin", "REST"], typed: ["GraphQL"], note: " soon " })).toEqual({
			question: "Features?",
			answer: ["Admin", "REST", "GraphQL"],
			selectedOption: ["Admin", "REST"],
			wasCustom: true,
			note: "soon",
		});
		expect(toAnswer(db, { chosen: ["Oracle"], typed: [] })).toEqual({
			question: "DB?",
			answer: "Oracle",
			wasCustom: true,
		});
	});
	it("echoes the model's id for the question in its answer", () => {
		expect(toAnswer({ ...db, id: "db_choice" }, { chosen: ["SQLite"], typed: [] })).toEqual({
			id: "db_choice",
			question: "DB?",
			answer: "SQLite",
			selectedOption: "SQLite",
			wasCustom: false,
		});
	});
	it("builds one answered outcome, listing questions without an answer", () => {
		expect(answeredOutcome([db, name], [{ chosen: ["SQLite"], typed: [] }, undefined])).toEqual({
			kind: "answered",
			answers: [{ question: "DB?", answer: "SQLite", selectedOption: "SQLite", wasCustom: false }],
			unanswered: ["Name?"],
		});
		expect(answeredOutcome([db], [{ chosen: [], typed: [" "] }])).toEqual({
			kind: "answered",
			answers: [],
			unanswered: ["DB?"],
		});
	});
	it("reads data: a multi-select string lists labels (split), an array entry is exact", () => {
		expect(givenFromData(features, "everything except Auth, Admin")).toEqual({
			chosen: ["Admin"],
			typed: ["everything except Auth"],
		});
		expect(givenFromData(features, ["everything except Auth, Admin", "rest"])).toEqual({
			chosen: ["REST"],
			typed: ["everything except Auth, Admin"],
		});
	});
});

describe("keys in the --answers object form", () => {
	it("rejects two keys for one question (its text and its header) instead of keeping the last", () => {
		expect(() => parseAnswersText('{"DB?": "SQLite", "database": "PostgreSQL (Recommended)"}', [db, name])).toThrow(
			'--answers keys "DB?" and "database" name the same question ("Database"); give one answer per question',
		);
	});
	it("rejects a header two questions share", () => {
		const shared: Question[] = [
			{ ...db, header: "Setup" },
			{ ...name, header: "Setup" },
		];
		expect(() => parseAnswersText('{"setup": "x"}', shared)).toThrow('--answers key "setup" names several questions');
	});
});

describe("--answers: a typed answer close to an option is refused with the option, never taken as typed text", () => {
	const node: Question = {
		question: "Runtime?",
		options: [{ label: "Node 20" }, { label: "Node 22" }, { label: "Bun" }],
	};
	it.each([
		[
			"a prefix of the label",
			'["postgres", "svc"]',
			[db, name],
			'--answers[0] "postgres" is no option: did you mean "PostgreSQL (Recommended)"?',
		],
		["the label without its remark", '["PostgreSQL", "svc"]', [db, name], 'did you mean "PostgreSQL (Recommended)"?'],
		["a typo", '["SQLte", "svc"]', [db, name], 'did you mean "SQLite"?'],
		["a lone question's plain text", "sqlite3", [db], '--answers "sqlite3" is no option: did you mean "SQLite"?'],
		[
			"a multi-select item",
			'["Auth", "REST"]',
			[features],
			'--answers "Auth" is no option: did you mean "Auth, with SSO"?',
		],
		[
			"an object keyed by header",
			'{"Database": "postgre", "Name?": "svc"}',
			[db, name],
			'did you mean "PostgreSQL (Recommended)"?',
		],
	] as const)("%s", (_, text, questions, message) => {
		expect(() => parseAnswersText(text, [...questions])).toThrow(message);
		expect(() => parseAnswersText(text, [...questions])).toThrow("nothing was sent");
	});
	it.each([
		[
			"an exact label, any case",
			'["postgresql (recommended)", "svc"]',
			[db, name],
			["postgresql (recommended)", "svc"],
		],
		["words of the person's own", '["MySQL", "svc"]', [db, name], ["MySQL", "svc"]],
		[
			"a sentence that names an option",
			'["PostgreSQL, but with pgbouncer in front", "svc"]',
			[db, name],
			["PostgreSQL, but with pgbouncer in front", "svc"],
		],
		["a different version number", '["Node 18"]', [node], ["Node 18"]],
		["a short word", '["SQ", "svc"]', [db, name], ["SQ", "svc"]],
		["a question with no options", '["SQLite", "postgres"]', [db, name], ["SQLite", "postgres"]],
	] as const)("takes %s as it is", (_, text, questions, raw) => {
		expect(parseAnswersText(text, [...questions])).toEqual(raw);
	});
});
