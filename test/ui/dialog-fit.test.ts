/**
 * The dialog's height through the real component (plain theme, pi's default keybindings): the dialog fits the height it
 * is given, typing on the list is an Other answer, previews use the room and scroll, and the polish items.
 */
import { visibleWidth } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/core/types.js";
import { DATABASE as DB, FEATURES, NAME } from "../fixtures.js";
import { K, openDialog, widest } from "./helpers.js";

const TWELVE: Question = {
	question: "Which framework should we use?",
	header: "Frameworks",
	options: Array.from({ length: 12 }, (_, i) => ({ label: `Framework ${i + 1}` })),
};

const CODE = Array.from({ length: 13 }, (_, i) => `const line${i + 1} = ${i + 1};`);
const WITH_PREVIEW: Question = {
	question: "Which setup?",
	header: "Setup",
	options: [
		{ label: "Long", preview: `\`\`\`ts\n${CODE.join("\n")}\n\`\`\`` },
		{ label: "Short", preview: "```ts\nconst a = 1;\n```" },
		{ label: "None" },
	],
};

describe("height", () => {
	it("never renders more lines than it is given, and keeps the tab bar, question, focused row and hint", () => {
		for (const rows of [8, 10, 12, 15, 19, 24, 45]) {
			const h = openDialog(
				[{ ...DB, options: DB.options?.map((o) => ({ ...o, preview: CODE.join("\n") })) }, NAME, FEATURES],
				undefined,
				{
					rows,
				},
			);
			for (const width of [40, 60, 80, 200]) {
				const lines = h.lines(width);
				expect(lines.length, `${width}×${rows}`).toBeLessThanOrEqual(rows);
				const text = lines.join("\n");
				expect(text).toContain("1/3");
				expect(text).toContain("Which database");
				expect(text).toMatch(/> 1\. PostgreSQL/);
				expect(text).toContain("Esc");
			}
		}
	});

	it("clamps a 500-word question and keeps the focused row on screen; Shift+↓ scrolls the question", () => {
		const words = Array.from({ length: 500 }, (_, i) => `word${i}`).join(" ");
		const h = openDialog([{ ...DB, question: words }], undefined, { rows: 15 });
		const first = h.text(60);
		expect(h.lines(60).length).toBeLessThanOrEqual(15);
		expect(first).toContain("word0 ");
		expect(first).toMatch(/> 1\. PostgreSQL/);
		expect(first).toMatch(/↓ \d+ lines hidden/);
		h.press(K.shiftDown, K.shiftDown);
		expect(h.text(60)).not.toContain("word0 ");
		expect(h.text(60)).toMatch(/↑ 2 ↓ \d+ lines hidden/);
	});

	it("sizes the option window to the room: 12 options all show at 50 rows, a window at 14", () => {
		expect(openDialog([TWELVE], undefined, { rows: 50 }).text()).toContain("13. Other");
		const small = openDialog([TWELVE], undefined, { rows: 14 });
		expect(small.text()).toMatch(/↓ \d+ more$/m);
		expect(small.lines().length).toBeLessThanOrEqual(14);
	});

	it("a digit whose row is off screen picks that row, as it does when the row is shown (9 on a short window)", () => {
		const h = openDialog([TWELVE], undefined, { rows: 14 });
		expect(h.text()).not.toContain("9. Framework 9");
		h.press("9");
		expect(h.outcome()).toMatchObject({ answers: [{ answer: "Framework 9", selectedOption: "Framework 9" }] });
	});

	it("9: widths of 1 to 5 columns neither overflow nor blow the editor's stack, even with wide characters", () => {
		for (const width of [1, 2, 3, 4, 5]) {
			for (const text of ["typed", "日本語", "👍👍"]) {
				const h = openDialog([DB, NAME]);
				h.press(K.tab);
				h.lines(width);
				h.type(text);
				h.lines(width);
				h.press(K.left, K.up, K.right);
				expect(widest(h.dialog, width), `width ${width}`).toBeLessThanOrEqual(width);
			}
		}
	});
});

describe("typing on the option list", () => {
	it("a sentence becomes that custom answer with no note", () => {
		const h = openDialog([DB]);
		h.type("I want DynamoDB");
		h.press(K.enter);
		expect(h.outcome()).toEqual({
			kind: "answered",
			answers: [{ question: DB.question, answer: "I want DynamoDB", wasCustom: true }],
		});
	});

	it("keeps digits beside rows, Space in multi-select and / as the first key", () => {
		const multi = openDialog([FEATURES]);
		multi.press("2", K.up, K.space);
		expect(multi.text()).toContain("2. [x] REST API");
		expect(multi.text()).toContain("1. [x] Authentication");
		const filter = openDialog([TWELVE]);
		filter.press("/");
		expect(filter.text()).toContain("Filter:");
	});

	it("a paste on the list is an Other answer too", () => {
		const h = openDialog([DB]);
		h.press("\x1b[200~Aurora Serverless\x1b[201~");
		h.press(K.enter);
		expect(h.outcome()).toMatchObject({ answers: [{ answer: "Aurora Serverless", wasCustom: true }] });
	});
});

describe("previews", () => {
	it("shows a 13-line code preview in full when there is room", () => {
		const h = openDialog([WITH_PREVIEW], undefined, { rows: 45 });
		for (const width of [80, 200]) {
			const text = h.text(width);
			for (const line of CODE) expect(text, `width ${width}`).toContain(line);
		}
	});

	it("says how many lines are hidden and scrolls with Shift+↑↓ when there is not", () => {
		const h = openDialog([WITH_PREVIEW], undefined, { rows: 16 });
		expect(h.text()).toMatch(/↓ \d+ lines hidden/);
		expect(h.text()).not.toContain("const line13");
		for (let i = 0; i < 20; i++) h.press(K.shiftDown);
		expect(h.text()).toContain("const line13");
		expect(h.text()).toMatch(/↑ \d+ lines hidden/);
	});

	it("keeps the pane's height as the focus moves, so the dialog does not jump", () => {
		const h = openDialog([WITH_PREVIEW], undefined, { rows: 45 });
		for (const width of [80, 200]) {
			const heights = [0, 1, 2].map((row) => {
				const g = openDialog([WITH_PREVIEW], undefined, { rows: 45 });
				for (let i = 0; i < row; i++) g.press(K.down);
				return g.lines(width).length;
			});
			expect(new Set(heights).size, `width ${width}: ${heights}`).toBe(1);
		}
		expect(h.lines().length).toBeLessThanOrEqual(45);
	});

	it("renders a markdown table as a table", () => {
		const table = "| Plan | Price |\n| --- | --- |\n| Free | $0 |\n| Pro | $10 |";
		const h = openDialog([{ question: "Which plan?", options: [{ label: "Free", preview: table }, { label: "Pro" }] }]);
		expect(h.text()).toMatch(/│ Plan +│ Price +│/);
		expect(h.text()).not.toContain("| --- |");
	});
});

describe("minor items", () => {
	it("4: the number beside Other opens it", () => {
		const h = openDialog([DB]);
		h.press("4");
		expect(h.text()).toContain("Your answer:");
		h.type("Cassandra");
		h.press(K.enter);
		expect(h.outcome()).toMatchObject({ answers: [{ answer: "Cassandra", wasCustom: true }] });
	});

	it("5: seven tabs keep readable chips, a 3/7 counter and one layout", () => {
		const names = ["Database", "Security", "Caching", "Logging", "Hosting", "Pricing", "Testing"];
		const h = openDialog(
			names.map((header) => ({ question: `About ${header}?`, header, options: [{ label: "Yes" }] })),
		);
		for (const [i, name] of names.entries()) {
			const bar = h.lines(80)[1] ?? "";
			expect(bar).toContain(`${i + 1}/7`);
			expect(bar).toContain(name);
			expect(bar).not.toMatch(/[□■] \S{1,3}…/);
			expect(bar.indexOf(`${i + 1}/7`)).toBe(1);
			h.press(K.tab);
		}
		expect(h.lines(40)[1]).toMatch(/7\/7|✓/);
	});

	it("6: ←/→ leave a free-text tab from the end they point to; from Submit, ← ← gets back to the first tab", () => {
		const h = openDialog([DB, NAME]);
		h.press(K.tab);
		h.type("abc");
		h.press(K.left);
		expect(h.text()).toContain("What should we name this service?");
		h.press(K.right, K.right);
		expect(h.text()).toContain("Review your answers");
		const s = openDialog([DB, NAME]);
		s.press(K.shiftTab);
		expect(s.text()).toContain("Review your answers");
		s.press(K.left, K.left);
		expect(s.text()).toContain("> 1. PostgreSQL");
	});

	it("7: Ctrl+G edits the Other, free-text and note inputs in the external editor", () => {
		const seen: string[] = [];
		const edit = (text: string) => {
			seen.push(text);
			return `edited[${text}]`;
		};
		const h = openDialog([DB, NAME, FEATURES], undefined, { editExternally: edit });
		h.press("4");
		h.type("abc");
		h.press(K.ctrlG, K.enter, K.ctrlG, K.enter, K.ctrlN, K.ctrlG, K.enter, K.enter, K.enter);
		expect(seen).toEqual(["abc", "", ""]);
		expect(h.outcome()).toMatchObject({
			answers: [{ answer: "edited[abc]" }, { answer: "edited[]" }, { answer: ["Authentication"], note: "edited[]" }],
		});
	});

	it("8: one hint per state, two lines when narrow, mentioning / filter, Ctrl+N, ↑ recall and Ctrl+G", () => {
		const h = openDialog([DB, NAME, FEATURES], ["older"], { editExternally: (t) => t });
		h.press(K.tab, K.tab);
		const hint = h.lines(80).slice(-3, -1).join(" ");
		expect(hint).toContain("/ filter");
		expect(hint).toContain("Ctrl+N note");
		expect(hint.match(/Enter/g)?.length).toBe(1);
		expect(hint.match(/Esc/g)?.length).toBe(1);
		h.press(K.shiftTab);
		const text = h.lines(80).slice(-3, -1).join(" ");
		expect(text).toContain("↑ earlier answers");
		expect(text).toContain("Ctrl+G editor");
	});

	it("9: the header shows once in tabbed dialogs", () => {
		const h = openDialog([DB, NAME]);
		expect(h.text().match(/Database Selection/g)?.length).toBe(1);
	});

	it("9: a filtered list keeps the options' numbers and Esc is named as clearing it", () => {
		const h = openDialog([TWELVE]);
		h.press("/");
		h.type("11");
		h.press(K.enter);
		h.press(K.escape);
		const f = openDialog([FEATURES]);
		f.press("/");
		f.type("api");
		f.press(K.enter);
		expect(f.text()).toContain("2. [x] REST API");
		expect(f.text()).toContain("Esc clear filter");
	});

	it("9: the Review marks a typed Other item in multi-select as typed, in quotes (one answer, commas and all)", () => {
		const h = openDialog([FEATURES, NAME]);
		h.press(K.space);
		h.type("GraphQL");
		h.press(K.enter, K.enter);
		h.press(K.tab);
		expect(h.text()).toContain('Authentication, (typed) "GraphQL"');
	});

	it("9: Enter on an empty lone text question says what it waits for", () => {
		const h = openDialog([NAME]);
		h.press(K.enter);
		expect(h.outcome()).toBeUndefined();
		expect(h.text()).toContain("Type an answer, or Esc to cancel.");
		h.type("x");
		expect(h.text()).not.toContain("Type an answer, or Esc to cancel.");
	});

	it("9: the list's indicators read alike (↑ N more / ↓ N more)", () => {
		const h = openDialog([TWELVE], undefined, { rows: 14 });
		h.press(...Array(9).fill(K.down));
		const text = h.text();
		expect(text).toMatch(/↑ \d+ more$/m);
		expect(text).toMatch(/↓ \d+ more$/m);
		for (const line of h.lines()) expect(visibleWidth(line)).toBeLessThanOrEqual(80);
	});
});

describe("context (the dialects helper's Question.context)", () => {
	it("shows the question's markdown context under the question", () => {
		const h = openDialog([{ ...DB, context: "We store **orders**:\n\n- about 1 000 a day\n- kept 7 years" }]);
		const text = h.text();
		expect(text).toMatch(/Which database should we use\?\n\s+We store orders:/);
		expect(text).toMatch(/- about 1 000 a day/);
		expect(text).not.toContain("**");
	});
});

describe("an open text input in a short terminal", () => {
	it("keeps the line being typed and the hint on screen", () => {
		const h = openDialog([DB, NAME, FEATURES], undefined, { rows: 10 });
		h.press("4");
		for (let i = 1; i <= 6; i++) {
			h.type(`line ${i}`);
			if (i < 6) h.press("\x1b[13;2u");
		}
		const lines = h.lines(40);
		expect(lines.length).toBeLessThanOrEqual(10);
		expect(lines.join("\n")).toContain("line 6");
		expect(lines.join("\n")).toContain("Esc back to options");
	});
});
