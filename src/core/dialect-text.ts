/**
 * Text in which a model wrote structure: JSON with trailing commas, a Python-style list, numbered lines, and the
 * tool-call markup (`</question>`, `<parameter name="choices">…`) that leaks into a string when a model writes its
 * call as text. Pure readers for dialect folding: each returns what the text plainly holds, or `undefined`.
 */

/** Commas before a closing bracket or brace, outside strings, removed: `["a", "b",]` → `["a", "b"]`. */
function withoutTrailingCommas(text: string): string {
	let out = "";
	let inString = false;
	for (let i = 0; i < text.length; i++) {
		const c = text[i] as string;
		if (inString) {
			out += c;
			if (c === "\\") out += text[++i] ?? "";
			else if (c === '"') inString = false;
			continue;
		}
		if (c === '"') inString = true;
		else if (c === ",") {
			let j = i + 1;
			while (j < text.length && /\s/.test(text[j] as string)) j++;
			if (text[j] === "]" || text[j] === "}") continue;
		}
		out += c;
	}
	return out;
}

/** JSON text, also with trailing commas; `undefined` when it is no JSON. */
export function parseLenientJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		if (!text.includes(",")) return undefined;
		try {
			return JSON.parse(withoutTrailingCommas(text));
		} catch {
			return undefined;
		}
	}
}

const QUOTED_ITEM = /\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")\s*(,|\])/y;

/** A Python-style list of quoted strings: `['3000', "5173"]`. */
function pythonList(text: string): string[] | undefined {
	if (!text.startsWith("[") || !text.endsWith("]")) return undefined;
	const items: string[] = [];
	QUOTED_ITEM.lastIndex = 1;
	for (;;) {
		const at = QUOTED_ITEM.lastIndex;
		const match = QUOTED_ITEM.exec(text);
		if (match === null) return /^\s*\]$/.test(text.slice(at)) && items.length > 0 ? items : undefined;
		items.push((match[1] ?? match[2] ?? "").replace(/\\(.)/g, "$1"));
		if (match[3] === "]") return QUOTED_ITEM.lastIndex === text.length ? items : undefined;
	}
}

const NUMBERED = /^\s*(?:\d{1,2}|[a-z])[.)]\s+(\S.*)$/i;
const BULLETED = /^\s*[-*•]\s+(\S.*)$/;

/** The longest line read as an option when options are given one a line with no marker; longer is prose. */
const PLAIN_LINE_CHARS = 80;

/**
 * Lines that each start with the same kind of marker (`1.`, `2)`, `a.`, `-`, `*`), or short lines with none
 * (`main\ndevelop`); two at least.
 */
function markedLines(text: string): string[] | undefined {
	const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
	if (lines.length < 2) return undefined;
	for (const marker of [NUMBERED, BULLETED]) {
		const items = lines.map((line) => marker.exec(line)?.[1]?.trim());
		if (items.every((item): item is string => item !== undefined)) return items;
	}
	return lines.every((line) => line.trim().length <= PLAIN_LINE_CHARS) ? lines.map((line) => line.trim()) : undefined;
}

/**
 * Options a model wrote as one string: JSON (trailing commas allowed), a Python-style list, or numbered or bulleted
 * lines. `undefined` for anything else (one line of words is no list).
 */
export function optionsInText(value: string): unknown[] | undefined {
	const text = value.trim();
	if (text.startsWith("[")) {
		const parsed = parseLenientJson(text);
		return Array.isArray(parsed) ? parsed : pythonList(text);
	}
	return markedLines(text);
}

/**
 * The tags that show an ask tool's call written as text (Anthropic- and Roo-style): a closing tag, or an opening one
 * no prose has (`<parameter name=`). A question that only mentions an opening `<question>` element is prose.
 */
const MARKUP_TAG =
	/<\/(?:question|parameter|invoke|function_calls|follow_up|ask_followup_question|antml:[a-z_]+)\s*>|<(?:parameter|invoke)\s+name\s*=[^>]*>|<(?:function_calls|ask_followup_question)\s*>/gi;

/** The first tag of tool-call markup a string holds (a person must never see it shown as text), if any. */
export function toolMarkupTag(text: string): string | undefined {
	if (!text.includes("<")) return undefined;
	MARKUP_TAG.lastIndex = 0;
	return MARKUP_TAG.exec(text)?.[0];
}

function holdsToolMarkup(text: string): boolean {
	return toolMarkupTag(text) !== undefined;
}

/** The fields a string with tool-call markup holds, and its text before them. */
export interface MarkupFields {
	/** The question's text: a `<question>` element's, or the text before the first tag. */
	text: string;
	/** `<parameter name="k">v` and `<k>v</k>` elements, in order, as the model named them. */
	fields: [name: string, value: string][];
}

/**
 * Reads a string that holds a tool call written as text: `Commit it?</question>\n<parameter name="choices">[…]`
 * (the call's text leaking into its first parameter) or Roo's `<question>…</question><follow_up>…</follow_up>`.
 * `undefined` when there is no such markup, or when what is left still holds some (it cannot be read).
 */
export function readToolMarkup(value: string): MarkupFields | undefined {
	if (!holdsToolMarkup(value)) return undefined;
	const fields: [string, string][] = [];
	let rest = value.replace(
		/<parameter\s+name\s*=\s*["']?([\w-]+)["']?\s*>([\s\S]*?)(?:<\/parameter\s*>|(?=<parameter\b)|(?=<\/invoke\b)|$)/gi,
		(_, name: string, inner: string) => {
			fields.push([name, inner.trim()]);
			return "\n";
		},
	);
	rest = rest.replace(/<\/?(?:invoke|function_calls|ask_followup_question|antml:[a-z_]+)\b[^>]*>/gi, "\n");
	rest = rest.replace(/<([a-z_][\w-]*)\s*>([\s\S]*?)<\/\1\s*>/gi, (_, name: string, inner: string) => {
		fields.push([name, inner.trim()]);
		return "\n";
	});
	// What is left before a stray closing tag is the start of the call's first parameter: the question.
	rest = rest.replace(/<\/(?:question|parameter)\s*>/gi, "\n").trim();
	const question = fields.find(([name]) => name === "question");
	const text = question === undefined ? rest : question[1];
	const others = fields.filter((field) => field !== question);
	if (question !== undefined && rest !== "") others.push(["context", rest]);
	if (holdsToolMarkup(text) || others.some(([name, inner]) => name !== "follow_up" && holdsToolMarkup(inner))) {
		return undefined;
	}
	return { text, fields: others };
}
