/**
 * The plain strings an RPC client sees for one question (dialog title, `select` rows) and the mapping of
 * the string it sends back to a choice. Pure: clients differ in how faithfully they echo a row, so the
 * mapping tolerates trimmed, re-cased or label-only replies, and treats anything else as typed text.
 */

import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { Question } from "../core/types.js";
import { words } from "../i18n/words.js";

const SEPARATOR = " — ";
/** Long descriptions are cut so that a row stays one readable line in any client. */
const DESCRIPTION_CHARS = 200;
const CHECKED = "[x] ";
/** "Done" alone or with a count in parentheses, as the Done row reads. */
const DONE_ROW = /^done\s*(\([^()]*\))?$/i;
const UNCHECKED = "[ ] ";

export type Choice =
	| { kind: "option"; label: string }
	| { kind: "other" }
	| { kind: "done" }
	| { kind: "custom"; text: string };

/** What is ticked so far in a multi-select question. */
export interface MultiDraft {
	selected: Set<string>;
	custom?: string;
}

export function questionTitle(question: Question, index: number, total: number): string {
	const progress = total > 1 ? `[${index + 1}/${total}] ` : "";
	const header = question.header ? `${question.header}: ` : "";
	const hint = question.multiSelect && question.options ? words().dialog.pickAnyHint : "";
	const title = sanitizeLine(`${progress}${header}${question.question}${hint}`);
	// The model's context for the person follows on its own lines (the title is the only text a plain dialog has).
	const context = question.context ? sanitizeText(question.context).trim() : "";
	return context === "" ? title : `${title}\n${context}`;
}

function shorten(text: string, max: number): string {
	return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function optionRow(label: string, description: string | undefined): string {
	const detail = description ? `${SEPARATOR}${shorten(sanitizeLine(description).trim(), DESCRIPTION_CHARS)}` : "";
	return sanitizeLine(label) + detail;
}

/** Rows of a single-choice question: one per option, then Other. */
export function singleRows(question: Question): string[] {
	return [...(question.options ?? []).map((o) => optionRow(o.label, o.description)), words().dialog.other];
}

function doneRow(draft: MultiDraft): string {
	return words().dialog.done(draft.selected.size + (draft.custom ? 1 : 0));
}

/**
 * Rows of a multi-select question: Done, then a checkbox per option and Other (with its text once typed).
 * Done comes first so that a client which always takes the first row finishes instead of toggling forever.
 */
export function multiRows(question: Question, draft: MultiDraft): string[] {
	const options = (question.options ?? []).map(
		(o) => (draft.selected.has(o.label) ? CHECKED : UNCHECKED) + optionRow(o.label, o.description),
	);
	const other = draft.custom
		? CHECKED + words().dialog.otherTyped(shorten(sanitizeLine(draft.custom), DESCRIPTION_CHARS))
		: UNCHECKED + words().dialog.other;
	return [doneRow(draft), ...options, other];
}

const fold = (text: string) => sanitizeLine(text).trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The option a reply names when it is not an exact row: the label alone, or the label followed by (the start
 * of) its own description, as the row shows it. Anything else after a label is the person's own text.
 */
function labelIn(question: Question, reply: string): string | undefined {
	const wanted = fold(reply.replace(/^\s*\[[ xX✓✔]?\]\s*/, ""));
	let best: string | undefined;
	for (const { label, description } of question.options ?? []) {
		const key = fold(label);
		const rest = wanted.startsWith(key) ? wanted.slice(key.length) : undefined;
		const suffix = rest?.replace(/^\s*[—–:-]\s*/, "").replace(/…$/, "");
		const named =
			rest === "" ||
			(rest !== undefined && rest !== suffix && suffix !== undefined && fold(description ?? "").startsWith(suffix));
		if (named && (best === undefined || label.length > best.length)) best = label;
	}
	return best;
}

/** Maps a reply to a row's choice; `rowChoices[i]` is what row `i` means. */
function choose(rows: string[], rowChoices: Choice[], question: Question, reply: string): Choice {
	let index = rows.indexOf(reply);
	if (index < 0) index = rows.findIndex((row) => fold(row) === fold(reply));
	const exact = rowChoices[index];
	if (exact) return exact;
	const label = labelIn(question, reply);
	if (label !== undefined) return { kind: "option", label };
	const text = reply.trim();
	if (/^(\[[ xX]?\]\s*)?other\b/i.test(text)) return { kind: "other" };
	return { kind: "custom", text };
}

export function chooseSingle(question: Question, reply: string): Choice {
	const choices: Choice[] = [
		...(question.options ?? []).map((o): Choice => ({ kind: "option", label: o.label })),
		{ kind: "other" },
	];
	return choose(singleRows(question), choices, question, reply);
}

export function chooseMulti(question: Question, draft: MultiDraft, reply: string): Choice {
	const choices: Choice[] = [
		{ kind: "done" },
		...(question.options ?? []).map((o): Choice => ({ kind: "option", label: o.label })),
		{ kind: "other" },
	];
	const choice = choose(multiRows(question, draft), choices, question, reply);
	// A client may echo the Done row without its count ("Done", "Done (2 selected)" after a re-render), but a
	// reply that only starts with "Done" ("Done with auth only please") is the person's own words.
	return choice.kind === "custom" && DONE_ROW.test(choice.text) ? { kind: "done" } : choice;
}
