/**
 * The option list shared by every view (single question, tabs, multi-select): numbered rows (`[x]` boxes too
 * in multi-select), wrapped labels and descriptions, the built-in Other row, and a window that fits a line
 * budget with "↑ N more" / "↓ N more" indicators and keeps the focused row inside. Work is proportional to the
 * visible rows, never to the list's length.
 */

import { truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { Question, QuestionOption } from "../core/types.js";
import type { DialogStrings } from "../i18n/dialog/types.js";
import type { DialogState, QuestionState } from "./dialog-state.js";
import type { DialogTheme } from "./theme.js";

export interface OptionListView {
	options: readonly QuestionOption[];
	/** Option indices shown, in order; `undefined` = all options. */
	matches: readonly number[] | undefined;
	cursor: number;
	/** The first row the window showed last time: the window moves only as far as the cursor needs. */
	scroll: number;
	multiSelect: boolean;
	checked: ReadonlySet<number>;
	otherChecked: boolean;
	/** Text typed for Other, shown on its row. */
	otherText: string;
	/** The option index of the committed answer (single-select), marked with ✓. */
	chosen: number | undefined;
	/** Whether the cursor is drawn (false while a text input has the focus). */
	active: boolean;
	/** The Other input is open: its row is the one being answered and is drawn as focused. */
	answeringOther: boolean;
	/**
	 * Rows in words for a screen reader: number, label, state ("checked", "selected"), description; no pointer,
	 * boxes or indent, and the same line whether focused or not (the dialog says where the focus is in one line).
	 */
	words?: boolean;
}

/** The option list of the current question as both renders draw it; `focus` is what differs between them. */
export function listView(
	state: DialogState,
	question: Question,
	qs: QuestionState,
	focus: Pick<OptionListView, "active" | "answeringOther" | "words"> = {
		active: false,
		answeringOther: false,
		words: true,
	},
): OptionListView {
	const open = state.mode.kind === "input" ? state.mode : undefined;
	return {
		options: question.options ?? [],
		matches: qs.matches,
		cursor: qs.cursor,
		scroll: qs.scroll,
		multiSelect: question.multiSelect === true,
		checked: qs.checked,
		otherChecked: qs.otherChecked,
		otherText: open?.purpose === "other" ? "" : qs.draft,
		chosen: qs.chosen,
		...focus,
	};
}

export interface RenderedList {
	lines: string[];
	/** The rows shown, first to last. */
	first: number;
	last: number;
}

const INDENT = 2;
/** The Other row's typed text gets up to this many lines: enough to recognise it at 40 columns. */
const OTHER_TEXT_LINES = 2;

/** Lines of `text` wrapped to `width`, the first after `first`, the rest after `rest` (same width). */
function hanging(text: string, width: number, first: string, rest: string): string[] {
	const room = Math.max(1, width - visibleWidth(first));
	return wrapTextWithAnsi(text, room).map((line, i) => truncateToWidth((i === 0 ? first : rest) + line, width));
}

/** A row in words: its state is said, not drawn. */
function rowWords(view: OptionListView, theme: DialogTheme, width: number, row: number): string[] {
	const words = theme.words.screenReader;
	const isOther = row === (view.matches?.length ?? view.options.length);
	const index = isOther ? undefined : view.matches ? view.matches[row] : row;
	const option = index === undefined ? undefined : view.options[index];
	const typed = isOther ? sanitizeLine(view.otherText.slice(0, width * OTHER_TEXT_LINES * 2)).trim() : "";
	const label = isOther
		? typed === ""
			? words.other
			: theme.words.otherTyped(typed)
		: sanitizeLine(option?.label ?? "");
	const text = words.row(
		isOther ? view.options.length + 1 : (index ?? 0) + 1,
		label,
		rowState(view, index, isOther, theme.words),
		sanitizeLine(option?.description ?? ""),
	);
	return wrapTextWithAnsi(theme.text(text), Math.max(1, width)).map((line) => truncateToWidth(line, width));
}

/** A row's state in words: checked or not (multi-select), selected (the chosen answer), or nothing. */
export function rowState(
	view: OptionListView,
	index: number | undefined,
	isOther: boolean,
	dialogWords: DialogStrings,
): string {
	const words = dialogWords.screenReader;
	if (view.multiSelect) {
		const ticked = isOther ? view.otherChecked : index !== undefined && view.checked.has(index);
		return ticked ? words.checked : words.notChecked;
	}
	return index !== undefined && index === view.chosen ? words.selected : "";
}

function rowLines(view: OptionListView, theme: DialogTheme, width: number, row: number): string[] {
	if (view.words) return rowWords(view, theme, width, row);
	const optionRows = view.matches?.length ?? view.options.length;
	const numberWidth = String(view.options.length + 1).length;
	const isOther = row === optionRows;
	const focused = (view.active && row === view.cursor) || (isOther && view.answeringOther);
	const pointer = focused ? theme.accent("> ") : "  ";
	const index = isOther ? undefined : view.matches ? view.matches[row] : row;
	const option = index === undefined ? undefined : view.options[index];
	// The number is the option's own (a filtered list keeps it); Other is numbered after the last option.
	const number = `${String(isOther ? view.options.length + 1 : (index ?? 0) + 1).padStart(numberWidth)}. `;
	let marker = number;
	if (view.multiSelect) {
		const ticked = isOther ? view.otherChecked : index !== undefined && view.checked.has(index);
		marker += ticked ? "[x] " : "[ ] ";
	}
	// Only the start of a long typed text can show: wrapping all of it on every frame would be wasted work.
	const typed = isOther ? sanitizeLine(view.otherText.slice(0, width * OTHER_TEXT_LINES * 2)).trim() : "";
	// Other names what it is for until text is typed for it; then the text is the answer and shows as one.
	let label = isOther
		? typed === ""
			? theme.words.other
			: theme.words.otherTyped(typed)
		: sanitizeLine(option?.label ?? "");
	if (!isOther && index !== undefined && index === view.chosen) label += " ✓";
	const placeholder = isOther && typed === "";
	const styled = focused
		? theme.accent(marker + label)
		: theme.text(marker) + (placeholder ? theme.muted(label) : theme.text(label));
	const pad = " ".repeat(INDENT);
	const first = pad + pointer;
	const rest = " ".repeat(INDENT + 2 + visibleWidth(marker));
	const lines = hanging(styled, width, first, rest);
	if (isOther && lines.length > OTHER_TEXT_LINES) {
		// Long typed text: its start is enough to recognise it; the Review shows it whole.
		const cut = lines.slice(0, OTHER_TEXT_LINES);
		cut[OTHER_TEXT_LINES - 1] = truncateToWidth(`${cut[OTHER_TEXT_LINES - 1]}…`, width, "…");
		return cut;
	}
	if (option?.description) lines.push(...hanging(theme.muted(sanitizeText(option.description)), width, rest, rest));
	return lines;
}

/**
 * An option row's lines, kept across frames: moving the focus re-renders two rows, not the window. Keyed by
 * everything a row shows; each list keeps at most `ROW_CACHE_ENTRIES`.
 */
const rowCache = new WeakMap<DialogTheme, WeakMap<readonly QuestionOption[], Map<string, string[]>>>();
const ROW_CACHE_ENTRIES = 256;

function cachedRowLines(view: OptionListView, theme: DialogTheme, width: number, row: number): string[] {
	const index = view.matches ? view.matches[row] : row;
	if (index === undefined || index >= view.options.length) return rowLines(view, theme, width, row);
	let byList = rowCache.get(theme);
	if (!byList) {
		byList = new WeakMap();
		rowCache.set(theme, byList);
	}
	let rows = byList.get(view.options);
	if (!rows) {
		rows = new Map();
		byList.set(view.options, rows);
	}
	const focused = !view.words && view.active && row === view.cursor;
	const ticked = view.multiSelect ? (view.checked.has(index) ? 2 : 1) : 0;
	const key = `${view.words ? "w" : ""}${width}:${index}:${focused ? 1 : 0}:${ticked}:${index === view.chosen ? 1 : 0}`;
	let lines = rows.get(key);
	if (!lines) {
		lines = rowLines(view, theme, width, row);
		if (rows.size >= ROW_CACHE_ENTRIES) rows.clear();
		rows.set(key, lines);
	}
	return lines;
}

/** The list in at most `budget` lines (at least the focused row), starting near `view.scroll`. */
function renderOptionList(view: OptionListView, theme: DialogTheme, width: number, budget: number): RenderedList {
	const rows = (view.matches?.length ?? view.options.length) + 1;
	const linesOf = (row: number): string[] => cachedRowLines(view, theme, width, row);
	const cursor = Math.max(0, Math.min(rows - 1, view.cursor));
	const room = Math.max(1, budget);

	// Everything fits: no window.
	let total = 0;
	for (let row = 0; row < rows && total <= room; row++) total += linesOf(row).length;
	if (total <= room) {
		const lines: string[] = [];
		for (let row = 0; row < rows; row++) lines.push(...linesOf(row));
		return { lines, first: 0, last: rows - 1 };
	}

	// A window: two lines for the indicators, the rest for rows, the cursor always inside.
	const inner = Math.max(1, room - 2);
	let first = Math.max(0, Math.min(view.scroll, rows - 1));
	if (cursor < first) first = cursor;
	let used = 0;
	let last = first - 1;
	while (last + 1 < rows && used + linesOf(last + 1).length <= inner) used += linesOf(++last).length;
	if (cursor > last) {
		// Put the cursor at the bottom and fill upwards.
		first = cursor;
		last = cursor;
		used = linesOf(cursor).length;
		while (first > 0 && used + linesOf(first - 1).length <= inner) used += linesOf(--first).length;
	} else {
		// Near the end: fill the space left above rather than leaving it empty.
		while (first > 0 && used + linesOf(first - 1).length <= inner) used += linesOf(--first).length;
	}
	const shown: string[] = [];
	for (let row = first; row <= last; row++) shown.push(...linesOf(row));
	const body = shown.slice(0, Math.max(1, inner));
	const pad = " ".repeat(INDENT);
	const lines: string[] = [];
	const above = view.words ? theme.words.screenReader.moreAbove(first) : pad + theme.words.moreAbove(first);
	const below = view.words
		? theme.words.screenReader.moreBelow(rows - 1 - last)
		: pad + theme.words.moreBelow(rows - 1 - last);
	if (first > 0 && room >= 3) lines.push(truncateToWidth(theme.dim(above), width));
	lines.push(...body);
	if (last < rows - 1 && room >= 2) lines.push(truncateToWidth(theme.dim(below), width));
	return { lines: lines.slice(0, room), first, last };
}

/**
 * The list drawn at any width and room asked, each drawn once: the layout measures the list at a few sizes, and
 * the one it picks is drawn from the same result.
 */
export function measuredList(view: OptionListView, theme: DialogTheme): (width: number, room: number) => RenderedList {
	const drawn = new Map<string, RenderedList>();
	return (width, room) => {
		const key = `${width}:${room}`;
		let list = drawn.get(key);
		if (!list) {
			list = renderOptionList(view, theme, width, room);
			drawn.set(key, list);
		}
		return list;
	};
}
