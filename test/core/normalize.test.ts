/** Every dialect other agents' ask tools use folds into the canonical request. */
import { describe, expect, it } from "vitest";
import { canonicalRequest } from "../../src/core/normalize.js";

describe("dialects fold into the canonical request", () => {
	it("keeps a canonical request as it is", () => {
		const request = {
			questions: [
				{
					question: "Which database should we use?",
					header: "Database Selection",
					options: [
						{ label: "PostgreSQL (Recommended)", description: "Battle-tested relational DB" },
						{ label: "SQLite" },
					],
				},
				{ question: "What should we name this service?", header: "Service Setup" },
			],
			metadata: { source: "project-setup" },
		};
		expect(canonicalRequest(request)).toEqual(request);
	});

	it("accepts options given as plain strings", () => {
		expect(canonicalRequest({ questions: [{ question: "Q?", options: ["A", "B"] }] })).toEqual({
			questions: [{ question: "Q?", options: [{ label: "A" }, { label: "B" }] }],
		});
	});

	it("accepts Claude Code's AskUserQuestion shape, keeping preview and dropping answers/annotations", () => {
		const result = canonicalRequest({
			questions: [
				{
					question: "Which library?",
					header: "Library",
					multiSelect: true,
					options: [
						{ label: "date-fns", description: "Modular", preview: "```ts\nformat(d)\n```" },
						{ label: "Luxon", description: "Immutable" },
					],
				},
			],
			answers: { "Which library?": "x" },
			annotations: { "Which library?": { notes: "n" } },
			metadata: { source: "remember" },
		});
		expect(result).toEqual({
			questions: [
				{
					question: "Which library?",
					header: "Library",
					multiSelect: true,
					options: [
						{ label: "date-fns", description: "Modular", preview: "```ts\nformat(d)\n```" },
						{ label: "Luxon", description: "Immutable" },
					],
				},
			],
			metadata: { source: "remember" },
		});
	});

	it("reads the bridge protocol's markdown as preview", () => {
		const result = canonicalRequest({ questions: [{ question: "Q?", options: [{ label: "A", markdown: "# A" }] }] });
		expect(result.questions[0]?.options?.[0]).toEqual({ label: "A", preview: "# A" });
	});

	it("maps the MCP tool's types, placeholder, id and title", () => {
		const result = canonicalRequest({
			title: "Setup",
			questions: [{ id: "q1", question: "Proceed?", type: "confirm" }],
		});
		expect(result).toEqual({
			questions: [{ id: "q1", question: "Proceed?", header: "Setup", options: [{ label: "Yes" }, { label: "No" }] }],
		});
		expect(
			canonicalRequest({
				questions: [
					{ question: "Pick", type: "multi-select", options: ["a", "b"] },
					{ question: "Name?", type: "text", placeholder: "my-service", options: ["ignored"] },
					{ question: "One", type: "select", options: ["x", "y"], required: false },
				],
			}),
		).toEqual({
			questions: [
				{ question: "Pick", options: [{ label: "a" }, { label: "b" }], multiSelect: true },
				{ question: "Name?", placeholder: "my-service" },
				{ question: "One", options: [{ label: "x" }, { label: "y" }] },
			],
		});
	});

	it("wraps a single question object, a bare question list, and stringified JSON", () => {
		expect(canonicalRequest({ question: "Why?", options: ["A", "B"] })).toEqual({
			questions: [{ question: "Why?", options: [{ label: "A" }, { label: "B" }] }],
		});
		expect(canonicalRequest({ questions: { question: "Solo?" } })).toEqual({ questions: [{ question: "Solo?" }] });
		expect(canonicalRequest({ questions: JSON.stringify([{ question: "S?", options: '["x","y"]' }]) })).toEqual({
			questions: [{ question: "S?", options: [{ label: "x" }, { label: "y" }] }],
		});
		expect(canonicalRequest(["First?", "Second?"])).toEqual({
			questions: [{ question: "First?" }, { question: "Second?" }],
		});
	});

	it("accepts Roo Code's follow_up suggestions", () => {
		expect(canonicalRequest({ question: "Which?", follow_up: [{ text: "A" }, "B"] })).toEqual({
			questions: [{ question: "Which?", options: [{ label: "A" }, { label: "B" }] }],
		});
	});

	it("keeps pi-ask-tool's per-question description as context for the person, and its id", () => {
		expect(
			canonicalRequest({
				questions: [
					{
						id: "db",
						question: "Which database?",
						description: "We need **transactions**.\n\nSee `docs/db.md`.",
						options: [{ label: "PostgreSQL" }, { label: "SQLite" }],
					},
				],
			}),
		).toEqual({
			questions: [
				{
					id: "db",
					question: "Which database?",
					context: "We need **transactions**.\n\nSee `docs/db.md`.",
					options: [{ label: "PostgreSQL" }, { label: "SQLite" }],
				},
			],
		});
	});

	it("keeps kandev's and eino's context, and Codex's and CodeNomad's ids", () => {
		expect(
			canonicalRequest({
				questions: [
					{
						id: "install_source",
						header: "Install",
						question: "Installed from the latest build?",
						context: "Build 42",
					},
					{ id: 7, question: "Retry?" },
				],
			}),
		).toEqual({
			questions: [
				{ id: "install_source", header: "Install", question: "Installed from the latest build?", context: "Build 42" },
				{ id: "7", question: "Retry?" },
			],
		});
	});

	it("never crashes on unknown fields and strips terminal escapes", () => {
		const result = canonicalRequest({
			questions: [{ question: "Q\x1b[31m red\x1b[0m?\u202e", options: [{ label: "A\x07", colour: "blue" }], extra: 1 }],
			foo: "bar",
		});
		expect(result).toEqual({ questions: [{ question: "Q red?", options: [{ label: "A" }] }] });
	});
});

describe("what real models send is understood as they meant it", () => {
	it("1. reads pi-ask-tool's and oh-my-pi's `multi: true` as multiSelect", () => {
		expect(
			canonicalRequest({
				questions: [
					{
						id: "features",
						question: "Which features should be enabled?",
						options: [{ label: "Logging" }, { label: "Metrics" }, { label: "Tracing" }],
						multi: true,
					},
				],
			}),
		).toEqual({
			questions: [
				{
					id: "features",
					question: "Which features should be enabled?",
					options: [{ label: "Logging" }, { label: "Metrics" }, { label: "Tracing" }],
					multiSelect: true,
				},
			],
		});
		expect(
			canonicalRequest({
				question: "Which features should I implement?",
				options: [{ label: "Authentication" }, { label: "API endpoints" }],
				multi: "true",
			}).questions[0]?.multiSelect,
		).toBe(true);
		expect(
			canonicalRequest({ questions: [{ question: "One?", options: ["a", "b"], multi: false }] }).questions[0],
		).toEqual({ question: "One?", options: [{ label: "a" }, { label: "b" }] });
	});

	it("2. takes Codex's `title` as the question when there is no question text", () => {
		expect(
			canonicalRequest({ questions: [{ title: "Was the app installed from the latest internal-testing build?" }] }),
		).toEqual({ questions: [{ question: "Was the app installed from the latest internal-testing build?" }] });
		expect(canonicalRequest({ questions: [{ question: " ", title: "Ship it?", header: "Ship" }] })).toEqual({
			questions: [{ question: "Ship it?", header: "Ship" }],
		});
		// With question text, a title stays the header.
		expect(canonicalRequest({ questions: [{ title: "Install", question: "From the latest build?" }] })).toEqual({
			questions: [{ question: "From the latest build?", header: "Install" }],
		});
	});

	it('3. gives Gemini\'s `type: "yesno"` Yes/No options, as `confirm` does', () => {
		expect(
			canonicalRequest({ questions: [{ question: "Run the migration now?", header: "Migrate", type: "yesno" }] }),
		).toEqual({
			questions: [
				{ question: "Run the migration now?", header: "Migrate", options: [{ label: "Yes" }, { label: "No" }] },
			],
		});
		expect(canonicalRequest({ questions: [{ question: "Go?", type: "yes_no" }] }).questions[0]?.options).toEqual([
			{ label: "Yes" },
			{ label: "No" },
		]);
		// Options the model gave win over the type's default.
		expect(
			canonicalRequest({ questions: [{ question: "Go?", type: "yesno", options: ["Yes, now", "Later"] }] }).questions[0]
				?.options,
		).toEqual([{ label: "Yes, now" }, { label: "Later" }]);
	});

	it("4. drops the model's own Other row silently, but keeps real options that start with Other", () => {
		expect(
			canonicalRequest({
				questions: [
					{
						question: "Which vendor?",
						options: [
							{ label: "AWS" },
							{ label: "Other vendor" },
							{ label: "Otherwise skip" },
							{ label: "Other-worldly theme" },
							{ label: "Other (please specify)", description: "Type your own" },
						],
					},
				],
			}).questions[0]?.options,
		).toEqual([
			{ label: "AWS" },
			{ label: "Other vendor" },
			{ label: "Otherwise skip" },
			{ label: "Other-worldly theme" },
		]);
		for (const other of [
			"Other",
			"other",
			"Other:",
			"Other: type it",
			"Other - describe",
			"Other -",
			"Other — say",
			"Other–x",
			"OTHER (x)",
		]) {
			expect(
				canonicalRequest({ questions: [{ question: "Q?", options: ["A", other] }] }).questions[0]?.options,
			).toEqual([{ label: "A" }]);
		}
		// Nothing left but the built-in Other: a free-text question.
		expect(canonicalRequest({ questions: [{ question: "Q?", options: ["Other"] }] })).toEqual({
			questions: [{ question: "Q?" }],
		});
	});

	it("6. drops blank options instead of failing the call", () => {
		expect(canonicalRequest({ questions: [{ question: "Proceed?", options: [" yes ", "", "no"] }] })).toEqual({
			questions: [{ question: "Proceed?", options: [{ label: "yes" }, { label: "no" }] }],
		});
		expect(
			canonicalRequest({ questions: [{ question: "Q?", options: [{ label: "  " }, { label: "\u001b[0m" }, "A"] }] })
				.questions[0]?.options,
		).toEqual([{ label: "A" }]);
	});

	it("7. parses Roo's follow_up given as an XML string", () => {
		expect(canonicalRequest({ question: "Which?", follow_up: "<suggest>A</suggest><suggest>B</suggest>" })).toEqual({
			questions: [{ question: "Which?", options: [{ label: "A" }, { label: "B" }] }],
		});
		expect(
			canonicalRequest({
				question: "What is the path to the frontend-config.json file?",
				follow_up:
					"<follow_up>\n<suggest><content>./src/frontend-config.json</content></suggest>\n" +
					'<suggest mode="code">./config/frontend-config.json</suggest>\n' +
					"<suggest><mode>code</mode><content>Use R&amp;D &lt;defaults&gt;</content></suggest>\n</follow_up>",
			}).questions[0]?.options,
		).toEqual([
			{ label: "./src/frontend-config.json" },
			{ label: "./config/frontend-config.json" },
			{ label: "Use R&D <defaults>" },
		]);
	});

	it("8. unescapes Gemini's double-escaped newlines, and nothing else", () => {
		expect(
			canonicalRequest({
				questions: [
					{
						question: "Line 1\\nLine 2",
						header: "Plan",
						options: [{ label: "Go", description: "Fast\\r\\nCheap" }],
					},
				],
			}),
		).toEqual({
			questions: [
				{ question: "Line 1\nLine 2", header: "Plan", options: [{ label: "Go", description: "Fast\nCheap" }] },
			],
		});
		for (const untouched of [
			"Does /^\\d+\\n$/ match?",
			"Is C:\\Users\\new the folder?",
			"Real newline\nand a literal \\n",
			"Escaped \\\\n backslash?",
		]) {
			expect(canonicalRequest({ questions: [{ question: untouched }] }).questions[0]?.question).toBe(untouched);
		}
		expect(
			canonicalRequest({ questions: [{ question: "Q?", context: "Step 1\\nStep 2" }] }).questions[0]?.context,
		).toBe("Step 1\nStep 2");
	});

	it("8. decides on the text as it will be kept, so a second pass changes nothing (property-test counterexamples)", () => {
		const twice = (args: unknown) => canonicalRequest(canonicalRequest(args));
		// A real newline only at an edge is trimmed away: the escapes inside are Gemini's, on the first pass too.
		const edge = { questions: [{ question: "Q?", options: [{ label: "A", description: "\n\\no" }, { label: "B" }] }] };
		expect(canonicalRequest(edge)).toEqual(twice(edge));
		expect(canonicalRequest(edge).questions[0]?.options?.[0]?.description).toBe("o");
		const context = { questions: [{ question: "Q?", context: "\\n\n" }] };
		expect(canonicalRequest(context)).toEqual(twice(context));
		// A control character between the backslash and the n is removed before the decision, not after it.
		const control = { questions: [{ question: "Line 1\\\u0007nLine 2" }] };
		expect(canonicalRequest(control)).toEqual(twice(control));
		expect(canonicalRequest(control).questions[0]?.question).toBe("Line 1\nLine 2");
	});
});

describe("a list next to the question never vanishes", () => {
	it.each(["labels", "answers", "items", "selections", "values", "alternatives", "predefinedOptions"])(
		"reads options under `%s`",
		(key) => {
			expect(
				canonicalRequest({ questions: [{ question: "Which database?", [key]: ["PostgreSQL", "SQLite"] }] }),
			).toEqual({
				questions: [{ question: "Which database?", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] }],
			});
		},
	);

	it("reads interactive-mcp's request_user_input (message, predefinedOptions) as one question", () => {
		expect(
			canonicalRequest({ projectName: "shop", message: "Deploy now?", predefinedOptions: '["Yes","Later"]' }),
		).toEqual({ questions: [{ question: "Deploy now?", options: [{ label: "Yes" }, { label: "Later" }] }] });
	});

	it("reads `items` next to a lone question's text as its options, not as a list of questions", () => {
		expect(canonicalRequest({ question: "Which database?", items: ["PostgreSQL", "SQLite"] })).toEqual({
			questions: [{ question: "Which database?", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] }],
		});
		// Without question text beside it, `items` is still the list of questions.
		expect(canonicalRequest({ items: [{ question: "A?" }, "B?"] })).toEqual({
			questions: [{ question: "A?" }, { question: "B?" }],
		});
	});

	it("takes the other names only for a list: Claude Code's `answers` object is not options", () => {
		expect(canonicalRequest({ question: "Q?", answers: { "Q?": "x" } })).toEqual({ questions: [{ question: "Q?" }] });
		expect(canonicalRequest({ questions: [{ question: "Q?", options: ["A", "B"] }], answers: { "Q?": "A" } })).toEqual({
			questions: [{ question: "Q?", options: [{ label: "A" }, { label: "B" }] }],
		});
	});
});
