/**
 * The dialog's picture: a pure function of (state, theme, width) → lines. The only outside part is the
 * text editor's own lines, passed in as a function of the width it gets. Every line fits `width`.
 */
import { Markdown, truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import { STRINGS } from "../core/strings.js";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { Question } from "../core/types.js";
import {
	answeredCount,
	answerFor,
	type DialogState,
	hasOptions,
	isAnswered,
	isMultiQuestion,
	isSubmitTab,
	optionAtRow,
	type QuestionState,
	windowSize,
} from "./dialog-state.js";
import { renderOptionList } from "./option-list.js";
import type { DialogTheme } from "./theme.js";

/** Renders the text input at a given width (pi-tui's Editor in the real dialog); shown while one is open. */
export type InputRenderer = (width: number) => string[];

/** From this width on, a preview sits beside the options instead of below them. */
const SIDE_BY_SIDE_MIN_WIDTH = 100;
// Kept short so that the dialog with a preview still fits an 80×24 terminal.
const PREVIEW_MAX_LINES = 10;
const CHIP_LENGTHS = [20, 14, 10, 6, 3] as const;
const PAD = "  ";

function wrapped(text: string, width: number, indent = PAD): string[] {
	const room = Math.max(1, width - visibleWidth(indent));
	return wrapTextWithAnsi(text, room).map((line) => truncateToWidth(indent + line, width));
}

function chip(question: Question, index: number, max: number): string {
	const name = sanitizeLine(question.header ?? "") || STRINGS.questionChip(index + 1);
	return truncateToWidth(name, max, "…");
}

function tabBar(state: DialogState, theme: DialogTheme, width: number): string {
	let line = "";
	for (const max of CHIP_LENGTHS) {
		const parts = state.questions.map((question, i) => {
			const qs = state.perQuestion[i];
			const done = qs !== undefined && isAnswered(question, qs);
			const text = ` ${done ? "■" : "□"} ${chip(question, i, max)} `;
			if (i === state.tab) return theme.selected(text);
			return done ? theme.success(text) : theme.muted(text);
		});
		const submit = ` ✓ ${STRINGS.submitTab} `;
		parts.push(isSubmitTab(state) ? theme.selected(submit) : theme.dim(submit));
		// Too many tabs for the width: drop tabs on the left until the active one shows.
		let first = 0;
		line = ` ←${parts.join("")}→`;
		while (visibleWidth(line) > width && first < state.tab) {
			first++;
			line = ` ←…${parts.slice(first).join("")}→`;
		}
		if (visibleWidth(line) <= width) break;
	}
	return truncateToWidth(line, width);
}

/** Markdown stays markdown; anything else (code, plain lines) is shown verbatim in a code block. */
function previewMarkdown(preview: string): string {
	const text = sanitizeText(preview);
	return /```|^#{1,6} |^\s*[-*] |^\s*\d+\. |^> /m.test(text) ? text : `\`\`\`\n${text}\n\`\`\``;
}

/**
 * Rendered previews per theme, keyed by width and text: every key press re-renders the dialog, and a preview
 * (up to 50 000 characters of markdown) should be parsed once, not on each press. Only the last few are kept.
 */
const previewCache = new WeakMap<DialogTheme, Map<string, readonly string[]>>();
const PREVIEW_CACHE_ENTRIES = 16;

function previewLines(preview: string, theme: DialogTheme, width: number): readonly string[] {
	let cache = previewCache.get(theme);
	if (!cache) {
		cache = new Map();
		previewCache.set(theme, cache);
	}
	const key = `${width}\u0000${preview}`;
	const cached = cache.get(key);
	if (cached) return cached;
	const lines = new Markdown(previewMarkdown(preview), 0, 0, theme.markdown).render(Math.max(1, width));
	const shown = lines.slice(0, PREVIEW_MAX_LINES).map((line) => truncateToWidth(line, width));
	if (lines.length > PREVIEW_MAX_LINES) shown.push(theme.dim(truncateToWidth("…", width)));
	if (cache.size >= PREVIEW_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
	cache.set(key, shown);
	return shown;
}

function sideBySide(
	left: string[],
	right: readonly string[],
	leftWidth: number,
	width: number,
	theme: DialogTheme,
): string[] {
	const rows = Math.max(left.length, right.length);
	const out: string[] = [];
	for (let i = 0; i < rows; i++) {
		const l = truncateToWidth(left[i] ?? "", leftWidth);
		const gap = " ".repeat(Math.max(0, leftWidth - visibleWidth(l)));
		out.push(truncateToWidth(`${l}${gap}${theme.border(" │ ")}${right[i] ?? ""}`, width));
	}
	return out;
}

function optionsBody(state: DialogState, question: Question, qs: QuestionState, theme: DialogTheme, width: number) {
	const mode = state.mode;
	const listWidth = (w: number) =>
		renderOptionList(
			{
				options: question.options ?? [],
				matches: qs.matches,
				cursor: qs.cursor,
				scroll: qs.scroll,
				window: windowSize(question, qs),
				multiSelect: question.multiSelect === true,
				checked: qs.checked,
				otherChecked: qs.otherChecked,
				otherText: mode.kind === "input" && mode.purpose === "other" ? "" : qs.draft,
				chosen: qs.chosen,
				active: mode.kind === "list" || mode.kind === "filter",
			},
			theme,
			w,
		);
	const lines: string[] = [];
	if (mode.kind === "filter" || qs.filter !== "") {
		const prompt = `${PAD}${theme.accent(STRINGS.filterPrompt)}${sanitizeLine(qs.filter)}${mode.kind === "filter" ? "█" : ""}`;
		lines.push(truncateToWidth(prompt, width));
		if (qs.matches?.length === 0) lines.push(truncateToWidth(PAD + theme.warning(STRINGS.filterEmpty), width));
	}
	const focusedOption = optionAtRow(question, qs, qs.cursor);
	const preview = focusedOption === undefined ? undefined : question.options?.[focusedOption]?.preview;
	if (!preview) return [...lines, ...listWidth(width)];
	if (width >= SIDE_BY_SIDE_MIN_WIDTH) {
		const leftWidth = Math.floor(width * 0.45);
		const rightWidth = width - leftWidth - 3;
		return [
			...lines,
			...sideBySide(listWidth(leftWidth), previewLines(preview, theme, rightWidth), leftWidth, width, theme),
		];
	}
	const title = truncateToWidth(PAD + theme.muted(`── ${STRINGS.previewTitle} ──`), width);
	const body = previewLines(preview, theme, width - PAD.length).map((line) => truncateToWidth(PAD + line, width));
	return [...lines, ...listWidth(width), "", title, ...body];
}

function inputBody(label: string, theme: DialogTheme, width: number, input: InputRenderer | undefined): string[] {
	const lines = label ? [truncateToWidth(PAD + theme.muted(label), width)] : [];
	const room = Math.max(1, width - PAD.length);
	for (const line of input?.(room) ?? []) lines.push(truncateToWidth(PAD + line, width));
	return lines;
}

function reviewBody(state: DialogState, theme: DialogTheme, width: number): string[] {
	const lines = [truncateToWidth(PAD + theme.accent(theme.bold(STRINGS.reviewTitle)), width), ""];
	for (const [i, question] of state.questions.entries()) {
		const qs = state.perQuestion[i];
		const answer = qs ? answerFor(question, qs) : undefined;
		const mark = answer ? theme.success("■ ") : theme.muted("□ ");
		lines.push(...wrapped(mark + theme.muted(sanitizeText(question.question)), width));
		if (!answer) {
			lines.push(...wrapped(theme.warning(STRINGS.unansweredMark), width, "      "));
			continue;
		}
		const text = Array.isArray(answer.answer) ? answer.answer.join(", ") : answer.answer;
		const custom = answer.wasCustom && !Array.isArray(answer.answer) ? theme.dim(STRINGS.customMark) : "";
		lines.push(...wrapped(`${theme.accent("→ ")}${custom}${theme.text(sanitizeText(text))}`, width, "    "));
		if (answer.note) lines.push(...wrapped(theme.dim(STRINGS.noteLabel + sanitizeText(answer.note)), width, "      "));
	}
	lines.push("");
	const missing = state.questions.length - answeredCount(state);
	lines.push(
		...wrapped(
			missing === 0 ? theme.success(STRINGS.allAnswered) : theme.warning(STRINGS.someUnanswered(missing)),
			width,
		),
	);
	return lines;
}

function hint(state: DialogState, question: Question | undefined, width: number): string {
	const mode = state.mode;
	if (mode.kind === "confirm") return STRINGS.hintConfirm;
	if (mode.kind === "filter") return STRINGS.hintFilter;
	if (mode.kind === "input") {
		if (mode.purpose === "note") return STRINGS.hintNote;
		if (mode.purpose === "other") return STRINGS.hintOther;
		return isMultiQuestion(state) ? STRINGS.hintTextTabs : STRINGS.hintText;
	}
	if (!question) return STRINGS.hintSubmit;
	let base = isMultiQuestion(state)
		? STRINGS.hintTabs
		: question.multiSelect
			? STRINGS.hintMultiSelect
			: STRINGS.hintSingle;
	if (isMultiQuestion(state) && question.multiSelect) base = `${STRINGS.hintMultiSelect} • ${base}`;
	// The extra keys are mentioned only where they fit on the same line.
	const extended = `${base} • ${STRINGS.hintExtras}`;
	return visibleWidth(extended) < width ? extended : base;
}

function confirmLines(state: DialogState, theme: DialogTheme, width: number): string[] {
	const mode = state.mode;
	if (mode.kind !== "confirm") return [];
	const text =
		mode.purpose === "discard"
			? STRINGS.confirmDiscard(mode.count)
			: mode.purpose === "long"
				? STRINGS.confirmLong(mode.count)
				: STRINGS.confirmUnanswered(mode.count);
	const yes = mode.yes ? theme.selected(` ${STRINGS.yes} `) : theme.muted(` ${STRINGS.yes} `);
	const no = mode.yes ? theme.muted(` ${STRINGS.no} `) : theme.selected(` ${STRINGS.no} `);
	return [...wrapped(theme.warning(theme.bold(text)), width), truncateToWidth(`${PAD}${yes}  ${no}`, width)];
}

export function renderDialog(state: DialogState, theme: DialogTheme, width: number, input?: InputRenderer): string[] {
	const w = Math.max(1, width);
	const border = theme.border("─".repeat(w));
	const lines = [border];
	const question = isSubmitTab(state) ? undefined : state.questions[state.tab];
	const qs = state.perQuestion[state.tab];

	if (isMultiQuestion(state)) lines.push(tabBar(state, theme, w));
	else if (question?.header)
		lines.push(truncateToWidth(` ${theme.accent(theme.bold(sanitizeLine(question.header)))}`, w));
	lines.push("");

	if (question && qs) {
		if (isMultiQuestion(state) && question.header) {
			lines.push(truncateToWidth(PAD + theme.accent(theme.bold(sanitizeLine(question.header))), w));
		}
		lines.push(...wrapped(theme.text(theme.bold(sanitizeText(question.question))), w), "");
		const mode = state.mode;
		const openInput = mode.kind === "input" ? mode : mode.kind === "confirm" ? mode.back : undefined;
		if (!hasOptions(question)) {
			if (question.placeholder && qs.draft === "") lines.push(...wrapped(theme.dim(question.placeholder), w));
			lines.push(...inputBody("", theme, w, input));
		} else {
			lines.push(...optionsBody(state, question, qs, theme, w));
			if (openInput?.kind === "input") {
				lines.push("");
				const label = openInput.purpose === "note" ? STRINGS.noteInputLabel : STRINGS.otherInputLabel;
				lines.push(...inputBody(label, theme, w, input));
			} else if (qs.note) {
				lines.push("", ...wrapped(theme.dim(STRINGS.noteLabel + sanitizeText(qs.note)), w));
			}
		}
	} else {
		lines.push(...reviewBody(state, theme, w));
	}

	lines.push("");
	if (state.mode.kind === "confirm") lines.push(...confirmLines(state, theme, w), "");
	lines.push(...wrapped(theme.dim(hint(state, question, w)), w, " "));
	lines.push(border);
	return lines;
}
