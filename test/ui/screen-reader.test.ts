/**
 * `PI_ASK_USER_SCREEN_READER=1` (or `"screenReader": true`) draws the dialog as plain lines in words — no rules, box
 * drawing or glyphs; each row says its number, label and state; a focus change changes one line.
 */
import { describe, expect, it } from "vitest";
import { screenReaderSetting } from "../../src/host/settings.js";
import { initialState, reduce } from "../../src/ui/dialog-state.js";
import { spokenKeyLabel } from "../../src/ui/keys.js";
import { renderDialog } from "../../src/ui/render.js";
import { plainTheme } from "../../src/ui/theme.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";
import { K, openDialog } from "./helpers.js";

/** Box drawing, block elements, arrows, geometric shapes, check marks and bullets: what a reader spells out. */
const GLYPHS = /[\u2500-\u259f\u2190-\u21ff\u25a0-\u25ff\u2713\u2714\u2022\u2026█]|\[x\]|\[ \]|^ *> /m;

const frame = (lines: string[]) => lines.join("\n");

describe("screen-reader mode", () => {
	it("reads PI_ASK_USER_SCREEN_READER: 1, on, true and yes turn it on; anything else leaves it off", () => {
		for (const on of ["1", "on", "true", "YES", " 1 "]) expect(screenReaderSetting(on)).toBe(true);
		for (const off of [undefined, "", "0", "off", "false", "no"]) expect(screenReaderSetting(off)).toBe(false);
	});

	it("draws no rules, boxes, pointers or glyphs, in any state and at any width", () => {
		const keys = [[], [K.down], ["0", K.enter], [K.ctrlN], ["/", "S"], [K.enter, "svc", K.enter], [K.tab, K.tab]];
		for (const press of keys) {
			const h = openDialog([DATABASE, NAME, FEATURES], undefined, { rows: 24, screenReader: true });
			for (const key of press) {
				if (key.length > 1 && !key.startsWith("\x1b")) h.type(key);
				else h.press(key);
			}
			for (const width of [40, 80, 200]) {
				const lines = h.lines(width);
				expect(frame(lines), `${JSON.stringify(press)} at ${width}`).not.toMatch(GLYPHS);
				expect(lines.length).toBeLessThanOrEqual(24);
			}
		}
	});

	it("names every key the same way, in words: Control N beside Alt O, not Alt+O", () => {
		const h = openDialog([DATABASE, NAME], undefined, { rows: 24, screenReader: true });
		const text = h.lines(200).join("\n");
		expect(text).toContain("Control N adds a note");
		expect(text).toContain("Alt O hides the dialog");
		expect(text).not.toContain("Alt+O");
		expect([
			spokenKeyLabel("alt+o"),
			spokenKeyLabel("ctrl+]"),
			spokenKeyLabel("ctrl+shift+h"),
			spokenKeyLabel("f2"),
		]).toEqual(["Alt O", "Control ]", "Control Shift H", "F2"]);
	});

	it("each row says its number, label and state in words", () => {
		let state = initialState([FEATURES]);
		state = reduce(state, { type: "toggle" });
		const text = frame(
			renderDialog(state, plainTheme, { width: 100, height: 24 }, undefined, undefined, { screenReader: true }).lines,
		);
		expect(text).toContain("1. Authentication, checked. OAuth2 + JWT");
		expect(text).toContain("2. REST API, not checked. OpenAPI spec included");
		expect(text).toContain("4. Other, type your own answer, not checked");

		let single = initialState([DATABASE, NAME]);
		single = reduce(single, { type: "down" });
		single = reduce(single, { type: "confirm" });
		single = reduce(single, { type: "prevTab" });
		const back = frame(
			renderDialog(single, plainTheme, { width: 100, height: 24 }, undefined, undefined, { screenReader: true }).lines,
		);
		expect(back).toContain("2. SQLite, selected. Lightweight, file-based");
		expect(back).toContain("Question 1 of 2: Database Selection. 1 of 2 answered");
	});

	it("a focus change changes exactly one line, which says where the focus is", () => {
		const h = openDialog([FEATURES], undefined, { rows: 24, screenReader: true });
		const before = h.lines(80);
		expect(frame(before)).toContain("Focus: 1 of 4, Authentication, not checked");
		h.press(K.down);
		const after = h.lines(80);
		expect(after.length).toBe(before.length);
		const changed = after.filter((line, i) => line !== before[i]);
		expect(changed).toEqual(["Focus: 2 of 4, REST API, not checked"]);
	});

	it("says when a text input has the focus, and shows the typed text without the editor's rules", () => {
		const h = openDialog([DATABASE], undefined, { rows: 24, screenReader: true });
		h.press("0", K.enter);
		h.type("DynamoDB");
		const text = h.text(80);
		expect(text).toContain("Typing your own answer");
		expect(text).toContain("Your answer:");
		expect(text).toContain("DynamoDB");
		expect(text).not.toMatch(GLYPHS);
	});

	it("the Review says each answer in words", () => {
		const h = openDialog([DATABASE, NAME], undefined, { rows: 24, screenReader: true });
		h.press(K.enter);
		h.type("orders");
		h.press(K.enter);
		const text = h.text(80);
		expect(text).toContain("Review and submit");
		expect(text).toContain("Answer: PostgreSQL (Recommended)");
		expect(text).toContain('Answer: (typed) "orders"');
		expect(text).not.toMatch(GLYPHS);
	});
});

describe("the screen reader's focus line and hints", () => {
	it("says the row's number once, and names every key, the note and hide keys too, at 80 columns", () => {
		const h = openDialog([DATABASE], undefined, { rows: 24, screenReader: true });
		h.dialog.render(80);
		const text = h.text(80);
		expect(text).toContain("Focus: 1 of 4, PostgreSQL (Recommended)");
		expect(text).toContain("Control N adds a note");
		expect(text).toContain("Alt O hides the dialog");
	});
});
