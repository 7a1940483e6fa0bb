/**
 * Raw terminal input → dialog action, through pi's keybinding ids so that a person's remaps apply.
 * Raw keys only where pi has no id: digits, space, `n`, `/`, `y`, typed filter text and Shift+Tab.
 * `undefined` means "not the dialog's key": in a text input it goes to the editor.
 */
import { decodeKittyPrintable, type Keybinding, matchesKey } from "@mariozechner/pi-tui";
import { type Action, type DialogState, hasOptions, isMultiQuestion, isSubmitTab } from "./dialog-state.js";

/** The part of pi's keybindings manager the dialog needs. */
export interface KeyMatcher {
	matches(data: string, keybinding: Keybinding): boolean;
}

/** The printable text a key press types, if any (plain bytes or the Kitty keyboard protocol). */
function printable(data: string): string | undefined {
	const text = decodeKittyPrintable(data) ?? data;
	// Control characters and escape sequences are keys, not text.
	for (const ch of text) {
		const code = ch.codePointAt(0) ?? 0;
		if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) return undefined;
	}
	return text === "" ? undefined : text;
}

function tabAction(data: string, keys: KeyMatcher, withArrows: boolean): Action | undefined {
	if (keys.matches(data, "tui.input.tab")) return { type: "nextTab" };
	if (matchesKey(data, "shift+tab")) return { type: "prevTab" };
	if (withArrows && keys.matches(data, "tui.editor.cursorRight")) return { type: "nextTab" };
	if (withArrows && keys.matches(data, "tui.editor.cursorLeft")) return { type: "prevTab" };
	return undefined;
}

function moveAction(data: string, keys: KeyMatcher): Action | undefined {
	if (keys.matches(data, "tui.select.up")) return { type: "up" };
	if (keys.matches(data, "tui.select.down")) return { type: "down" };
	if (keys.matches(data, "tui.select.pageUp")) return { type: "pageUp" };
	if (keys.matches(data, "tui.select.pageDown")) return { type: "pageDown" };
	return undefined;
}

export function keyToAction(data: string, keys: KeyMatcher, state: DialogState): Action | undefined {
	const mode = state.mode;
	const multi = isMultiQuestion(state);

	if (mode.kind === "confirm") {
		if (keys.matches(data, "tui.select.confirm")) return { type: "confirm" };
		if (keys.matches(data, "tui.select.cancel")) return { type: "cancel" };
		if (
			keys.matches(data, "tui.editor.cursorLeft") ||
			keys.matches(data, "tui.editor.cursorRight") ||
			keys.matches(data, "tui.select.up") ||
			keys.matches(data, "tui.select.down")
		) {
			return { type: "flip" };
		}
		const text = printable(data)?.toLowerCase();
		if (text === "y") return { type: "choose", yes: true };
		if (text === "n") return { type: "choose", yes: false };
		return undefined;
	}

	if (mode.kind === "input") {
		if (keys.matches(data, "tui.input.submit")) return { type: "confirm" };
		if (keys.matches(data, "tui.select.cancel")) return { type: "cancel" };
		return multi ? tabAction(data, keys, false) : undefined;
	}

	if (keys.matches(data, "tui.select.confirm")) return { type: "confirm" };
	if (keys.matches(data, "tui.select.cancel")) return { type: "cancel" };
	const move = moveAction(data, keys);
	if (move) return move;

	if (mode.kind === "filter") {
		if (multi) {
			const tab = tabAction(data, keys, false);
			if (tab) return tab;
		}
		if (keys.matches(data, "tui.editor.deleteCharBackward")) return { type: "filterBackspace" };
		const text = printable(data);
		return text === undefined ? undefined : { type: "filterType", text };
	}

	if (multi) {
		const tab = tabAction(data, keys, true);
		if (tab) return tab;
	}
	const question = state.questions[state.tab];
	if (isSubmitTab(state) || !question || !hasOptions(question)) return undefined;
	const text = printable(data);
	if (text === " ") return question.multiSelect ? { type: "toggle" } : undefined;
	if (text !== undefined && /^[0-9]$/.test(text)) return { type: "quick", digit: Number(text) };
	if (text === "n") return { type: "note" };
	if (text === "/") return { type: "filterStart" };
	return undefined;
}
