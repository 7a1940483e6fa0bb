/**
 * The classes of call that were misread or refused although their intent is plain, one table each: every entry must
 * fold into the request the model meant, or be refused with an error naming the key the model wrote. Never the
 * third thing: something else shown to the person, with the model never told.
 */
import { describe, expect, it } from "vitest";
import { canonicalRequest } from "../../src/core/normalize.js";
import { AskUserError } from "../../src/core/validate.js";

const yesNo = [{ label: "Yes" }, { label: "No" }];
const labels = (...names: string[]) => names.map((label) => ({ label }));

type Row = [name: string, call: unknown, folded: unknown];
type Refusal = [name: string, call: unknown, names: string];

function understood(rows: Row[]): void {
	it.each(rows)("%s", (_, call, folded) => {
		expect(canonicalRequest(call)).toEqual(folded);
		expect(canonicalRequest(folded)).toEqual(folded);
	});
}

function refused(rows: Refusal[]): void {
	it.each(rows)("refuses, naming the key: %s", (_, call, names) => {
		expect(() => canonicalRequest(call)).toThrow(AskUserError);
		expect(() => canonicalRequest(call)).toThrow(names);
	});
}

describe("a question's kind nested under input", () => {
	understood([
		[
			"input.kind confirm beside a title (corpus 2)",
			{ title: "Ship it?", input: { kind: "confirm" } },
			{ questions: [{ question: "Ship it?", options: yesNo }] },
		],
		[
			"input.type select with its options",
			{ questions: [{ question: "Which db?", input: { type: "select", options: ["pg", "sqlite"] } }] },
			{ questions: [{ question: "Which db?", options: labels("pg", "sqlite") }] },
		],
		[
			"input.type multi-select",
			{ question: "Which checks?", input: { type: "multi-select", choices: ["lint", "test"] } },
			{ questions: [{ question: "Which checks?", options: labels("lint", "test"), multiSelect: true }] },
		],
	]);
});

describe("tool-call markup leaking into a string", () => {
	understood([
		[
			"a closing </question> and a <parameter> with the choices (a real transcript)",
			{ question: 'Ready to commit. Commit it?</question>\n<parameter name="choices">["Yes", "No, keep editing"]' },
			{ questions: [{ question: "Ready to commit. Commit it?", options: labels("Yes", "No, keep editing") }] },
		],
		[
			"the same inside questions[], with a closing </parameter>",
			{ questions: [{ question: 'Commit it?</question>\n<parameter name="choices">["Yes", "No"]</parameter>' }] },
			{ questions: [{ question: "Commit it?", options: yesNo }] },
		],
		[
			"a multi-select flag in the markup",
			{
				question:
					'Which files?</parameter>\n<parameter name="options">["a.ts", "b.ts"]</parameter>\n<parameter name="multiSelect">true</parameter>',
			},
			{ questions: [{ question: "Which files?", options: labels("a.ts", "b.ts"), multiSelect: true }] },
		],
		[
			"Roo's <question> container with <follow_up> suggestions",
			{
				question:
					"<question>Which database?</question>\n<follow_up><suggest>PostgreSQL</suggest><suggest>SQLite</suggest></follow_up>",
			},
			{ questions: [{ question: "Which database?", options: labels("PostgreSQL", "SQLite") }] },
		],
		[
			"Roo's whole XML call as the arguments",
			"<ask_followup_question><question>Where should it live?</question><follow_up><suggest>src</suggest><suggest>lib</suggest></follow_up></ask_followup_question>",
			{ questions: [{ question: "Where should it live?", options: labels("src", "lib") }] },
		],
		[
			"a bare <question> container",
			{ questions: [{ question: "<question>Which port?</question>", options: ["3000", "8080"] }] },
			{ questions: [{ question: "Which port?", options: labels("3000", "8080") }] },
		],
		[
			"a question that mentions an element in prose is no markup",
			{ questions: [{ question: "Rename the <question> element in the schema?", options: ["Yes", "No"] }] },
			{ questions: [{ question: "Rename the <question> element in the schema?", options: yesNo }] },
		],
	]);
	refused([
		[
			"markup that cannot be read is never shown",
			{ questions: [{ question: 'Commit?</question><parameter name="choices">["a"]', choices: ["b", "c"] }] },
			"questions[0].question",
		],
		[
			"markup in a header",
			{ questions: [{ question: "Commit?", header: "Git</parameter>", options: ["a", "b"] }] },
			"questions[0].header",
		],
	]);
});

describe("a key that carries words is shown or refused, never dropped", () => {
	understood([
		[
			"a top-level question beside questions[] is shown with the first question",
			{ question: "Two things before I start.", questions: [{ question: "Which db?", options: ["pg", "sqlite"] }] },
			{
				questions: [{ question: "Which db?", options: labels("pg", "sqlite"), context: "Two things before I start." }],
			},
		],
		[
			"a top-level question that repeats the first question adds nothing",
			{ question: "Which db?", questions: [{ question: "Which db?", options: ["pg", "sqlite"] }] },
			{ questions: [{ question: "Which db?", options: labels("pg", "sqlite") }] },
		],
		[
			"a reason beside several questions is shown",
			{ reason: "Project setup", questions: [{ question: "A?" }, { question: "B?" }] },
			{ questions: [{ question: "A?", context: "Project setup" }, { question: "B?" }] },
		],
		[
			"aider's subject (the file list) is shown above a yes/no question",
			{ question: "Add these files to the chat?", subject: ["src/a.ts", "src/b.ts"], default: "y" },
			{ questions: [{ question: "Add these files to the chat?", context: "src/a.ts\nsrc/b.ts", options: yesNo }] },
		],
		[
			"aider's subject as text",
			{ question: "Create new file?", subject: "docs/new.md" },
			{ questions: [{ question: "Create new file?", context: "docs/new.md" }] },
		],
		[
			"pick_max > 1 is multi-select",
			{ question: "Which?", options: ["a", "b", "c"], pick_max: 2 },
			{ questions: [{ question: "Which?", options: labels("a", "b", "c"), multiSelect: true }] },
		],
		[
			"pick_max 1 is one pick",
			{ question: "Which?", options: ["a", "b", "c"], pick_max: 1 },
			{ questions: [{ question: "Which?", options: labels("a", "b", "c") }] },
		],
		[
			"max_selections and maxChoices as text",
			{
				questions: [
					{ question: "A?", options: ["x", "y"], max_selections: 3 },
					{ question: "B?", options: ["x", "y"], maxChoices: "2" },
				],
			},
			{
				questions: [
					{ question: "A?", options: labels("x", "y"), multiSelect: true },
					{ question: "B?", options: labels("x", "y"), multiSelect: true },
				],
			},
		],
		[
			"type choice_many is multi-select",
			{ question: "Which?", options: ["a", "b"], type: "choice_many" },
			{ questions: [{ question: "Which?", options: labels("a", "b"), multiSelect: true }] },
		],
		[
			"type pick_many, select_multiple, several",
			{
				questions: [
					{ question: "A?", options: ["x", "y"], type: "pick_many" },
					{ question: "B?", options: ["x", "y"], type: "select_multiple" },
					{ question: "C?", options: ["x", "y"], selection: "several" },
				],
			},
			{
				questions: ["A?", "B?", "C?"].map((question) => ({ question, options: labels("x", "y"), multiSelect: true })),
			},
		],
		[
			"an explanation under a key of its own is shown as context",
			{ questions: [{ question: "Which db?", options: ["pg", "sqlite"], reason: "The schema needs JSON columns." }] },
			{
				questions: [
					{ question: "Which db?", options: labels("pg", "sqlite"), context: "The schema needs JSON columns." },
				],
			},
		],
		[
			"words under an unknown key are shown, named",
			{ questions: [{ question: "Which db?", options: ["pg", "sqlite"], default_choice: "pg if unsure" }] },
			{
				questions: [
					{ question: "Which db?", options: labels("pg", "sqlite"), context: "default_choice: pg if unsure" },
				],
			},
		],
		[
			"an option's detail is its description",
			{ question: "Which db?", options: [{ label: "pg", detail: "Robust and well known" }, { label: "sqlite" }] },
			{
				questions: [
					{
						question: "Which db?",
						options: [{ label: "pg", description: "Robust and well known" }, { label: "sqlite" }],
					},
				],
			},
		],
		[
			"a one-word tag is no words for the person",
			{ questions: [{ question: "Which db?", options: ["pg", "sqlite"], priority: "high", tool: "ask_user" }] },
			{ questions: [{ question: "Which db?", options: labels("pg", "sqlite") }] },
		],
	]);
});

describe("options given as one string that is not JSON", () => {
	understood([
		[
			"a Python-style list",
			{ question: "Port?", options: "['3000', '5173']" },
			{ questions: [{ question: "Port?", options: labels("3000", "5173") }] },
		],
		[
			"a Python-style list with a quote inside",
			{ question: "Which?", options: "[\"Don't\", 'Do']" },
			{ questions: [{ question: "Which?", options: labels("Don't", "Do") }] },
		],
		[
			"JSON with a trailing comma",
			{ question: "Port?", options: '["3000", "5173",]' },
			{ questions: [{ question: "Port?", options: labels("3000", "5173") }] },
		],
		[
			"JSON objects with trailing commas",
			{ question: "Port?", choices: '[{"label": "3000",}, {"label": "5173"},]' },
			{ questions: [{ question: "Port?", options: labels("3000", "5173") }] },
		],
		[
			"numbered lines",
			{ question: "Which approach?", options: "1. Rewrite the parser\n2. Patch the tokenizer\n3) Leave it" },
			{
				questions: [
					{ question: "Which approach?", options: labels("Rewrite the parser", "Patch the tokenizer", "Leave it") },
				],
			},
		],
		[
			"one option a line",
			{ question: "Which branch?", options: "main\ndevelop\nrelease/1.2" },
			{ questions: [{ question: "Which branch?", options: labels("main", "develop", "release/1.2") }] },
		],
		[
			"bulleted lines",
			{ question: "Which approach?", options: "- Rewrite\n- Patch" },
			{ questions: [{ question: "Which approach?", options: labels("Rewrite", "Patch") }] },
		],
		[
			"a whole questions list with a trailing comma",
			{ questions: '[{"question": "A?", "options": ["x", "y"]},]' },
			{ questions: [{ question: "A?", options: labels("x", "y") }] },
		],
	]);
	refused([["one line of words is no list", { question: "Port?", options: "3000 or 5173" }, "options"]]);
});

describe("capitalised keys", () => {
	understood([
		[
			"Questions, Question, Options, Label, IsMultiSelect",
			{
				Questions: [
					{ Question: "Which sections?", Options: [{ Label: "Hero" }, { Label: "FAQ" }], IsMultiSelect: true },
				],
			},
			{ questions: [{ question: "Which sections?", options: labels("Hero", "FAQ"), multiSelect: true }] },
		],
		[
			"a lone Question with Header and Options of strings",
			{ Question: "Which colour?", Header: "Theme", Options: ["Light", "Dark"] },
			{ questions: [{ question: "Which colour?", header: "Theme", options: labels("Light", "Dark") }] },
		],
		[
			"Description and Preview on an option",
			{ questions: [{ question: "Which?", options: [{ Label: "A", Description: "first", Preview: "a()" }, "B"] }] },
			{
				questions: [
					{ question: "Which?", options: [{ label: "A", description: "first", preview: "a()" }, { label: "B" }] },
				],
			},
		],
	]);
	refused([
		[
			"an error names the capitalised key the model wrote",
			{ Questions: [{ Question: "Which?", Options: [{ Label: "B" }, { Label: "b" }] }] },
			'Questions[0].Options[1].Label "b" duplicates Questions[0].Options[0]',
		],
		[
			"an Antigravity-style error names the key as written",
			{ Questions: [{ Question: "Which?", Options: ["a", "b"], IsMultiSelect: "sometimes" }] },
			"Questions[0].IsMultiSelect must be true or false",
		],
	]);
	it("keeps the names of elicitation properties and metadata keys as written", () => {
		expect(
			canonicalRequest({
				message: "Which?",
				requestedSchema: { type: "object", properties: { Database: { type: "string", enum: ["a", "b"] } } },
			}),
		).toEqual({ questions: [{ id: "Database", question: "Which?", options: labels("a", "b") }] });
		expect(canonicalRequest({ questions: [{ question: "Q?" }], metadata: { Source: "x" } })).toEqual({
			questions: [{ question: "Q?" }],
			metadata: { Source: "x" },
		});
	});
});

describe("other containers", () => {
	understood([
		[
			"question as an object holding text and options",
			{ question: { text: "Which db?", options: ["pg", "sqlite"] } },
			{ questions: [{ question: "Which db?", options: labels("pg", "sqlite") }] },
		],
		[
			"question as a list of question objects",
			{ question: [{ text: "A?" }, { text: "B?", options: ["x", "y"] }] },
			{ questions: [{ question: "A?" }, { question: "B?", options: labels("x", "y") }] },
		],
		[
			"options as an object keyed by letter",
			{ question: "Which db?", options: { a: "PostgreSQL", b: "SQLite" } },
			{ questions: [{ question: "Which db?", options: labels("PostgreSQL", "SQLite") }] },
		],
		[
			"options as an object keyed by name: the name is the label, its text the description",
			{ question: "Which licence?", options: { MIT: "Permissive", "GPL-3.0": "Copyleft" } },
			{
				questions: [
					{
						question: "Which licence?",
						options: [
							{ label: "MIT", description: "Permissive" },
							{ label: "GPL-3.0", description: "Copyleft" },
						],
					},
				],
			},
		],
		[
			"options as an object of option objects",
			{ question: "Which db?", options: { pg: { description: "Robust" }, sqlite: { label: "SQLite" } } },
			{
				questions: [{ question: "Which db?", options: [{ label: "pg", description: "Robust" }, { label: "SQLite" }] }],
			},
		],
		[
			"option objects keyed option",
			{ question: "Which db?", options: [{ option: "pg" }, { option: "sqlite", description: "Embedded" }] },
			{
				questions: [
					{ question: "Which db?", options: [{ label: "pg" }, { label: "sqlite", description: "Embedded" }] },
				],
			},
		],
	]);
});

describe("doubly encoded arguments", () => {
	const call = { question: "Which db?", options: ["pg", "sqlite"] };
	const folded = { questions: [{ question: "Which db?", options: labels("pg", "sqlite") }] };
	understood([
		["the whole arguments encoded twice", JSON.stringify(JSON.stringify(call)), folded],
		["encoded three times", JSON.stringify(JSON.stringify(JSON.stringify(call))), folded],
		["questions encoded twice", { questions: JSON.stringify(JSON.stringify([call])) }, folded],
	]);
});

describe("every refusal names the key the model wrote", () => {
	refused([
		["options as a number", { questions: [{ question: "Q?", choices: 3 }] }, "questions[0].choices"],
		["a lone question's options as an object of numbers", { prompt: "Q?", suggestions: { a: 1 } }, "suggestions"],
		["a questions list of words", { question_list: "yes" }, "question_list"],
	]);
});
