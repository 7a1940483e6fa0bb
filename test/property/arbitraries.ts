/**
 * Generators for the property tests: hostile strings, ask_user arguments in every dialect the tool folds
 * (near-valid on purpose, so that validation is exercised past its first check), canonical questions,
 * and the invariants every canonical request must satisfy.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { LIMITS } from "../../src/core/limits.js";
import { sanitizeLine } from "../../src/core/text.js";
import type { AskRequest, Question } from "../../src/core/types.js";
import { isReservedOtherLabel, validateRequest } from "../../src/core/validate.js";

/** The brief's floor: every property sees at least this many generated cases. */
export const RUNS = 10_000;

/** C0 controls except \n, DEL, C1 controls, bidi embeddings/overrides/isolates, and the BOM. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting control characters is the purpose.
export const UNSAFE_CHAR = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** Pieces that have broken terminal UIs and parsers before: escapes, controls, bidi, quoting, separators. */
const HOSTILE_PIECES = [
	"\u001b[31m",
	"\u001b[0m",
	"\u001b]8;;https://example.com\u0007",
	"\u001b]0;title\u001b\\",
	"\u001bP1$r\u001b\\",
	"\u001b",
	"\u001b[",
	"\u009b2J",
	"\u009d0;x\u009c",
	"\u0085",
	"\u0000",
	"\u0007",
	"\u007f",
	"\u202e",
	"\u2066",
	"\u2069",
	"\ufeff",
	"\u2028",
	"\r\n",
	"\r",
	"\n",
	"\t",
	" ",
	"  ",
	",",
	", ",
	'"',
	"\\",
	"{",
	"[",
	"]",
	"}",
	"Other",
	"other (type your answer)",
	"Yes",
	"no",
	"a",
	"B",
	"é",
	"İ",
	"Σ",
	"😀",
	"\ud800",
];

/** Any string, biased towards the characters that sanitising and splitting care about. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
	fc.string({ unit: "binary", maxLength: 24 }),
	fc
		.array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ maxLength: 4 })), { maxLength: 10 })
		.map((pieces) => pieces.join("")),
);

/** Labels drawn from a small pool so that duplicates, case clashes, "Other" and commas come up often. */
export const labelText: fc.Arbitrary<string> = fc.oneof(
	{ weight: 3, arbitrary: fc.constantFrom("Yes", "No", "yes", " No ", "A", "a", "B", "Auth, with SSO", "x,y", "x") },
	{
		weight: 1,
		arbitrary: fc.constantFrom(
			"Other",
			"other:",
			"Other (type your answer)",
			"Other - say",
			"Other vendor",
			"",
			"  ",
			"\u001b[31mRed",
		),
	},
	{ weight: 2, arbitrary: hostileString },
);

/** Question texts from a small pool, so that duplicates and header/question clashes come up. */
const questionText: fc.Arbitrary<string> = fc.oneof(
	{ weight: 2, arbitrary: fc.constantFrom("Which database?", "which database? ", "Name?", "Q", "Q ", "") },
	// Gemini's double-escaped newlines, and the backslashes that must survive (a regex, a Windows path).
	{ weight: 1, arbitrary: fc.constantFrom("Line 1\\nLine 2", "a\\r\\nb\\n", "\\d+\\n", "C:\\new\\x", "x\ny\\n") },
	{ weight: 2, arbitrary: hostileString },
);

/** A field's intended value, or now and then any JSON at all (a wrong type, null, a nested mess). */
function noisy<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | fc.JsonValue> {
	return fc.oneof({ weight: 6, arbitrary: arb }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

/** A value, or the same value as JSON text (models send nested arrays as strings). */
function maybeStringified(arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
	return fc.oneof(
		{ weight: 4, arbitrary: arb },
		{ weight: 1, arbitrary: arb.map((value) => JSON.stringify(value) ?? "") },
		{ weight: 1, arbitrary: arb.map((value) => ` ${JSON.stringify(value, null, 2) ?? ""}\n`) },
	);
}

function list<T>(arb: fc.Arbitrary<T>, maxLength = 5): fc.Arbitrary<T[]> {
	return fc.array(arb, { maxLength });
}

/** Roo Code's XML suggestions, some with a mode, a `<content>` element or entities, some broken. */
const suggestXml: fc.Arbitrary<string> = fc
	.array(
		fc.tuple(
			labelText,
			fc.constantFrom(
				"<suggest>%</suggest>",
				'<suggest mode="code">%</suggest>',
				"<suggest><content>%</content></suggest>",
				"<suggest>%",
				"&amp;%&lt;",
			),
		),
		{ maxLength: 4 },
	)
	.map((pieces) => pieces.map(([label, shape]) => shape.replace("%", label)).join("\n"));

const optionObject = fc.record(
	{
		label: noisy(labelText),
		text: noisy(labelText),
		value: noisy(labelText),
		description: noisy(hostileString),
		preview: noisy(hostileString),
		markdown: noisy(hostileString),
	},
	{ requiredKeys: [] },
);

/** Options as objects (canonical, Claude Code with preview, bridge `markdown`), bare strings, numbers, booleans. */
const option: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 4, arbitrary: optionObject },
	{ weight: 3, arbitrary: labelText },
	{ weight: 1, arbitrary: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)) },
);

const MCP_TYPES = [
	"confirm",
	"multi-select",
	"multi_select",
	"Multi Select",
	"checkbox",
	"text",
	"single-select",
	"select",
	"yesno",
	"yes_no",
	"choice",
];

/** Every name a question's options go under, and a name no dialect uses (which validation refuses). */
const OPTION_LIST_NAMES = [
	"options",
	"choices",
	"suggestions",
	"suggest",
	"labels",
	"answers",
	"items",
	"selections",
	"values",
	"alternatives",
	"predefinedOptions",
	"predefined_options",
	"picks",
];

/** One list of options under one of its names (Roo Code's `follow_up` also as XML). */
const namedOptionList: fc.Arbitrary<[string, unknown]> = fc.oneof(
	fc.tuple(fc.constantFrom(...OPTION_LIST_NAMES), noisy(maybeStringified(list(option)))),
	fc.tuple(fc.constant("follow_up"), noisy(fc.oneof(list(option), suggestXml))),
);

/** Usually one list of options; now and then none, or two (a second list is refused, never dropped). */
const optionLists: fc.Arbitrary<Record<string, unknown>> = fc
	.oneof(
		{ weight: 1, arbitrary: fc.constant([]) },
		{ weight: 6, arbitrary: fc.tuple(namedOptionList) },
		{ weight: 1, arbitrary: fc.tuple(namedOptionList, namedOptionList) },
	)
	.map((lists) => Object.fromEntries(lists));

/**
 * One question in any dialect: canonical, Claude Code, MCP (`type`, `id`, `title`, `placeholder`), Roo Code,
 * interactive-mcp.
 */
const questionObject = fc
	.tuple(
		fc.record(
			{
				question: noisy(questionText),
				prompt: noisy(questionText),
				text: noisy(questionText),
				message: noisy(questionText),
				// Question text under a key no dialect uses: refused by its name, never taken or dropped.
				ask: noisy(questionText),
				header: noisy(labelText),
				title: noisy(labelText),
				label: noisy(labelText),
				id: noisy(fc.oneof(hostileString, fc.integer())),
				description: noisy(hostileString),
				context: noisy(hostileString),
				type: noisy(fc.constantFrom(...MCP_TYPES)),
				multiSelect: noisy(fc.boolean()),
				multi_select: noisy(fc.constantFrom(true, false, "true", "false")),
				allowMultiple: noisy(fc.boolean()),
				multi: noisy(fc.constantFrom(true, false, "true", "no")),
				placeholder: noisy(hostileString),
			},
			{ requiredKeys: [] },
		),
		optionLists,
	)
	.map(([fields, lists]) => ({ ...fields, ...lists }));

/** A single question in canonical shape, most of the time close to valid. */
const canonicalQuestion = fc.record(
	{
		question: questionText,
		header: labelText,
		options: list(
			fc.record({ label: labelText, description: hostileString, preview: hostileString }, { requiredKeys: ["label"] }),
			6,
		),
		multiSelect: fc.boolean(),
	},
	{ requiredKeys: ["question"] },
);

const anyQuestion: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 3, arbitrary: canonicalQuestion },
	{ weight: 3, arbitrary: questionObject },
	{ weight: 1, arbitrary: questionText },
	{ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const metadata = noisy(maybeStringified(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }))));

/** ask_user arguments in every dialect the tool accepts, and near misses of each. */
export const askArguments: fc.Arbitrary<unknown> = fc.oneof(
	// Canonical and Claude Code AskUserQuestion: `{ questions: [...] }`, sometimes with `metadata` and a `title`.
	{
		weight: 4,
		arbitrary: fc.record(
			{
				questions: noisy(maybeStringified(list(anyQuestion, 4))),
				metadata,
				title: noisy(labelText),
			},
			{ requiredKeys: ["questions"] },
		),
	},
	// Other list keys.
	fc.record({ question_list: noisy(list(anyQuestion, 3)), items: noisy(list(anyQuestion, 3)) }, { requiredKeys: [] }),
	// A single question object as the whole argument (Roo Code, MCP single-question habit).
	questionObject,
	// A bare array of questions, as a value or as JSON text.
	maybeStringified(list(anyQuestion, 4)),
	// Whole arguments as JSON text.
	fc.record({ questions: list(canonicalQuestion, 3) }).map((args) => JSON.stringify(args)),
	// Anything at all.
	fc.jsonValue(),
	fc.string({ unit: "binary", maxLength: 30 }),
);

/** Questions as validation leaves them; the generator's near-misses are dropped rather than repaired. */
export const canonicalQuestions: fc.Arbitrary<Question[]> = fc
	.array(
		fc.record(
			{
				question: questionText,
				header: labelText,
				options: fc.uniqueArray(
					labelText.map((label) => ({ label })),
					{
						selector: (o) => sanitizeLine(o.label).trim().toLowerCase(),
						maxLength: 6,
					},
				),
				multiSelect: fc.boolean(),
			},
			{ requiredKeys: ["question"] },
		),
		{ minLength: 1, maxLength: 4 },
	)
	.map((questions) => {
		const valid = questions.map((q) => {
			const options = q.options?.filter((o) => sanitizeLine(o.label).trim() !== "" && !isReservedOtherLabel(o.label));
			return { ...q, options };
		});
		try {
			return validateRequest({ questions: valid }).questions;
		} catch {
			return undefined;
		}
	})
	.filter((questions): questions is Question[] => questions !== undefined);

function expectCleanText(value: string, path: string, max: number, oneLine: boolean): void {
	assert.equal(typeof value, "string", path);
	assert.notEqual(value, "", path);
	assert.equal(value, value.trim(), `${path} is not trimmed`);
	assert.ok(value.length <= max, `${path} is ${value.length} characters; the limit is ${max}`);
	assert.ok(!UNSAFE_CHAR.test(value), `${path} has a control character: ${JSON.stringify(value)}`);
	if (oneLine) assert.ok(!value.includes("\n"), `${path} has a newline`);
}

function expectOnlyKeys(value: object, keys: string[], path: string): void {
	for (const key of Object.keys(value)) assert.ok(keys.includes(key), `${path} has an unexpected key ${key}`);
}

/** Every invariant a canonical request promises to the dialog, the renderers and the pending file. */
export function expectCanonicalRequest(request: AskRequest): void {
	expectOnlyKeys(request, ["questions", "metadata"], "request");
	assert.ok(request.questions.length > 0, "questions is empty");
	assert.ok(request.questions.length <= LIMITS.questions, "too many questions");
	const texts = new Set<string>();
	request.questions.forEach((q, i) => {
		const path = `questions[${i}]`;
		expectOnlyKeys(q, ["question", "header", "options", "multiSelect", "placeholder", "context", "id"], path);
		expectCleanText(q.question, `${path}.question`, LIMITS.questionChars, false);
		assert.ok(!texts.has(q.question), `${path}.question is a duplicate`);
		texts.add(q.question);
		if (q.header !== undefined) expectCleanText(q.header, `${path}.header`, LIMITS.headerChars, true);
		if (q.placeholder !== undefined) {
			expectCleanText(q.placeholder, `${path}.placeholder`, LIMITS.placeholderChars, true);
		}
		if (q.context !== undefined) expectCleanText(q.context, `${path}.context`, LIMITS.contextChars, false);
		if (q.id !== undefined) expectCleanText(q.id, `${path}.id`, LIMITS.idChars, true);
		if (q.multiSelect !== undefined) assert.equal(q.multiSelect, true, `${path}.multiSelect`);
		if (q.options === undefined) return;
		assert.ok(q.options.length > 0, `${path}.options is empty`);
		assert.ok(q.options.length <= LIMITS.optionsPerQuestion, `${path}.options is too long`);
		const labels = new Set<string>();
		q.options.forEach((o, j) => {
			const optionPath = `${path}.options[${j}]`;
			expectOnlyKeys(o, ["label", "description", "preview"], optionPath);
			expectCleanText(o.label, `${optionPath}.label`, LIMITS.labelChars, true);
			assert.ok(!isReservedOtherLabel(o.label), `${optionPath}.label collides with "Other"`);
			assert.ok(!labels.has(o.label.toLowerCase()), `${optionPath}.label is a duplicate`);
			labels.add(o.label.toLowerCase());
			if (o.description !== undefined) {
				expectCleanText(o.description, `${optionPath}.description`, LIMITS.descriptionChars, false);
			}
			if (o.preview !== undefined) expectCleanText(o.preview, `${optionPath}.preview`, LIMITS.previewChars, false);
		});
	});
	if (request.metadata !== undefined) {
		assert.ok(typeof request.metadata === "object" && !Array.isArray(request.metadata), "metadata is not an object");
		assert.ok(JSON.stringify(request.metadata).length <= LIMITS.metadataChars, "metadata is too large");
	}
}

/** Runs `fn` and fails if it takes longer than a budget no sane input needs: a stand-in for "never hangs". */
export function withinBudget<T>(fn: () => T, budgetMs = 1_000): T {
	const start = performance.now();
	try {
		return fn();
	} finally {
		const elapsed = performance.now() - start;
		assert.ok(elapsed < budgetMs, `took ${Math.round(elapsed)} ms; the budget is ${budgetMs} ms`);
	}
}
