/**
 * Raw terminal input → dialog action, through pi's keybinding ids so that a person's remaps apply.
 * Raw keys only where pi has no id: digits, space, `/`, `y`/`n` in a confirmation, typed text, Shift+Tab,
 * Shift+↑/↓ (scroll the preview or the question), Ctrl+N (note) and the hide key (extensions cannot add pi
 * keybinding ids, so it is a key name, remappable with `PI_ASK_USER_HIDE_KEY`). `undefined` means "not the
 * dialog's key": in a text input it goes to the editor.
 */
import { decodeKittyPrintable, type Keybinding, type KeyId, matchesKey } from "@mariozechner/pi-tui";
import { en } from "../i18n/dialog/en.js";
import type { DialogStrings } from "../i18n/dialog/types.js";
import {
	type Action,
	attachingInput,
	type DialogState,
	hasOptions,
	isMultiQuestion,
	isSubmitTab,
} from "./dialog-state.js";

/** The letters that answer a yes/no confirmation in the dialog's language (besides y and n in every language). */
export type ConfirmLetters = Pick<DialogStrings, "yesKeys" | "noKeys">;

/** The part of pi's keybindings manager the dialog needs. */
export interface KeyMatcher {
	matches(data: string, keybinding: Keybinding): boolean;
	/** The keys bound to an id (to name them in a hint); absent = the hint names the default. */
	getKeys?(keybinding: Keybinding): KeyId[];
}

/** Where the text input's cursor is: ←/→ leave a free-text tab only from the end they point to. */
export interface InputCursor {
	atStart: boolean;
	atEnd: boolean;
}

/** Opens the Other / free-text / note text in $VISUAL or $EDITOR (pi's own key for its editor). */
const EXTERNAL_EDITOR_KEY: Keybinding = "app.editor.external";
/** Attaches an image in an answer input: the file its text names, or the clipboard's (pi's own key for pasting one). */
export const PASTE_IMAGE_KEY: Keybinding = "app.clipboard.pasteImage";
/** pi's Ctrl+C (it clears pi's editor, and twice quits pi): in the dialog it interrupts the ask. */
export const INTERRUPT_KEY: Keybinding = "app.clear";
/** pi's Ctrl+D (it quits pi from an empty editor): quits pi from the dialog's list or an empty text input. */
const QUIT_KEY: Keybinding = "app.exit";
/** Opens the note input; not a printable character, so typing on the list never opens it. */
const NOTE_KEY = "ctrl+n";
/**
 * Folds the dialog to one line and back. Alt+O is bound to nothing in pi (0.73 to 1.x) nor in pi-tui's editor;
 * Ctrl+] would be, in a text input (`tui.editor.jumpForward`).
 */
export const DEFAULT_HIDE_KEY: KeyId = "alt+o";

const MODIFIERS = new Set(["ctrl", "shift", "alt", "super"]);
const SPECIAL_KEYS = new Set(
	"escape esc enter return tab space backspace delete insert clear home end pageup pagedown up down left right".split(
		" ",
	),
);

/**
 * A key name in pi's format (`alt+o`, `ctrl+]`, `ctrl+shift+h`, `f2`), or `undefined` when it is not one: each
 * modifier once, then one key (a letter, digit, symbol, F1-F12 or a named key such as `pageUp`).
 */
export function parseKeyName(text: string): KeyId | undefined {
	const match = /^((?:[a-z]+\+)*)(.+)$/i.exec(text.trim());
	if (!match) return undefined;
	const modifiers = (match[1] ?? "")
		.split("+")
		.filter(Boolean)
		.map((m) => m.toLowerCase());
	if (modifiers.some((m) => !MODIFIERS.has(m)) || new Set(modifiers).size !== modifiers.length) return undefined;
	const raw = match[2] ?? "";
	const lower = raw.toLowerCase();
	let key: string;
	if (/^[a-z0-9]$/.test(lower) || /^[`\-=[\]\\;',./!@#$%^&*()_+|~{}:<>?]$/.test(raw)) key = lower;
	else if (/^f([1-9]|1[0-2])$/.test(lower)) key = lower;
	else if (SPECIAL_KEYS.has(lower)) key = lower === "pageup" ? "pageUp" : lower === "pagedown" ? "pageDown" : lower;
	else return undefined;
	// Checked above: every part is one pi-tui accepts.
	return [...modifiers, key].join("+") as KeyId;
}

/** A key name as the hint shows it: `alt+o` → `Alt+O`, `ctrl+]` → `Ctrl+]`. */
export function keyLabel(key: string): string {
	// The last part is the key itself, even when it is "+" ("ctrl++").
	const match = /^((?:[a-z]+\+)*)(.+)$/i.exec(key.trim());
	const modifiers = (match?.[1] ?? "").split("+").filter(Boolean);
	const name = match?.[2] ?? key;
	const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
	return [...modifiers.map((m) => title(m.toLowerCase())), name.length === 1 ? name.toUpperCase() : title(name)].join(
		"+",
	);
}

/**
 * A key name as the screen-reader hint says it, the way its own words name keys ("Control N"): `alt+o` → `Alt O`,
 * `ctrl+]` → `Control ]`.
 */
export function spokenKeyLabel(key: string): string {
	return keyLabel(key)
		.split(/\+(?=.)/)
		.map((part) => (part === "Ctrl" ? "Control" : part))
		.join(" ");
}

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

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

/** The text of a bracketed paste, or `undefined` when the data is not one. */
function pasted(data: string): string | undefined {
	if (!data.startsWith(PASTE_START)) return undefined;
	const end = data.lastIndexOf(PASTE_END);
	return data.slice(PASTE_START.length, end < 0 ? undefined : end);
}

/** Whether a key press types text (a character or a paste), as into pi's editor. */
export function typesText(data: string): boolean {
	return pasted(data) !== undefined || printable(data) !== undefined;
}

/** Whether this key quits pi: pi's exit key where it would not edit text (a list, a confirmation, an empty input). */
export function quitsPi(data: string, keys: KeyMatcher, state: DialogState, inputEmpty: boolean): boolean {
	return keys.matches(data, QUIT_KEY) && (state.mode.kind !== "input" || state.hidden || inputEmpty);
}

/** Whether this key opens the external editor (in a text input). */
export function opensExternalEditor(data: string, keys: KeyMatcher, state: DialogState): boolean {
	return state.mode.kind === "input" && keys.matches(data, EXTERNAL_EDITOR_KEY);
}

/** Whether this key attaches an image (in an answer input that takes them). */
export function pastesImage(data: string, keys: KeyMatcher, state: DialogState): boolean {
	return attachingInput(state) && keys.matches(data, PASTE_IMAGE_KEY);
}

function tabAction(data: string, keys: KeyMatcher, withArrows: boolean): Action | undefined {
	if (keys.matches(data, "tui.input.tab")) return { type: "nextTab" };
	if (matchesKey(data, "shift+tab")) return { type: "prevTab" };
	if (withArrows && keys.matches(data, "tui.editor.cursorRight")) return { type: "nextTab" };
	if (withArrows && keys.matches(data, "tui.editor.cursorLeft")) return { type: "prevTab" };
	return undefined;
}

function moveAction(data: string, keys: KeyMatcher): Action | undefined {
	if (matchesKey(data, "shift+up")) return { type: "scrollText", delta: -1 };
	if (matchesKey(data, "shift+down")) return { type: "scrollText", delta: 1 };
	if (keys.matches(data, "tui.select.up")) return { type: "up" };
	if (keys.matches(data, "tui.select.down")) return { type: "down" };
	if (keys.matches(data, "tui.select.pageUp")) return { type: "pageUp" };
	if (keys.matches(data, "tui.select.pageDown")) return { type: "pageDown" };
	return undefined;
}

function confirmKey(data: string, keys: KeyMatcher, letters: ConfirmLetters): Action | undefined {
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
	if (text === undefined || [...text].length !== 1) return undefined;
	if (letters.yesKeys.includes(text)) return { type: "choose", yes: true };
	if (letters.noKeys.includes(text)) return { type: "choose", yes: false };
	return undefined;
}

function inputKey(data: string, keys: KeyMatcher, state: DialogState, cursor: InputCursor): Action | undefined {
	if (keys.matches(data, "tui.input.submit")) return { type: "confirm" };
	if (keys.matches(data, "tui.select.cancel")) return { type: "cancel" };
	// Backspace in an empty answer input takes back the last image attached to it.
	if (
		attachingInput(state) &&
		(state.perQuestion[state.tab]?.images.length ?? 0) > 0 &&
		state.perQuestion[state.tab]?.draft === "" &&
		keys.matches(data, "tui.editor.deleteCharBackward")
	) {
		return { type: "removeImage" };
	}
	if (!isMultiQuestion(state)) return undefined;
	const tab = tabAction(data, keys, false);
	if (tab) return tab;
	// On a free-text tab, ←/→ move the text cursor until it reaches the end they point to; then they switch tabs.
	if (state.mode.kind !== "input" || state.mode.purpose !== "text") return undefined;
	if (cursor.atEnd && keys.matches(data, "tui.editor.cursorRight")) return { type: "nextTab" };
	if (cursor.atStart && keys.matches(data, "tui.editor.cursorLeft")) return { type: "prevTab" };
	return undefined;
}

export function keyToAction(
	data: string,
	keys: KeyMatcher,
	state: DialogState,
	cursor: InputCursor = { atStart: true, atEnd: true },
	hideKey: KeyId = DEFAULT_HIDE_KEY,
	letters: ConfirmLetters = en,
): Action | undefined {
	if (matchesKey(data, hideKey)) return { type: "toggleHidden" };
	// Before pi-tui's cancel (Esc and Ctrl+C): Ctrl+C interrupts, folded or not, in any mode; only Esc cancels.
	if (keys.matches(data, INTERRUPT_KEY)) return { type: "interrupt" };
	// Folded, every other key is left alone: nothing typed changes, and nothing is typed by accident.
	if (state.hidden) return undefined;
	const mode = state.mode;
	const multi = isMultiQuestion(state);
	if (mode.kind === "confirm") return confirmKey(data, keys, letters);
	if (mode.kind === "input") return inputKey(data, keys, state, cursor);

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
	// On the Review tab the note key opens the note on the whole set.
	if (isSubmitTab(state)) return state.notesAllowed && matchesKey(data, NOTE_KEY) ? { type: "note" } : undefined;
	const question = state.questions[state.tab];
	if (!question || !hasOptions(question)) return undefined;
	if (state.notesAllowed && matchesKey(data, NOTE_KEY)) return { type: "note" };
	const paste = pasted(data);
	if (paste !== undefined) return { type: "typeOther", text: paste };
	const text = printable(data);
	if (text === undefined) return undefined;
	if (text === " ") return question.multiSelect ? { type: "toggle" } : undefined;
	if (/^[0-9]$/.test(text)) return { type: "quick", digit: Number(text) };
	if (text === "/") return { type: "filterStart" };
	// Any other character starts an answer of the person's own, as in Claude Code's dialog.
	return { type: "typeOther", text };
}
