/**
 * What fits in the dialog, decided apart from drawing it: pure functions of line counts, widths and heights. The
 * renders measure their parts (the question's lines, the list's height in a given room, the tallest preview at a
 * given width) and pass the measures in; these functions say how many lines each part gets, where previews go,
 * which blank lines show, and what is cut first when the terminal is short. Drawing follows what they decide.
 */
import type { Viewport } from "./dialog-state.js";

/** Renders the text input at a given width (pi-tui's Editor in the real dialog); shown while one is open. */
export type InputRenderer = (width: number) => string[];

export interface DialogSize {
	width: number;
	/** Lines the dialog may use; it never renders more. */
	height: number;
}

/** A drawn dialog: its lines, and what they showed (list window, scroll limits) for the reducer. */
export interface DialogFrame {
	lines: string[];
	viewport: Viewport;
}

/** The indent of the question, the stacked preview and the inputs under the list. */
export const PAD = "  ";
/** From this width on, a preview sits beside the options instead of below them. */
const SIDE_BY_SIDE_MIN_WIDTH = 100;
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
/** What separates the options from a preview beside them (` │ `). */
const SIDE_GAP = 3;
/** An empty text input's lines: its label and pi-tui's editor (a rule, one line, a rule). */
const INPUT_LINES = 4;
/** The rows kept around the focused one when a preview or the question competes for lines. */
const LIST_MIN_ROWS = 3;

/** The lines of the question text kept when the body is short (a question of one or two lines is never clamped). */
function textMinimum(textLines: number, budget: number): number {
	if (textLines <= 2) return textLines;
	return Math.min(textLines, Math.max(1, Math.floor(budget * TEXT_SHARE)));
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

/** What a question with options measures, for `fitOptions`. */
export interface OptionsMeasure {
	width: number;
	/** Lines the body may fill. */
	budget: number;
	/** The budget blank lines are decided with (as if the hint took two lines, so they stay put as it changes). */
	steadyBudget: number;
	/** The question and its context, wrapped at `width`. */
	textLines: number;
	/** The filter prompt and its "no match" line. */
	filterLines: number;
	/** What shows under the list now: an open input with its label, attachments, the note. */
	belowLines: number;
	/** A text input is open (its row alone is kept of the list). */
	inputOpen: boolean;
	/** The option list's height drawn `width` wide in at most `room` lines. */
	listHeight(width: number, room: number): number;
	/** The tallest preview's lines at a pane `width` wide; 0 when no option has one. */
	tallestPreview(width: number): number;
}

/** How a question with options is laid out: the widths, and the lines each part gets. */
export interface OptionsFit {
	/** Where the preview pane goes; "none" draws no pane. */
	preview: PreviewPlacement;
	listWidth: number;
	paneWidth: number;
	/** Lines of the question text shown (the rest scroll). */
	textRoom: number;
	/** The room the list is drawn in. */
	listRoom: number;
	/** The pane's lines: beside the list, its height; below it, its title and lines. */
	paneRoom: number;
	/**
	 * Options have previews that got no pane: one line under the list says so, so that they are not silently gone.
	 * Only on a line nothing else wanted (the question, the list, an open input and the blank under the top come
	 * first), so the sign never pushes anything out of the frame.
	 */
	previewSign: boolean;
	/** Blank lines, most wanted first: under the question, under the top (the dialog's), above what is below. */
	questionGap: boolean;
	topSpacer: boolean;
	inputGap: boolean;
}

/**
 * A question with options: the fixed parts (filter, what is below) keep their lines; the list and the preview
 * share the rest with the question, which is clamped to `textMinimum` first; a stacked preview keeps its title and
 * `PREVIEW_MIN_LINES` before the list gives way to its focused row and neighbours (only the focused row while an
 * input is open); lines nobody needed go back to a clamped question. Where previews go and the blank lines are
 * decided as if an input were open, so that opening one never moves them.
 */
export function fitOptions(m: OptionsMeasure): OptionsFit {
	const { width, budget, steadyBudget, textLines, filterLines, belowLines } = m;
	const belowOpen = Math.max(belowLines, INPUT_LINES);
	const textMin = textMinimum(textLines, budget);
	const sideLeft = Math.floor(width * SIDE_SHARE);
	const sidePaneWidth = width - sideLeft - SIDE_GAP;
	const stackedPaneWidth = width - PAD.length;
	const stackedTallest = m.tallestPreview(stackedPaneWidth);
	const fullNatural = m.listHeight(width, Math.max(1, budget));
	const placement = previewPlacement({
		width,
		rest: budget - filterLines - belowOpen - textMin,
		listNatural: fullNatural,
		listMin: LIST_MIN_ROWS,
		stackedTallest,
		sideTallest: stackedTallest === 0 ? 0 : m.tallestPreview(sidePaneWidth),
	});
	const side = placement === "side";
	const listWidth = side ? sideLeft : width;
	const paneWidth = side ? sidePaneWidth : stackedPaneWidth;
	const tallest = placement === "none" ? 0 : m.tallestPreview(paneWidth);

	// What the body would like, then what it gets: the fixed parts, the list, the preview, the text last.
	const listNatural = side ? m.listHeight(listWidth, Math.max(1, budget)) : fullNatural;
	const previewWant = tallest === 0 || side ? 0 : 1 + tallest;
	const openNatural = textLines + filterLines + listNatural + previewWant + belowOpen;
	const questionGap = openNatural + 1 <= steadyBudget;
	const topSpacer = openNatural + 2 <= steadyBudget;
	const inputGap = belowLines > 0 && openNatural + 3 <= steadyBudget;
	const fixed = filterLines + belowLines + (questionGap ? 1 : 0) + (inputGap ? 1 : 0);
	let textRoom = textLines;
	let rest = budget - fixed;
	if (textLines + fixed + listNatural + previewWant > budget) {
		textRoom = Math.max(textMin, Math.min(textLines, Math.max(1, rest - listNatural - previewWant)));
	}
	rest -= textRoom;

	let listRoom = Math.max(1, rest);
	let paneRoom = 0;
	if (tallest > 0 && side) {
		paneRoom = Math.min(tallest, Math.max(0, rest));
	} else if (tallest > 0) {
		({ listRoom, paneRoom } = stackedSplit(rest, listNatural, m.inputOpen ? 1 : LIST_MIN_ROWS, tallest));
	}
	// A list that fits is drawn whole, as it was measured.
	if (listRoom >= listNatural) listRoom = Math.max(1, budget);
	const listShown = m.listHeight(listWidth, listRoom);
	const spare = rest - (side ? Math.max(listShown, paneRoom) : listShown + paneRoom);
	const textGets = spare > 0 ? Math.min(textLines - textRoom, spare) : 0;
	textRoom += textGets;
	const paneless = tallest === 0 || (placement === "stacked" && paneRoom <= 0);
	const previewSign = stackedTallest > 0 && paneless && !m.inputOpen && spare - textGets - (topSpacer ? 1 : 0) >= 1;
	return {
		preview: tallest === 0 ? "none" : placement,
		listWidth,
		paneWidth,
		textRoom,
		listRoom,
		paneRoom,
		previewSign,
		questionGap,
		topSpacer,
		inputGap,
	};
}

/** What the screen reader's question with options measures, for `fitPlainOptions`. */
export interface PlainOptionsMeasure {
	budget: number;
	textLines: number;
	/** The filter lines and what is below the list. */
	fixedLines: number;
	/** The preview of the focused option, wrapped; 0 = none. */
	previewLines: number;
	/** The line saying that preview is hidden, wrapped. */
	signLines: number;
	listHeight(room: number): number;
}

export interface PlainOptionsFit {
	textRoom: number;
	listRoom: number;
	/** The preview's lines under its title; 0 = the preview is left out. */
	previewRoom: number;
	/** A preview left out gets a line saying so: one the list leaves, or one it gives up while it keeps two. */
	previewSign: boolean;
}

/** The screen reader's list keeps this many lines when a line is taken from it to say a preview is hidden. */
const PLAIN_SIGN_LIST_MIN = 2;

/**
 * The screen reader's question with options: all of it when it fits; else the question keeps its share, the list
 * the rest, and the preview shows under its title only where it can show all of itself or `PREVIEW_MIN_LINES`.
 */
export function fitPlainOptions(m: PlainOptionsMeasure): PlainOptionsFit {
	const { budget, textLines, fixedLines, previewLines } = m;
	const listNatural = m.listHeight(Math.max(1, budget));
	const fits = textLines + fixedLines + listNatural + previewLines <= budget;
	const textRoom = fits ? textLines : Math.min(textLines, Math.max(1, Math.floor(budget * TEXT_SHARE)));
	const rest = Math.max(1, budget - fixedLines - textRoom);
	const listRoom = listNatural <= rest ? Math.max(1, budget) : rest;
	const listShown = m.listHeight(listRoom);
	const paneRoom = rest - listShown - 1;
	const shown = previewLines > 0 && paneRoom >= Math.min(previewLines, PREVIEW_MIN_LINES);
	if (shown || previewLines === 0) return { textRoom, listRoom, previewRoom: shown ? paneRoom : 0, previewSign: false };
	if (rest - listShown >= m.signLines) return { textRoom, listRoom, previewRoom: 0, previewSign: true };
	const previewSign = rest - m.signLines >= PLAIN_SIGN_LIST_MIN;
	return { textRoom, listRoom: previewSign ? rest - m.signLines : listRoom, previewRoom: 0, previewSign };
}

/** How a body sits in the frame's `framed` lines (between the top and the bottom). */
export interface FrameFit {
	topSpacer: boolean;
	bottomSpacer: boolean;
	/** The body's lines shown: `[from, to)`. */
	from: number;
	to: number;
}

/**
 * A blank line under the top (when the body asks for one) and above the bottom when there is room for them; a body
 * too tall loses its end, except that an open text input sits at the end of the body and must stay in view.
 */
export function fitFrame(framed: number, bodyLines: number, wantsTopSpacer: boolean, inputOpen: boolean): FrameFit {
	const topSpacer = wantsTopSpacer && bodyLines + 1 <= framed;
	const bottomSpacer = bodyLines + (topSpacer ? 1 : 0) + 1 <= framed;
	const room = Math.max(0, framed);
	if (inputOpen) return { topSpacer, bottomSpacer, from: Math.max(0, bodyLines - room), to: bodyLines };
	return { topSpacer, bottomSpacer, from: 0, to: Math.min(bodyLines, room) };
}
