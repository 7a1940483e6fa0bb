/**
 * The dialog at 40×15: a preview that has no room still says it exists and how to see it, and the Review scrolls
 * to what the person just wrote (the last answer, the note for all) instead of hiding it under "lines hidden".
 */
import { stripVTControlCharacters } from "node:util";
import { KeybindingsManager, TUI_KEYBINDINGS } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/core/types.js";
import { type DialogState, initialState, reduce } from "../../src/ui/dialog-state.js";
import { keyToAction } from "../../src/ui/keys.js";
import { renderDialog } from "../../src/ui/render.js";
import { plainTheme } from "../../src/ui/theme.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";
import { K } from "./helpers.js";

const KEYS = new KeybindingsManager(TUI_KEYBINDINGS);
const SIZE = { width: 40, height: 15 };

/** Draws the state and hands the view's report back to the reducer, as the dialog does on each render. */
function draw(state: DialogState): { state: DialogState; lines: string[] } {
	const frame = renderDialog(state, plainTheme, SIZE);
	const next = reduce(state, { type: "viewport", viewport: frame.viewport });
	return { state: next, lines: frame.lines.map((line) => stripVTControlCharacters(line)) };
}

function press(state: DialogState, key: string): DialogState {
	const action = keyToAction(key, KEYS, state);
	return draw(action ? reduce(state, action) : state).state;
}

const SQL = Array.from({ length: 12 }, (_, i) => `column_${i + 1} text NOT NULL,`).join("\n");
const WITH_PREVIEWS: Question = {
	question: "Which schema should the orders table use?",
	header: "Schema",
	options: [
		{ label: "Wide table", description: "one row per order", preview: `\`\`\`sql\n${SQL}\n\`\`\`` },
		{ label: "Narrow table", description: "key and value", preview: "```sql\nkey text,\nvalue jsonb\n```" },
		{ label: "No table" },
	],
};

describe("previews at 40×15", () => {
	it("a question without previews gets no such line", () => {
		const screen = draw(initialState([DATABASE, NAME, FEATURES])).lines.join("\n");
		expect(screen, screen).not.toMatch(/preview/i);
	});

	it("one line tells a hidden preview exists, and an option without one says so in the same place", () => {
		let state = draw(initialState([WITH_PREVIEWS, NAME, FEATURES])).state;
		let { lines } = draw(state);
		let screen = lines.join("\n");
		expect(lines.length).toBeLessThanOrEqual(15);
		expect(screen, screen).not.toContain("column_1");
		const sign = lines.findIndex((line) => line.includes("Preview hidden: widen the terminal"));
		expect(sign, screen).toBeGreaterThan(0);
		state = press(press(state, K.down), K.down);
		({ lines } = draw(state));
		screen = lines.join("\n");
		expect(screen, screen).toMatch(/> +3\. No table/);
		expect(lines[sign], screen).toContain("No preview for this option.");
	});
});

describe("the Review at 40×15", () => {
	/** Three questions answered with notes, the last one typed: more than fits in 15 lines. */
	function answered(): DialogState {
		const long = { ...DATABASE, question: `${DATABASE.question} ${"It matters for years. ".repeat(3)}` };
		let state = draw(initialState([long, NAME, FEATURES])).state;
		state = press(state, K.ctrlN);
		state = reduce(state, { type: "edit", text: "only while the load stays small" });
		state = press(press(state, K.enter), K.enter);
		state = reduce(state, { type: "edit", text: "order-processor" });
		state = press(state, K.enter);
		state = press(press(state, " "), K.enter);
		expect(state.tab).toBe(3);
		return state;
	}

	it("opens on the answer just given, not under a 'lines hidden' marker", () => {
		const { lines } = draw(answered());
		const screen = lines.join("\n");
		expect(lines.length).toBeLessThanOrEqual(15);
		expect(screen, screen).toMatch(/lines? hidden/);
		expect(screen, screen).toContain("→ Authentication");
	});

	it("shows the note for all just saved", () => {
		let state = press(answered(), K.ctrlN);
		state = reduce(state, { type: "edit", text: "ask again in May" });
		state = press(state, K.enter);
		const { lines } = draw(state);
		const screen = lines.join("\n");
		expect(lines.length).toBeLessThanOrEqual(15);
		expect(screen, screen).toContain("Note for all: ask again in May");
		// Scrolling up still works from there.
		const up = draw(press(state, "\x1b[1;2A")).lines.join("\n");
		expect(up).not.toEqual(screen);
	});
});
