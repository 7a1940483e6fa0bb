/**
 * The hint under the dialog: what the keys do in the state it is in (most important first, so a narrow terminal
 * drops the last ones), on one line or two lines of about equal length.
 */
import { truncateToWidth, visibleWidth } from "@mariozechner/pi-tui";
import type { DialogStrings } from "../i18n/dialog/types.js";
import { attachingInput, type DialogState, isMultiQuestion, isSubmitTab } from "./dialog-state.js";
import type { DialogTheme } from "./theme.js";

/** The words of the hint: pi's key glyphs, or the screen-reader words. */
export type HintWords = DialogStrings["hint"];
/** The words of the image hints: glyph-style, or for a screen reader. */
export type ImageHintWords = Pick<DialogStrings["images"]["screenReader"], "hintPaste" | "hintRemove">;

/** What the dialog may mention in its hints. */
export interface HintContext {
	/** Earlier answers exist for ↑ recall. */
	history: boolean;
	/** $VISUAL or $EDITOR is set, so Ctrl+G does something. */
	externalEditor: boolean;
	/** The hide key as the hint names it (`Alt+O`); absent = not named. */
	hideKey?: string;
	/** The paste-image key as the hint names it (`Ctrl+V`); absent = not named. */
	pasteKey?: string;
	/** Seconds before the opt-in time limit closes the dialog, in its last seconds; absent otherwise. */
	closingIn?: number;
}

/** What Enter does on a free-text question: it submits a lone one; inside tabs it leaves for the next question, or the Review after the last. */
function textEnterHint(state: DialogState, h: HintWords): string {
	if (!isMultiQuestion(state)) return h.submitText;
	return state.tab < state.questions.length - 1 ? h.nextQuestion : h.toReview;
}

/** The hint's parts for the state, most important first, in the words of `h` (glyphs, or words for a screen reader). */
export function hintParts(state: DialogState, ctx: HintContext, h: HintWords, images: ImageHintWords): string[] {
	const parts = withImageHints(state, ctx, stateHintParts(state, ctx, h), images);
	// The hide key comes last: a narrow terminal drops it first (the docs and the folded line name it too).
	return state.mode.kind === "confirm" || ctx.hideKey === undefined ? parts : [...parts, h.hide(ctx.hideKey)];
}

/**
 * In an answer input that takes images: the paste key, and how to take one back while any is attached. They come after
 * the input's own keys (a narrow terminal drops them before those); the dialog also says what is attached.
 */
function withImageHints(state: DialogState, ctx: HintContext, parts: string[], images: ImageHintWords): string[] {
	if (!attachingInput(state) || ctx.pasteKey === undefined) return parts;
	const qs = state.perQuestion[state.tab];
	const remove = qs && qs.images.length > 0 && qs.draft === "" ? [images.hintRemove] : [];
	return [...parts, images.hintPaste(ctx.pasteKey), ...remove];
}

function stateHintParts(state: DialogState, ctx: HintContext, h: HintWords): string[] {
	const question = isSubmitTab(state) ? undefined : state.questions[state.tab];
	const qs = state.perQuestion[state.tab];
	const mode = state.mode;
	const tabs = isMultiQuestion(state) ? [h.tabs] : [];
	if (mode.kind === "confirm") return [h.choose, h.confirm, h.yesNo];
	const editor = ctx.externalEditor ? [h.editor] : [];
	if (mode.kind === "input") {
		if (mode.purpose === "note" || mode.purpose === "askNote") return [h.saveNote, ...editor, h.backFromNote];
		if (mode.purpose === "other") return [h.confirmOther, ...editor, h.back];
		return [textEnterHint(state, h), ...tabs, ...(ctx.history ? [h.recall] : []), ...editor, h.cancel];
	}
	// Shift+↑↓ is named where lines are hidden (question, preview, Review), not here.
	const askNote = state.notesAllowed ? [h.askNote] : [];
	const note = state.notesAllowed ? [h.note] : [];
	if (!question || !qs) return [h.submitAll, ...tabs, h.cancel, ...askNote];
	if (mode.kind === "filter") return [h.filterTyping, h.move, h.filterPick, h.clearFilter];
	const esc = qs.filter ? h.clearFilter : h.cancel;
	// Digits pick a row whether or not it is on screen, so "1-N pick" comes early enough to show at 40 columns
	// (beside Enter select; in multi-select after Esc, which keeps its place).
	const pick = h.pick((question.options?.length ?? 0) + 1);
	if (question.multiSelect) {
		return [h.move, h.toggle, h.confirmTicks, ...tabs, esc, pick, h.typeOwn, h.filter, ...note];
	}
	return [h.move, h.select, pick, ...tabs, esc, h.typeOwn, h.filter, ...note];
}

/**
 * The hint on one line, or two when narrow; parts that still do not fit are left off from the end. Two lines
 * share the parts evenly, so the second never holds one lone part that the first pushed out.
 */
export function hintLines(parts: readonly string[], theme: DialogTheme, width: number, separator = " • "): string[] {
	const room = Math.max(1, width - 1);
	const join = (from: number, to: number) => parts.slice(from, to).join(separator);
	// How many parts fit greedily, and where the first line ends.
	let firstEnd = 0;
	while (firstEnd < parts.length && visibleWidth(join(0, firstEnd + 1)) <= room) firstEnd++;
	let kept = firstEnd;
	while (kept < parts.length && visibleWidth(join(firstEnd, kept + 1)) <= room) kept++;
	const out = (lines: string[]) => lines.map((line) => truncateToWidth(` ${theme.dim(line)}`, width));
	if (firstEnd === 0) return out(parts[0] === undefined ? [] : [parts[0]]);
	if (kept === firstEnd) return out([join(0, firstEnd)]);
	// The even split: the break that makes the longer line shortest, every part kept still on one of the two.
	let best = firstEnd;
	let bestWidth = Number.POSITIVE_INFINITY;
	for (let split = 1; split < kept; split++) {
		const first = visibleWidth(join(0, split));
		const second = visibleWidth(join(split, kept));
		if (first > room || second > room) continue;
		const longer = Math.max(first, second);
		if (longer < bestWidth) {
			best = split;
			bestWidth = longer;
		}
	}
	return out([join(0, best), join(best, kept)]);
}
