/**
 * The dialog's picture: a pure function of (state, theme, width, height) → lines, never more than `height`.
 * The top (border, tab bar or header) and the bottom (hint, border) always show; the body between them gets
 * the rest: the question (clamped and scrollable when long), its context, the option window with the focused row
 * inside, the preview pane at a stable height, and any open text input. How many lines each part gets is decided
 * in `layout.ts` from what the parts measure; this file draws them. The only outside part is the text editor's own
 * lines, passed in as a function of the width it gets. What was shown (list window, scroll limits) is returned as a
 * `Viewport` for the reducer.
 */

import { truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { Question } from "../core/types.js";
import type { DialogStrings } from "../i18n/dialog/types.js";
import { type AttachmentRow, attachmentRows, imageNoticeText } from "./attachments.js";
import {
	answeredCount,
	type DialogState,
	givenAnswer,
	hasOptions,
	isAnswered,
	isMultiQuestion,
	isSubmitTab,
	optionAtRow,
	type QuestionState,
	type Viewport,
} from "./dialog-state.js";
import { type HintContext, hintLines, hintParts } from "./hint.js";
import { DEFAULT_HIDE_KEY, keyLabel, spokenKeyLabel } from "./keys.js";
import {
	type DialogFrame,
	type DialogSize,
	fitFrame,
	fitOptions,
	type InputRenderer,
	type OptionsFit,
	PAD,
} from "./layout.js";
import { listView, measuredList, type RenderedList } from "./option-list.js";
import { markdownLines, pane, previewLines, tallestPreview } from "./preview.js";
import { renderForScreenReader } from "./render-plain.js";
import type { DialogTheme } from "./theme.js";

export type { HintContext } from "./hint.js";
export type { DialogFrame, DialogSize, InputRenderer } from "./layout.js";

/** How the dialog is drawn, decided once where it is built. */
export interface RenderOptions {
	/** Plain lines in words for a screen reader (`PI_ASK_USER_SCREEN_READER=1`): no glyphs, no box drawing. */
	screenReader?: boolean;
}

/** Chip names are cut to this length when every tab fits; narrower terminals show a window of tabs. */
const CHIP_MAX = 20;
const CHIP_MIN = 8;

function wrapped(text: string, width: number, indent = PAD): string[] {
	const room = Math.max(1, width - visibleWidth(indent));
	return wrapTextWithAnsi(text, room).map((line) => truncateToWidth(indent + line, width));
}

// ------------------------------------------------------------------------------------------------ tab bar

function chipName(question: Question, index: number, words: DialogStrings): string {
	return sanitizeLine(question.header ?? "") || words.questionChip(index + 1);
}

/**
 * `1/7  □ Database  ■ Service  □ Features  ✓ Submit`: a counter, then the chips. When they do not all fit at a
 * readable length, a window of chips around the active one shows with `…` on the hidden side; the layout is
 * the same on every tab.
 */
function tabBar(state: DialogState, theme: DialogTheme, width: number): string {
	const n = state.questions.length;
	const counterWidth = `${n}/${n}`.length;
	const counter = isSubmitTab(state) ? "✓".padStart(counterWidth) : `${state.tab + 1}/${n}`.padStart(counterWidth);
	const submitText = ` ✓ ${theme.words.submitTab} `;
	const submit = isSubmitTab(state) ? theme.selected(submitText) : theme.dim(submitText);
	const head = ` ${theme.accent(counter)} `;
	const room = width - visibleWidth(head) - visibleWidth(submitText);
	const chip = (i: number, max: number) => {
		const question = state.questions[i];
		const qs = state.perQuestion[i];
		if (!question) return "";
		const done = qs !== undefined && isAnswered(question, qs);
		const text = ` ${done ? "■" : "□"} ${truncateToWidth(chipName(question, i, theme.words), max, "…")} `;
		if (i === state.tab) return theme.selected(text);
		return done ? theme.success(text) : theme.muted(text);
	};
	for (let max = CHIP_MAX; max >= CHIP_MIN; max--) {
		const chips = state.questions.map((_, i) => chip(i, max));
		if (chips.reduce((sum, c) => sum + visibleWidth(c), 0) <= room) {
			return truncateToWidth(head + chips.join("") + submit, width);
		}
	}
	// A window of chips around the active tab, `…` where chips are hidden; the active chip's name is cut last.
	const others = Math.max(3, Math.min(10, room - 6));
	const active = Math.min(state.tab, n - 1);
	const activeMax = Math.max(others, Math.min(CHIP_MAX, room - 6));
	const max = (i: number) => (i === active ? activeMax : others);
	let first = active;
	let last = active;
	let used = visibleWidth(chip(active, activeMax));
	const fits = (extra: number) => used + extra + 2 <= room;
	for (let grew = true; grew; ) {
		grew = false;
		if (last + 1 < n && fits(visibleWidth(chip(last + 1, others)))) {
			used += visibleWidth(chip(++last, others));
			grew = true;
		}
		if (first > 0 && fits(visibleWidth(chip(first - 1, others)))) {
			used += visibleWidth(chip(--first, others));
			grew = true;
		}
	}
	const chips: string[] = [];
	for (let i = first; i <= last; i++) chips.push(chip(i, max(i)));
	const line = `${head}${first > 0 ? theme.dim("…") : " "}${chips.join("")}${last < n - 1 ? theme.dim("…") : " "}${submit}`;
	return truncateToWidth(line, width);
}

// --------------------------------------------------------------------------------------------------- body

function confirmLines(state: DialogState, theme: DialogTheme, width: number): string[] {
	const mode = state.mode;
	if (mode.kind !== "confirm") return [];
	const text =
		mode.purpose === "discard" ? theme.words.confirmDiscard(mode.count) : theme.words.confirmLong(mode.count);
	const yes = mode.yes ? theme.selected(` ${theme.words.yes} `) : theme.muted(` ${theme.words.yes} `);
	const no = mode.yes ? theme.muted(` ${theme.words.no} `) : theme.selected(` ${theme.words.no} `);
	return [...wrapped(theme.warning(theme.bold(text)), width), truncateToWidth(`${PAD}${yes}  ${no}`, width)];
}

/**
 * The Review under its title: a part per question (its answer and note), then the note for all and the count.
 * `parts[i]` is where question i's part starts and ends in `lines`, `parts[questions.length]` the note for all's.
 */
function reviewLines(state: DialogState, theme: DialogTheme, width: number) {
	const title = truncateToWidth(PAD + theme.accent(theme.bold(theme.words.reviewTitle)), width);
	const lines: string[] = [];
	const parts: { start: number; end: number }[] = [];
	for (const [i, question] of state.questions.entries()) {
		const start = lines.length;
		const qs = state.perQuestion[i];
		const given = qs ? givenAnswer(question, qs) : undefined;
		const mark = given ? theme.success("■ ") : theme.muted("□ ");
		lines.push(...wrapped(mark + theme.muted(sanitizeText(question.question)), width));
		if (!given) {
			lines.push(...wrapped(theme.warning(theme.words.unansweredMark), width, "      "));
			parts.push({ start, end: lines.length });
			continue;
		}
		const items = [
			...given.chosen.map((label) => theme.text(sanitizeText(label))),
			...given.typed
				.filter((text) => text.trim() !== "")
				.map((text) => theme.dim(theme.words.customMark) + theme.text(theme.words.quoted(sanitizeText(text)))),
			...(given.images ?? []).map((image) => theme.text(`📎 ${image.name}`)),
		];
		lines.push(...wrapped(`${theme.accent("→ ")}${items.join(theme.muted(", "))}`, width, "    "));
		if (given.note)
			lines.push(...wrapped(theme.dim(theme.words.noteLabel + sanitizeText(given.note)), width, "      "));
		parts.push({ start, end: lines.length });
	}
	const start = lines.length;
	if (state.askNote && !askNoteOpen(state)) {
		lines.push(...wrapped(theme.dim(theme.words.askNoteLabel + sanitizeText(state.askNote)), width));
	}
	parts.push({ start, end: lines.length });
	const missing = state.questions.length - answeredCount(state);
	lines.push(
		...wrapped(
			missing === 0 ? theme.success(theme.words.allAnswered) : theme.warning(theme.words.someUnanswered(missing)),
			width,
		),
	);
	return { title, lines, parts };
}

/** The question and its markdown context. */
function questionText(question: Question, theme: DialogTheme, width: number): string[] {
	const lines = wrapped(theme.text(theme.bold(sanitizeText(question.question))), width);
	if (question.context) {
		const room = Math.max(1, width - PAD.length);
		for (const line of markdownLines(sanitizeText(question.context), theme, room)) lines.push(PAD + line);
	}
	return lines;
}

/** `lines` in at most `height` lines from `scroll`; a cut shows how many lines are hidden, inside the indent. */
function clampText(lines: readonly string[], height: number, scroll: number, theme: DialogTheme, width: number) {
	if (lines.length <= height) return { lines: [...lines], scroll: 0, scrollMax: 0 };
	const view = pane(lines, height, scroll, theme, width, PAD);
	return {
		lines: view.lines.map((line) => truncateToWidth(line, width)),
		scroll: view.scroll,
		scrollMax: view.scrollMax,
	};
}

/** Attachment rows in the theme's colours, wrapped under the input. */
function attachmentLines(rows: readonly AttachmentRow[], theme: DialogTheme, width: number): string[] {
	return rows.flatMap((row) => {
		const text = sanitizeLine(row.text);
		const coloured =
			row.tone === "accent"
				? theme.accent(text)
				: row.tone === "warning"
					? theme.warning(text)
					: row.tone === "dim"
						? theme.dim(text)
						: theme.text(text);
		return wrapped(coloured, width);
	});
}

/** The paths a Tab matched shows in at most this many lines under the input. */
const MATCH_LINES = 2;

function inputLines(
	label: string,
	theme: DialogTheme,
	width: number,
	input: InputRenderer | undefined,
	completions: readonly string[] | undefined,
): string[] {
	const lines = label ? [truncateToWidth(PAD + theme.muted(label), width)] : [];
	const room = Math.max(1, width - PAD.length);
	for (const line of input?.(room) ?? []) lines.push(truncateToWidth(PAD + line, width));
	if (completions) lines.push(...wrapped(theme.dim(theme.words.pathMatches(completions)), width).slice(0, MATCH_LINES));
	return lines;
}

function sideBySide(
	left: readonly string[],
	right: readonly string[],
	leftWidth: number,
	width: number,
	theme: DialogTheme,
) {
	const rows = Math.max(left.length, right.length);
	const out: string[] = [];
	for (let i = 0; i < rows; i++) {
		const l = truncateToWidth(left[i] ?? "", leftWidth);
		const gap = " ".repeat(Math.max(0, leftWidth - visibleWidth(l)));
		out.push(truncateToWidth(`${l}${gap}${theme.border(" │ ")}${right[i] ?? ""}`, width));
	}
	return out;
}

interface Body {
	lines: string[];
	/** Whether the dialog draws a blank line under its top (the body decides: it knows what may still open). */
	topSpacer: boolean;
	viewport: Viewport;
}

const NO_SCROLL = { textScroll: 0, textScrollMax: 0, previewScroll: 0, previewScrollMax: 0 };

/** What a body is drawn with: the theme, the width, the lines it may fill and the open input's renderer. */
interface Canvas {
	theme: DialogTheme;
	width: number;
	budget: number;
	/**
	 * The budget blank lines are decided with: as if the hint took two lines, so that they stay where they are
	 * when a text input opens and the hint shortens.
	 */
	steadyBudget: number;
	input: InputRenderer | undefined;
	/** The paste-image key as the dialog names it. */
	pasteKey: string | undefined;
}

/** The filter prompt while one is typed or set, and a line when nothing matches. */
function filterLines(state: DialogState, qs: QuestionState, theme: DialogTheme, width: number): string[] {
	if (state.mode.kind !== "filter" && qs.filter === "") return [];
	const cursor = state.mode.kind === "filter" ? "█" : "";
	const lines = [
		truncateToWidth(`${PAD}${theme.accent(theme.words.filterPrompt)}${sanitizeLine(qs.filter)}${cursor}`, width),
	];
	if (qs.matches?.length === 0) lines.push(truncateToWidth(PAD + theme.warning(theme.words.filterEmpty), width));
	return lines;
}

/** The text input open on a question with options (also while its confirm is asked over it). */
function openInput(state: DialogState) {
	const mode = state.mode;
	return mode.kind === "input" ? mode : mode.kind === "confirm" && mode.back.kind === "input" ? mode.back : undefined;
}

/** What sits under the option list: the open input and the attachments, or the attachments and the note. */
function linesBelowList(state: DialogState, qs: QuestionState, canvas: Canvas): string[] {
	const { theme, width } = canvas;
	const open = openInput(state);
	const images = attachmentLines(
		attachmentRows(state, qs, theme.words.images, theme.words.images, canvas.pasteKey),
		theme,
		width,
	);
	if (open?.kind === "input") {
		const label = open.purpose === "note" ? theme.words.noteInputLabel : theme.words.otherInputLabel;
		return [...inputLines(label, theme, width, canvas.input, state.completions), ...images];
	}
	return [...images, ...(qs.note ? wrapped(theme.dim(theme.words.noteLabel + sanitizeText(qs.note)), width) : [])];
}

/** The list window and the focused option's preview, beside or below it as `fit` says. */
function listWithPreview(question: Question, qs: QuestionState, list: RenderedList, fit: OptionsFit, canvas: Canvas) {
	const { theme, width } = canvas;
	const focusedOption = optionAtRow(question, qs, qs.cursor);
	const preview = focusedOption === undefined ? undefined : question.options?.[focusedOption]?.preview;
	if (fit.preview === "none" || (fit.preview === "stacked" && fit.paneRoom <= 0)) {
		if (!fit.previewSign) return { lines: list.lines, previewScroll: 0, previewScrollMax: 0 };
		const sign = preview ? theme.muted(theme.words.previewHidden) : theme.dim(theme.words.noPreview);
		return { lines: [...list.lines, truncateToWidth(PAD + sign, width)], previewScroll: 0, previewScrollMax: 0 };
	}
	// The pane keeps its place for an option without a preview (the list does not jump), and says why it is empty.
	const previewAll = preview ? previewLines(preview, theme, fit.paneWidth) : [theme.dim(theme.words.noPreview)];
	if (fit.preview === "side") {
		const shown = pane(previewAll, fit.paneRoom, qs.previewScroll, theme, fit.paneWidth);
		const lines = sideBySide(list.lines, shown.lines, fit.listWidth, width, theme);
		return { lines, previewScroll: shown.scroll, previewScrollMax: shown.scrollMax };
	}
	const shown = pane(previewAll, fit.paneRoom - 1, qs.previewScroll, theme, fit.paneWidth);
	const hidden =
		fit.paneRoom - 1 <= 0 && previewAll.length > 0 ? ` (${theme.words.linesHidden(0, previewAll.length)})` : "";
	const lines = [
		...list.lines,
		truncateToWidth(PAD + theme.muted(`── ${theme.words.previewTitle}${hidden} ──`), width),
		...shown.lines.map((line) => truncateToWidth(PAD + line, width)),
	];
	return { lines, previewScroll: shown.scroll, previewScrollMax: shown.scrollMax };
}

/**
 * A question with options: text, filter, the list window, the preview pane and any open input, in the lines
 * `fitOptions` gives each.
 */
function optionsBody(state: DialogState, question: Question, qs: QuestionState, canvas: Canvas): Body {
	const { theme, width } = canvas;
	const mode = state.mode;
	const open = openInput(state);
	const text = questionText(question, theme, width);
	const filter = filterLines(state, qs, theme, width);
	const below = linesBelowList(state, qs, canvas);
	const list = measuredList(
		listView(state, question, qs, {
			// A note is about the focused row: the pointer stays on it while the note is typed.
			active: mode.kind === "list" || mode.kind === "filter" || open?.purpose === "note",
			answeringOther: open?.purpose === "other",
		}),
		theme,
	);
	const fit = fitOptions({
		width,
		budget: canvas.budget,
		steadyBudget: canvas.steadyBudget,
		textLines: text.length,
		filterLines: filter.length,
		belowLines: below.length,
		inputOpen: open !== undefined,
		listHeight: (w, room) => list(w, room).lines.length,
		tallestPreview: (w) => tallestPreview(question, theme, w),
	});

	const shownText = clampText(text, fit.textRoom, qs.textScroll, theme, width);
	const listShown = list(fit.listWidth, fit.listRoom);
	const middle = listWithPreview(question, qs, listShown, fit, canvas);
	const lines = [...shownText.lines, ...(fit.questionGap ? [""] : []), ...filter, ...middle.lines];
	if (below.length > 0) lines.push(...(fit.inputGap ? [""] : []), ...below);
	return {
		lines,
		topSpacer: fit.topSpacer,
		viewport: {
			first: listShown.first,
			last: listShown.last,
			textScroll: shownText.scroll,
			textScrollMax: shownText.scrollMax,
			previewScroll: middle.previewScroll,
			previewScrollMax: middle.previewScrollMax,
		},
	};
}

/** A question without options: text, placeholder and the input. */
function textBody(state: DialogState, question: Question, qs: QuestionState, canvas: Canvas): Body {
	const { theme, width, budget, input } = canvas;
	const text = questionText(question, theme, width);
	const placeholder = question.placeholder && qs.draft === "" ? wrapped(theme.dim(question.placeholder), width) : [];
	const field = [
		...inputLines("", theme, width, input, state.completions),
		...attachmentLines(
			attachmentRows(state, qs, theme.words.images, theme.words.images, canvas.pasteKey),
			theme,
			width,
		),
	];
	const fixed = field.length + placeholder.length;
	const spacing = text.length + 1 + fixed <= budget;
	const room = Math.max(1, budget - fixed - (spacing ? 1 : 0));
	const shownText = clampText(text, Math.min(text.length, room), qs.textScroll, theme, width);
	const lines = [...shownText.lines, ...(spacing ? [""] : []), ...placeholder, ...field];
	return {
		lines,
		topSpacer: lines.length + 2 <= budget,
		viewport: { ...NO_SCROLL, first: 0, last: 0, textScroll: shownText.scroll, textScrollMax: shownText.scrollMax },
	};
}

/** Whether the note on the whole set is being typed (on the Review tab). */
function askNoteOpen(state: DialogState): boolean {
	return state.mode.kind === "input" && state.mode.purpose === "askNote";
}

/**
 * Where the Review is scrolled: where the person left it, or, right after they wrote a part of it (the last answer,
 * the note for all), where that part shows whole above the "lines hidden" marker (its start, when it is taller).
 */
function reviewScroll(state: DialogState, parts: readonly { start: number; end: number }[], room: number): number {
	const part = state.review.reveal === undefined ? undefined : parts[state.review.reveal];
	if (part === undefined) return state.review.scroll;
	const shown = Math.max(1, room - 1);
	return Math.min(part.start, Math.max(0, part.end - shown));
}

/** The Review, its title kept in view, and under it the note on the whole set while it is typed. */
function reviewBody(state: DialogState, canvas: Canvas): Body {
	const { theme, width, budget, input } = canvas;
	const below = askNoteOpen(state) ? inputLines(theme.words.askNoteInputLabel, theme, width, input, undefined) : [];
	const review = reviewLines(state, theme, width);
	// The title stays on top; what is under it scrolls in the lines left.
	const title = budget - below.length >= 2 ? [review.title] : [];
	const room = Math.max(1, budget - below.length - title.length);
	const shown = clampText(review.lines, room, reviewScroll(state, review.parts, room), theme, width);
	return {
		lines: [...title, ...shown.lines, ...below],
		topSpacer: shown.lines.length + 2 <= budget,
		viewport: { ...NO_SCROLL, first: 0, last: 0, textScroll: shown.scroll, textScrollMax: shown.scrollMax },
	};
}

/**
 * The folded dialog: one line that says questions wait and which key shows them again. Its viewport is not used
 * (the reducer takes none while the dialog is hidden), so the view keeps the scroll positions it had.
 */
function hiddenFrame(
	state: DialogState,
	theme: DialogTheme,
	width: number,
	hints: HintContext,
	options: RenderOptions,
) {
	const w = Math.max(1, width);
	const key = hints.hideKey ?? (options.screenReader ? spokenKeyLabel : keyLabel)(DEFAULT_HIDE_KEY);
	const count = state.questions.length;
	const text = options.screenReader
		? theme.words.screenReader.hiddenLine(count, key)
		: ` ${theme.accent(theme.words.hiddenLine(count, key))}`;
	return { lines: [truncateToWidth(text, w)], viewport: { ...NO_SCROLL, first: 0, last: 0 } };
}

export function renderDialog(
	state: DialogState,
	theme: DialogTheme,
	size: DialogSize,
	input?: InputRenderer,
	hints: HintContext = { history: false, externalEditor: false },
	options: RenderOptions = {},
): DialogFrame {
	if (state.hidden) return hiddenFrame(state, theme, size.width, hints, options);
	if (options.screenReader) return renderForScreenReader(state, theme, size, input, hints);
	const w = Math.max(1, size.width);
	const height = Math.max(1, size.height);
	const border = theme.border("─".repeat(w));
	const question = isSubmitTab(state) ? undefined : state.questions[state.tab];
	const qs = state.perQuestion[state.tab];

	const top = [border];
	if (isMultiQuestion(state)) top.push(tabBar(state, theme, w));
	else if (question?.header)
		top.push(truncateToWidth(` ${theme.accent(theme.bold(sanitizeLine(question.header)))}`, w));
	if (state.background) top.push(truncateToWidth(` ${theme.muted(theme.words.backgroundNote)}`, w));

	const bottom: string[] = [];
	if (hints.closingIn !== undefined)
		bottom.push(...wrapped(theme.warning(theme.words.closingIn(hints.closingIn)), w, " "));
	if (state.notice === "emptyAnswer") bottom.push(...wrapped(theme.warning(theme.words.emptyAnswer), w, " "));
	else if (state.notice)
		bottom.push(...wrapped(theme.warning(imageNoticeText(state.notice, theme.words.images)), w, " "));
	bottom.push(...confirmLines(state, theme, w));
	const hint = hintLines(hintParts(state, hints, theme.words.hint, theme.words.images), theme, w);
	bottom.push(...hint, border);

	const framed = height - top.length - bottom.length;
	const steady = framed - Math.max(0, 2 - hint.length);
	const canvas: Canvas = {
		theme,
		width: w,
		budget: Math.max(1, framed),
		steadyBudget: Math.max(1, steady),
		input,
		pasteKey: hints.pasteKey,
	};
	const body =
		question && qs
			? hasOptions(question)
				? optionsBody(state, question, qs, canvas)
				: textBody(state, question, qs, canvas)
			: reviewBody(state, canvas);
	const open = state.mode.kind === "input" || (state.mode.kind === "confirm" && state.mode.back.kind === "input");
	const fit = fitFrame(framed, body.lines.length, body.topSpacer, open);
	const topSpacer = fit.topSpacer ? [""] : [];
	const bottomSpacer = fit.bottomSpacer ? [""] : [];
	const middle = body.lines.slice(fit.from, fit.to);
	const lines = [...top, ...topSpacer, ...middle, ...bottomSpacer, ...bottom];
	if (lines.length > height) {
		// A terminal too short even for the frame: keep the top of the body and the bottom border.
		return { lines: [...lines.slice(0, height - 1), border], viewport: body.viewport };
	}
	return { lines, viewport: body.viewport };
}
