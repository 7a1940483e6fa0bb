/**
 * Folds the argument shapes other agents' ask tools use into the canonical request, before validation.
 * Tolerance is silent: anything recognisable becomes canonical, anything else is passed on untouched so
 * that validation can name the exact problem — under the key and index the model itself wrote (`Spelling`).
 */
import { optionsInText, parseLenientJson, readToolMarkup } from "./dialect-text.js";
import { isRecord, type JsonObject as Json } from "./json.js";
import { sanitizeLine, sanitizeText } from "./text.js";
import type { AskRequest } from "./types.js";
import { isReservedOtherLabel, looksLikeMultiSelectFlag, type Spelling, validateRequest } from "./validate.js";

/** The normalised arguments, and how the model spelled what they were folded from. */
export interface NormalizedCall {
	args: unknown;
	spelling: Spelling;
}

/**
 * Models sometimes send a nested array as a JSON string (trailing commas and all), or the whole arguments encoded
 * twice or three times; undo that, and only that.
 */
function parseIfJsonText(value: unknown): unknown {
	let current = value;
	for (let depth = 0; depth < 3 && typeof current === "string"; depth++) {
		const text = current.trim();
		const encoded = text.startsWith('"') && /^"(?:\\+"|\s)*[[{]/.test(text);
		if (!(text.startsWith("[") || text.startsWith("{") || encoded)) break;
		const parsed = parseLenientJson(text);
		if (parsed === undefined) break;
		current = parsed;
	}
	return typeof current === "string" ? value : current;
}

const XML_ENTITIES = new Map([
	["lt", "<"],
	["gt", ">"],
	["quot", '"'],
	["apos", "'"],
	["amp", "&"],
]);

function decodeXmlEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
		if (name.startsWith("#")) {
			const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
			return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
		}
		return XML_ENTITIES.get(name.toLowerCase()) ?? entity;
	});
}

/**
 * Roo Code's XML tool calls give `follow_up` as `<suggest>A</suggest><suggest mode="code">B</suggest>` (or
 * `<suggest><content>B</content></suggest>`); each suggestion is one option. Anything else is left as it is.
 */
function parseSuggestions(value: unknown): unknown {
	if (typeof value !== "string") return value;
	const suggestions = [...value.matchAll(/<suggest\b[^>]*>([\s\S]*?)<\/suggest\s*>/gi)].map(([, inner = ""]) => {
		const content = /<content>([\s\S]*?)<\/content\s*>/i.exec(inner)?.[1];
		return decodeXmlEntities(content ?? inner.replace(/<mode>[\s\S]*?<\/mode\s*>/gi, "")).trim();
	});
	return suggestions.length > 0 ? suggestions : value;
}

/**
 * Gemini sometimes double-escapes newlines, so `Line 1\nLine 2` arrives as a backslash and an `n`. Undone
 * only when the text has no real newline and every backslash starts a `\n` (or `\r\n`): regexes and Windows
 * paths keep their backslashes. The decision is made on the text as validation will keep it (sanitised and
 * trimmed), and the result has no backslash left, so a second pass changes nothing.
 */
function unescapeNewlines(value: unknown): unknown {
	if (typeof value !== "string") return value;
	const kept = sanitizeText(value).trim();
	if (kept.includes("\n") || !kept.includes("\\")) return value;
	const escapes = /\\r\\n|\\n/g;
	if (kept.replace(escapes, "").includes("\\")) return value;
	return kept.replace(escapes, "\n");
}

const BOOLEAN_WORDS = new Map([
	["true", true],
	["yes", true],
	["1", true],
	["false", false],
	["no", false],
	["0", false],
]);
/** `const` last: a JSON Schema choice (`{ "const": "pro", "title": "Pro" }`) is shown by its title. */
const OPTION_LABEL_KEYS = ["label", "text", "option", "value", "title", "name", "const"] as const;
/** An option's description under the other names models give it. */
const OPTION_DESCRIPTION_KEYS = [
	"description",
	"detail",
	"details",
	"explanation",
	"hint",
	"subtitle",
	"summary",
	"desc",
];
const OPTION_PREVIEW_KEYS = ["preview", "markdown"] as const;
const QUESTION_TEXT_KEYS = ["question", "prompt", "text", "message", "questionText", "question_text"] as const;
const OPTION_LIST_KEYS = ["options", "choices", "suggestions", "follow_up", "suggest"] as const;
/**
 * Other names a model gives its options under (interactive-mcp's `predefinedOptions`; the rest are the words models
 * reach for). Taken only when the value is a list, so that Claude Code's `answers` object is not read as options.
 */
const OPTION_LIST_ALIASES = [
	"labels",
	"answers",
	"items",
	"selections",
	"values",
	"alternatives",
	"predefinedOptions",
	"predefined_options",
	"enum",
] as const;
/**
 * The multi-select flag in any spelling: camel, snake or kebab case, with or without a prefix (Antigravity's
 * `is_multi_select`, `allowMultiple`, `allow_multiple_selections`); compared with case and separators removed.
 */
const MULTI_SELECT_KEY =
	/^(?:is|allow|allows|enable|can|has)?(?:multi|multiple|multiselect|multipleselect|multiselection|multipleselections?|multichoice|multiplechoices?|multipleanswers|multianswer|selectmultiple|selectmany)(?:enabled|allowed)?$/;
/** Where a question's kind is given: MCP's and Gemini's `type`, and the other names models use for it. */
const QUESTION_TYPE_KEYS = new Set([
	"type",
	"kind",
	"questiontype",
	"inputtype",
	"answertype",
	"responsetype",
	"selectiontype",
	"selecttype",
	"selectionmode",
	"selection",
	"choicetype",
	"fieldtype",
	"mode",
]);
/** Per-question markdown for the person: kandev and eino call it `context`, pi-ask-tool `description`. */
const CONTEXT_KEYS = ["context", "description"] as const;
/**
 * Other keys (folded) whose words explain a question: shown to the person with it, as its context. aider's `subject`
 * is what its yes/no question is about (the files, the URL).
 */
const EXPLANATION_KEYS = new Set([
	"subject",
	"reason",
	"rationale",
	"why",
	"explanation",
	"details",
	"detail",
	"hint",
	"help",
	"helptext",
	"note",
	"notes",
	"info",
	"summary",
	"subtitle",
	"body",
	"instructions",
	"intro",
	"preamble",
]);
/** Keys that hold the question's kind as a record of its own: `{ "title": …, "input": { "kind": "confirm" } }`. */
const NESTED_QUESTION_KEYS = ["input", "field", "response", "answerFormat", "answer_format"];
/**
 * How many answers may be picked (`pick_max`, `max_selections`, `maxChoices`, JSON Schema's `maxItems`): more than one
 * is multi-select. A least count above one (`min_picks: 2`) says the same.
 */
const PICK_COUNT_KEY =
	/^(?:(max|maximum|min|minimum)(?:picks?|selections?|selected|choices?|answers?|items?|select|options?|count)|(?:picks?|selections?|choices?|answers?|select|items?)(max|maximum|min|minimum))$/;
/**
 * Question kinds (case and separators removed) whose options are Yes and No when the model gave none (MCP
 * `confirm`, Gemini `yesno`, a JSON Schema `boolean`).
 */
const YES_NO_TYPES = new Set(["confirm", "confirmation", "yesno", "boolean", "bool", "truefalse"]);

/** Case, `_`, `-`, `/` and spaces removed: `is_multi_select`, `isMultiSelect` and `multi-select` compare equal. */
function foldName(name: string): string {
	return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * A kind that allows several answers: `multi_select`, `multiselect`, `multiple`, `checkbox(es)`, `select_many`.
 * `multiple_choice` is one pick, as survey tools and quizzes use the words.
 */
function isMultiSelectType(kind: string): boolean {
	if (kind === "multiplechoice") return false;
	return /multi|checkbox|many|several/.test(kind);
}

/** `true` for a pick count above one, `false` for a most of one, `undefined` when `raw` gives none. */
function pickCount(raw: Json): { key: string; many: boolean } | undefined {
	for (const [key, value] of Object.entries(raw)) {
		const match = PICK_COUNT_KEY.exec(foldName(key));
		if (match === null) continue;
		const count = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
		if (!Number.isInteger(count) || count < 1) continue;
		const most = (match[1] ?? match[2] ?? "").startsWith("max");
		if (count > 1) return { key, many: true };
		if (most) return { key, many: false };
	}
	return undefined;
}

/** The first key of `raw` that is a multi-select flag, the canonical spelling first. */
function multiSelectKey(raw: Json): { key: string; value: unknown } | undefined {
	if (raw.multiSelect !== undefined && raw.multiSelect !== null) return { key: "multiSelect", value: raw.multiSelect };
	for (const [key, value] of Object.entries(raw)) {
		if (value !== undefined && value !== null && MULTI_SELECT_KEY.test(foldName(key))) return { key, value };
	}
	return undefined;
}

/** The question's kind, folded, and the key it was under (`type` first). */
function questionType(raw: Json): { key: string; kind: string } | undefined {
	if (typeof raw.type === "string") return { key: "type", kind: foldName(raw.type) };
	for (const [key, value] of Object.entries(raw)) {
		if (typeof value === "string" && QUESTION_TYPE_KEYS.has(foldName(key))) return { key, kind: foldName(value) };
	}
	return undefined;
}

/** The first of `keys` that `record` has (not undefined or null), with its value. */
function firstKey(record: Json, keys: readonly string[]): { key: string; value: unknown } | undefined {
	for (const key of keys) {
		const value = record[key];
		if (value !== undefined && value !== null) return { key, value };
	}
	return undefined;
}

/** The first of `keys` whose value is a string, with that key. */
function firstStringKey(record: Json, keys: readonly string[]): { key: string; value: string } | undefined {
	for (const key of keys) {
		const value = record[key];
		if (typeof value === "string") return { key, value };
	}
	return undefined;
}

function firstString(record: Json, keys: readonly string[]): string | undefined {
	return firstStringKey(record, keys)?.value;
}

function isBlank(text: string): boolean {
	return sanitizeLine(text).trim() === "";
}

/** A string with something in it. */
function isText(value: unknown): value is string {
	return typeof value === "string" && !isBlank(value);
}

/** Records how the model spelled paths, relative to where a question or option sits in its arguments. */
class SpellingRecorder {
	readonly paths = new Map<string, string>();

	/** `canonical` (a path) is at `model` in the model's arguments; identical paths need no entry. */
	at(canonical: string, model: string): void {
		if (canonical !== model) this.paths.set(canonical, model);
	}

	/** What was recorded as written at `from` (and below it) was written at `to`. */
	movePrefix(from: string, to: string): void {
		for (const [canonical, model] of this.paths) {
			if (model === from || model.startsWith(`${from}.`) || model.startsWith(`${from}[`)) {
				this.paths.set(canonical, to + model.slice(from.length));
			}
		}
	}
}

function child(path: string, key: string): string {
	return path === "" ? key : `${path}.${key}`;
}

/** What an option is made of, or why it is dropped: blank rows and the model's own "Other" row. */
function normalizeOption(raw: unknown, path: string, modelPath: string, spelling: SpellingRecorder): unknown {
	if (typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean") {
		spelling.at(`${path}.label`, modelPath);
		return { label: String(raw) };
	}
	if (!isRecord(raw)) return raw;
	const label = firstStringKey(raw, OPTION_LABEL_KEYS);
	if (label === undefined) return raw;
	spelling.at(`${path}.label`, child(modelPath, label.key));
	const option: Json = { label: label.value };
	const described = firstStringKey(raw, OPTION_DESCRIPTION_KEYS);
	const preview = firstStringKey(raw, OPTION_PREVIEW_KEYS);
	// Words under a key of the model's own are the person's to read: in the description, named.
	const words = leftoverWords(raw, (key) => OPTION_OWN_KEYS.has(key) || key === described?.key);
	const description = unescapeNewlines(described?.value);
	if (words.length > 0) option.description = unescapeNewlines([description, ...words].filter(isText).join("\n"));
	else if (typeof description === "string") {
		option.description = description;
		if (described !== undefined) spelling.at(`${path}.description`, child(modelPath, described.key));
	}
	if (preview !== undefined) {
		option.preview = preview.value;
		spelling.at(`${path}.preview`, child(modelPath, preview.key));
	}
	return option;
}

/** Text of several words (a one-word tag such as `"high"` or `"code"` is no sentence for the person). */
function hasWords(value: string): boolean {
	return /\S\s+\S/.test(sanitizeLine(value).trim());
}

/**
 * The words a record holds under keys nothing else took, each as `key: words`: they are shown to the person rather
 * than dropped. One-word values (tags, modes, ids) and anything that is no string are left out.
 */
function leftoverWords(
	raw: Json,
	used: (key: string) => boolean,
	taken?: Set<string>,
	plain: ReadonlySet<string> = EXPLANATION_KEYS,
): string[] {
	const words: string[] = [];
	for (const key in raw) {
		if (!Object.hasOwn(raw, key) || used(key) || looksLikeMultiSelectFlag(key)) continue;
		const value = raw[key];
		const fold = foldName(key);
		const lines = Array.isArray(value) && value.length > 0 && value.every(isText) ? value.join("\n") : value;
		if (typeof lines !== "string" || (lines === value && asList(value) !== undefined)) continue;
		if (plain.has(fold)) {
			if (isText(lines)) words.push(sanitizeText(lines).trim());
		} else if (lines === value && (hasWords(lines) || (fold.startsWith("default") && isText(lines)))) {
			words.push(`${key}: ${sanitizeText(lines).trim()}`);
		} else continue;
		taken?.add(key);
	}
	return words;
}

/** An option's keys that are no words for the person beside its label (Roo's `mode`, the label's other names). */
const OPTION_OWN_KEYS = new Set<string>(["mode", ...OPTION_LABEL_KEYS, ...OPTION_PREVIEW_KEYS]);

/** A row the person could never pick (blank), or one the built-in "Other" row already is. */
function isDroppedOption(option: unknown): boolean {
	if (!isRecord(option) || typeof option.label !== "string") return false;
	if (isReservedOtherLabel(sanitizeLine(option.label))) return true;
	const hasText = (value: unknown) => typeof value === "string" && !isBlank(value);
	return isBlank(option.label) && !hasText(option.description) && !hasText(option.preview);
}

function normalizeOptions(list: unknown[], path: string, modelPath: string, spelling: SpellingRecorder): unknown[] {
	const options: unknown[] = [];
	list.forEach((raw, modelIndex) => {
		const optionPath = `${path}[${options.length}]`;
		const optionModelPath = `${modelPath}[${modelIndex}]`;
		const recorder = new SpellingRecorder();
		recorder.at(optionPath, optionModelPath);
		const option = normalizeOption(raw, optionPath, optionModelPath, recorder);
		if (isDroppedOption(option)) return;
		options.push(option);
		for (const [canonical, model] of recorder.paths) spelling.at(canonical, model);
	});
	return options;
}

/** A list, or a list sent as JSON text; anything else is `undefined`. */
function asList(value: unknown): unknown[] | undefined {
	const list = parseIfJsonText(value);
	return Array.isArray(list) ? list : undefined;
}

/** Defined, not assigned, so that `__proto__` is a key like any other. */
function define(record: Json, key: string, value: unknown): void {
	Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A question with the pieces a model wrote elsewhere brought to its top, and where each was written. */
interface UnfoldedQuestion {
	raw: unknown;
	/** A key of `raw` → the path in the model's arguments where it was written. */
	moved: [key: string, written: string][];
}

/**
 * Brings a question's pieces to its top: a kind nested under `input` (`{ "input": { "kind": "confirm" } }`), and
 * the fields of a tool call written as text into the question's text (`Commit it?</question><parameter
 * name="choices">[…]`, Roo's `<question>…</question><follow_up>…</follow_up>`). Markup that cannot be read is left
 * in the text, for validation to refuse by name.
 */
function unfoldQuestion(raw: unknown, modelPath: string): UnfoldedQuestion {
	const moved: [string, string][] = [];
	if (typeof raw === "string") {
		const markup = readToolMarkup(raw);
		if (markup === undefined) return { raw, moved };
		const record: Json = { question: markup.text };
		for (const [name, value] of markup.fields) {
			if (Object.hasOwn(record, name)) return { raw, moved: [] };
			define(record, name, value);
			moved.push([name, `${modelPath} <${name}>`]);
		}
		moved.push(["question", modelPath]);
		return { raw: record, moved };
	}
	if (!isRecord(raw)) return { raw, moved };
	let record = raw;
	const nestedKey = NESTED_QUESTION_KEYS.find((key) => isRecord(raw[key]));
	if (nestedKey !== undefined) {
		record = {};
		for (const [key, value] of Object.entries(raw)) if (key !== nestedKey) define(record, key, value);
		for (const [key, value] of Object.entries(raw[nestedKey] as Json)) {
			if (Object.hasOwn(record, key)) continue;
			define(record, key, value);
			moved.push([key, child(child(modelPath, nestedKey), key)]);
		}
	}
	const textKey = [...QUESTION_TEXT_KEYS, "title"].find((key) => typeof record[key] === "string");
	const markup = textKey === undefined ? undefined : readToolMarkup(record[textKey] as string);
	if (textKey === undefined || markup === undefined) return { raw: record, moved };
	const unfolded: Json = {};
	for (const [key, value] of Object.entries(record)) define(unfolded, key, key === textKey ? markup.text : value);
	for (const [name, value] of markup.fields) {
		// A field given twice, in the markup and beside it: the markup stays in the text, and validation refuses it.
		if (Object.hasOwn(unfolded, name)) return { raw: record, moved };
		define(unfolded, name, value);
		moved.push([name, `${child(modelPath, textKey)} <${name}>`]);
	}
	return { raw: unfolded, moved };
}

/**
 * `ignored` are keys of `raw` that are not the question's (the arguments' own `metadata` when the arguments are the
 * question).
 */
function normalizeQuestion(
	raw: unknown,
	path: string,
	modelPath: string,
	spelling: SpellingRecorder,
	ignored: readonly string[] = [],
): unknown {
	spelling.at(path, modelPath);
	const unfolded = unfoldQuestion(raw, modelPath);
	const question = foldQuestion(unfolded.raw, path, modelPath, spelling, ignored);
	for (const [key, written] of unfolded.moved) {
		const at = child(modelPath, key);
		spelling.movePrefix(at, written);
		// A piece under its canonical name was recorded nowhere: say where it was written.
		if (at === `${path}.${key}` && !spelling.paths.has(at)) spelling.at(at, written);
	}
	return question;
}

/** A key that only marks an option's place (`a`, `2`, `option_1`): its value is the label. */
const OPTION_MARKER = /^(?:[a-z]|\d+|(?:option|opt|choice|answer|item)[\s_-]?\d+)$/i;

/**
 * Options given as an object. Keyed by place (`{"a": "PostgreSQL", "b": "SQLite"}`), each value is a label; keyed by
 * name (`{"MIT": "Permissive"}`), the key is the label and its text the description, so that no word is lost. A value
 * that is an option object keeps its own label, or takes the key. A number is no option.
 */
function keyedOptions(record: Json): { list: unknown[]; keys: string[] } | undefined {
	const entries = Object.entries(record);
	if (entries.length === 0) return undefined;
	const byPlace = entries.every(([key]) => OPTION_MARKER.test(key));
	const list: unknown[] = [];
	for (const [key, value] of entries) {
		if (typeof value === "string") list.push(byPlace ? value : { label: key, description: value });
		else if (isRecord(value) && !Array.isArray(value)) {
			list.push(firstStringKey(value, OPTION_LABEL_KEYS) === undefined ? { label: key, ...value } : value);
		} else return undefined;
	}
	return { list, keys: entries.map(([key]) => key) };
}

/** Options as a list, from a list, JSON text, XML suggestions, a Python-style list, numbered lines or an object. */
function optionValue(value: unknown): { options: unknown; keys?: string[] } {
	const parsed = parseIfJsonText(value);
	if (typeof parsed === "string") {
		const suggestions = parseSuggestions(parsed);
		return { options: suggestions !== parsed ? suggestions : (optionsInText(parsed) ?? parsed) };
	}
	if (isRecord(parsed) && !Array.isArray(parsed)) {
		const keyed = keyedOptions(parsed);
		if (keyed !== undefined) return { options: keyed.list, keys: keyed.keys };
	}
	return { options: parsed };
}

/** A default of yes or no on a question with no options (aider's `confirm_ask(…, default="y")`): a yes/no question. */
function yesNoDefault(raw: Json): string | undefined {
	return Object.keys(raw).find((key) => {
		const value = raw[key];
		if (!foldName(key).startsWith("default")) return false;
		return typeof value === "boolean" || (typeof value === "string" && /^(?:y|n|yes|no)$/i.test(value.trim()));
	});
}

function foldQuestion(
	raw: unknown,
	path: string,
	modelPath: string,
	spelling: SpellingRecorder,
	ignored: readonly string[],
): unknown {
	if (typeof raw === "string") {
		spelling.at(`${path}.question`, modelPath);
		return { question: unescapeNewlines(raw) };
	}
	if (!isRecord(raw)) return raw;
	const question: Json = {};
	/** The keys of `raw` whose values went into `question` (or were dropped on purpose, as `type: "text"`'s options). */
	const used = new Set<string>(ignored);

	// The question text; Codex sometimes puts it in `title` alone.
	const text =
		QUESTION_TEXT_KEYS.map((key) => ({ key, value: raw[key] })).find(
			(entry): entry is { key: (typeof QUESTION_TEXT_KEYS)[number]; value: string } =>
				typeof entry.value === "string" && !isBlank(entry.value),
		) ?? (typeof raw.title === "string" && !isBlank(raw.title) ? { key: "title", value: raw.title } : undefined);
	const textKey = text?.key ?? firstStringKey(raw, QUESTION_TEXT_KEYS)?.key ?? "question";
	question.question = unescapeNewlines(text?.value ?? raw[textKey]);
	used.add(textKey);
	spelling.at(`${path}.question`, child(modelPath, textKey));

	const headerKeys = text?.key === "title" ? ["header", "label"] : ["header", "title", "label"];
	const header = firstStringKey(raw, headerKeys);
	if (header !== undefined && header.value !== text?.value) {
		question.header = header.value;
		spelling.at(`${path}.header`, child(modelPath, header.key));
	}
	if (header !== undefined) used.add(header.key);

	const type = questionType(raw);
	if (type !== undefined) used.add(type.key);
	const kind = type?.kind;
	const alias = OPTION_LIST_ALIASES.find((key) => asList(raw[key]) !== undefined);
	const optionList =
		firstKey(raw, OPTION_LIST_KEYS) ?? (alias === undefined ? undefined : { key: alias, value: raw[alias] });
	if (optionList !== undefined) used.add(optionList.key);
	const given = optionValue(optionList?.value);
	let options = given.options;
	const optionsPath = `${path}.options`;
	const optionsModelPath = child(modelPath, optionList?.key ?? "options");
	spelling.at(optionsPath, optionsModelPath);
	const none = options === undefined || (Array.isArray(options) && options.length === 0);
	const yesNoKey = none && kind === undefined ? yesNoDefault(raw) : undefined;
	if (yesNoKey !== undefined) used.add(yesNoKey);
	if (none && ((kind !== undefined && YES_NO_TYPES.has(kind)) || yesNoKey !== undefined)) options = ["Yes", "No"];
	if (type?.key === "type" && kind === "text") {
		// A text question has no options, under any name: they are dropped on purpose, not refused.
		options = undefined;
		for (const key of [...OPTION_LIST_KEYS, ...OPTION_LIST_ALIASES]) used.add(key);
	}
	if (Array.isArray(options)) {
		question.options = normalizeOptions(options, optionsPath, optionsModelPath, spelling);
		given.keys?.forEach((key, i) => {
			spelling.movePrefix(`${optionsModelPath}[${i}]`, child(optionsModelPath, key));
		});
	} else if (options !== undefined) question.options = options;

	const multi = multiSelectKey(raw);
	if (kind !== undefined && isMultiSelectType(kind)) question.multiSelect = true;
	else if (multi !== undefined) {
		// Only words and numbers are read as yes/no; anything else goes to validation as it is.
		const word = typeof multi.value === "string" || typeof multi.value === "number" ? String(multi.value) : undefined;
		question.multiSelect = (word === undefined ? undefined : BOOLEAN_WORDS.get(word.toLowerCase())) ?? multi.value;
		spelling.at(`${path}.multiSelect`, child(modelPath, multi.key));
	}
	if (multi !== undefined) used.add(multi.key);
	else if (kind === undefined || !isMultiSelectType(kind)) {
		const count = pickCount(raw);
		if (count !== undefined) used.add(count.key);
		if (count?.many) question.multiSelect = true;
	}

	if (typeof raw.placeholder === "string") {
		used.add("placeholder");
		if (raw.placeholder !== "") question.placeholder = raw.placeholder;
	}

	// Codex and CodeNomad number some ids; the id is a name, so a number becomes its text.
	if (typeof raw.id === "number" && Number.isFinite(raw.id)) question.id = String(raw.id);
	else if (raw.id !== undefined && raw.id !== null) question.id = raw.id;
	used.add("id");

	const context = firstKey(raw, CONTEXT_KEYS);
	if (context !== undefined) used.add(context.key);
	// Words under keys of the model's own (`reason`, aider's `subject`) are the person's to read: shown with the
	// question, never dropped. Without question text they may be the question: validation names them below.
	const words = text === undefined ? [] : leftoverWords(raw, (key) => used.has(key), used);
	const contextText = unescapeNewlines(context?.value);
	if (words.length > 0 && (contextText === undefined || typeof contextText === "string"))
		question.context = unescapeNewlines([contextText, ...words].filter(isText).join("\n\n"));
	else if (context !== undefined) {
		question.context = contextText;
		spelling.at(`${path}.context`, child(modelPath, context.key));
	}

	// A list nothing above took would vanish (the question silently becoming free text), as would a multi-select
	// flag under a spelling not understood; and without question text the text may be under a key of the model's
	// own: each is passed on under that key, for validation to name. Defined, not assigned, so that `__proto__` is a
	// key like any other.
	for (const [key, value] of Object.entries(raw)) {
		if (used.has(key) || Object.hasOwn(question, key)) continue;
		const list = asList(value);
		const passed =
			list !== undefined && list.length > 0
				? list
				: text === undefined && isText(value)
					? value
					: value !== undefined && value !== null && value !== false && looksLikeMultiSelectFlag(key)
						? value
						: undefined;
		if (passed !== undefined) define(question, key, passed);
	}
	return question;
}

const QUESTION_LIST_KEYS = ["questions", "question_list"] as const;
/** Keys of the arguments that are never a lone question's own (Claude Code sends `answers` and `annotations`). */
const ARGUMENT_KEYS = ["metadata", "background", "answers", "annotations"];

/** A question as the model gave it, where it sits in the model's arguments, and the pieces spelled elsewhere. */
interface PlacedQuestion {
	raw: unknown;
	modelPath: string;
	/** Keys of `raw` that belong to the arguments, not the question. */
	ignored?: readonly string[];
	/** A canonical field of the question (`options`) → where the model wrote it, when not under the question. */
	spelled?: Readonly<Record<string, string>>;
}

function isQuestionLike(value: unknown): boolean {
	return isRecord(value) && firstString(value, [...QUESTION_TEXT_KEYS, "title"]) !== undefined;
}

/**
 * Question text that holds a list of questions, one question or a whole request as JSON: models that write JSON as
 * text sometimes put all their questions in the one text field. Only what reads as questions is taken; any other
 * JSON (`{"retries": 3}`) stays the question's text.
 */
function questionsInText(value: unknown, path: string): PlacedQuestion[] | undefined {
	if (typeof value !== "string") return undefined;
	const parsed = parseIfJsonText(value);
	if (parsed === value) return undefined;
	const placeAll = (list: unknown[], at: string) =>
		list.length > 0 && list.every(isQuestionLike)
			? list.map((raw, i) => ({ raw, modelPath: `${at}[${i}]` }))
			: undefined;
	if (Array.isArray(parsed)) return placeAll(parsed, path);
	if (!isRecord(parsed)) return undefined;
	const listed = firstKey(parsed, QUESTION_LIST_KEYS);
	if (listed === undefined) return isQuestionLike(parsed) ? [{ raw: parsed, modelPath: path }] : undefined;
	const list = parseIfJsonText(listed.value);
	const at = child(path, listed.key);
	if (Array.isArray(list)) return placeAll(list, at);
	return isQuestionLike(list) ? [{ raw: list, modelPath: at }] : undefined;
}

function hasOptionList(record: Json): boolean {
	return (
		firstKey(record, OPTION_LIST_KEYS) !== undefined ||
		OPTION_LIST_ALIASES.some((key) => asList(record[key]) !== undefined)
	);
}

/** Each question whose text is a JSON list of questions becomes those questions, at any depth. */
function expandQuestionsInText(placed: PlacedQuestion[]): PlacedQuestion[] {
	return placed.flatMap((entry) => {
		const { raw, modelPath } = entry;
		let inner: PlacedQuestion[] | undefined;
		if (typeof raw === "string") inner = questionsInText(raw, modelPath);
		else if (isRecord(raw) && !hasOptionList(raw)) {
			const text = firstStringKey(raw, QUESTION_TEXT_KEYS);
			if (text !== undefined) inner = questionsInText(text.value, child(modelPath, text.key));
		}
		return inner === undefined ? [entry] : expandQuestionsInText(inner);
	});
}

/**
 * An MCP elicitation request (`elicitation/create`'s params): a `message` and a flat JSON Schema of the answers
 * wanted. Each property is one question, with the property's name as its id (echoed in its answer); a string
 * `enum` (labels from `enumNames` when given) or `oneOf`/`anyOf` choices (`const` with `title`) are its options;
 * an array of those is multi-select; a boolean is Yes or No; anything else is free text. A lone property is asked
 * with the message as its text; in a form of several, the message goes with the first.
 */
function elicitationQuestions(args: Json): PlacedQuestion[] | undefined {
	const wrapped = isRecord(args.params) ? args.params : undefined;
	const request = wrapped !== undefined && args.requestedSchema === undefined ? wrapped : args;
	const root = request === wrapped ? "params" : "";
	const schemaKey = ["requestedSchema", "requested_schema"].find((key) => isRecord(request[key]));
	if (schemaKey === undefined) return undefined;
	const schema = request[schemaKey] as Json;
	const schemaPath = child(root, schemaKey);
	const message = isText(request.message) ? request.message : undefined;
	const messagePath = child(root, "message");
	const properties = isRecord(schema.properties) ? Object.entries(schema.properties) : [];
	if (properties.length === 0)
		return [{ raw: { question: request.message }, modelPath: root, spelled: { question: messagePath } }];
	const alone = properties.length === 1;
	return properties.map(([key, property], index) => {
		const propertyPath = child(child(schemaPath, "properties"), key);
		if (typeof property === "string") return { raw: property, modelPath: propertyPath };
		if (!isRecord(property)) return { raw: property, modelPath: propertyPath };
		const title = isText(property.title) ? property.title : undefined;
		const description = isText(property.description) ? property.description : undefined;
		const question: Json = { id: key };
		const spelled: Record<string, string> = {};
		if (alone && message !== undefined) {
			question.question = message;
			spelled.question = messagePath;
			if (title !== undefined) question.header = title;
			if (description !== undefined) question.context = description;
		} else {
			const textKey = title !== undefined ? "title" : description !== undefined ? "description" : undefined;
			question.question = textKey === undefined ? key : property[textKey];
			spelled.question = textKey === undefined ? propertyPath : child(propertyPath, textKey);
			const context = textKey === "title" ? description : undefined;
			const withMessage = index === 0 && message !== undefined;
			if (withMessage || context !== undefined) {
				question.context = [withMessage ? message : undefined, context].filter(isText).join("\n\n");
				if (!withMessage) spelled.context = child(propertyPath, "description");
			}
		}
		const many = property.type === "array" || isRecord(property.items);
		const source = many && isRecord(property.items) ? property.items : property;
		const sourcePath = source === property ? propertyPath : child(propertyPath, "items");
		const choiceKey = ["enum", "oneOf", "anyOf"].find((name) => Array.isArray(source[name]));
		if (choiceKey !== undefined) {
			const choices = source[choiceKey] as unknown[];
			const names = choiceKey === "enum" && Array.isArray(source.enumNames) ? source.enumNames : undefined;
			question.options = choices.map((choice, i) => (typeof names?.[i] === "string" ? names[i] : choice));
			spelled.options = child(sourcePath, choiceKey);
			if (many) question.multiSelect = true;
		} else if (property.type === "boolean") question.type = "boolean";
		return { raw: question, modelPath: propertyPath, spelled };
	});
}

/** Every key name the folding reads, and each by its folded form (case and separators removed). */
const KNOWN_KEYS = new Set<string>([
	...QUESTION_LIST_KEYS,
	...QUESTION_TEXT_KEYS,
	...OPTION_LIST_KEYS,
	...OPTION_LIST_ALIASES,
	...OPTION_LABEL_KEYS,
	...OPTION_DESCRIPTION_KEYS,
	...OPTION_PREVIEW_KEYS,
	...CONTEXT_KEYS,
	"header",
	"title",
	"multiSelect",
	"type",
	"kind",
	"placeholder",
	"id",
	"metadata",
	"background",
	"requestedSchema",
	"params",
	"properties",
	"enumNames",
	"oneOf",
	"anyOf",
	"subject",
	"default",
	...NESTED_QUESTION_KEYS,
]);
const KEY_BY_FOLD = new Map<string, string>();
for (const key of KNOWN_KEYS) if (!KEY_BY_FOLD.has(foldName(key))) KEY_BY_FOLD.set(foldName(key), key);
/** Keys whose objects are data, not the request's structure: their keys are kept as written. */
const OPAQUE_KEYS = new Set(["metadata", "answers", "annotations"]);
/** Keys whose JSON text the folding reads as the structure it holds. */
const LIST_KEYS = new Set<string>([...QUESTION_LIST_KEYS, ...OPTION_LIST_KEYS, ...OPTION_LIST_ALIASES, "items"]);

/**
 * JSON text under a key whose text the folding reads as JSON (a list of questions or options, or a list under a
 * key of the model's own): parsed, so that its keys are renamed as the rest are.
 */
function structureInText(key: string, value: unknown): unknown {
	if (typeof value !== "string" || OPAQUE_KEYS.has(key)) return value;
	const parsed = parseIfJsonText(value);
	if (LIST_KEYS.has(key)) return parsed;
	return !KNOWN_KEYS.has(key) && Array.isArray(parsed) ? parsed : value;
}

/**
 * The arguments with every key the folding reads under another case or separators (`Questions`, `Options`,
 * `Label`, `Follow-Up`) under its own name; `renamed` records each renamed path → the key as the model wrote it.
 * Elicitation property names (they are ids) and metadata keep their keys. Nothing is copied when nothing is renamed.
 */
function withKnownKeys(value: unknown, path: string, renamed: Map<string, string>, keepNames = false): unknown {
	if (Array.isArray(value)) {
		let out: unknown[] | undefined;
		value.forEach((item, i) => {
			const next = withKnownKeys(item, `${path}[${i}]`, renamed);
			if (next === item) return;
			out ??= [...value];
			out[i] = next;
		});
		return out ?? value;
	}
	if (!isRecord(value)) return value;
	let out: Json | undefined;
	const entries = Object.entries(value);
	entries.forEach(([key, item], index) => {
		let name = key;
		if (!keepNames && !KNOWN_KEYS.has(key)) {
			const known = KEY_BY_FOLD.get(foldName(key));
			if (known !== undefined && !Object.hasOwn(value, known) && !(out !== undefined && Object.hasOwn(out, known))) {
				name = known;
			}
		}
		const at = child(path, name);
		const opaque = OPAQUE_KEYS.has(name) && !Array.isArray(item);
		const next = opaque ? item : withKnownKeys(structureInText(name, item), at, renamed, name === "properties");
		if (name !== key) renamed.set(at, key);
		if (out === undefined && (name !== key || next !== item)) {
			out = {};
			for (const [before, kept] of entries.slice(0, index)) define(out, before, kept);
		}
		if (out !== undefined) define(out, name, next);
	});
	return out ?? value;
}

/** Text that may be JSON (a list, an object, or JSON text encoded again), judged by its first character. */
function looksLikeJsonText(text: string): boolean {
	const c = text.charCodeAt(0);
	return c === 91 || c === 123 || c === 34 || (c <= 32 && /^\s*[[{"]/.test(text));
}

/**
 * Whether `withKnownKeys` has anything to do: a key under another case or separators, or JSON text it would read.
 * Most calls have neither, and this walk allocates nothing.
 */
function hasForeignKeys(value: unknown): boolean {
	if (Array.isArray(value)) return value.some(hasForeignKeys);
	if (!isRecord(value)) return false;
	for (const key in value) {
		if (!Object.hasOwn(value, key)) continue;
		const item = value[key];
		if (!KNOWN_KEYS.has(key) && KEY_BY_FOLD.has(foldName(key))) return true;
		if (OPAQUE_KEYS.has(key) && !Array.isArray(item)) continue;
		if (typeof item === "string" ? looksLikeJsonText(item) : hasForeignKeys(item)) return true;
	}
	return false;
}

/** Each recorded path as the model wrote it, under the key names `withKnownKeys` renamed. */
function respell(spelling: SpellingRecorder, renamed: ReadonlyMap<string, string>): void {
	const written = (path: string) => {
		let at = "";
		let out = "";
		for (const [step] of path.matchAll(/\[\d+\]|\.?[^.[]+/g)) {
			at += step;
			const original = renamed.get(at);
			out += original === undefined ? step : step.startsWith(".") ? `.${original}` : original;
		}
		return out;
	};
	for (const [canonical, model] of spelling.paths) spelling.paths.set(canonical, written(model));
	for (const path of renamed.keys()) if (!spelling.paths.has(path)) spelling.paths.set(path, written(path));
}

/** Top-level keys shown plainly with the first question when the arguments hold a list of questions. */
const INTRO_KEYS = new Set([...EXPLANATION_KEYS, ...[...QUESTION_TEXT_KEYS, ...CONTEXT_KEYS].map(foldName)]);

/**
 * Words beside a list of questions (a top-level `question` or `title`, a `reason`): shown before the first
 * question's context, never dropped. Words that repeat a question's text or header add nothing.
 */
function introduceQuestions(args: Json, skip: Set<string>, list: unknown[]): void {
	const first = list[0];
	if (!isRecord(first) || !(first.context === undefined || typeof first.context === "string")) return;
	const repeated = new Set(
		list
			.flatMap((q) => (isRecord(q) ? [q.question, q.header] : []))
			.filter(isText)
			.map((t) => t.trim()),
	);
	const words = leftoverWords(args, (key) => skip.has(key), undefined, INTRO_KEYS).filter(
		(text) => !repeated.has(text),
	);
	if (words.length > 0) first.context = unescapeNewlines([...words, first.context].filter(isText).join("\n\n"));
}

/** Any recognisable dialect in, the canonical `{ questions, metadata? }` shape out, with the model's spelling. */
export function normalizeCall(raw: unknown): NormalizedCall {
	const spelling = new SpellingRecorder();
	let args = parseIfJsonText(raw);
	if (typeof args === "string") {
		// A whole call written as text: Roo's `<ask_followup_question><question>…</question><follow_up>…`.
		const markup = readToolMarkup(args);
		if (markup !== undefined && isText(markup.text)) {
			const record: Json = { question: markup.text };
			for (const [name, value] of markup.fields) if (!Object.hasOwn(record, name)) define(record, name, value);
			args = record;
		}
	}
	const renamed = new Map<string, string>();
	const folded = foldCall(hasForeignKeys(args) ? withKnownKeys(args, "", renamed) : args, spelling);
	if (renamed.size > 0) respell(spelling, renamed);
	return { args: folded, spelling: spelling.paths };
}

function foldCall(args: unknown, spelling: SpellingRecorder): unknown {
	if (Array.isArray(args)) {
		const placed = expandQuestionsInText(args.map((q, i) => ({ raw: q, modelPath: `questions[${i}]` })));
		const questions = placed.map((q, i) => normalizeQuestion(q.raw, `questions[${i}]`, q.modelPath, spelling));
		return { questions };
	}
	if (!isRecord(args)) return args;

	const hasQuestionText = firstString(args, QUESTION_TEXT_KEYS) !== undefined;
	// Options with no list of questions around them: one question, even with its text under a key of the model's own.
	const hasOptions = hasOptionList(args);
	// `items` next to question text is that question's options, not a list of questions.
	// `question` holding a question object or a list of them is the list.
	const container =
		isRecord(args.question) || (Array.isArray(args.question) && args.question.some(isRecord))
			? { key: "question", value: args.question }
			: undefined;
	const listed =
		firstKey(args, QUESTION_LIST_KEYS) ?? container ?? (hasQuestionText ? undefined : firstKey(args, ["items"]));
	const listPath = listed?.key ?? "questions";
	const given = parseIfJsonText(listed?.value);
	// Text or a list under keys of the model's own, with nothing else to go by: a lone question, so that validation
	// names the key its text is under instead of saying that `questions` is missing.
	const loneUnderOwnKeys = Object.entries(args).some(
		([key, value]) => !ARGUMENT_KEYS.includes(key) && (isText(value) || (asList(value)?.length ?? 0) > 0),
	);
	let placed: PlacedQuestion[] | undefined;
	if (given === undefined) {
		placed = elicitationQuestions(args);
		if (placed === undefined && (hasQuestionText || hasOptions || loneUnderOwnKeys)) {
			// A single question object given as the whole argument (Roo Code, MCP single-question habit).
			placed = [{ raw: args, modelPath: "", ignored: ARGUMENT_KEYS }];
		}
	} else if (Array.isArray(given)) placed = given.map((q, i) => ({ raw: q, modelPath: `${listPath}[${i}]` }));
	// One question object; a bare string is not folded, since a word ("yes") is no question (validation says so).
	else if (isRecord(given)) placed = [{ raw: given, modelPath: listPath }];
	spelling.at("questions", placed?.length === 1 && placed[0]?.modelPath === "" ? "" : listPath);

	const result: Json = {};
	if (placed === undefined) result.questions = given;
	else {
		result.questions = expandQuestionsInText(placed).map((q, i) => {
			const path = `questions[${i}]`;
			const question = normalizeQuestion(q.raw, path, q.modelPath, spelling, q.ignored);
			for (const [field, model] of Object.entries(q.spelled ?? {}))
				spelling.movePrefix(child(q.modelPath, field), model);
			return question;
		});
	}

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
		spelling.at("questions[0].header", "title");
	}
	if (listed !== undefined && Array.isArray(list)) {
		// The MCP dialect's dialog `title` is its own (the MCP server shows it as the dialog's title).
		introduceQuestions(args, new Set([listed.key, "title", ...ARGUMENT_KEYS]), list);
	}

	const metadata = parseIfJsonText(args.metadata);
	if (metadata !== undefined && metadata !== null) result.metadata = metadata;
	// Kimi's `background`; a model that writes JSON as text writes "true" too.
	const background = args.background === "true" ? true : args.background === "false" ? false : args.background;
	if (background !== undefined) result.background = background;
	return result;
}

/** `prepareArguments`' first half, and a reader of calls still streaming in: the canonical shape only. */
export function normalizeArguments(raw: unknown): unknown {
	return normalizeCall(raw).args;
}

/** Every dialect to the canonical request; a clear `AskUserError` (pi marks it isError) otherwise. */
export function canonicalRequest(args: unknown): AskRequest {
	const { args: normalized, spelling } = normalizeCall(args);
	return validateRequest(normalized, spelling);
}
