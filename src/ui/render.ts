/**
 * The dialog's picture: a pure function of (state, theme, width, height) → lines, never more than `height`.
 * The top (border, tab bar or header) and the bottom (hint, border) always show; the body between them gets
 * the rest: the question (clamped and scrollable when long), its context, the option window sized to the
 * space left with the focused row inside, the preview pane at a stable height, and any open text input.
 * The only outside part is the text editor's own lines, passed in as a function of the width it gets.
 * What was shown (list window, scroll limits) is returned as a `Viewport` for the reducer.
 */
import { truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import { STRINGS } from "../core/strings.js";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { Question } from "../core/types.js";
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
import { DEFAULT_HIDE_KEY, keyLabel } from "./keys.js";
import { renderOptionList } from "./option-list.js";
import { markdownLines, pane, previewLines, tallestPreview } from "./preview.js";
import { listView, renderForScreenReader } from "./render-plain.js";
import type { DialogTheme } from "./theme.js";

/** Renders the text input at a given width (pi-tui's Editor in the real dialog); shown while one is open. */
export type InputRenderer = (width: number) => string[];

export interface DialogSize {
	width: number;
	/** Lines the dialog may use; it never renders more. */
	height: number;
}

export interface DialogFrame {
	lines: string[];
	viewport: Viewport;
}

export type { HintContext } from "./hint.js";

/** How the dialog is drawn, decided once where it is built. */
export interface RenderOptions {
	/** Plain lines in words for a screen reader (`PI_ASK_USER_SCREEN_READER=1`): no glyphs, no box drawing. */
	screenReader?: boolean;
}

/** From this width on, a preview sits beside the options instead of below them. */
const SIDE_BY_SIDE_MIN_WIDTH = 100;
/** Chip names are cut to this length when every tab fits; narrower terminals show a window of tabs. */
const CHIP_MAX = 20;
const CHIP_MIN = 8;
const PAD = "  ";
/** The question text keeps at most this share of the body when everything does not fit. */
const TEXT_SHARE = 0.4;
/**
 * A preview is worth its room when it shows all of itself or at least this many lines; a stacked one gets its
 * title and this many lines before the option list gives way.
 */
const PREVIEW_MIN_LINES = 3;
/** Narrower than this, a preview that is no use below the options is left out rather than put beside them. */
const SIDE_BY_SIDE_FALLBACK_MIN_WIDTH = 60;
/** The options' share of the width when a preview sits beside them. */
const SIDE_SHARE = 0.45;
/** An empty text input's lines: its label and pi-tui's editor (a rule, one line, a rule). */
const INPUT_LINES = 4;

function wrapped(text: string, width: number, indent = PAD): string[] {
	const room = Math.max(1, width - visibleWidth(indent));
	return wrapTextWithAnsi(text, room).map((line) => truncateToWidth(indent + line, width));
}

// ------------------------------------------------------------------------------------------------ tab bar

function chipName(question: Question, index: number): string {
	return sanitizeLine(question.header ?? "") || STRINGS.questionChip(index + 1);
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
	const submitText = ` ✓ ${STRINGS.submitTab} `;
	const submit = isSubmitTab(state) ? theme.selected(submitText) : theme.dim(submitText);
	const head = ` ${theme.accent(counter)} `;
	const room = width - visibleWidth(head) - visibleWidth(submitText);
	const chip = (i: number, max: number) => {
		const question = state.questions[i];
		const qs = state.perQuestion[i];
		if (!question) return "";
		const done = qs !== undefined && isAnswered(question, qs);
		const text = ` ${done ? "■" : "□"} ${truncateToWidth(chipName(question, i), max, "…")} `;
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
	const text = mode.purpose === "discard" ? STRINGS.confirmDiscard(mode.count) : STRINGS.confirmLong(mode.count);
	const yes = mode.yes ? theme.selected(` ${STRINGS.yes} `) : theme.muted(` ${STRINGS.yes} `);
	const no = mode.yes ? theme.muted(` ${STRINGS.no} `) : theme.selected(` ${STRINGS.no} `);
	return [...wrapped(theme.warning(theme.bold(text)), width), truncateToWidth(`${PAD}${yes}  ${no}`, width)];
}

function reviewLines(state: DialogState, theme: DialogTheme, width: number): string[] {
	const lines = [truncateToWidth(PAD + theme.accent(theme.bold(STRINGS.reviewTitle)), width)];
	for (const [i, question] of state.questions.entries()) {
		const qs = state.perQuestion[i];
		const given = qs ? givenAnswer(question, qs) : undefined;
		const mark = given ? theme.success("■ ") : theme.muted("□ ");
		lines.push(...wrapped(mark + theme.muted(sanitizeText(question.question)), width));
		if (!given) {
			lines.push(...wrapped(theme.warning(STRINGS.unansweredMark), width, "      "));
			continue;
		}
		const items = [
			...given.chosen.map((label) => theme.text(sanitizeText(label))),
			...given.typed
				.filter((text) => text.trim() !== "")
				.map((text) => theme.dim(STRINGS.customMark) + theme.text(STRINGS.quoted(sanitizeText(text)))),
			...(given.images ?? []).map((image) => theme.text(`📎 ${image.name}`)),
		];
		lines.push(...wrapped(`${theme.accent("→ ")}${items.join(theme.muted(", "))}`, width, "    "));
		if (given.note) lines.push(...wrapped(theme.dim(STRINGS.noteLabel + sanitizeText(given.note)), width, "      "));
	}
	if (state.askNote && !askNoteOpen(state)) {
		lines.push(...wrapped(theme.dim(STRINGS.askNoteLabel + sanitizeText(state.askNote)), width));
	}
	const missing = state.questions.length - answeredCount(state);
	lines.push(
		...wrapped(
			missing === 0 ? theme.success(STRINGS.allAnswered) : theme.warning(STRINGS.someUnanswered(missing)),
			width,
		),
	);
	return lines;
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
	if (completions) lines.push(...wrapped(theme.dim(STRINGS.pathMatches(completions)), width).slice(0, MATCH_LINES));
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

/** The list's rows above a stacked preview and the preview's lines (its title included) in `rest` lines. */
function stackedSplit(rest: number, listNatural: number, listMin: number, tallest: number) {
	const previewWant = 1 + tallest;
	const previewMin = Math.min(previewWant, 1 + PREVIEW_MIN_LINES);
	const listRoom = Math.max(Math.min(listNatural, listMin), Math.min(listNatural, rest - previewMin));
	return { listRoom, paneRoom: Math.max(0, Math.min(previewWant, rest - listRoom)) };
}

/** Where a question's previews go: beside the options, below them, or nowhere when neither leaves them useful. */
export type PreviewPlacement = "side" | "stacked" | "none";

export interface PlacementRoom {
	width: number;
	/** Lines the option list and the preview share. */
	rest: number;
	/** The list's height at full width, and the rows it keeps above a preview. */
	listNatural: number;
	listMin: number;
	/** The tallest preview's lines below the options (full width) and beside them; 0 = no option has one. */
	stackedTallest: number;
	sideTallest: number;
}

/**
 * Wide terminals put previews beside the options. Otherwise below them, when that shows the whole preview or
 * at least `PREVIEW_MIN_LINES` of it; else beside them from `SIDE_BY_SIDE_FALLBACK_MIN_WIDTH` columns (the pane
 * gets the list's height); else not at all: a pane of one line is no preview, and its lines are the list's.
 */
export function previewPlacement(room: PlacementRoom): PreviewPlacement {
	if (room.stackedTallest === 0) return "none";
	if (room.width >= SIDE_BY_SIDE_MIN_WIDTH) return "side";
	const useful = (tallest: number, lines: number) => lines >= Math.min(tallest, PREVIEW_MIN_LINES);
	const stacked = stackedSplit(room.rest, room.listNatural, room.listMin, room.stackedTallest);
	if (useful(room.stackedTallest, stacked.paneRoom - 1)) return "stacked";
	const sideFits = room.width >= SIDE_BY_SIDE_FALLBACK_MIN_WIDTH && room.sideTallest > 0;
	return sideFits && useful(room.sideTallest, room.rest) ? "side" : "none";
}

/**
 * A question with options: text, filter, the list window, the preview pane and any open input. The blank lines
 * above the list are decided as if an input were open, so that they stay where they are when one opens.
 */
function optionsBody(state: DialogState, question: Question, qs: QuestionState, canvas: Canvas): Body {
	const { theme, width, budget, steadyBudget, input } = canvas;
	const mode = state.mode;
	const open =
		mode.kind === "input" ? mode : mode.kind === "confirm" && mode.back.kind === "input" ? mode.back : undefined;
	const text = questionText(question, theme, width);

	const filter: string[] = [];
	if (mode.kind === "filter" || qs.filter !== "") {
		const cursor = mode.kind === "filter" ? "█" : "";
		filter.push(
			truncateToWidth(`${PAD}${theme.accent(STRINGS.filterPrompt)}${sanitizeLine(qs.filter)}${cursor}`, width),
		);
		if (qs.matches?.length === 0) filter.push(truncateToWidth(PAD + theme.warning(STRINGS.filterEmpty), width));
	}
	let below: string[] = [];
	const images = attachmentLines(attachmentRows(state, qs, STRINGS.images, canvas.pasteKey), theme, width);
	if (open?.kind === "input") {
		const label = open.purpose === "note" ? STRINGS.noteInputLabel : STRINGS.otherInputLabel;
		below = [...inputLines(label, theme, width, input, state.completions), ...images];
	} else {
		below = [...images, ...(qs.note ? wrapped(theme.dim(STRINGS.noteLabel + sanitizeText(qs.note)), width) : [])];
	}
	// The lines under the list with an input open, whether or not one is.
	const belowOpen = Math.max(below.length, INPUT_LINES);

	const view = (w: number, lines: number) =>
		renderOptionList(
			listView(state, question, qs, {
				// A note is about the focused row: the pointer stays on it while the note is typed.
				active: mode.kind === "list" || mode.kind === "filter" || open?.purpose === "note",
				answeringOther: open?.purpose === "other",
			}),
			theme,
			w,
			lines,
		);

	// A question that does not fit keeps at least this much of its text (a short one is never clamped).
	const textMin = text.length <= 2 ? text.length : Math.min(text.length, Math.max(1, Math.floor(budget * TEXT_SHARE)));
	// Where previews go, decided with an input open so that opening one never moves them.
	const sideLeft = Math.floor(width * SIDE_SHARE);
	const sidePaneWidth = width - sideLeft - 3;
	const stackedPaneWidth = width - PAD.length;
	const stackedTallest = tallestPreview(question, theme, stackedPaneWidth);
	const fullWidth = view(width, Math.max(1, budget));
	const placement = previewPlacement({
		width,
		rest: budget - filter.length - belowOpen - textMin,
		listNatural: fullWidth.lines.length,
		listMin: 3,
		stackedTallest,
		sideTallest: stackedTallest === 0 ? 0 : tallestPreview(question, theme, sidePaneWidth),
	});
	const side = placement === "side";
	const leftWidth = side ? sideLeft : width;
	const paneWidth = side ? sidePaneWidth : stackedPaneWidth;
	const tallest = placement === "none" ? 0 : tallestPreview(question, theme, paneWidth);
	const focusedOption = optionAtRow(question, qs, qs.cursor);
	const preview = focusedOption === undefined ? undefined : question.options?.[focusedOption]?.preview;
	// The pane keeps its place for an option without a preview (the list does not jump), and says why it is empty.
	const previewAll =
		tallest === 0 ? [] : preview ? previewLines(preview, theme, paneWidth) : [theme.dim(STRINGS.noPreview)];

	// What the body would like, then what it gets: the fixed parts, the list, the preview, the text last.
	const full = side ? view(leftWidth, Math.max(1, budget)) : fullWidth;
	const listNatural = full.lines.length;
	const previewWant = tallest === 0 || side ? 0 : 1 + tallest;
	// Blank lines, most wanted first: under the question, under the top (the dialog's), above an input.
	const openNatural = text.length + filter.length + listNatural + previewWant + belowOpen;
	const questionGap = openNatural + 1 <= steadyBudget;
	const topSpacer = openNatural + 2 <= steadyBudget;
	const inputGap = below.length > 0 && openNatural + 3 <= steadyBudget;
	const fixed = filter.length + below.length + (questionGap ? 1 : 0) + (inputGap ? 1 : 0);
	let textRoom = text.length;
	let rest = budget - fixed;
	if (text.length + fixed + listNatural + previewWant > budget) {
		textRoom = Math.max(textMin, Math.min(text.length, Math.max(1, rest - listNatural - previewWant)));
	}
	rest -= textRoom;

	// The focused row and its neighbours; while a text input is open, the input comes first.
	const listMin = open ? 1 : 3;
	let listRoom = Math.max(1, rest);
	let paneRoom = 0;
	if (tallest > 0 && side) {
		paneRoom = Math.min(tallest, Math.max(0, rest));
	} else if (tallest > 0) {
		({ listRoom, paneRoom } = stackedSplit(rest, listNatural, listMin, tallest));
	}
	// Lines nobody needed go back to a clamped question.
	const listShown = listRoom >= listNatural ? full : view(leftWidth, listRoom);
	const spare = rest - (side ? Math.max(listShown.lines.length, paneRoom) : listShown.lines.length + paneRoom);
	if (spare > 0 && textRoom < text.length) textRoom = Math.min(text.length, textRoom + spare);

	const shownText = clampText(text, textRoom, qs.textScroll, theme, width);
	const lines = [...shownText.lines];
	if (questionGap) lines.push("");
	lines.push(...filter);

	let previewScroll = 0;
	let previewScrollMax = 0;
	if (tallest > 0 && side) {
		const shown = pane(previewAll, paneRoom, qs.previewScroll, theme, paneWidth);
		previewScroll = shown.scroll;
		previewScrollMax = shown.scrollMax;
		lines.push(...sideBySide(listShown.lines, shown.lines, leftWidth, width, theme));
	} else {
		lines.push(...listShown.lines);
		if (tallest > 0 && paneRoom > 0) {
			const shown = pane(previewAll, paneRoom - 1, qs.previewScroll, theme, paneWidth);
			previewScroll = shown.scroll;
			previewScrollMax = shown.scrollMax;
			const hidden =
				paneRoom - 1 <= 0 && previewAll.length > 0 ? ` (${STRINGS.linesHidden(0, previewAll.length)})` : "";
			lines.push(truncateToWidth(PAD + theme.muted(`── ${STRINGS.previewTitle}${hidden} ──`), width));
			lines.push(...shown.lines.map((line) => truncateToWidth(PAD + line, width)));
		}
	}
	if (below.length > 0) {
		if (inputGap) lines.push("");
		lines.push(...below);
	}
	return {
		lines,
		topSpacer,
		viewport: {
			first: listShown.first,
			last: listShown.last,
			textScroll: shownText.scroll,
			textScrollMax: shownText.scrollMax,
			previewScroll,
			previewScrollMax,
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
		...attachmentLines(attachmentRows(state, qs, STRINGS.images, canvas.pasteKey), theme, width),
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

/** The Review, scrollable, and under it the note on the whole set while it is typed. */
function reviewBody(state: DialogState, canvas: Canvas): Body {
	const { theme, width, budget, input } = canvas;
	const below = askNoteOpen(state) ? inputLines(STRINGS.askNoteInputLabel, theme, width, input, undefined) : [];
	const room = Math.max(1, budget - below.length);
	const shown = clampText(reviewLines(state, theme, width), room, state.review.scroll, theme, width);
	return {
		lines: [...shown.lines, ...below],
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
	const key = hints.hideKey ?? keyLabel(DEFAULT_HIDE_KEY);
	const count = state.questions.length;
	const text = options.screenReader
		? STRINGS.screenReader.hiddenLine(count, key)
		: ` ${theme.accent(STRINGS.hiddenLine(count, key))}`;
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
	if (state.background) top.push(truncateToWidth(` ${theme.muted(STRINGS.backgroundNote)}`, w));

	const bottom: string[] = [];
	if (hints.closingIn !== undefined) bottom.push(...wrapped(theme.warning(STRINGS.closingIn(hints.closingIn)), w, " "));
	if (state.notice === "emptyAnswer") bottom.push(...wrapped(theme.warning(STRINGS.emptyAnswer), w, " "));
	else if (state.notice) bottom.push(...wrapped(theme.warning(imageNoticeText(state.notice)), w, " "));
	bottom.push(...confirmLines(state, theme, w));
	const hint = hintLines(hintParts(state, hints, STRINGS.hint), theme, w);
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
	// A blank line under the top and above the bottom when the body leaves room for them.
	const topSpacer = body.topSpacer && body.lines.length + 1 <= framed ? [""] : [];
	const bottomSpacer = body.lines.length + topSpacer.length + 1 <= framed ? [""] : [];
	// Too much even so: an open text input sits at the bottom of the body and must stay in view.
	const open = state.mode.kind === "input" || (state.mode.kind === "confirm" && state.mode.back.kind === "input");
	const overflow = Math.max(0, body.lines.length - Math.max(0, framed));
	const middle = open ? body.lines.slice(overflow) : body.lines.slice(0, Math.max(0, framed));
	const lines = [...top, ...topSpacer, ...middle, ...bottomSpacer, ...bottom];
	if (lines.length > height) {
		// A terminal too short even for the frame: keep the top of the body and the bottom border.
		return { lines: [...lines.slice(0, height - 1), border], viewport: body.viewport };
	}
	return { lines, viewport: body.viewport };
}
