/**
 * The option list shared by every view (single question, tabs, multi-select): numbered or `[x]` rows,
 * wrapped labels and descriptions, the built-in Other row, and a scrolling window with "↑ N more" /
 * "↓ N more" indicators. Work is proportional to the visible rows, never to the list's length.
 */
import { truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import { STRINGS } from "../core/strings.js";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { QuestionOption } from "../core/types.js";
import type { DialogTheme } from "./theme.js";

export interface OptionListView {
	options: readonly QuestionOption[];
	/** Option indices shown, in order; `undefined` = all options. */
	matches: readonly number[] | undefined;
	cursor: number;
	scroll: number;
	/** Rows shown at once (including Other). */
	window: number;
	multiSelect: boolean;
	checked: ReadonlySet<number>;
	otherChecked: boolean;
	/** Text typed for Other, shown on its row. */
	otherText: string;
	/** The option index of the committed answer (single-select), marked with ✓. */
	chosen: number | undefined;
	/** Whether the cursor is drawn (false while a text input has the focus). */
	active: boolean;
}

const INDENT = 2;

/** Lines of `text` wrapped to `width`, the first after `first`, the rest after `rest` (same width). */
function hanging(text: string, width: number, first: string, rest: string): string[] {
	const room = Math.max(1, width - visibleWidth(first));
	return wrapTextWithAnsi(text, room).map((line, i) => truncateToWidth((i === 0 ? first : rest) + line, width));
}

export function renderOptionList(view: OptionListView, theme: DialogTheme, width: number): string[] {
	const optionRows = view.matches?.length ?? view.options.length;
	const rows = optionRows + 1;
	const start = Math.max(0, Math.min(view.scroll, rows - view.window));
	const end = Math.min(rows, start + view.window);
	const numberWidth = String(rows).length;
	const pad = " ".repeat(INDENT);
	const lines: string[] = [];

	if (start > 0) lines.push(truncateToWidth(pad + theme.dim(STRINGS.moreAbove(start)), width));
	for (let row = start; row < end; row++) {
		const focused = view.active && row === view.cursor;
		const pointer = focused ? theme.accent("> ") : "  ";
		const isOther = row === optionRows;
		const index = isOther ? undefined : view.matches ? view.matches[row] : row;
		const option = index === undefined ? undefined : view.options[index];

		let marker: string;
		if (view.multiSelect) {
			const ticked = isOther ? view.otherChecked : index !== undefined && view.checked.has(index);
			marker = ticked ? "[x] " : "[ ] ";
		} else {
			marker = `${String(row + 1).padStart(numberWidth)}. `;
		}
		let label = isOther ? STRINGS.other : sanitizeLine(option?.label ?? "");
		const typed = sanitizeLine(view.otherText).trim();
		if (isOther && typed !== "") label += `: ${typed}`;
		if (!isOther && index !== undefined && index === view.chosen) label += " ✓";
		const styled = focused
			? theme.accent(marker + label)
			: theme.text(marker) + (isOther ? theme.muted(label) : theme.text(label));

		const first = pad + pointer;
		const rest = " ".repeat(INDENT + 2 + visibleWidth(marker));
		// The Other row's typed text can be long: one line is enough to recognise it.
		if (isOther) lines.push(truncateToWidth(first + styled, width));
		else lines.push(...hanging(styled, width, first, rest));
		if (option?.description) {
			lines.push(...hanging(theme.muted(sanitizeText(option.description)), width, rest, rest));
		}
	}
	if (end < rows) lines.push(truncateToWidth(pad + theme.dim(STRINGS.moreBelow(rows - end)), width));
	return lines;
}
