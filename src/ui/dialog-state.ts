/**
 * The question dialog as a pure state machine: `reduce(state, action) → state`, no I/O, no theme, no
 * pi objects. Per-key work is O(1) in the number of options (only a filter change scans the list), so
 * a list of 100 000 options moves as fast as a list of four. What the screen showed (the rows in the list
 * window, how far the question text and the preview can scroll) comes back from the view as a `viewport`
 * action, so that page keys move by a screenful and scrolling stops at the end.
 */
import { answeredOutcome, type GivenAnswer } from "../core/answers.js";
import { type AttachedImage, IMAGE_LIMITS } from "../core/images.js";
import { LIMITS } from "../core/limits.js";
import type { AskOutcome, Question } from "../core/types.js";
import type { ImageSupport } from "../host/image-support.js";
import type { ImageOffer } from "./image-attach.js";

/** PageUp/PageDown move this many rows until the view has reported its window. */
const DEFAULT_PAGE = 6;

export interface QuestionState {
	/** The focused row: a position in the (filtered) option rows, or `rowCount - 1` for Other. */
	cursor: number;
	/** The first row of the list window (the view keeps the cursor inside it and reports it back). */
	scroll: number;
	/** The rows the view showed last, first to last; `undefined` before the first frame. */
	shown: { first: number; last: number } | undefined;
	/** Lines the question text (or the Review) is scrolled by, and how far it can go. */
	textScroll: number;
	textScrollMax: number;
	/** Lines the focused option's preview is scrolled by, and how far it can go. */
	previewScroll: number;
	previewScrollMax: number;
	filter: string;
	/** Option indices that match `filter`; `undefined` when every option is shown. */
	matches: readonly number[] | undefined;
	/** Ticked option indices (multi-select). */
	checked: ReadonlySet<number>;
	otherChecked: boolean;
	/** Text typed for Other, or for a question without options. */
	draft: string;
	note: string;
	noteDraft: string;
	/** The committed answer of a single-select or text question. */
	answer: string | undefined;
	/** The option index the committed answer came from, when it came from a row. */
	chosen: number | undefined;
	/** A multi-select question whose ticks were confirmed with Enter. */
	confirmed: boolean;
	/** Images attached in the Other or free-text input: they go with the typed answer. */
	images: readonly AttachedImage[];
}

/** `askNote`: the note on the whole set of answers, opened on the Review tab. */
export type InputPurpose = "text" | "other" | "note" | "askNote";
export type ConfirmPurpose = "discard" | "long";

export type Mode =
	| { kind: "list" }
	| { kind: "filter" }
	| { kind: "input"; purpose: InputPurpose }
	| { kind: "confirm"; purpose: ConfirmPurpose; yes: boolean; count: number; back: Exclude<Mode, { kind: "confirm" }> };

export interface DialogState {
	questions: readonly Question[];
	/** The active tab; `questions.length` is the Submit tab (multi-question dialogs only). */
	tab: number;
	perQuestion: readonly QuestionState[];
	mode: Mode;
	/** Bumped whenever a text input opens, so the view knows to load `inputText(state)` into its editor. */
	inputEpoch: number;
	/**
	 * How far the Review on the Submit tab is scrolled, and how far it can go. `reveal` asks the view to scroll to
	 * what was just written there: a question's answer (its index) or the note for all (`questions.length`); the
	 * view's next report replaces it with the scroll it chose.
	 */
	review: { scroll: number; max: number; reveal?: number };
	/** A one-line message for the person about their last key (e.g. Enter on an empty answer); cleared by the next key. */
	notice: Notice | undefined;
	/** The paths a Tab in a text input matched, when several did; cleared by the next key. */
	completions: readonly string[] | undefined;
	/** The person's note on the whole set of answers (the Review tab's Ctrl+N), and its text while being typed. */
	askNote: string;
	askNoteDraft: string;
	/** Folded to one line so that the conversation above can be read; nothing else changes while hidden. */
	hidden: boolean;
	/** A background ask: the model goes on meanwhile, and the dialog says so. */
	background: boolean;
	/** Whether images may be attached (decided where the dialog is opened); `undefined`: the dialog does not offer it. */
	imageSupport: ImageSupport | undefined;
	/** Whether the asker takes notes; `false` (an MCP client's ask): the note key and its hint are not offered. */
	notesAllowed: boolean;
	/** What the open input's text offers for attaching (the view looks at the file after each edit). */
	imageOffer: ImageOffer | undefined;
	/** Set once the dialog is over. */
	outcome: AskOutcome | undefined;
}

/** A notice about attaching an image: why the last attempt attached nothing. */
export type ImageNotice =
	| { kind: "tooLarge"; name: string; bytes: number }
	| { kind: "notImage"; name: string }
	| { kind: "tooMany" }
	| { kind: "clipboardEmpty" }
	| { kind: "clipboardUnavailable"; tools: string };

export type Notice = "emptyAnswer" | ImageNotice;

/** What the view showed, reported after each frame. */
export interface Viewport {
	first: number;
	last: number;
	textScroll: number;
	textScrollMax: number;
	previewScroll: number;
	previewScrollMax: number;
}

export type Action =
	| { type: "up" }
	| { type: "down" }
	| { type: "pageUp" }
	| { type: "pageDown" }
	| { type: "confirm" }
	| { type: "cancel" }
	| { type: "toggle" }
	| { type: "quick"; digit: number }
	/** Printable text typed on the option list: it starts (or continues) an Other answer. */
	| { type: "typeOther"; text: string }
	/** Shift+↑/↓: scrolls the focused option's preview, or else the question text (the Review on Submit). */
	| { type: "scrollText"; delta: number }
	| { type: "viewport"; viewport: Viewport }
	| { type: "nextTab" }
	| { type: "prevTab" }
	| { type: "note" }
	| { type: "filterStart" }
	| { type: "filterType"; text: string }
	| { type: "filterBackspace" }
	| { type: "edit"; text: string }
	| { type: "flip" }
	| { type: "choose"; yes: boolean }
	/** Tab completed a path in a text input (the view did the listing); several matches are shown. */
	| { type: "completions"; items: readonly string[] }
	/** The hide key: folds the dialog to one line, or brings it back as it was. */
	| { type: "toggleHidden" }
	/** An image to attach to the open answer input; `replacesFrom`: the input's text from there was its path. */
	| { type: "attachImage"; image: AttachedImage; replacesFrom?: number }
	/** Removes the last image attached to this question's answer. */
	| { type: "removeImage" }
	/** What the input's text offers for attaching, looked at by the view after an edit. */
	| { type: "imageOffer"; offer: ImageOffer | undefined }
	/** Why an attempt to attach an image attached nothing. */
	| { type: "imageNotice"; notice: ImageNotice }
	| { type: "abort" }
	/** pi's interrupt key: the dialog closes `interrupted` (the questions stay pending), never `cancelled`. */
	| { type: "interrupt" };

function emptyQuestionState(): QuestionState {
	return {
		cursor: 0,
		scroll: 0,
		shown: undefined,
		textScroll: 0,
		textScrollMax: 0,
		previewScroll: 0,
		previewScrollMax: 0,
		filter: "",
		matches: undefined,
		checked: new Set(),
		otherChecked: false,
		draft: "",
		note: "",
		noteDraft: "",
		answer: undefined,
		chosen: undefined,
		confirmed: false,
		images: [],
	};
}

function modeForTab(questions: readonly Question[], tab: number): Mode {
	const question = questions[tab];
	return question && !hasOptions(question) ? { kind: "input", purpose: "text" } : { kind: "list" };
}

/**
 * A question's state holding an answer given before the dialog opened (filled into a pending file), so that Enter
 * gives it back unchanged; `undefined` when nothing was given or the dialog could not give it back exactly (several
 * typed answers to a multi-select: its one Other text would join them into one).
 */
function startedQuestion(question: Question, given: GivenAnswer | undefined): QuestionState | undefined {
	if (!given) return undefined;
	const options = question.options ?? [];
	const at = (label: string) => options.findIndex((option) => option.label === label);
	const chosen = [...new Set(given.chosen.map(at).filter((i) => i >= 0))];
	const typed = [...given.chosen.filter((label) => at(label) < 0), ...given.typed]
		.map((text) => text.trim())
		.filter((text) => text !== "");
	const note = given.note?.trim() ?? "";
	const empty = emptyQuestionState();
	const otherRow = options.length;
	if (question.multiSelect && options.length > 0) {
		if (chosen.length + typed.length === 0 || typed.length > 1) return undefined;
		const draft = typed[0] ?? "";
		const checked = new Set(chosen);
		const cursor = chosen.length > 0 ? Math.min(...chosen) : otherRow;
		return { ...empty, checked, otherChecked: draft !== "", draft, confirmed: true, cursor, note };
	}
	const first = chosen[0];
	if (chosen.length === 1 && typed.length === 0 && first !== undefined) {
		return { ...empty, answer: options[first]?.label, chosen: first, cursor: first, note };
	}
	const text = [...chosen.map((i) => options[i]?.label ?? ""), ...typed].join(", ");
	if (text === "") return undefined;
	return { ...empty, answer: text, draft: text, cursor: otherRow, note };
}

export function initialState(
	questions: readonly Question[],
	options: {
		imageSupport?: ImageSupport;
		/** `false`: whoever asks takes no notes. */
		notesAllowed?: boolean;
		hidden?: boolean;
		background?: boolean;
		/**
		 * Answers given before the dialog opened, one per question: it opens holding them, on the first question still
		 * without one, or on the Review when every question has one, so the person confirms or changes them.
		 */
		startFrom?: readonly (GivenAnswer | undefined)[];
	} = {},
): DialogState {
	const started = questions.map((question, i) => startedQuestion(question, options.startFrom?.[i]));
	const firstOpen = started.indexOf(undefined);
	const tab = options.startFrom === undefined ? 0 : firstOpen < 0 ? questions.length : firstOpen;
	// A lone question has no Review: it opens on itself, holding its answer.
	const startTab = questions.length > 1 ? tab : 0;
	return {
		questions,
		tab: startTab,
		perQuestion: started.map((qs) => qs ?? emptyQuestionState()),
		mode: modeForTab(questions, startTab),
		inputEpoch: 0,
		review: { scroll: 0, max: 0 },
		notice: undefined,
		completions: undefined,
		askNote: "",
		askNoteDraft: "",
		hidden: options.hidden === true,
		background: options.background === true,
		imageSupport: options.imageSupport,
		notesAllowed: options.notesAllowed !== false,
		imageOffer: undefined,
		outcome: undefined,
	};
}

// ------------------------------------------------------------------------------------------- selectors

export function hasOptions(question: Question): boolean {
	return (question.options?.length ?? 0) > 0;
}

export function isMultiQuestion(state: DialogState): boolean {
	return state.questions.length > 1;
}

export function isSubmitTab(state: DialogState): boolean {
	return state.tab >= state.questions.length;
}

/** Option rows currently listed (filtered or all), not counting Other. */
function optionRowCount(question: Question, qs: QuestionState): number {
	return qs.matches?.length ?? question.options?.length ?? 0;
}

/** Rows including Other. */
function rowCount(question: Question, qs: QuestionState): number {
	return optionRowCount(question, qs) + 1;
}

/** The option index shown at a row, or `undefined` for the Other row. */
export function optionAtRow(question: Question, qs: QuestionState, row: number): number | undefined {
	if (row < 0 || row >= optionRowCount(question, qs)) return undefined;
	return qs.matches ? qs.matches[row] : row;
}

/** The number shown beside a row: the option's own position (also in a filtered list); Other comes last. */
export function rowNumber(question: Question, qs: QuestionState, row: number): number {
	const option = optionAtRow(question, qs, row);
	return option === undefined ? (question.options?.length ?? 0) + 1 : option + 1;
}

/**
 * The row showing number `n`, on screen or scrolled out of view: a digit means the same row whatever the
 * terminal's size. A filtered list keeps the options' numbers, so an option the filter hides has no row.
 */
function rowWithNumber(question: Question, qs: QuestionState, n: number): number | undefined {
	const options = question.options?.length ?? 0;
	if (n === options + 1) return rowCount(question, qs) - 1;
	if (n < 1 || n > options) return undefined;
	const option = n - 1;
	if (!qs.matches) return option;
	// The matches are in option order: a binary search keeps a key O(log n) on a long filtered list.
	let low = 0;
	let high = qs.matches.length - 1;
	while (low <= high) {
		const mid = (low + high) >> 1;
		const at = qs.matches[mid];
		if (at === undefined) return undefined;
		if (at === option) return mid;
		if (at < option) low = mid + 1;
		else high = mid - 1;
	}
	return undefined;
}

/** What the person gave for a question so far: the ticked or chosen labels and the typed text, whole. */
export function givenAnswer(question: Question, qs: QuestionState): GivenAnswer | undefined {
	const options = question.options ?? [];
	const note = qs.note;
	// Images go with the person's own answer: Other ticked, or the typed answer (an image alone is one).
	const withImages = (given: GivenAnswer): GivenAnswer =>
		qs.images.length > 0 ? { ...given, images: qs.images } : given;
	if (question.multiSelect && hasOptions(question)) {
		const chosen = [...qs.checked]
			.sort((a, b) => a - b)
			.flatMap((i) => (options[i] === undefined ? [] : [options[i].label]));
		const typed = qs.otherChecked && qs.draft.trim() !== "" ? [qs.draft] : [];
		const given: GivenAnswer = qs.otherChecked ? withImages({ chosen, typed, note }) : { chosen, typed, note };
		return chosen.length + typed.length + (given.images?.length ?? 0) > 0 ? given : undefined;
	}
	if (qs.answer === undefined) return undefined;
	const label = qs.chosen === undefined ? undefined : options[qs.chosen]?.label;
	return label === undefined
		? withImages({ chosen: [], typed: [qs.answer], note })
		: { chosen: [label], typed: [], note };
}

export function isAnswered(question: Question, qs: QuestionState): boolean {
	return givenAnswer(question, qs) !== undefined;
}

export function answeredCount(state: DialogState): number {
	return state.questions.filter((q, i) => {
		const qs = state.perQuestion[i];
		return qs !== undefined && isAnswered(q, qs);
	}).length;
}

/** The text a freshly opened input starts with. */
export function inputText(state: DialogState): string {
	if (state.mode.kind !== "input") return "";
	if (state.mode.purpose === "askNote") return state.askNoteDraft;
	const qs = state.perQuestion[state.tab];
	if (!qs) return "";
	return state.mode.purpose === "note" ? qs.noteDraft : qs.draft;
}

/** Whether the open input takes images: an answer input (Other, free text), with attaching allowed. */
export function attachingInput(state: DialogState): boolean {
	const mode = state.mode;
	return (
		state.imageSupport?.allowed === true &&
		mode.kind === "input" &&
		(mode.purpose === "text" || mode.purpose === "other")
	);
}

/** Images attached over the whole set of answers (the cap is per ask). */
function attachedCount(state: DialogState): number {
	return state.perQuestion.reduce((sum, qs) => sum + qs.images.length, 0);
}

/** The offer for the open input's text, once it is the text on screen (an offer is only shown in an input). */
export function currentOffer(state: DialogState): ImageOffer | undefined {
	return attachingInput(state) ? state.imageOffer : undefined;
}

// ---------------------------------------------------------------------------------------------- reduce

function sameOffer(a: ImageOffer | undefined, b: ImageOffer | undefined): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}

function attachImage(state: DialogState, image: AttachedImage, replacesFrom: number | undefined): DialogState {
	if (!attachingInput(state)) return state;
	if (attachedCount(state) >= IMAGE_LIMITS.imagesPerAsk) return { ...state, notice: { kind: "tooMany" } };
	const attached = withQuestion(state, (qs) => ({
		...qs,
		images: [...qs.images, image],
		draft: replacesFrom === undefined ? qs.draft : qs.draft.slice(0, replacesFrom).trimEnd(),
	}));
	// The path's text is gone from the input: the editor loads the shorter text.
	return replacesFrom === undefined
		? { ...attached, imageOffer: undefined }
		: { ...attached, imageOffer: undefined, inputEpoch: state.inputEpoch + 1 };
}

function withQuestion(state: DialogState, change: (qs: QuestionState) => QuestionState): DialogState {
	const current = state.perQuestion[state.tab];
	if (!current) return state;
	const perQuestion = state.perQuestion.slice();
	perQuestion[state.tab] = change(current);
	return { ...state, perQuestion };
}

/** Moves the cursor (bounded); a new focus shows its preview from the top. The view scrolls the list to it. */
function fitScroll(question: Question, qs: QuestionState, cursor: number): QuestionState {
	const rows = rowCount(question, qs);
	const bounded = Math.max(0, Math.min(rows - 1, cursor));
	if (bounded === qs.cursor) return qs;
	return { ...qs, cursor: bounded, previewScroll: 0 };
}

/** Rows a page key moves: the rows the view showed last. */
function pageRows(qs: QuestionState): number {
	return qs.shown ? Math.max(1, qs.shown.last - qs.shown.first) : DEFAULT_PAGE;
}

function moveCursor(state: DialogState, delta: number, wrap: boolean): DialogState {
	const question = state.questions[state.tab];
	if (!question || !hasOptions(question)) return state;
	return withQuestion(state, (qs) => {
		const rows = rowCount(question, qs);
		let next = qs.cursor + delta;
		if (wrap) next = ((next % rows) + rows) % rows;
		return fitScroll(question, qs, next);
	});
}

function openInput(state: DialogState, purpose: InputPurpose): DialogState {
	const next: DialogState = { ...state, mode: { kind: "input", purpose }, inputEpoch: state.inputEpoch + 1 };
	if (purpose === "askNote") return { ...next, askNoteDraft: state.askNote };
	return purpose === "note" ? withQuestion(next, (qs) => ({ ...qs, noteDraft: qs.note })) : next;
}

/** Text typed on the list starts the Other answer with it (after what Other already held), focused on Other. */
function typeOther(state: DialogState, text: string): DialogState {
	const question = state.questions[state.tab];
	if (!question) return state;
	const focused = withQuestion(state, (qs) => ({
		...fitScroll(question, qs, rowCount(question, qs) - 1),
		draft: qs.draft + text,
	}));
	return openInput(focused, "other");
}

function goToTab(state: DialogState, tab: number): DialogState {
	const tabs = state.questions.length + 1;
	const target = ((tab % tabs) + tabs) % tabs;
	const mode = modeForTab(state.questions, target);
	return {
		...state,
		tab: target,
		mode,
		inputEpoch: mode.kind === "input" ? state.inputEpoch + 1 : state.inputEpoch,
		notice: undefined,
	};
}

function finish(state: DialogState): DialogState {
	const given = state.questions.map((question, i) => {
		const qs = state.perQuestion[i];
		return qs ? givenAnswer(question, qs) : undefined;
	});
	return { ...state, outcome: answeredOutcome(state.questions, given, state.askNote) };
}

/** After a question got its answer: a lone question ends the dialog, otherwise the next tab opens. */
function advance(state: DialogState): DialogState {
	const listed: DialogState = { ...state, mode: { kind: "list" } };
	if (!isMultiQuestion(state)) return finish(listed);
	const next = goToTab(listed, state.tab + 1);
	// The Review opens on the answer just given, not on its top with that answer scrolled out of view.
	return isSubmitTab(next) ? { ...next, review: { ...next.review, reveal: state.tab } } : next;
}

function cancel(state: DialogState): DialogState {
	if (!isMultiQuestion(state)) return { ...state, outcome: { kind: "cancelled" } };
	const count = answeredCount(state);
	if (count === 0) return { ...state, outcome: { kind: "cancelled" } };
	const back = state.mode.kind === "confirm" ? state.mode.back : state.mode;
	return { ...state, mode: { kind: "confirm", purpose: "discard", yes: false, count, back } };
}

/**
 * Leaving a text input by switching tabs keeps what it shows: typed text becomes the answer (or ticks Other in
 * multi-select), and a free-text input left empty is unanswered — never an answer the screen no longer shows.
 */
function keepDraft(state: DialogState): DialogState {
	const { mode } = state;
	if (mode.kind === "input" && mode.purpose === "askNote") return { ...state, askNote: state.askNoteDraft.trim() };
	const question = state.questions[state.tab];
	if (mode.kind !== "input" || mode.purpose === "note" || !question) return state;
	return withQuestion(state, (qs) => {
		const text = qs.draft.trim();
		const images = qs.images.length > 0;
		if (question.multiSelect && mode.purpose === "other") return { ...qs, otherChecked: text !== "" || images };
		if (text === "" && images) return { ...qs, answer: "", chosen: undefined };
		if (text === "") return mode.purpose === "text" ? { ...qs, answer: undefined, chosen: undefined } : qs;
		return { ...qs, answer: text, chosen: undefined };
	});
}

/** Commits typed text; over the soft limit it asks first (`checked` once the person said yes). */
function commitText(state: DialogState, purpose: "text" | "other", checked: boolean): DialogState {
	const question = state.questions[state.tab];
	const qs = state.perQuestion[state.tab];
	if (!question || !qs) return state;
	const text = qs.draft.trim();
	if (text === "" && qs.images.length > 0) {
		// An image alone is an answer.
		if (question.multiSelect && purpose === "other") {
			return { ...withQuestion(state, (q) => ({ ...q, otherChecked: true })), mode: { kind: "list" } };
		}
		return advance(withQuestion(state, (q) => ({ ...q, answer: "", chosen: undefined })));
	}
	if (text === "") {
		// Nothing typed: a lone question says what it waits for; in a multi-question dialog it is left unanswered.
		if (purpose === "other" || !isMultiQuestion(state)) return { ...state, notice: "emptyAnswer" };
		return advance(withQuestion(state, (q) => ({ ...q, answer: undefined, chosen: undefined })));
	}
	if (!checked && text.length > LIMITS.answerSoftChars) {
		return {
			...state,
			mode: { kind: "confirm", purpose: "long", yes: true, count: text.length, back: { kind: "input", purpose } },
		};
	}
	if (question.multiSelect && purpose === "other") {
		return { ...withQuestion(state, (q) => ({ ...q, otherChecked: true })), mode: { kind: "list" } };
	}
	return advance(withQuestion(state, (q) => ({ ...q, answer: text, chosen: undefined })));
}

function selectRow(state: DialogState, row: number): DialogState {
	const question = state.questions[state.tab];
	const qs = state.perQuestion[state.tab];
	if (!question || !qs) return state;
	const option = optionAtRow(question, qs, row);
	if (option === undefined) return openInput(state, "other");
	const label = question.options?.[option]?.label ?? "";
	return advance(withQuestion(state, (q) => ({ ...fitScroll(question, q, row), answer: label, chosen: option })));
}

function toggleRow(state: DialogState, row: number): DialogState {
	const question = state.questions[state.tab];
	const qs = state.perQuestion[state.tab];
	if (!question || !qs) return state;
	const option = optionAtRow(question, qs, row);
	if (option === undefined) {
		if (qs.otherChecked) return withQuestion(state, (q) => ({ ...q, otherChecked: false, confirmed: false }));
		return openInput(state, "other");
	}
	return withQuestion(state, (q) => {
		const checked = new Set(q.checked);
		if (checked.has(option)) checked.delete(option);
		else checked.add(option);
		return { ...fitScroll(question, q, row), checked, confirmed: false };
	});
}

function confirmList(state: DialogState): DialogState {
	// The Submit tab is the review: it already says which questions are unanswered, so Enter submits.
	if (isSubmitTab(state)) return finish(state);
	const question = state.questions[state.tab];
	const qs = state.perQuestion[state.tab];
	if (!question || !qs) return state;
	if (!question.multiSelect) return selectRow(state, qs.cursor);
	const onOther = optionAtRow(question, qs, qs.cursor) === undefined;
	if (onOther && !qs.otherChecked) return openInput(state, "other");
	// Enter always registers: with nothing ticked, the focused option is the answer.
	const ticked = qs.checked.size > 0 || qs.otherChecked ? state : toggleRow(state, qs.cursor);
	return advance(withQuestion(ticked, (q) => ({ ...q, confirmed: true })));
}

function confirmChoice(state: DialogState, yes: boolean): DialogState {
	const mode = state.mode;
	if (mode.kind !== "confirm") return state;
	const back = { ...state, mode: mode.back };
	if (!yes) return back;
	switch (mode.purpose) {
		case "discard":
			return { ...state, outcome: { kind: "cancelled" } };
		case "long":
			return commitText(back, mode.back.kind === "input" && mode.back.purpose === "other" ? "other" : "text", true);
	}
}

/** Lower-cased labels per question, computed on the first filter key rather than on every one. */
const lowerLabels = new WeakMap<Question, string[]>();

function labelsForFilter(question: Question): string[] {
	let labels = lowerLabels.get(question);
	if (!labels) {
		labels = (question.options ?? []).map((option) => option.label.toLowerCase());
		lowerLabels.set(question, labels);
	}
	return labels;
}

function applyFilter(state: DialogState, filter: string): DialogState {
	const question = state.questions[state.tab];
	if (!question) return state;
	return withQuestion(state, (qs) => {
		const labels = labelsForFilter(question);
		const wanted = filter.toLowerCase();
		let matches: number[] | undefined;
		if (wanted !== "") {
			// A longer filter only narrows the previous matches; otherwise scan the whole list once.
			const pool = qs.matches && filter.startsWith(qs.filter) && qs.filter !== "" ? qs.matches : undefined;
			const found: number[] = [];
			const test = (i: number) => {
				if (labels[i]?.includes(wanted)) found.push(i);
			};
			if (pool) for (const i of pool) test(i);
			else for (let i = 0; i < labels.length; i++) test(i);
			matches = found;
		}
		return { ...qs, filter, matches, cursor: 0, scroll: 0, shown: undefined, previewScroll: 0 };
	});
}

/** Stores what the view showed; the same report twice changes nothing (no redraw). */
function applyViewport(state: DialogState, viewport: Viewport): DialogState {
	if (isSubmitTab(state)) {
		const { textScroll, textScrollMax } = viewport;
		const { scroll, max, reveal } = state.review;
		if (scroll === textScroll && max === textScrollMax && reveal === undefined) return state;
		return { ...state, review: { scroll: textScroll, max: textScrollMax } };
	}
	const qs = state.perQuestion[state.tab];
	if (!qs) return state;
	const same =
		qs.shown?.first === viewport.first &&
		qs.shown.last === viewport.last &&
		qs.scroll === viewport.first &&
		qs.textScroll === viewport.textScroll &&
		qs.textScrollMax === viewport.textScrollMax &&
		qs.previewScroll === viewport.previewScroll &&
		qs.previewScrollMax === viewport.previewScrollMax;
	if (same) return state;
	return withQuestion(state, (q) => ({
		...q,
		scroll: viewport.first,
		shown: { first: viewport.first, last: viewport.last },
		textScroll: viewport.textScroll,
		textScrollMax: viewport.textScrollMax,
		previewScroll: viewport.previewScroll,
		previewScrollMax: viewport.previewScrollMax,
	}));
}

function scrollText(state: DialogState, delta: number): DialogState {
	const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));
	if (isSubmitTab(state)) {
		const scroll = clamp(state.review.scroll + delta, state.review.max);
		return scroll === state.review.scroll ? state : { ...state, review: { scroll, max: state.review.max } };
	}
	const question = state.questions[state.tab];
	const qs = state.perQuestion[state.tab];
	if (!question || !qs) return state;
	const focused = optionAtRow(question, qs, qs.cursor);
	const hasPreview = focused !== undefined && Boolean(question.options?.[focused]?.preview);
	if (hasPreview && qs.previewScrollMax > 0) {
		const previewScroll = clamp(qs.previewScroll + delta, qs.previewScrollMax);
		return previewScroll === qs.previewScroll ? state : withQuestion(state, (q) => ({ ...q, previewScroll }));
	}
	const textScroll = clamp(qs.textScroll + delta, qs.textScrollMax);
	return textScroll === qs.textScroll ? state : withQuestion(state, (q) => ({ ...q, textScroll }));
}

export function reduce(state: DialogState, action: Action): DialogState {
	if (state.outcome) return state;
	if (action.type === "toggleHidden") return { ...state, hidden: !state.hidden };
	if (action.type === "interrupt") return { ...state, outcome: { kind: "interrupted" } };
	// Folded, the dialog keeps everything as it was: only the hide key (and an abort from outside) reach it.
	if (state.hidden && action.type !== "abort") return state;
	if (action.type === "viewport") return applyViewport(state, action.viewport);
	if (action.type === "completions") {
		if (state.mode.kind !== "input") return state;
		return { ...state, completions: action.items.length > 0 ? action.items : undefined };
	}
	if (action.type === "imageOffer") {
		const offer = attachingInput(state) ? action.offer : undefined;
		return sameOffer(state.imageOffer, offer) ? state : { ...state, imageOffer: offer };
	}
	if (action.type === "imageNotice") return attachingInput(state) ? { ...state, notice: action.notice } : state;
	// A notice and a list of matches answer the key before; the next key clears them.
	const fresh = state.notice || state.completions ? { ...state, notice: undefined, completions: undefined } : state;
	return reduceKey(fresh, action);
}

function reduceKey(state: DialogState, action: Action): DialogState {
	const mode = state.mode;
	if (action.type === "abort") return { ...state, outcome: { kind: "cancelled" } };

	if (mode.kind === "confirm") {
		switch (action.type) {
			case "flip":
			case "up":
			case "down":
				return { ...state, mode: { ...mode, yes: !mode.yes } };
			case "confirm":
				return confirmChoice(state, mode.yes);
			case "choose":
				return confirmChoice(state, action.yes);
			case "cancel":
				return confirmChoice(state, false);
			default:
				return state;
		}
	}

	switch (action.type) {
		case "nextTab":
		case "prevTab": {
			if (!isMultiQuestion(state)) return state;
			return goToTab({ ...keepDraft(state), mode: { kind: "list" } }, state.tab + (action.type === "nextTab" ? 1 : -1));
		}
		case "edit":
			if (mode.kind !== "input") return state;
			if (mode.purpose === "askNote") return { ...state, askNoteDraft: action.text };
			return withQuestion(state, (qs) =>
				mode.purpose === "note" ? { ...qs, noteDraft: action.text } : { ...qs, draft: action.text },
			);
		case "cancel":
			if (mode.kind === "input" && mode.purpose !== "text") return { ...state, mode: { kind: "list" } };
			// A filter is cleared before Esc means "cancel".
			if (mode.kind === "filter" || (mode.kind === "list" && state.perQuestion[state.tab]?.filter)) {
				return { ...applyFilter(state, ""), mode: { kind: "list" } };
			}
			return cancel(state);
		case "confirm":
			if (mode.kind === "input") {
				if (mode.purpose === "askNote") {
					const review = { ...state.review, reveal: state.questions.length };
					return { ...state, askNote: state.askNoteDraft.trim(), mode: { kind: "list" }, review };
				}
				if (mode.purpose === "note") {
					return { ...withQuestion(state, (qs) => ({ ...qs, note: qs.noteDraft.trim() })), mode: { kind: "list" } };
				}
				return commitText(state, mode.purpose, false);
			}
			if (mode.kind === "filter" && state.questions[state.tab]?.multiSelect) {
				// Ticking from a filtered multi-select list: Enter ticks and keeps the filter for the next pick.
				const qs = state.perQuestion[state.tab];
				return qs ? toggleRow({ ...state, mode: { kind: "list" } }, qs.cursor) : state;
			}
			return confirmList({ ...state, mode: { kind: "list" } });
		case "up":
			return moveCursor(state, -1, true);
		case "down":
			return moveCursor(state, 1, true);
		case "pageUp":
		case "pageDown": {
			const qs = state.perQuestion[state.tab];
			const rows = qs ? pageRows(qs) : DEFAULT_PAGE;
			return moveCursor(state, action.type === "pageUp" ? -rows : rows, false);
		}
		case "scrollText":
			return scrollText(state, action.delta);
		case "typeOther": {
			const question = state.questions[state.tab];
			return question && hasOptions(question) ? typeOther(state, action.text) : state;
		}
		case "toggle": {
			const qs = state.perQuestion[state.tab];
			return qs && state.questions[state.tab]?.multiSelect ? toggleRow(state, qs.cursor) : state;
		}
		case "quick": {
			const question = state.questions[state.tab];
			const qs = state.perQuestion[state.tab];
			if (!question || !qs || !hasOptions(question)) return state;
			if (action.digit === 0) return withQuestion(state, (q) => fitScroll(question, q, rowCount(question, q) - 1));
			// A digit acts on the row showing that number, shown or scrolled away; a number no row has is text for Other.
			const row = rowWithNumber(question, qs, action.digit);
			if (row === undefined) return typeOther(state, String(action.digit));
			if (optionAtRow(question, qs, row) === undefined) {
				const onOther = withQuestion(state, (q) => fitScroll(question, q, row));
				return question.multiSelect ? toggleRow(onOther, row) : openInput(onOther, "other");
			}
			return question.multiSelect ? toggleRow(state, row) : selectRow(state, row);
		}
		case "note":
			return openInput(state, isSubmitTab(state) ? "askNote" : "note");
		case "attachImage":
			return attachImage(state, action.image, action.replacesFrom);
		case "removeImage":
			if (!attachingInput(state)) return state;
			return withQuestion(state, (qs) => (qs.images.length === 0 ? qs : { ...qs, images: qs.images.slice(0, -1) }));
		case "filterStart":
			return isSubmitTab(state) ? state : { ...state, mode: { kind: "filter" } };
		case "filterType": {
			const qs = state.perQuestion[state.tab];
			return qs ? applyFilter(state, qs.filter + action.text) : state;
		}
		case "filterBackspace": {
			const qs = state.perQuestion[state.tab];
			return qs ? applyFilter(state, [...qs.filter].slice(0, -1).join("")) : state;
		}
		default:
			return state;
	}
}
