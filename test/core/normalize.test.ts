/** Every dialect other agents' ask tools use folds into the canonical request. */
import { describe, expect, it } from "vitest";
import { canonicalRequest } from "../../src/tool.js";

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
