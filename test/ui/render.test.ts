/** Rendering: every line fits the width from 40 to 250 columns, long text wraps, the cache follows the width. */
import { stripVTControlCharacters } from "node:util";
import { KeybindingsManager, TUI_KEYBINDINGS, visibleWidth } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/core/types.js";
import { type DialogState, initialState, reduce } from "../../src/ui/dialog-state.js";
import { keyToAction } from "../../src/ui/keys.js";
import { renderDialog } from "../../src/ui/render.js";
import { plainTheme } from "../../src/ui/theme.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";
import { K, openDialog, widest } from "./helpers.js";

const LONG = "Which of these deliberately verbose and repetitive choices should we make for the service? ".repeat(4);
const QUESTIONS: Question[] = [
	{
		question: LONG,
		header: "A header that is much longer than any chip on the tab bar could ever show",
		options: [
			{ label: "Supercalifragilisticexpialidocious-option-label-without-any-spaces-at-all-".repeat(3) },
			{ label: "日本語のラベル 全角文字 ".repeat(6), description: "説明 ".repeat(60) },
			{ label: "With preview", description: "d ".repeat(100), preview: `# Title\n\n${"word ".repeat(200)}` },
			{ label: "Code", preview: `const x = ${"1 + ".repeat(120)}1;\nconsole.log(x);` },
		],
	},
	{ question: "Free text?", header: "Text" },
	{
		question: "Pick many",
		header: "Many",
		multiSelect: true,
		options: Array.from({ length: 20 }, (_, i) => ({ label: `Item ${i}`, description: "x".repeat(300) })),
	},
];
const WIDTHS = [40, 41, 57, 80, 99, 100, 120, 180, 250];
const KEYS = [
	[],
	[K.down],
	[K.down, K.down],
	[K.down, K.down, K.down],
	["0", K.enter, "typed text ".repeat(50)],
	["n", "note ".repeat(80)],
	["/", "e"],
	[K.tab],
	[K.tab, K.tab, K.space, K.down, K.down, K.down],
	[K.tab, K.tab, K.tab],
	[K.enter, "name ".repeat(100), K.enter, K.space, K.enter],
	[K.enter, "name", K.enter, K.space, K.enter, K.escape],
	[K.enter, "name", K.tab, K.tab, K.enter],
];

describe("every line fits", () => {
	for (const keys of KEYS) {
		it(`after ${JSON.stringify(keys).slice(0, 60)}`, () => {
			const h = openDialog(QUESTIONS);
			for (const key of keys) {
				if (key.length > 1 && !key.startsWith("\x1b")) h.type(key);
				else h.press(key);
			}
			for (const width of WIDTHS) expect(widest(h.dialog, width)).toBeLessThanOrEqual(width);
		});
	}

	it("keeps the active tab visible when 50 tabs do not fit", () => {
		const many = Array.from({ length: 50 }, (_, i) => ({ question: `Question ${i}?`, header: `Topic ${i}` }));
		const h = openDialog(many);
		for (let i = 0; i < 40; i++) h.press(K.tab);
		for (const width of [40, 80, 250]) {
			expect(widest(h.dialog, width)).toBeLessThanOrEqual(width);
			expect(h.lines(width)[1]).toContain("41/50 …");
			expect(h.lines(width).join("\n")).toContain("Question 40?");
		}
		expect(h.lines(250)[1]).toContain("Topic 40");
		expect(h.lines(80)[1]).toContain("Topic 39");
	});

	it("wraps a long question instead of cutting it", () => {
		const h = openDialog([{ question: LONG.trim(), options: [{ label: "A" }] }]);
		const text = h.lines(40).join(" ").replace(/\s+/g, " ");
		expect(text).toContain(LONG.trim());
	});

	it("shows a preview beside the list on wide terminals and below it on narrow ones", () => {
		const h = openDialog([QUESTIONS[0] as Question]);
		h.press(K.down, K.down);
		const wide = h.lines(160);
		expect(wide.some((l) => l.includes("│ Title"))).toBe(true);
		const narrow = h.lines(60);
		expect(narrow.some((l) => l.includes("── Preview ──"))).toBe(true);
		expect(narrow.some((l) => l.includes("│"))).toBe(false);
	});
});

describe("render cache", () => {
	it("returns the same lines for the same width until something changes", () => {
		const h = openDialog(QUESTIONS);
		const first = h.dialog.render(80);
		expect(h.dialog.render(80)).toBe(first);
		expect(h.dialog.render(81)).not.toBe(first);
		h.dialog.invalidate();
		expect(h.dialog.render(80)).not.toBe(first);
	});
});

describe("keybindings", () => {
	it("follows a person's remaps of pi's ids", () => {
		const keys = new KeybindingsManager(TUI_KEYBINDINGS, {
			"tui.select.down": "ctrl+j",
			"tui.select.confirm": "ctrl+o",
		});
		let state = initialState(QUESTIONS);
		for (const data of ["\x0a", "\x0f"]) {
			const action = keyToAction(data, keys, state);
			if (action) state = reduce(state, action);
		}
		expect(state.tab).toBe(1);
		expect(state.perQuestion[0]?.chosen).toBe(1);
		expect(keyToAction(K.down, keys, initialState(QUESTIONS))).toBeUndefined();
	});
});

// How fast each frame is at this size is measured in `npm run bench` (bench/dialog.ts), not timed here: a timed unit
// test fails on a busy machine, not on slow code.
describe("cost follows the visible rows", () => {
	it("moves through 100 000 options, each frame within the screen", () => {
		const options = Array.from({ length: 100_000 }, (_, i) => ({ label: `Option ${i}`, description: `About ${i}` }));
		let state = initialState([{ question: "Which?", options }]);
		const keys = new KeybindingsManager(TUI_KEYBINDINGS);
		for (let i = 0; i < 2_000; i++) {
			const action = keyToAction(i % 3 === 0 ? K.up : K.down, keys, state);
			if (action) state = reduce(state, action);
			const frame = renderDialog(state, plainTheme, { width: 100, height: 30 });
			state = reduce(state, { type: "viewport", viewport: frame.viewport });
			expect(frame.lines.length).toBeLessThanOrEqual(30);
		}
		const last = renderDialog(state, plainTheme, { width: 100, height: 30 }).lines;
		expect(last.join("\n")).toContain("↑");
		for (const line of last) expect(visibleWidth(line)).toBeLessThanOrEqual(100);
	});
});

/** The hint lines of a frame: the lines above the bottom border, after the body's blank spacer. */
function hint(state: DialogState, width = 100): string {
	const lines = renderDialog(state, plainTheme, { width, height: 30 }).lines.map((l) => stripVTControlCharacters(l));
	const end = lines.length - 1;
	const start = lines.lastIndexOf("", end);
	return lines.slice(start + 1, end).join(" • ");
}

describe("the hint names what each key does there", () => {
	it("Enter on a lone text question submits", () => {
		expect(hint(initialState([NAME]))).toMatch(/^ Enter submit • /);
	});

	it("Enter on a text question in tabs goes to the next question, or to the Review from the last one", () => {
		const second = { ...NAME, question: "Which team owns it?", header: "Team" };
		const three = initialState([NAME, second, DATABASE]);
		expect(hint(three)).toMatch(/^ Enter next • /);
		expect(hint(three)).not.toContain("submit");
		const last = reduce(initialState([DATABASE, NAME]), { type: "nextTab" });
		expect(last.mode).toEqual({ kind: "input", purpose: "text" });
		expect(hint(last)).toMatch(/^ Enter review • /);
		expect(hint(last)).not.toContain("submit");
	});

	it("digits pick at every width, in single- and multi-select, alone and in tabs", () => {
		for (const width of [40, 41, 57, 80, 120, 250]) {
			for (const questions of [[DATABASE], [FEATURES], [DATABASE, NAME]]) {
				const text = hint(initialState(questions), width);
				expect(text, `${width} columns, ${questions.length} question(s)`).toContain("1-4 pick");
				expect(text).toContain("Esc cancel");
			}
		}
	});
});

describe("a long code line in a markdown preview", () => {
	const CALL = "const total = sumOf(first, second) + ".repeat(6);
	const PREVIEW = `## Plan\n\nOne call:\n\n\`\`\`ts\n${CALL}end;\n\`\`\``;
	const questions: Question[] = [
		{
			question: "Which plan?",
			options: [{ label: "Plan A", preview: PREVIEW }, { label: "Plan B" }],
		},
	];

	/** The preview pane's part of a dialog line: after the `│` beside the list, or after the indent below it. */
	const paneText = (line: string, side: boolean) => (side ? (line.split(" │ ")[1] ?? "") : line.slice(2));

	for (const [width, rows, side] of [
		[80, 30, false],
		[120, 24, true],
		[60, 40, false],
	] as const) {
		it(`wraps inside the code block at ${width} columns, never back to the pane's first column`, () => {
			const h = openDialog(questions, undefined, { rows });
			const lines = h.lines(width);
			const code = lines.map((line) => paneText(line, side)).filter((text) => /sumOf|end;/.test(text));
			expect(code.length, lines.join("\n")).toBeGreaterThan(1);
			for (const text of code) expect(text, lines.join("\n")).toMatch(/^ {2}\S/);
			// Wrapped, not cut: all of the line is there.
			expect(code.map((text) => text.trim()).join(" ")).toBe(`${CALL}end;`.replace(/\s+/g, " ").trim());
			expect(widest(h.dialog, width)).toBeLessThanOrEqual(width);
		});
	}
});
