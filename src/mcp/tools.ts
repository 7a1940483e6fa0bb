/**
 * The two tools as an MCP client lists them: `ask_user` (the MCP ask_user tool's fields and this product's own) and
 * `ask_user_wait`, with JSON Schemas for their input and for the result's `structuredContent`. Only the shape a
 * model is shown: what is accepted is decided by the normaliser and validation (./request.ts), which also take
 * the other agents' spellings.
 */

export const ASK_TOOL = "ask_user";
/** The server's name and what it tells a client at the handshake. */
export const SERVER_NAME = "pi-ask-anywhere";
export const SERVER_CAPABILITIES = { tools: {} };
export const SERVER_INSTRUCTIONS =
	"ask_user asks the person questions and waits for the answers: in this client's dialog, on the pi-ask-anywhere web page or phone, or in pi (/questions). If it returns pending, call ask_user_wait with the askId.";
export const WAIT_TOOL = "ask_user_wait";

const OPTION = {
	anyOf: [
		{ type: "string" },
		{
			type: "object",
			properties: {
				label: { type: "string", description: "Display text" },
				description: { type: "string", description: "Help text shown under the label" },
				preview: { type: "string", description: "Markdown or code shown while the option is focused" },
			},
			required: ["label"],
		},
	],
} as const;

const QUESTION = {
	type: "object",
	properties: {
		question: { type: "string", description: "The question text (markdown)" },
		id: { type: "string", description: "Your id for this question; answers name it as questionId" },
		type: {
			type: "string",
			enum: ["text", "select", "multi-select", "confirm"],
			description: "What to collect; by default read from the options (none: text)",
		},
		options: {
			type: "array",
			items: OPTION,
			description: "Choices, as labels or { label, description, preview }; the user can always type their own",
		},
		header: { type: "string", description: "Short title, e.g. 'Database'" },
		multiSelect: { type: "boolean", description: "Allow several choices (same as type multi-select)" },
		required: { type: "boolean", description: "Whether an answer is required (default true)" },
		placeholder: { type: "string", description: "Hint shown in an empty text input" },
	},
	required: ["question"],
} as const;

const ASK_INPUT_SCHEMA = {
	type: "object",
	properties: {
		questions: { type: "array", items: QUESTION, minItems: 1, description: "One or more questions to ask the user" },
		title: { type: "string", maxLength: 100, description: "Optional title for the question dialog" },
		timeout: {
			type: "integer",
			minimum: 10_000,
			maximum: 1_800_000,
			default: 300_000,
			description:
				"Milliseconds to wait for the user (default 5 minutes); then timedOut is true and the questions stay open",
		},
		background: {
			type: "boolean",
			description: "Return at once with pending and an askId; fetch the answers later with ask_user_wait",
		},
		metadata: { type: "object", description: "Optional tracking data, e.g. { source: 'setup' }" },
	},
	required: ["questions"],
} as const;

const WAIT_INPUT_SCHEMA = {
	type: "object",
	properties: {
		askId: { type: "string", description: "The askId that ask_user returned with pending or timedOut" },
		waitSeconds: {
			type: "number",
			minimum: 0,
			maximum: 1800,
			description: "How long to wait for the answers at most (capped below your client's time limit)",
		},
	},
	required: ["askId"],
} as const;

const STRINGS = { type: "array", items: { type: "string" } } as const;
const TEXT_OR_LIST = { anyOf: [{ type: "string" }, STRINGS] } as const;

const RESULT_SCHEMA = {
	type: "object",
	properties: {
		answered: { type: "boolean" },
		cancelled: { type: "boolean" },
		timedOut: { type: "boolean" },
		answers: {
			type: "array",
			items: {
				type: "object",
				properties: {
					questionId: { type: "string" },
					values: STRINGS,
					customText: { type: "string" },
					question: { type: "string" },
					answer: TEXT_OR_LIST,
					selectedOption: TEXT_OR_LIST,
					wasCustom: { type: "boolean" },
					note: { type: "string" },
					id: { type: "string" },
				},
				required: ["questionId", "values", "question", "answer", "wasCustom"],
			},
		},
		unanswered: STRINGS,
		note: { type: "string" },
		pending: { type: "boolean" },
		askId: { type: "string" },
		formDeclinedByClient: { type: "boolean" },
	},
	required: ["answered", "cancelled", "timedOut", "answers"],
} as const;

const ASK_DESCRIPTION = `Ask the user one or more questions and wait for the answers. Use it when you need a decision, a clarification or a confirmation you cannot infer. Each question may offer options (labels, or { label, description, preview }); the user can always type their own answer instead. The user answers in this client's own dialog when it supports one, on the pi-ask-anywhere web page or phone, or in pi (/questions) — whichever comes first. Never answer for the user: answers you write into the questions' file count for nothing.

The result: answered, cancelled (the user declined), timedOut (nobody answered within timeout; nothing is chosen for them), and answers with questionId, values, customText (their own text) plus question, answer, selectedOption, wasCustom. With pending: true, call ask_user_wait with the askId. Put a recommended option first with "(Recommended)"; batch related questions in one call.`;

const WAIT_DESCRIPTION =
	"Wait for the answers to an ask_user call that returned pending: true or timedOut: true, by its askId. Returns the same result as ask_user, or pending again if the user has not answered yet.";

/**
 * The tools as listed, the ask tool under `askTool` (default `ask_user`): Gemini CLI has a built-in `ask_user`, and an
 * MCP tool of that name is not offered to its model.
 */
export function toolList(askTool: string = ASK_TOOL) {
	return [
		{
			name: askTool,
			title: "Ask the user",
			description: ASK_DESCRIPTION,
			inputSchema: ASK_INPUT_SCHEMA,
			outputSchema: RESULT_SCHEMA,
		},
		{
			name: WAIT_TOOL,
			title: "Wait for the user's answers",
			description: WAIT_DESCRIPTION,
			inputSchema: WAIT_INPUT_SCHEMA,
			outputSchema: RESULT_SCHEMA,
		},
	];
}
