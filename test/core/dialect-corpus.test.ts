/**
 * A corpus of calls in the shapes other agents' ask tools really send (their schemas, not our guesses of them),
 * each with the exact request it must fold into, or the key its refusal must name. A call is understood when it
 * folds into what the model meant, misread when it folds into something else (an option list or a multi-select
 * flag lost, JSON shown as text), and refused when validation names what it could not read.
 */
import { describe, expect, it } from "vitest";
import { canonicalRequest } from "../../src/core/normalize.js";
import { AskUserError } from "../../src/core/validate.js";

interface Understood {
	dialect: string;
	name: string;
	call: unknown;
	folded: unknown;
}

interface Refused {
	dialect: string;
	name: string;
	call: unknown;
	/** What the error must say: the key the model wrote, as it wrote it. */
	names: string;
}

const yesNo = [{ label: "Yes" }, { label: "No" }];
const labels = (...names: string[]) => names.map((label) => ({ label }));

const understood: Understood[] = [
	{
		dialect: "Claude Code AskUserQuestion",
		name: "one single-select question with descriptions",
		call: {
			questions: [
				{
					question: "Which auth method should the API use?",
					header: "Auth",
					multiSelect: false,
					options: [
						{ label: "JWT", description: "Stateless tokens" },
						{ label: "Sessions", description: "Server-side state" },
					],
				},
			],
		},
		folded: {
			questions: [
				{
					question: "Which auth method should the API use?",
					header: "Auth",
					options: [
						{ label: "JWT", description: "Stateless tokens" },
						{ label: "Sessions", description: "Server-side state" },
					],
				},
			],
		},
	},
	{
		dialect: "Claude Code AskUserQuestion",
		name: "multi-select with a preview",
		call: {
			questions: [
				{
					question: "Which checks should run in CI?",
					header: "CI",
					multiSelect: true,
					options: [
						{ label: "Lint", description: "Biome", preview: "npm run lint" },
						{ label: "Tests", description: "Vitest" },
					],
				},
			],
		},
		folded: {
			questions: [
				{
					question: "Which checks should run in CI?",
					header: "CI",
					multiSelect: true,
					options: [
						{ label: "Lint", description: "Biome", preview: "npm run lint" },
						{ label: "Tests", description: "Vitest" },
					],
				},
			],
		},
	},
	{
		dialect: "Codex request_user_input",
		name: "ids, headers and isOther",
		call: {
			questions: [
				{
					id: "runtime",
					header: "Runtime",
					question: "Which Node version should we target?",
					isOther: true,
					options: [
						{ label: "Node 22 (Recommended)", description: "Current LTS" },
						{ label: "Node 20", description: "Older LTS" },
					],
				},
			],
		},
		folded: {
			questions: [
				{
					id: "runtime",
					header: "Runtime",
					question: "Which Node version should we target?",
					options: [
						{ label: "Node 22 (Recommended)", description: "Current LTS" },
						{ label: "Node 20", description: "Older LTS" },
					],
				},
			],
		},
	},
	{
		dialect: "Codex request_user_input",
		name: "a free-text question with isSecret and no options",
		call: { questions: [{ id: "token", header: "Token", question: "Paste the registry token name", isSecret: false }] },
		folded: { questions: [{ id: "token", header: "Token", question: "Paste the registry token name" }] },
	},
	{
		dialect: "Gemini CLI ask_user",
		name: "type choice with multiSelect",
		call: {
			questions: [
				{
					question: "Which platforms?",
					header: "Platforms",
					type: "choice",
					multiSelect: true,
					options: [{ label: "Linux", description: "x64 and arm64" }, { label: "macOS" }],
				},
			],
		},
		folded: {
			questions: [
				{
					question: "Which platforms?",
					header: "Platforms",
					multiSelect: true,
					options: [{ label: "Linux", description: "x64 and arm64" }, { label: "macOS" }],
				},
			],
		},
	},
	{
		dialect: "Gemini CLI ask_user",
		name: "type yesno and type text with a placeholder",
		call: {
			questions: [
				{ question: "Run the migration now?", header: "Migrate", type: "yesno" },
				{ question: "Name the branch", header: "Branch", type: "text", placeholder: "feature/…" },
			],
		},
		folded: {
			questions: [
				{ question: "Run the migration now?", header: "Migrate", options: yesNo },
				{ question: "Name the branch", header: "Branch", placeholder: "feature/…" },
			],
		},
	},
	{
		dialect: "OpenCode question",
		name: "multiple: true",
		call: {
			questions: [
				{
					question: "Which files should be formatted?",
					header: "Format",
					multiple: true,
					options: [{ label: "src", description: "Source" }, { label: "test" }],
				},
			],
		},
		folded: {
			questions: [
				{
					question: "Which files should be formatted?",
					header: "Format",
					multiSelect: true,
					options: [{ label: "src", description: "Source" }, { label: "test" }],
				},
			],
		},
	},
	{
		dialect: "Kimi CLI AskUserQuestion",
		name: "multi_select in snake case",
		call: {
			questions: [
				{ question: "Which caches to clear?", multi_select: true, options: [{ label: "npm" }, { label: "pip" }] },
			],
		},
		folded: { questions: [{ question: "Which caches to clear?", multiSelect: true, options: labels("npm", "pip") }] },
	},
	{
		dialect: "Roo Code ask_followup_question",
		name: "follow_up as XML suggestions",
		call: {
			question: "Where should the config live?",
			follow_up: '<suggest>./config.json</suggest><suggest mode="code">./src/config.ts</suggest>',
		},
		folded: {
			questions: [{ question: "Where should the config live?", options: labels("./config.json", "./src/config.ts") }],
		},
	},
	{
		dialect: "Roo Code ask_followup_question",
		name: "follow_up as a list of {text, mode}",
		call: {
			question: "How should I proceed?",
			follow_up: [{ text: "Write the tests first", mode: "code" }, { text: "Sketch the design" }],
		},
		folded: {
			questions: [{ question: "How should I proceed?", options: labels("Write the tests first", "Sketch the design") }],
		},
	},
	{
		dialect: "interactive-mcp request_user_input",
		name: "message with predefinedOptions",
		call: { projectName: "shop", message: "Which payment provider?", predefinedOptions: ["Stripe", "Adyen"] },
		folded: { questions: [{ question: "Which payment provider?", options: labels("Stripe", "Adyen") }] },
	},
	{
		dialect: "pi-ask-tool",
		name: "description as context and multi",
		call: {
			questions: [
				{
					id: "scope",
					question: "What should the refactor cover?",
					description: "The **parser** is the riskiest part.",
					multi: true,
					options: [{ label: "Parser" }, { label: "Printer" }],
				},
			],
		},
		folded: {
			questions: [
				{
					id: "scope",
					question: "What should the refactor cover?",
					context: "The **parser** is the riskiest part.",
					multiSelect: true,
					options: labels("Parser", "Printer"),
				},
			],
		},
	},
	{
		dialect: "oh-my-pi ask",
		name: "one question with multi",
		call: { question: "Which linters?", options: [{ label: "eslint" }, { label: "biome" }], multi: true },
		folded: { questions: [{ question: "Which linters?", options: labels("eslint", "biome"), multiSelect: true }] },
	},
	{
		dialect: "kandev",
		name: "context beside the question",
		call: {
			questions: [
				{ question: "Keep the old endpoint?", context: "Two clients still call it.", options: ["Keep", "Remove"] },
			],
		},
		folded: {
			questions: [
				{
					question: "Keep the old endpoint?",
					context: "Two clients still call it.",
					options: labels("Keep", "Remove"),
				},
			],
		},
	},
	{
		dialect: "CodeNomad",
		name: "numbered ids",
		call: { questions: [{ id: 1, question: "Port?", options: ["3000", "8080"] }] },
		folded: { questions: [{ id: "1", question: "Port?", options: labels("3000", "8080") }] },
	},
	{
		dialect: "Google Antigravity ask_question",
		name: "is_multi_select: true",
		call: {
			questions: [
				{
					question: "Which sections should the landing page have?",
					options: ["Hero", "Pricing", "FAQ"],
					is_multi_select: true,
				},
			],
		},
		folded: {
			questions: [
				{
					question: "Which sections should the landing page have?",
					options: labels("Hero", "Pricing", "FAQ"),
					multiSelect: true,
				},
			],
		},
	},
	{
		dialect: "Google Antigravity ask_question",
		name: "is_multi_select: false on a lone question",
		call: { question: "Which colour scheme?", options: ["Light", "Dark"], is_multi_select: false },
		folded: { questions: [{ question: "Which colour scheme?", options: labels("Light", "Dark") }] },
	},
	{
		dialect: "Google Antigravity ask_question",
		name: "is_multi_select as text",
		call: { questions: [{ question: "Which browsers?", options: ["Chrome", "Firefox"], is_multi_select: "true" }] },
		folded: { questions: [{ question: "Which browsers?", options: labels("Chrome", "Firefox"), multiSelect: true }] },
	},
	{
		dialect: "Google Antigravity ask_question",
		name: "several questions, one of them multi",
		call: {
			questions: [
				{ question: "Framework?", options: ["Next.js", "Astro"], is_multi_select: false },
				{ question: "Integrations?", options: ["Stripe", "Auth0", "Sentry"], is_multi_select: true },
			],
		},
		folded: {
			questions: [
				{ question: "Framework?", options: labels("Next.js", "Astro") },
				{ question: "Integrations?", options: labels("Stripe", "Auth0", "Sentry"), multiSelect: true },
			],
		},
	},
	{
		dialect: "other spellings of the multi-select flag",
		name: "isMultiSelect, allow_multiple, allowMultipleSelections, multiple_select",
		call: {
			questions: [
				{ question: "A?", options: ["1", "2"], isMultiSelect: true },
				{ question: "B?", options: ["1", "2"], allow_multiple: true },
				{ question: "C?", options: ["1", "2"], allowMultipleSelections: true },
				{ question: "D?", options: ["1", "2"], multiple_select: true },
			],
		},
		folded: {
			questions: ["A?", "B?", "C?", "D?"].map((question) => ({
				question,
				options: labels("1", "2"),
				multiSelect: true,
			})),
		},
	},
	{
		dialect: "MCP ask tools",
		name: "multi-select as a type: multi_select, multiselect, checkbox",
		call: {
			questions: [
				{ question: "A?", type: "multi_select", options: ["x", "y"] },
				{ question: "B?", type: "multiselect", options: ["x", "y"] },
				{ question: "C?", type: "checkbox", options: ["x", "y"] },
			],
		},
		folded: {
			questions: ["A?", "B?", "C?"].map((question) => ({ question, options: labels("x", "y"), multiSelect: true })),
		},
	},
	{
		dialect: "MCP ask tools",
		name: "the type under another key: question_type, kind, input_type, selection_type",
		call: {
			questions: [
				{ question: "A?", question_type: "multi_select", options: ["x", "y"] },
				{ question: "B?", kind: "checkboxes", options: ["x", "y"] },
				{ question: "C?", inputType: "multiSelect", options: ["x", "y"] },
				{ question: "D?", selection_type: "multiple", options: ["x", "y"] },
			],
		},
		folded: {
			questions: ["A?", "B?", "C?", "D?"].map((question) => ({
				question,
				options: labels("x", "y"),
				multiSelect: true,
			})),
		},
	},
	{
		dialect: "MCP ask tools",
		name: "single-select types stay single-select (multiple_choice is one pick, as in survey tools)",
		call: {
			questions: [
				{ question: "A?", type: "multiple_choice", options: ["x", "y"] },
				{ question: "B?", type: "radio", options: ["x", "y"] },
				{ question: "C?", question_type: "single_select", options: ["x", "y"] },
			],
		},
		folded: { questions: ["A?", "B?", "C?"].map((question) => ({ question, options: labels("x", "y") })) },
	},
	{
		dialect: "MCP ask tools",
		name: "boolean-kind questions: boolean, confirm, yes_no, bool",
		call: {
			questions: [
				{ question: "Enable telemetry?", type: "boolean" },
				{ question: "Overwrite the file?", type: "confirm" },
				{ question: "Squash the commits?", type: "yes_no" },
				{ question: "Keep the cache?", question_type: "bool" },
			],
		},
		folded: {
			questions: ["Enable telemetry?", "Overwrite the file?", "Squash the commits?", "Keep the cache?"].map(
				(question) => ({ question, options: yesNo }),
			),
		},
	},
	{
		dialect: "MCP ask tools",
		name: "a boolean question keeps the options the model gave",
		call: { question: "Ship it?", type: "boolean", options: ["Ship", "Wait"] },
		folded: { questions: [{ question: "Ship it?", options: labels("Ship", "Wait") }] },
	},
	{
		dialect: "MCP elicitation",
		name: "one string enum",
		call: {
			message: "Which database should we use?",
			requestedSchema: {
				type: "object",
				properties: { database: { type: "string", title: "Database", enum: ["postgres", "sqlite"] } },
				required: ["database"],
			},
		},
		folded: {
			questions: [
				{
					id: "database",
					question: "Which database should we use?",
					header: "Database",
					options: labels("postgres", "sqlite"),
				},
			],
		},
	},
	{
		dialect: "MCP elicitation",
		name: "titled single-select (oneOf with const and title)",
		call: {
			message: "Pick a plan",
			requestedSchema: {
				type: "object",
				properties: {
					plan: {
						type: "string",
						description: "Billed monthly",
						oneOf: [
							{ const: "free", title: "Free" },
							{ const: "pro", title: "Pro ($10/mo)" },
						],
					},
				},
			},
		},
		folded: {
			questions: [
				{ id: "plan", question: "Pick a plan", context: "Billed monthly", options: labels("Free", "Pro ($10/mo)") },
			],
		},
	},
	{
		dialect: "MCP elicitation",
		name: "legacy enumNames as the labels",
		call: {
			message: "Where should the data live?",
			requestedSchema: {
				type: "object",
				properties: { region: { type: "string", enum: ["us", "eu"], enumNames: ["United States", "Europe"] } },
			},
		},
		folded: {
			questions: [
				{ id: "region", question: "Where should the data live?", options: labels("United States", "Europe") },
			],
		},
	},
	{
		dialect: "MCP elicitation",
		name: "multi-select: an array of enum",
		call: {
			message: "Which checks should run?",
			requestedSchema: {
				type: "object",
				properties: {
					checks: {
						type: "array",
						title: "Checks",
						minItems: 1,
						items: { type: "string", enum: ["lint", "test", "build"] },
					},
				},
			},
		},
		folded: {
			questions: [
				{
					id: "checks",
					question: "Which checks should run?",
					header: "Checks",
					options: labels("lint", "test", "build"),
					multiSelect: true,
				},
			],
		},
	},
	{
		dialect: "MCP elicitation",
		name: "titled multi-select: an array of anyOf",
		call: {
			message: "Which regions?",
			requestedSchema: {
				type: "object",
				properties: {
					regions: {
						type: "array",
						items: {
							anyOf: [
								{ const: "us-east-1", title: "N. Virginia" },
								{ const: "eu-west-1", title: "Ireland" },
							],
						},
					},
				},
			},
		},
		folded: {
			questions: [
				{ id: "regions", question: "Which regions?", options: labels("N. Virginia", "Ireland"), multiSelect: true },
			],
		},
	},
	{
		dialect: "MCP elicitation",
		name: "a boolean becomes Yes/No",
		call: {
			message: "Deploy to production now?",
			requestedSchema: {
				type: "object",
				properties: {
					confirm: { type: "boolean", title: "Confirm", description: "Runs the release job", default: false },
				},
			},
		},
		folded: {
			questions: [
				{
					id: "confirm",
					question: "Deploy to production now?",
					header: "Confirm",
					context: "Runs the release job",
					options: yesNo,
				},
			],
		},
	},
	{
		dialect: "MCP elicitation",
		name: "a form of several fields: one question each, the message with the first",
		call: {
			message: "Set up the new service",
			requestedSchema: {
				type: "object",
				properties: {
					name: { type: "string", title: "Service name", minLength: 1 },
					port: { type: "integer", title: "Port", minimum: 1024 },
					tls: { type: "boolean", title: "Enable TLS?" },
					tier: { type: "string", description: "Size of the instance", enum: ["small", "large"] },
				},
				required: ["name"],
			},
		},
		folded: {
			questions: [
				{ id: "name", question: "Service name", context: "Set up the new service" },
				{ id: "port", question: "Port" },
				{ id: "tls", question: "Enable TLS?", options: yesNo },
				{ id: "tier", question: "Size of the instance", options: labels("small", "large") },
			],
		},
	},
	{
		dialect: "MCP elicitation",
		name: "the whole elicitation/create request",
		call: {
			method: "elicitation/create",
			params: {
				message: "Which package manager?",
				requestedSchema: { type: "object", properties: { pm: { type: "string", enum: ["npm", "pnpm"] } } },
			},
		},
		folded: { questions: [{ id: "pm", question: "Which package manager?", options: labels("npm", "pnpm") }] },
	},
	{
		dialect: "MCP elicitation",
		name: "a free-text field",
		call: {
			message: "What is your GitHub username?",
			requestedSchema: { type: "object", properties: { username: { type: "string" } }, required: ["username"] },
		},
		folded: { questions: [{ id: "username", question: "What is your GitHub username?" }] },
	},
	{
		dialect: "JSON text",
		name: "a question list serialised into the question field",
		call: {
			question: JSON.stringify([
				{ question: "Which test runner?", options: ["Vitest", "Jest"] },
				{ question: "Coverage?", type: "yesno" },
			]),
		},
		folded: {
			questions: [
				{ question: "Which test runner?", options: labels("Vitest", "Jest") },
				{ question: "Coverage?", options: yesNo },
			],
		},
	},
	{
		dialect: "JSON text",
		name: "a whole request serialised into the question field",
		call: {
			question: JSON.stringify({
				questions: [{ question: "Which bundler?", options: ["tsup", "esbuild"], multiSelect: false }],
			}),
		},
		folded: { questions: [{ question: "Which bundler?", options: labels("tsup", "esbuild") }] },
	},
	{
		dialect: "JSON text",
		name: "a question list serialised into one entry of questions",
		call: {
			questions: [
				{
					question: JSON.stringify([
						{ question: "Tabs or spaces?", options: ["Tabs", "Spaces"] },
						{ question: "Width?" },
					]),
				},
			],
		},
		folded: { questions: [{ question: "Tabs or spaces?", options: labels("Tabs", "Spaces") }, { question: "Width?" }] },
	},
	{
		dialect: "JSON text",
		name: "one question object serialised into the question field, with is_multi_select",
		call: { question: JSON.stringify({ question: "Which features?", options: ["a", "b"], is_multi_select: true }) },
		folded: { questions: [{ question: "Which features?", options: labels("a", "b"), multiSelect: true }] },
	},
	{
		dialect: "JSON text",
		name: "JSON that is no question list stays the question's text",
		call: { question: '{"retries": 3}' },
		folded: { questions: [{ question: '{"retries": 3}' }] },
	},
	{
		dialect: "Any",
		name: "question text under questionText / question_text",
		call: { questions: [{ questionText: "Which shell?", options: ["bash", "zsh"] }, { question_text: "Why?" }] },
		folded: { questions: [{ question: "Which shell?", options: labels("bash", "zsh") }, { question: "Why?" }] },
	},
	{
		dialect: "Any",
		name: "options under enum",
		call: { questions: [{ question: "Log level?", enum: ["debug", "info", "warn"] }] },
		folded: { questions: [{ question: "Log level?", options: labels("debug", "info", "warn") }] },
	},
	{
		dialect: "Any",
		name: "option objects with const and title",
		call: { question: "Licence?", options: [{ const: "mit", title: "MIT" }, { const: "apache-2.0" }] },
		folded: { questions: [{ question: "Licence?", options: labels("MIT", "apache-2.0") }] },
	},
	{
		dialect: "Any",
		name: "a multiline text field is no multi-select flag",
		call: { questions: [{ question: "Describe the bug", multiline: true }] },
		folded: { questions: [{ question: "Describe the bug" }] },
	},
	{
		dialect: "MCP ask tools",
		name: "a confirm nested under input, the text in title (corpus 2's regression)",
		call: { title: "Ship it?", input: { kind: "confirm" } },
		folded: { questions: [{ question: "Ship it?", options: yesNo }] },
	},
	{
		dialect: "Tool-call markup",
		name: "the call's parameters leaking into the question's text (a real transcript)",
		call: {
			question:
				'I staged the parser fix. Commit it?</question>\n<parameter name="choices">["Commit", "Show me the diff first"]',
		},
		folded: {
			questions: [
				{ question: "I staged the parser fix. Commit it?", options: labels("Commit", "Show me the diff first") },
			],
		},
	},
	{
		dialect: "aider confirm_ask",
		name: "subject (the file list) with a yes default",
		call: { question: "Add these files to the chat?", subject: "src/parser.ts\nsrc/lexer.ts", default: "y" },
		folded: {
			questions: [{ question: "Add these files to the chat?", context: "src/parser.ts\nsrc/lexer.ts", options: yesNo }],
		},
	},
	{
		dialect: "Any",
		name: "options as a Python-style list",
		call: { question: "Which port should the dev server use?", options: "['3000', '5173']" },
		folded: { questions: [{ question: "Which port should the dev server use?", options: labels("3000", "5173") }] },
	},
	{
		dialect: "Google Antigravity ask_question",
		name: "capitalised keys",
		call: {
			Questions: [
				{ Question: "Which sections?", Options: [{ Label: "Hero" }, { Label: "Pricing" }], IsMultiSelect: true },
			],
		},
		folded: { questions: [{ question: "Which sections?", options: labels("Hero", "Pricing"), multiSelect: true }] },
	},
	{
		dialect: "Any",
		name: "the whole arguments encoded as JSON text twice",
		call: JSON.stringify(JSON.stringify({ questions: [{ question: "Which runtime?", options: ["Node", "Bun"] }] })),
		folded: { questions: [{ question: "Which runtime?", options: labels("Node", "Bun") }] },
	},
];

const refused: Refused[] = [
	{
		dialect: "Tool-call markup",
		name: "markup that cannot be read is never shown as the question",
		call: { questions: [{ question: 'Commit?</question><parameter name="choices">["a"]', choices: ["b", "c"] }] },
		names: "questions[0].question holds tool-call markup",
	},
	{
		dialect: "Any",
		name: "a lone question under a key of the model's own",
		call: { ask: "Which folder should I clean?" },
		names: "ask",
	},
	{
		dialect: "Any",
		name: "a lone question with its options, both under keys of the model's own",
		call: { query: "Which folder?", picks: ["src", "dist"] },
		names: "query",
	},
	{
		dialect: "Any",
		name: "a multi-select flag under a spelling not understood",
		call: { questions: [{ question: "Which?", options: ["a", "b"], multiSelectMode: "any" }] },
		names: "questions[0].multiSelectMode",
	},
	{
		dialect: "Any",
		name: "a multi-select flag that is no yes or no",
		call: { questions: [{ question: "Which?", options: ["a", "b"], is_multi_select: "sometimes" }] },
		names: "questions[0].is_multi_select",
	},
	{
		dialect: "MCP elicitation",
		name: "a property that is no schema",
		call: { message: "Pick", requestedSchema: { type: "object", properties: { choice: 42 } } },
		names: "requestedSchema.properties.choice",
	},
	{
		dialect: "MCP elicitation",
		name: "an enum with an option no one can pick",
		call: {
			message: "Pick",
			requestedSchema: { type: "object", properties: { c: { type: "string", enum: ["a", "a"] } } },
		},
		names: "requestedSchema.properties.c.enum[1]",
	},
];

describe("a corpus of real calls folds into the request the model meant", () => {
	it.each(understood.map((entry) => [`${entry.dialect}: ${entry.name}`, entry] as const))("%s", (_, entry) => {
		expect(canonicalRequest(entry.call)).toEqual(entry.folded);
		// Folding the result again changes nothing.
		expect(canonicalRequest(entry.folded)).toEqual(entry.folded);
	});

	it.each(refused.map((entry) => [`${entry.dialect}: ${entry.name}`, entry] as const))(
		"refuses, naming the key: %s",
		(_, entry) => {
			expect(() => canonicalRequest(entry.call)).toThrow(AskUserError);
			expect(() => canonicalRequest(entry.call)).toThrow(entry.names);
		},
	);
});
