/**
 * Folds the argument shapes other agents' ask tools use into the canonical request, before validation.
 * Tolerance is silent: anything recognisable becomes canonical, anything else is passed on untouched so
 * that validation can name the exact problem — under the key and index the model itself wrote (`Spelling`).
 */
import { isRecord, type JsonObject as Json } from "./json.js";
import { sanitizeLine, sanitizeText } from "./text.js";
import type { AskRequest } from "./types.js";
import { isReservedOtherLabel, looksLikeMultiSelectFlag, type Spelling, validateRequest } from "./validate.js";

/** The normalised arguments, and how the model spelled what they were folded from. */
export interface NormalizedCall {
	args: unknown;
	spelling: Spelling;
}

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
const OPTION_LABEL_KEYS = ["label", "text", "value", "title", "name", "const"] as const;
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
	return kind.includes("multi") || kind.includes("checkbox") || kind === "selectmany" || kind === "many";
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
	const description = unescapeNewlines(raw.description);
	if (typeof description === "string") option.description = description;
	const preview = firstStringKey(raw, OPTION_PREVIEW_KEYS);
	if (preview !== undefined) {
		option.preview = preview.value;
		spelling.at(`${path}.preview`, child(modelPath, preview.key));
	}
	return option;
}

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
	let options = parseSuggestions(parseIfJsonText(optionList?.value));
	const optionsPath = `${path}.options`;
	const optionsModelPath = child(modelPath, optionList?.key ?? "options");
	spelling.at(optionsPath, optionsModelPath);
	if (
		kind !== undefined &&
		YES_NO_TYPES.has(kind) &&
		(options === undefined || (Array.isArray(options) && options.length === 0))
	) {
		options = ["Yes", "No"];
	}
	if (type?.key === "type" && kind === "text") {
		// A text question has no options, under any name: they are dropped on purpose, not refused.
		options = undefined;
		for (const key of [...OPTION_LIST_KEYS, ...OPTION_LIST_ALIASES]) used.add(key);
	}
	if (Array.isArray(options)) question.options = normalizeOptions(options, optionsPath, optionsModelPath, spelling);
	else if (options !== undefined) question.options = options;

	const multi = multiSelectKey(raw);
	if (kind !== undefined && isMultiSelectType(kind)) question.multiSelect = true;
	else if (multi !== undefined) {
		// Only words and numbers are read as yes/no; anything else goes to validation as it is.
		const word = typeof multi.value === "string" || typeof multi.value === "number" ? String(multi.value) : undefined;
		question.multiSelect = (word === undefined ? undefined : BOOLEAN_WORDS.get(word.toLowerCase())) ?? multi.value;
		spelling.at(`${path}.multiSelect`, child(modelPath, multi.key));
	}
	if (multi !== undefined) used.add(multi.key);

	if (typeof raw.placeholder === "string") {
		used.add("placeholder");
		if (raw.placeholder !== "") question.placeholder = raw.placeholder;
	}

	const context = firstKey(raw, CONTEXT_KEYS);
	if (context !== undefined) {
		question.context = unescapeNewlines(context.value);
		spelling.at(`${path}.context`, child(modelPath, context.key));
		used.add(context.key);
	}
	// Codex and CodeNomad number some ids; the id is a name, so a number becomes its text.
	if (typeof raw.id === "number" && Number.isFinite(raw.id)) question.id = String(raw.id);
	else if (raw.id !== undefined && raw.id !== null) question.id = raw.id;
	used.add("id");

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
		if (passed !== undefined) {
			Object.defineProperty(question, key, { value: passed, enumerable: true, writable: true, configurable: true });
		}
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

/** Any recognisable dialect in, the canonical `{ questions, metadata? }` shape out, with the model's spelling. */
export function normalizeCall(raw: unknown): NormalizedCall {
	const spelling = new SpellingRecorder();
	const args = parseIfJsonText(raw);
	if (Array.isArray(args)) {
		const placed = expandQuestionsInText(args.map((q, i) => ({ raw: q, modelPath: `questions[${i}]` })));
		const questions = placed.map((q, i) => normalizeQuestion(q.raw, `questions[${i}]`, q.modelPath, spelling));
		return { args: { questions }, spelling: spelling.paths };
	}
	if (!isRecord(args)) return { args, spelling: spelling.paths };

	const hasQuestionText = firstString(args, QUESTION_TEXT_KEYS) !== undefined;
	// Options with no list of questions around them: one question, even with its text under a key of the model's own.
	const hasOptions = hasOptionList(args);
	// `items` next to question text is that question's options, not a list of questions.
	const listed = firstKey(args, QUESTION_LIST_KEYS) ?? (hasQuestionText ? undefined : firstKey(args, ["items"]));
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

	const metadata = parseIfJsonText(args.metadata);
	if (metadata !== undefined && metadata !== null) result.metadata = metadata;
	// Kimi's `background`; a model that writes JSON as text writes "true" too.
	const background = args.background === "true" ? true : args.background === "false" ? false : args.background;
	if (background !== undefined) result.background = background;
	return { args: result, spelling: spelling.paths };
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
