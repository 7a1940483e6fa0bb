/**
 * Hide the dialog to read the conversation: one key folds the dialog to one line and brings it
 * back; nothing typed is lost, and no other key does anything while it is folded.
 */
import { stripVTControlCharacters } from "node:util";
import { KeybindingsManager, type TUI, TUI_KEYBINDINGS, visibleWidth } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import type { AskOutcome } from "../../src/core/types.js";
import { hideKeySetting } from "../../src/modes/interactive.js";
import { AskDialog } from "../../src/ui/dialog.js";
import { type DialogState, initialState, reduce } from "../../src/ui/dialog-state.js";
import { DEFAULT_HIDE_KEY, keyLabel, keyToAction, parseKeyName } from "../../src/ui/keys.js";
import { renderDialog } from "../../src/ui/render.js";
import { plainTheme } from "../../src/ui/theme.js";
import { DATABASE, NAME } from "../fixtures.js";
import { K, openDialog, PI_KEYBINDINGS } from "./helpers.js";

const KEYS = new KeybindingsManager(TUI_KEYBINDINGS);
const ALT_O = "\x1bo";
const CTRL_RIGHT_BRACKET = "\x1d";
const PAGE_UP = "\x1b[5~";

function press(state: DialogState, key: string): DialogState {
	const action = keyToAction(key, KEYS, state);
	return action ? reduce(state, action) : state;
}

describe("the hide key", () => {
	it("Alt+O folds and unfolds in every state: the list, a text input, a filter, the Review and a confirmation", () => {
		const list = initialState([DATABASE, NAME]);
		const input = press(list, "x");
		const filter = press(list, "/");
		const review = press(press(list, K.tab), K.tab);
		const confirm = press(press(list, K.enter), K.escape);
		expect([input.mode.kind, filter.mode.kind, review.tab, confirm.mode.kind]).toEqual([
			"input",
			"filter",
			2,
			"confirm",
		]);
		for (const state of [list, input, filter, review, confirm]) {
			expect(keyToAction(ALT_O, KEYS, state)).toEqual({ type: "toggleHidden" });
			const hidden = press(state, ALT_O);
			expect(hidden.hidden).toBe(true);
			expect(press(hidden, ALT_O)).toEqual(state);
		}
	});

	it("while folded, every other key is nobody's: nothing typed, moved, cancelled or scrolled", () => {
		const typing = press(press(initialState([DATABASE, NAME]), "I"), ALT_O);
		for (const key of ["z", K.enter, K.escape, K.down, K.tab, K.ctrlN, PAGE_UP, "1", " "]) {
			expect(keyToAction(key, KEYS, typing)).toBeUndefined();
		}
		for (const action of [{ type: "edit", text: "gone" }, { type: "confirm" }, { type: "cancel" }] as const) {
			expect(reduce(typing, action)).toBe(typing);
		}
		// pi still closes an aborted ask while the dialog is folded.
		expect(reduce(typing, { type: "abort" }).outcome).toEqual({ kind: "cancelled" });
	});

	it("can be another key: keyToAction takes the key, and PI_ASK_USER_HIDE_KEY names it in pi's key format", () => {
		const state = initialState([DATABASE]);
		expect(keyToAction(CTRL_RIGHT_BRACKET, KEYS, state, undefined, "ctrl+]")).toEqual({ type: "toggleHidden" });
		expect(keyToAction(ALT_O, KEYS, state, undefined, "ctrl+]")).toBeUndefined();
		expect(hideKeySetting(undefined)).toBe(DEFAULT_HIDE_KEY);
		expect(hideKeySetting(" Ctrl+] ")).toBe("ctrl+]");
		expect(hideKeySetting("ctrl+shift+h")).toBe("ctrl+shift+h");
		expect(hideKeySetting("F2")).toBe("f2");
		for (const wrong of ["", "hyper+x", "ctrl+ctrl+x", "ctrl+xy", "nonsense"]) {
			expect([wrong, parseKeyName(wrong)]).toEqual([wrong, undefined]);
			expect(hideKeySetting(wrong)).toBe(DEFAULT_HIDE_KEY);
		}
		expect([
			keyLabel("alt+o"),
			keyLabel("ctrl+]"),
			keyLabel("ctrl+shift+h"),
			keyLabel("f2"),
			keyLabel("ctrl++"),
		]).toEqual(["Alt+O", "Ctrl+]", "Ctrl+Shift+H", "F2", "Ctrl++"]);
	});
});

describe("the folded dialog", () => {
	it("is one line naming the key that shows it, within every width", () => {
		const hidden = press(initialState([DATABASE, NAME]), ALT_O);
		const frame = renderDialog(hidden, plainTheme, { width: 80, height: 24 }, undefined, {
			history: false,
			externalEditor: false,
			hideKey: "Ctrl+]",
		});
		expect(frame.lines.map((l) => stripVTControlCharacters(l))).toEqual([
			" ? 2 questions waiting for you (hidden) • Ctrl+] show",
		]);
		for (let width = 1; width <= 250; width++) {
			for (const screenReader of [false, true]) {
				const lines = renderDialog(hidden, plainTheme, { width, height: 24 }, undefined, undefined, {
					screenReader,
				}).lines;
				expect(lines).toHaveLength(1);
				expect(visibleWidth(lines[0] ?? "")).toBeLessThanOrEqual(width);
			}
		}
		const plain = renderDialog(hidden, plainTheme, { width: 80, height: 24 }, undefined, undefined, {
			screenReader: true,
		}).lines;
		expect(plain).toEqual(["2 questions waiting, dialog hidden, Alt O shows it"]);
	});

	it("the hint names the key: on the list, in a text input and on the Review", () => {
		const h = openDialog([DATABASE, NAME]);
		expect(h.text(100)).toContain("Alt+O hide");
		h.type("I");
		expect(h.text(100)).toContain("Alt+O hide");
		h.press(K.escape, K.tab, K.tab);
		expect(h.text(100)).toContain("Review your answers");
		expect(h.text(100)).toContain("Alt+O hide");
	});

	it("keeps what was typed: the Other text in the editor comes back as it was, keys typed while folded do nothing", () => {
		const renders: boolean[] = [];
		const tui = {
			requestRender(force?: boolean) {
				renders.push(force === true);
			},
			terminal: { rows: 24, columns: 80 },
		} as unknown as TUI;
		let outcome: AskOutcome | undefined;
		const dialog = new AskDialog(tui, plainTheme, new KeybindingsManager(PI_KEYBINDINGS), [DATABASE], {
			hideKey: "ctrl+]",
			onDone: (o) => {
				outcome = o;
			},
		});
		dialog.focused = true;
		const text = () =>
			dialog
				.render(80)
				.map((l) => stripVTControlCharacters(l))
				.join("\n");
		for (const ch of "I want Dynamo") dialog.handleInput(ch);
		expect(text()).toContain("I want Dynamo");
		renders.length = 0;
		dialog.handleInput(CTRL_RIGHT_BRACKET);
		// A fold redraws the whole screen, so that the conversation fills the rows the dialog gave up.
		expect(renders).toEqual([true]);
		expect(text()).toBe(" ? 1 question waiting for you (hidden) • Ctrl+] show");
		for (const key of ["z", K.backspace, K.enter, K.escape, PAGE_UP, K.tab]) dialog.handleInput(key);
		expect(outcome).toBeUndefined();
		dialog.handleInput(CTRL_RIGHT_BRACKET);
		expect(text()).toContain("I want Dynamo");
		expect(text()).not.toContain("Dynamoz");
		dialog.handleInput(K.enter);
		expect(outcome).toEqual({
			kind: "answered",
			answers: [{ question: DATABASE.question, answer: "I want Dynamo", wasCustom: true }],
		});
	});
});
