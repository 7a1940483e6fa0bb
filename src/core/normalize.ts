/**
 * Folds the argument shapes other agents' ask tools use into the canonical request, before validation.
 * Tolerance is silent: anything recognisable becomes canonical, anything else is passed on untouched so
 * that validation can name the exact problem.
 */
import { isRecord, type JsonObject as Json } from "./json.js";

/** Models sometimes send a nested array as a JSON string; undo that, and only that. */
function parseIfJsonText(value: unknown): unknown {
	if (typeof value !== "string") return value;
	const text = value.trim();
	if (!(text.startsWith("[") || text.startsWith("{"))) return value;
	try {
		return JSON.parse(text);
	} catch {
		return value;
	}
}

const BOOLEAN_WORDS = new Map([
	["true", true],
	["yes", true],
	["1", true],
	["false", false],
	["no", false],
	["0", false],
]);
const OPTION_LABEL_KEYS = ["label", "text", "value", "title", "name"] as const;
const OPTION_PREVIEW_KEYS = ["preview", "markdown"] as const;
const QUESTION_TEXT_KEYS = ["question", "prompt", "text", "message"] as const;
const OPTION_LIST_KEYS = ["options", "choices", "suggestions", "follow_up", "suggest"] as const;

function firstString(record: Json, keys: readonly string[]): string | undefined {
	for (const key of keys) {
		const value = record[key];
		if (typeof value === "string") return value;
	}
	return undefined;
}

function normalizeOption(raw: unknown): unknown {
	if (typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean") return { label: String(raw) };
	if (!isRecord(raw)) return raw;
	const label = firstString(raw, OPTION_LABEL_KEYS);
	if (label === undefined) return raw;
	const option: Json = { label };
	if (typeof raw.description === "string") option.description = raw.description;
	const preview = firstString(raw, OPTION_PREVIEW_KEYS);
	if (preview !== undefined) option.preview = preview;
	return option;
}

function normalizeQuestion(raw: unknown): unknown {
	if (typeof raw === "string") return { question: raw };
	if (!isRecord(raw)) return raw;
	const question: Json = {};
	const text = firstString(raw, QUESTION_TEXT_KEYS);
	question.question = text ?? raw.question;

	const header = firstString(raw, ["header", "title", "label"]);
	if (header !== undefined && header !== text) question.header = header;

	const type = typeof raw.type === "string" ? raw.type.toLowerCase().replace(/[_\s]/g, "-") : undefined;
	let options: unknown;
	for (const key of OPTION_LIST_KEYS) {
		if (raw[key] !== undefined) {
			options = parseIfJsonText(raw[key]);
			break;
		}
	}
	if (type === "confirm" && (options === undefined || (Array.isArray(options) && options.length === 0))) {
		options = ["Yes", "No"];
	}
	if (type === "text") options = undefined;
	if (Array.isArray(options)) question.options = options.map(normalizeOption);
	else if (options !== undefined) question.options = options;

	const multi = raw.multiSelect ?? raw.multi_select ?? raw.multiple ?? raw.allowMultiple;
	if (type === "multi-select" || type === "multiselect" || type === "checkbox") question.multiSelect = true;
	else if (typeof multi === "boolean") question.multiSelect = multi;
	else if (multi !== undefined && multi !== null)
		question.multiSelect = BOOLEAN_WORDS.get(String(multi).toLowerCase()) ?? multi;

	if (typeof raw.placeholder === "string" && raw.placeholder !== "") question.placeholder = raw.placeholder;
	// Markdown for the person: pi-ask-tool calls it `description`, kandev and eino `context`.
	const context = raw.context ?? raw.description;
	if (context !== undefined && context !== null) question.context = context;
	// Codex and CodeNomad number some ids; the id is a name, so a number becomes its text.
	if (typeof raw.id === "number" && Number.isFinite(raw.id)) question.id = String(raw.id);
	else if (raw.id !== undefined && raw.id !== null) question.id = raw.id;
	return question;
}

/** `prepareArguments`: any recognisable dialect in, the canonical `{ questions, metadata? }` shape out. */
export function normalizeArguments(raw: unknown): unknown {
	const args = parseIfJsonText(raw);
	if (Array.isArray(args)) return { questions: args.map(normalizeQuestion) };
	if (!isRecord(args)) return args;

	let questions = parseIfJsonText(args.questions ?? args.question_list ?? args.items);
	if (questions === undefined && firstString(args, QUESTION_TEXT_KEYS) !== undefined) {
		// A single question object given as the whole argument (Roo Code, MCP single-question habit).
		questions = [args];
	}
	if (isRecord(questions) || typeof questions === "string") questions = [questions];

	const result: Json = {};
	result.questions = Array.isArray(questions) ? questions.map(normalizeQuestion) : questions;

	// The MCP dialect's dialog `title` becomes the header of a lone question that has none.
	const list = result.questions;
	if (
		typeof args.title === "string" &&
		args.title !== "" &&
		Array.isArray(list) &&
		list.length === 1 &&
		isRecord(list[0]) &&
		list[0].header === undefined &&
		list[0].question !== args.title
	) {
		list[0].header = args.title;
	}

	const metadata = parseIfJsonText(args.metadata);
	if (metadata !== undefined && metadata !== null) result.metadata = metadata;
	return result;
}
