/**
 * The pi-tui component behind `ctx.ui.custom()`: feeds keys through `keyToAction` into the reducer,
 * hosts one pi-tui Editor for every text input (wrapping, history, paste, IME cursor), and caches the
 * rendered lines by width until the state changes or `invalidate()` is called.
 */
import type { Component, EditorTheme, Focusable, TUI } from "@mariozechner/pi-tui";
import { Editor } from "@mariozechner/pi-tui";
import type { AskOutcome, Question } from "../core/types.js";
import { type Action, type DialogState, initialState, inputText, reduce } from "./dialog-state.js";
import { type KeyMatcher, keyToAction } from "./keys.js";
import { renderDialog } from "./render.js";
import type { DialogTheme } from "./theme.js";

export interface AskDialogOptions {
	/** Earlier answers, newest last: ↑ in an empty text input recalls them. */
	history?: readonly string[];
	/** Called once, when the dialog ends. */
	onDone(outcome: AskOutcome): void;
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
	private cache: { width: number; lines: string[] } | undefined;
	private hasFocus = false;
	private finished = false;

	constructor(
		private readonly tui: TUI,
		private readonly theme: DialogTheme,
		private readonly keys: KeyMatcher,
		questions: readonly Question[],
		private readonly options: AskDialogOptions,
	) {
		this.state = initialState(questions);
		this.editor = new Editor(tui, editorTheme(theme), { paddingX: 0 });
		for (const entry of options.history ?? []) this.editor.addToHistory(entry);
		this.editor.setText(inputText(this.state));
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
		this.state = reduce(before, action);
		if (this.state === before) return false;
		if (this.state.inputEpoch !== before.inputEpoch) this.editor.setText(inputText(this.state));
		this.syncEditorFocus();
		this.invalidate();
		this.tui.requestRender();
		const outcome = this.state.outcome;
		if (outcome && !this.finished) {
			this.finished = true;
			this.options.onDone(outcome);
		}
		return true;
	}

	handleInput(data: string): void {
		if (this.finished) return;
		const action = keyToAction(data, this.keys, this.state);
		if (action) {
			this.dispatch(action);
			return;
		}
		if (this.state.mode.kind !== "input") return;
		this.editor.handleInput(data);
		// Cursor moves and history recall change only the editor, not our state: redraw for those too.
		if (!this.dispatch({ type: "edit", text: this.editor.getExpandedText() })) {
			this.invalidate();
			this.tui.requestRender();
		}
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.lines;
		const mode = this.state.mode;
		const open = mode.kind === "input" || (mode.kind === "confirm" && mode.back.kind === "input");
		const input = open ? (w: number) => this.editor.render(w) : undefined;
		const lines = renderDialog(this.state, this.theme, width, input);
		this.cache = { width, lines };
		return lines;
	}

	invalidate(): void {
		this.cache = undefined;
		this.editor.invalidate();
	}

	private syncEditorFocus(): void {
		this.editor.focused = this.hasFocus && this.state.mode.kind === "input";
	}
}
