/**
 * The pi-tui component behind `ctx.ui.custom()`: feeds keys through `keyToAction` into the reducer,
 * hosts one pi-tui Editor for every text input (wrapping, history, paste, IME cursor), renders at the
 * height it is given room for, reports what it showed back to the reducer, and caches the rendered lines
 * by size until the state changes or `invalidate()` is called.
 */
import type { Component, EditorTheme, Focusable, KeyId, TUI } from "@mariozechner/pi-tui";
import { Editor, truncateToWidth } from "@mariozechner/pi-tui";
import type { GivenAnswer } from "../core/answers.js";
import { type ImageProblem, imageFromBytes } from "../core/images.js";
import type { AskOutcome, Question } from "../core/types.js";
import type { ImageSupport } from "../host/image-support.js";
import {
	type Action,
	attachingInput,
	currentOffer,
	type DialogState,
	type ImageNotice,
	initialState,
	inputText,
	reduce,
} from "./dialog-state.js";
import { type ImageSource, imageOffer } from "./image-attach.js";
import {
	DEFAULT_HIDE_KEY,
	type InputCursor,
	type KeyMatcher,
	keyLabel,
	keyToAction,
	opensExternalEditor,
	PASTE_IMAGE_KEY,
	pastesImage,
	quitsPi,
	spokenKeyLabel,
	typesText,
} from "./keys.js";
import { completePath, type PathSource } from "./path-completion.js";
import { renderDialog } from "./render.js";
import type { DialogTheme } from "./theme.js";

/**
 * How long the keyboard must have been quiet, from the moment the dialog is on screen, before a key counts: keys a
 * person typed into pi's editor as the question opened (a sentence, its Enter) are meant for pi, not for an answer.
 * Longer than a typist's gap between keys, shorter than anyone takes to read a question.
 */
export const KEY_GUARD_MS = 400;

/** The opt-in time limit's last this-many milliseconds are counted down on screen (half the limit, when shorter). */
export const COUNTDOWN_MS = 10_000;

/** Seconds left to show in the countdown, or `undefined` outside its window (see COUNTDOWN_MS). */
export function countdownSeconds(closesAt: number | undefined, now: number, limitMs?: number): number | undefined {
	if (closesAt === undefined) return undefined;
	const left = closesAt - now;
	const window = limitMs === undefined ? COUNTDOWN_MS : Math.min(COUNTDOWN_MS, limitMs / 2);
	return left > window ? undefined : Math.max(0, Math.ceil(left / 1000));
}

/** The narrowest width pi-tui's editor is given: room for a double-width character and the cursor. */
const MIN_EDITOR_WIDTH = 4;

export interface AskDialogOptions {
	/** Earlier answers, newest last: ↑ in an empty text input recalls them. */
	history?: readonly string[];
	/** Answers given before the dialog opened (filled into a pending file), one per question: it opens holding them. */
	startFrom?: readonly (GivenAnswer | undefined)[];
	/** Lines the dialog may use at this width (the terminal's rows less what pi draws around it). */
	room?: (width: number) => number;
	/** Edits a text in $VISUAL/$EDITOR (Ctrl+G); `undefined` = keep the text. Absent when no editor is set. */
	editExternally?: (text: string) => string | undefined;
	/** Where Tab completes paths from in text inputs (the working folder); absent = Tab only switches questions. */
	paths?: PathSource;
	/** Plain lines in words for a screen reader (`PI_ASK_USER_SCREEN_READER=1`), decided where the dialog is built. */
	screenReader?: boolean;
	/** The key that folds the dialog to one line and back (`PI_ASK_USER_HIDE_KEY`); `alt+o` when absent. */
	hideKey?: KeyId;
	/**
	 * Images in answers: whether this run may attach them (the model, pi's settings) and where they come from (typed
	 * paths, the clipboard). Absent: the dialog neither offers nor mentions images.
	 */
	images?: { support: ImageSupport; source: ImageSource };
	/** `false`: whoever asks takes no notes (an MCP client's ask): the note key and its hint are not offered. */
	notes?: boolean;
	/**
	 * The hide key folded the dialog, or a key typed during the key guard did (text meant for pi's editor): whoever
	 * shows the dialog gives pi's editor back and brings the dialog back with `unfold()`. Absent: the dialog folds
	 * to one line of its own.
	 */
	onFold?(): void;
	/** A background ask (the model goes on meanwhile): the dialog says so under its title. */
	background?: boolean;
	/**
	 * Keys count only after the dialog was on screen and the keyboard quiet this long (`KEY_GUARD_MS`); absent: 0.
	 * Text typed meanwhile folds the dialog (onFold) so that it reaches pi's editor; other keys are held back.
	 */
	keyGuardMs?: number;
	/** The clock the key guard reads (tests); `Date.now` when absent. */
	now?: () => number;
	/** Called once, when the dialog ends. */
	onDone(outcome: AskOutcome): void;
	/** Any key the person pressed (the opt-in time limit restarts its clock). */
	onActivity?(): void;
	/** When the opt-in time limit closes the dialog unless a key is pressed: its last seconds are counted down. */
	closesAt?(): number | undefined;
	/** pi's exit key (Ctrl+D) on the list or an empty input: quit pi, as from pi's empty editor. */
	onQuit?(): void;
}

function editorTheme(theme: DialogTheme): EditorTheme {
	return {
		borderColor: theme.border,
		selectList: {
			selectedPrefix: theme.accent,
			selectedText: theme.accent,
			description: theme.muted,
			scrollInfo: theme.dim,
			noMatch: theme.warning,
		},
	};
}

export class AskDialog implements Component, Focusable {
	private state: DialogState;
	private readonly editor: Editor;
	private cache: { width: number; height: number; lines: string[] } | undefined;
	private hasFocus = false;
	private finished = false;
	/** The tab and input text the current image offer was looked up for. */
	private offerKey: string | undefined;
	/** When the dialog was first drawn, and the last key the guard held back (see KEY_GUARD_MS). */
	private shownAt: number | undefined;
	private lastHeldKey: number | undefined;
	/** The guard is over once a key counted: from then on every key does. */
	private keysCount = false;
	/** Redraws the countdown each second while the time limit runs; the seconds it showed last. */
	private ticker: ReturnType<typeof setInterval> | undefined;
	private shownCountdown: number | undefined;
	/** The limit's length, learned from the first deadline seen, so that a short limit counts down only its half. */
	private limitMs: number | undefined;

	constructor(
		private readonly tui: TUI,
		private readonly theme: DialogTheme,
		private readonly keys: KeyMatcher,
		questions: readonly Question[],
		private readonly options: AskDialogOptions,
	) {
		this.state = initialState(questions, {
			...(options.images ? { imageSupport: options.images.support } : {}),
			...(options.notes === false ? { notesAllowed: false } : {}),
			background: options.background === true,
			...(options.startFrom ? { startFrom: options.startFrom } : {}),
		});
		this.editor = new Editor(tui, editorTheme(theme), { paddingX: 0 });
		for (const entry of options.history ?? []) this.editor.addToHistory(entry);
		this.editor.setText(inputText(this.state));
		if (options.closesAt) {
			const closesAt = options.closesAt();
			if (closesAt !== undefined) this.limitMs = closesAt - this.now();
		}
		this.startTicker();
	}

	private startTicker(): void {
		if (!this.options.closesAt || this.ticker || this.finished) return;
		this.ticker = setInterval(() => this.tick(), 250);
		this.ticker.unref?.();
	}

	/**
	 * Shows the dialog again after a fold, as it was; the move was deliberate (the hide key), so keys count at once.
	 */
	unfold(): void {
		this.keysCount = true;
		if (this.state.hidden) this.dispatch({ type: "toggleHidden" });
	}

	/**
	 * Folds the dialog when `data` is text typed during the key guard, and says so: the person is writing to pi, and the
	 * key belongs in pi's editor (whoever shows the dialog gives the editor back before pi hands it the key).
	 */
	foldForTyping(data: string): boolean {
		if (!this.options.onFold || this.finished || this.state.hidden || !typesText(data)) return false;
		if (!this.guardOpen(this.now())) return false;
		this.dispatch({ type: "toggleHidden" });
		return true;
	}

	/** Stops the countdown's ticker (pi calls this when the dialog closes or folds; drawing it again starts it). */
	dispose(): void {
		if (this.ticker) clearInterval(this.ticker);
		this.ticker = undefined;
	}

	/** Redraws when the countdown's seconds change (entering, leaving or moving within its window). */
	private tick(): void {
		if (this.finished) {
			this.dispose();
			return;
		}
		if (this.countdown() === this.shownCountdown) return;
		this.invalidate();
		this.tui.requestRender();
	}

	private countdown(): number | undefined {
		return countdownSeconds(this.options.closesAt?.(), this.now(), this.limitMs);
	}

	get focused(): boolean {
		return this.hasFocus;
	}

	set focused(value: boolean) {
		this.hasFocus = value;
		this.syncEditorFocus();
	}

	/** Applies an action; `false` when it changed nothing (and nothing was redrawn). */
	dispatch(action: Action): boolean {
		const before = this.state;
		this.state = this.withOffer(reduce(before, action));
		if (this.state === before) return false;
		if (this.state.inputEpoch !== before.inputEpoch) this.editor.setText(inputText(this.state));
		this.syncEditorFocus();
		this.invalidate();
		// Folding or unfolding redraws the whole screen, so that the conversation above fills the rows the dialog
		// leaves (in pi's regular mode a shorter frame would otherwise leave blank rows under the same lines).
		this.tui.requestRender(this.state.hidden !== before.hidden);
		if (this.state.hidden && !before.hidden) this.options.onFold?.();
		const outcome = this.state.outcome;
		if (outcome && !this.finished) {
			this.finished = true;
			this.dispose();
			this.options.onDone(outcome);
		}
		return true;
	}

	handleInput(data: string): void {
		if (this.finished || this.heldBack()) return;
		this.options.onActivity?.();
		if (quitsPi(data, this.keys, this.state, this.editor.getExpandedText() === "")) {
			this.options.onQuit?.();
			return;
		}
		if (this.state.hidden) {
			// Folded: the hide key brings the dialog back; no other key changes anything, the editor's text included.
			const action = keyToAction(data, this.keys, this.state, this.cursor(), this.hideKey(), this.theme.words);
			if (action) this.dispatch(action);
			return;
		}
		if (this.state.mode.kind === "input" && this.keys.matches(data, "tui.input.tab") && this.completePath()) return;
		if (pastesImage(data, this.keys, this.state)) {
			this.attachImage();
			return;
		}
		if (opensExternalEditor(data, this.keys, this.state)) {
			this.editExternally();
			return;
		}
		const action = keyToAction(data, this.keys, this.state, this.cursor(), this.hideKey(), this.theme.words);
		if (action) {
			this.dispatch(action);
			return;
		}
		if (this.state.mode.kind !== "input") return;
		this.editor.handleInput(data);
		this.afterEdit();
	}

	render(width: number): string[] {
		this.shownAt ??= this.now();
		this.startTicker();
		const height = Math.max(1, Math.floor(this.options.room?.(width) ?? this.tui.terminal.rows));
		if (this.cache?.width === width && this.cache.height === height) return this.cache.lines;
		const countdown = this.countdown();
		this.shownCountdown = countdown;
		const mode = this.state.mode;
		const open = mode.kind === "input" || (mode.kind === "confirm" && mode.back.kind === "input");
		// pi-tui's editor overflows its stack when a wide character does not fit its width: it always gets room
		// for one, and its lines are cut to the width there really is.
		const input = open
			? (w: number) => this.editor.render(Math.max(MIN_EDITOR_WIDTH, w)).map((line) => truncateToWidth(line, w))
			: undefined;
		const frame = renderDialog(
			this.state,
			this.theme,
			{ width, height },
			input,
			{
				history: (this.options.history?.length ?? 0) > 0,
				externalEditor: this.options.editExternally !== undefined,
				hideKey: this.keyName(this.hideKey()),
				...(countdown === undefined ? {} : { closingIn: countdown }),
				...(this.state.imageSupport?.allowed ? { pasteKey: this.pasteKeyLabel() } : {}),
			},
			{ screenReader: this.options.screenReader === true },
		);
		// What the frame showed goes back into the state (no redraw: it is what is on screen).
		this.state = reduce(this.state, { type: "viewport", viewport: frame.viewport });
		this.cache = { width, height, lines: frame.lines };
		return frame.lines;
	}

	invalidate(): void {
		this.cache = undefined;
		this.editor.invalidate();
	}

	private now(): number {
		return (this.options.now ?? Date.now)();
	}

	/**
	 * Whether a key is held back: it came before the dialog was drawn, or before the keyboard was quiet for the guard
	 * time since then (a person still typing what was meant for pi's editor). Each held key starts the quiet over.
	 */
	private heldBack(): boolean {
		const now = this.now();
		if (this.guardOpen(now)) {
			this.lastHeldKey = now;
			return true;
		}
		this.keysCount = true;
		return false;
	}

	/** Whether a key now would be held back (see heldBack). */
	private guardOpen(now: number): boolean {
		if (this.keysCount) return false;
		const guard = this.options.keyGuardMs ?? 0;
		if (guard <= 0) return false;
		if (this.shownAt === undefined) return true;
		return now - Math.max(this.shownAt, this.lastHeldKey ?? Number.NEGATIVE_INFINITY) < guard;
	}

	private cursor(): InputCursor {
		const { line, col } = this.editor.getCursor();
		const lines = this.editor.getLines();
		const atStart = line === 0 && col === 0;
		const atEnd = line >= lines.length - 1 && col >= (lines[lines.length - 1]?.length ?? 0);
		return { atStart, atEnd };
	}

	/** The editor changed; cursor moves and history recall change only the editor, so redraw for those too. */
	private afterEdit(): void {
		if (!this.dispatch({ type: "edit", text: this.editor.getExpandedText() })) {
			this.invalidate();
			this.tui.requestRender();
		}
	}

	/**
	 * Tab on a path word in a text input completes it as far as the matches agree and lists them when there are
	 * several; `false` when the word at the cursor is not a path (Tab then switches questions).
	 */
	private completePath(): boolean {
		const paths = this.options.paths;
		if (!paths) return false;
		const { line, col } = this.editor.getCursor();
		const lines = this.editor.getLines();
		const before = [...lines.slice(0, line), (lines[line] ?? "").slice(0, col)].join("\n");
		const done = completePath(before, paths);
		if (!done) return false;
		const atEnd = line >= lines.length - 1 && col >= (lines[lines.length - 1]?.length ?? 0);
		if (done.text !== before) {
			// At the end the word may change case ("rea" → "README.md"); inside the text it only grows.
			if (atEnd) this.editor.setText(done.text);
			else if (done.text.startsWith(before)) this.editor.insertTextAtCursor(done.text.slice(before.length));
			this.afterEdit();
		}
		this.dispatch({ type: "completions", items: done.candidates.length > 1 ? done.candidates : [] });
		return true;
	}

	private editExternally(): void {
		const edit = this.options.editExternally;
		if (!edit) return;
		const edited = edit(this.editor.getExpandedText());
		if (edited !== undefined) this.editor.setText(edited);
		this.afterEdit();
	}

	/**
	 * The state with the offer for the open input's text: looked up (a stat and the first bytes of one file) only
	 * when the text or the question changed.
	 */
	private withOffer(state: DialogState): DialogState {
		const source = this.options.images?.source;
		if (!source || !attachingInput(state)) {
			this.offerKey = undefined;
			return state;
		}
		const draft = state.perQuestion[state.tab]?.draft ?? "";
		const key = `${state.tab}\u0000${draft}`;
		if (key === this.offerKey) return state;
		this.offerKey = key;
		return reduce(state, { type: "imageOffer", offer: imageOffer(draft, source) });
	}

	/** The paste-image key: the file the input's text names when it is an image, or else the clipboard's image. */
	private attachImage(): void {
		const source = this.options.images?.source;
		if (!source) return;
		const offer = currentOffer(this.state);
		if (offer?.kind === "tooLarge" || offer?.kind === "notImage") {
			this.dispatch({ type: "imageNotice", notice: offer });
			return;
		}
		if (offer?.kind === "offer") {
			const bytes = source.read(offer.path);
			if (!bytes) return void this.dispatch({ type: "imageNotice", notice: { kind: "notImage", name: offer.name } });
			const checked = imageFromBytes(offer.path, bytes);
			if (!checked.ok) return void this.dispatch({ type: "imageNotice", notice: noticeFor(checked.problem) });
			this.dispatch({ type: "attachImage", image: checked.image, replacesFrom: offer.start });
			return;
		}
		const clipboard = source.clipboard();
		if (clipboard.kind === "empty")
			return void this.dispatch({ type: "imageNotice", notice: { kind: "clipboardEmpty" } });
		if (clipboard.kind === "unavailable") {
			this.dispatch({ type: "imageNotice", notice: { kind: "clipboardUnavailable", tools: clipboard.tools } });
			return;
		}
		const checked = imageFromBytes(clipboard.name, clipboard.bytes);
		if (!checked.ok) return void this.dispatch({ type: "imageNotice", notice: noticeFor(checked.problem) });
		this.dispatch({ type: "attachImage", image: checked.image });
	}

	private pasteKeyLabel(): string {
		const keys = this.keys.getKeys?.(PASTE_IMAGE_KEY) ?? [];
		return this.keyName(keys[0] ?? "ctrl+v");
	}

	/** A key as the hint names it: `Alt+O`, or in words for a screen reader (`Alt O`, as its words say `Control N`). */
	private keyName(key: string): string {
		return this.options.screenReader ? spokenKeyLabel(key) : keyLabel(key);
	}

	private hideKey(): KeyId {
		return this.options.hideKey ?? DEFAULT_HIDE_KEY;
	}

	private syncEditorFocus(): void {
		this.editor.focused = this.hasFocus && this.state.mode.kind === "input" && !this.state.hidden;
	}
}

/** Why an image was refused, as the dialog says it. */
function noticeFor(problem: ImageProblem): ImageNotice {
	return problem.kind === "too-large"
		? { kind: "tooLarge", name: problem.name, bytes: problem.bytes }
		: { kind: "notImage", name: problem.name };
}
