/**
 * The dialog for a screen reader (`PI_ASK_USER_SCREEN_READER=1`): plain lines in words, a pure function of
 * (state, theme, width, height) like the drawn dialog. No rules, box drawing, pointer, boxes or glyphs; each row
 * says its number, label and state ("checked", "selected"); where the focus is, is one line of its own above the
 * hint, so that moving it changes that line and nothing else a reader would announce.
 */
import { stripVTControlCharacters } from "node:util";
import { truncateToWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import { formatBytes, sanitizeLine, sanitizeText } from "../core/text.js";
import type { Question } from "../core/types.js";
import { attachmentRows, imageNoticeText } from "./attachments.js";
import {
	answeredCount,
	type DialogState,
	givenAnswer,
	hasOptions,
	isMultiQuestion,
	isSubmitTab,
	optionAtRow,
	type QuestionState,
	rowNumber,
	type Viewport,
} from "./dialog-state.js";
import { type HintContext, hintParts } from "./hint.js";
import { type DialogFrame, type DialogSize, fitFrame, fitPlainOptions, type InputRenderer } from "./layout.js";
import { listView, measuredList, rowState } from "./option-list.js";
import type { DialogTheme } from "./theme.js";

/** pi-tui's editor frames its text with rules (and "─── ↑ 2 more" on them); a reader gets the text alone. */
const EDITOR_RULE = /^[\s─]*(?:[↑↓] \d+ more)?[\s─]*$/;

function wrapped(text: string, width: number): string[] {
	return wrapTextWithAnsi(text, Math.max(1, width)).map((line) => truncateToWidth(line, width));
}

/** `lines` in at most `height` lines from `scroll`; when lines are hidden, the last line says how many, in words. */
function clamp(lines: readonly string[], height: number, scroll: number, theme: DialogTheme, width: number) {
	if (lines.length <= height) return { lines: [...lines], scroll: 0, scrollMax: 0 };
	const shown = Math.max(1, height - 1);
	const scrollMax = lines.length - shown;
	const top = Math.max(0, Math.min(scroll, scrollMax));
	const window = lines.slice(top, top + shown);
	if (height <= 1) return { lines: window, scroll: top, scrollMax };
	const note = truncateToWidth(theme.dim(theme.words.screenReader.linesHidden(top, lines.length - top - shown)), width);
	return { lines: [...window, note], scroll: top, scrollMax };
}

/** The open input's text lines, without the editor's rules, and the paths a Tab matched. */
function inputText(state: DialogState, input: InputRenderer | undefined, theme: DialogTheme, width: number): string[] {
	const lines = (input?.(width) ?? []).filter((line) => {
		const text = stripVTControlCharacters(line);
		return !(text.includes("─") && EDITOR_RULE.test(text));
	});
	if (state.completions) lines.push(...wrapped(theme.words.pathMatches(state.completions), width));
	return lines;
}

/** The one line that says where the focus is. */
function focusLine(state: DialogState, theme: DialogTheme): string {
	const mode = state.mode;
	if (mode.kind === "confirm") {
		const text =
			mode.purpose === "discard" ? theme.words.confirmDiscard(mode.count) : theme.words.confirmLong(mode.count);
		return `${text} ${theme.words.screenReader.choice(mode.yes)}`;
	}
	if (mode.kind === "input") return theme.words.screenReader.typing[mode.purpose];
	if (isSubmitTab(state))
		return `${theme.words.screenReader.review}: ${theme.words.screenReader.answered(answeredCount(state), state.questions.length)}`;
	const question = state.questions[state.tab];
	const qs = state.perQuestion[state.tab];
	if (!question || !qs) return "";
	if (mode.kind === "filter")
		return theme.words.screenReader.filtering(sanitizeLine(qs.filter), qs.matches?.length ?? 0);
	const rows = (qs.matches?.length ?? question.options?.length ?? 0) + 1;
	const option = optionAtRow(question, qs, qs.cursor);
	const view = listView(state, question, qs);
	const isOther = option === undefined;
	const typed = sanitizeLine(qs.draft).trim();
	const label = isOther
		? typed === ""
			? theme.words.screenReader.other
			: theme.words.otherTyped(typed)
		: sanitizeLine(question.options?.[option]?.label ?? "");
	// "2 of 4" is the row's number too, unless a filter left rows out (they keep their numbers for quick picks).
	const number = qs.matches === undefined ? "" : `${rowNumber(question, qs, qs.cursor)}. `;
	return theme.words.screenReader.focus(
		Math.min(rows, qs.cursor + 1),
		rows,
		`${number}${label}`,
		rowState(view, option, isOther, theme.words),
	);
}

function questionLines(question: Question, theme: DialogTheme, width: number): string[] {
	const lines = wrapped(theme.bold(sanitizeText(question.question)), width);
	if (question.context) lines.push(...wrapped(sanitizeText(question.context), width));
	return lines;
}

function reviewLines(state: DialogState, theme: DialogTheme, width: number): string[] {
	const lines = wrapped(theme.bold(theme.words.reviewTitle), width);
	for (const [i, question] of state.questions.entries()) {
		const qs = state.perQuestion[i];
		const given = qs ? givenAnswer(question, qs) : undefined;
		lines.push(...wrapped(`${i + 1}. ${sanitizeText(question.question)}`, width));
		if (!given) {
			lines.push(...wrapped(theme.words.screenReader.unanswered, width));
			continue;
		}
		const items = [
			...given.chosen,
			...given.typed
				.filter((text) => text.trim() !== "")
				.map((text) => `${theme.words.customMark}${theme.words.quoted(text)}`),
			...(given.images ?? []).map((image) =>
				theme.words.images.screenReader.attached(image.name, formatBytes(image.bytes)),
			),
		];
		lines.push(...wrapped(theme.words.screenReader.answer(sanitizeText(items.join(", "))), width));
		if (given.note) lines.push(...wrapped(theme.words.noteLabel + sanitizeText(given.note), width));
	}
	const typingAskNote = state.mode.kind === "input" && state.mode.purpose === "askNote";
	if (state.askNote && !typingAskNote)
		lines.push(...wrapped(theme.words.askNoteLabel + sanitizeText(state.askNote), width));
	const missing = state.questions.length - answeredCount(state);
	lines.push(...wrapped(missing === 0 ? theme.words.allAnswered : theme.words.someUnanswered(missing), width));
	return lines;
}

/** Attached images, the offer of a typed path, and why none can be attached: in words, one row each. */
function imageLines(
	state: DialogState,
	qs: QuestionState,
	theme: DialogTheme,
	width: number,
	pasteKey: string | undefined,
): string[] {
	const rows = attachmentRows(state, qs, theme.words.images.screenReader, theme.words.images, pasteKey);
	return rows.flatMap((row) => wrapped(sanitizeLine(row.text), width));
}

interface Body {
	lines: string[];
	viewport: Viewport;
}

const NO_SCROLL = { first: 0, last: 0, textScroll: 0, textScrollMax: 0, previewScroll: 0, previewScrollMax: 0 };

function optionsBody(
	state: DialogState,
	question: Question,
	qs: QuestionState,
	theme: DialogTheme,
	width: number,
	budget: number,
	input: InputRenderer | undefined,
	pasteKey: string | undefined,
): Body {
	const text = questionLines(question, theme, width);
	const filter =
		qs.filter !== "" || state.mode.kind === "filter"
			? wrapped(theme.words.filterPrompt + sanitizeLine(qs.filter), width)
			: [];
	if (qs.matches?.length === 0) filter.push(...wrapped(theme.words.filterEmpty, width));
	let below: string[] = [];
	const images = imageLines(state, qs, theme, width, pasteKey);
	if (state.mode.kind === "input") {
		const label = state.mode.purpose === "note" ? theme.words.noteInputLabel : theme.words.otherInputLabel;
		below = [...wrapped(label, width), ...inputText(state, input, theme, width), ...images];
	} else {
		below = [...images, ...(qs.note ? wrapped(theme.words.noteLabel + sanitizeText(qs.note), width) : [])];
	}
	const view = listView(state, question, qs);
	const list = measuredList(view, theme);
	const option = optionAtRow(question, qs, qs.cursor);
	const preview = option === undefined ? undefined : question.options?.[option]?.preview;
	const previewAll = preview ? wrapped(sanitizeText(preview), width) : [];
	const sign = wrapped(theme.words.previewHidden, width);
	const fit = fitPlainOptions({
		budget,
		textLines: text.length,
		fixedLines: filter.length + below.length,
		previewLines: previewAll.length,
		signLines: sign.length,
		listHeight: (room) => list(width, room).lines.length,
	});
	const shownList = list(width, fit.listRoom);
	// The preview, under a line that says what it is, when there is room for it to be of use.
	const shownPreview =
		fit.previewRoom > 0 ? clamp(previewAll, fit.previewRoom, qs.previewScroll, theme, width) : undefined;
	const shownText = clamp(text, fit.textRoom, qs.textScroll, theme, width);
	const lines = [...shownText.lines, ...filter, ...shownList.lines];
	if (shownPreview) lines.push(...wrapped(theme.words.screenReader.preview, width), ...shownPreview.lines);
	else if (fit.previewSign) lines.push(...sign);
	lines.push(...below);
	return {
		lines,
		viewport: {
			first: shownList.first,
			last: shownList.last,
			textScroll: shownText.scroll,
			textScrollMax: shownText.scrollMax,
			previewScroll: shownPreview?.scroll ?? 0,
			previewScrollMax: shownPreview?.scrollMax ?? 0,
		},
	};
}

/** The dialog in words: heading, body, the focus line, the hint; never more than `size.height` lines. */
export function renderForScreenReader(
	state: DialogState,
	theme: DialogTheme,
	size: DialogSize,
	input: InputRenderer | undefined,
	hints: HintContext,
): DialogFrame {
	const width = Math.max(1, size.width);
	const height = Math.max(1, size.height);
	const question = isSubmitTab(state) ? undefined : state.questions[state.tab];
	const qs = state.perQuestion[state.tab];

	const top: string[] = [];
	if (isMultiQuestion(state)) {
		const where = question
			? theme.words.screenReader.question(state.tab + 1, state.questions.length, sanitizeLine(question.header ?? ""))
			: theme.words.screenReader.review;
		top.push(
			...wrapped(`${where}. ${theme.words.screenReader.answered(answeredCount(state), state.questions.length)}`, width),
		);
	} else if (question?.header) {
		top.push(...wrapped(sanitizeLine(question.header), width));
	}
	if (state.background) top.push(...wrapped(theme.words.backgroundNote, width));
	const bottom: string[] = [];
	if (hints.closingIn !== undefined) bottom.push(...wrapped(theme.words.closingIn(hints.closingIn), width));
	if (state.notice === "emptyAnswer") bottom.push(...wrapped(theme.words.emptyAnswer, width));
	else if (state.notice) bottom.push(...wrapped(imageNoticeText(state.notice, theme.words.images), width));
	bottom.push(...wrapped(focusLine(state, theme), width));
	// Every key is named, on as many lines as it takes: a screen reader reads them, nothing is left off for width.
	bottom.push(
		...wrapped(
			hintParts(state, hints, theme.words.screenReader.hint, theme.words.images.screenReader).join(
				theme.words.screenReader.hintSeparator,
			),
			width,
		),
	);

	const budget = Math.max(1, height - top.length - bottom.length);
	let body: Body;
	if (question && qs && hasOptions(question)) {
		body = optionsBody(state, question, qs, theme, width, budget, input, hints.pasteKey);
	} else if (question && qs) {
		const text = questionLines(question, theme, width);
		const placeholder =
			question.placeholder && qs.draft === "" ? wrapped(sanitizeText(question.placeholder), width) : [];
		const field = [...inputText(state, input, theme, width), ...imageLines(state, qs, theme, width, hints.pasteKey)];
		const shown = clamp(text, Math.max(1, budget - placeholder.length - field.length), qs.textScroll, theme, width);
		body = {
			lines: [...shown.lines, ...placeholder, ...field],
			viewport: { ...NO_SCROLL, textScroll: shown.scroll, textScrollMax: shown.scrollMax },
		};
	} else {
		// The note on the whole set, while it is typed, sits under the Review.
		const field =
			state.mode.kind === "input"
				? [...wrapped(theme.words.askNoteInputLabel, width), ...inputText(state, input, theme, width)]
				: [];
		const room = Math.max(1, budget - field.length);
		const shown = clamp(reviewLines(state, theme, width), room, state.review.scroll, theme, width);
		body = {
			lines: [...shown.lines, ...field],
			viewport: { ...NO_SCROLL, textScroll: shown.scroll, textScrollMax: shown.scrollMax },
		};
	}
	// An open input sits at the bottom of the body and must stay in view.
	const fit = fitFrame(budget, body.lines.length, false, state.mode.kind === "input");
	const middle = body.lines.slice(fit.from, fit.to);
	const lines = [...top, ...middle, ...bottom];
	return { lines: lines.length > height ? lines.slice(lines.length - height) : lines, viewport: body.viewport };
}
