/**
 * The dialog in small terminals: a preview that gets no room still says it exists and how to see it, on a line
 * nothing else needed (never one the question, the focused row or the hint needs), and the Review shows what the
 * person just wrote (the last answer, the note for all) under its title instead of hiding it under "lines hidden".
 */
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/core/types.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";
import { K, openDialog } from "./helpers.js";

const SIGN = "Preview hidden: widen the terminal";
const SQL = `\`\`\`sql\n${Array.from({ length: 12 }, (_, i) => `column_${i + 1} text NOT NULL,`).join("\n")}\n\`\`\``;
/** DATABASE with a long preview on its first and second options; the third has none. */
const WITH_PREVIEWS: Question = {
	...DATABASE,
	options: DATABASE.options?.map((o, i) => (i < 2 ? { ...o, preview: SQL } : o)),
};
const WORDS_500 = `${Array.from({ length: 500 }, (_, i) => `word${i}`).join(" ")}?`;

/**
 * The frame with previews shows every line the frame without them shows, in the same order and within the same
 * rows; the sign only adds itself in a line that was blank or unused: it never takes a line from anything else.
 */
function expectSignOnlyInABlankLine(withPreviews: string[], without: string[], rows: number) {
	const screen = `${withPreviews.join("\n")}\n---\n${without.join("\n")}`;
	const signs = withPreviews.filter((line) =>
		/^ *(Preview hidden: widen the terminal|No preview for this option\.)$/.test(line),
	);
	expect(signs.length, screen).toBeLessThanOrEqual(1);
	expect(withPreviews.length, screen).toBeLessThanOrEqual(rows);
	const content = (lines: string[]) => lines.filter((line) => line !== "" && !signs.includes(line));
	expect(content(withPreviews), screen).toEqual(content(without));
}

describe("a preview with no room", () => {
	// 15 rows: the dialog alone; 10 rows: what pi leaves it in a 40×15 terminal.
	for (const rows of [15, 10]) {
		it(`40×${rows}: one line that was blank says a preview is hidden; question, focused row and hint stay`, () => {
			const h = openDialog([WITH_PREVIEWS, NAME, FEATURES], undefined, { rows });
			const lines = h.lines(40);
			const screen = lines.join("\n");
			expect(lines.length).toBeLessThanOrEqual(rows);
			expect(screen, screen).not.toContain("column_1");
			expect(screen, screen).toContain(SIGN);
			expect(screen, screen).toContain("Which database should we use?");
			expect(screen, screen).toMatch(/> 1\. PostgreSQL/);
			expect(screen, screen).toContain("Esc cancel");
			expectSignOnlyInABlankLine(lines, openDialog([DATABASE, NAME, FEATURES], undefined, { rows }).lines(40), rows);
		});
	}

	it("40×15: on an option without a preview the same line says so", () => {
		const h = openDialog([WITH_PREVIEWS, NAME, FEATURES], undefined, { rows: 15 });
		const sign = h.lines(40).findIndex((line) => line.includes(SIGN));
		h.press(K.down, K.down);
		const lines = h.lines(40);
		expect(lines.join("\n")).toMatch(/> 3\. MongoDB/);
		expect(lines[sign], lines.join("\n")).toContain("No preview for this option.");
	});

	it("a question without previews gets no such line", () => {
		const screen = openDialog([DATABASE, NAME, FEATURES], undefined, { rows: 15 }).text(40);
		expect(screen, screen).not.toMatch(/preview/i);
	});

	it("60×20 with a 500-word question: the question's start, the focused row and the hint show; no line is lost", () => {
		for (const rows of [20, 14]) {
			const lines = openDialog([{ ...WITH_PREVIEWS, question: WORDS_500 }], undefined, { rows }).lines(60);
			const screen = lines.join("\n");
			expect(lines.length, screen).toBeLessThanOrEqual(rows);
			expect(screen, screen).toMatch(/word0 /);
			expect(screen, screen).toMatch(/> 1\. PostgreSQL/);
			expect(screen, screen).toContain("Esc cancel");
		}
	});

	it("50×8: no line to spare, so no sign; the question, the focused row and the hint keep theirs", () => {
		const lines = openDialog([WITH_PREVIEWS, NAME, FEATURES], undefined, { rows: 8 }).lines(50);
		const screen = lines.join("\n");
		expect(lines.length).toBeLessThanOrEqual(8);
		expect(screen, screen).toContain("Which database should we use?");
		expect(screen, screen).toMatch(/> 1\. PostgreSQL/);
		expect(screen, screen).toContain("Esc cancel");
		expectSignOnlyInABlankLine(lines, openDialog([DATABASE, NAME, FEATURES], undefined, { rows: 8 }).lines(50), 8);
	});

	it("while a text input is open the sign gives its line back", () => {
		const h = openDialog([WITH_PREVIEWS, NAME, FEATURES], undefined, { rows: 15 });
		h.press(K.ctrlN);
		const screen = h.text(40);
		expect(screen, screen).toContain("Note:");
		expect(screen, screen).not.toContain(SIGN);
	});

	it("the screen reader says in one line that the focused option's preview is hidden", () => {
		const h = openDialog([WITH_PREVIEWS, NAME, FEATURES], undefined, { rows: 12, screenReader: true });
		const lines = h.lines(40);
		const screen = lines.join("\n");
		expect(lines.length).toBeLessThanOrEqual(12);
		expect(screen, screen).not.toContain("column_1");
		expect(screen, screen).toContain(SIGN);
		h.press(K.down, K.down);
		expect(h.text(40)).not.toContain(SIGN);
	});
});

describe("the Review in a small terminal", () => {
	/** Three questions answered, the last with a long note: more than fits in 15 lines. */
	function answered(rows: number) {
		const long = { ...DATABASE, question: `${DATABASE.question} ${"It matters for years. ".repeat(3)}` };
		const h = openDialog([long, NAME, FEATURES], undefined, { rows });
		h.press(K.ctrlN);
		h.type("only while the load stays small");
		h.press(K.enter, K.enter);
		h.type("order-processor");
		h.press(K.enter, " ", K.ctrlN);
		h.type("keep auth simple for the first release");
		h.press(K.enter, K.enter);
		return h;
	}

	for (const rows of [15, 10]) {
		it(`40×${rows}: opens on the answer just given, under the Review's title, with the hint`, () => {
			const lines = answered(rows).lines(40);
			const screen = lines.join("\n");
			expect(lines.length).toBeLessThanOrEqual(rows);
			expect(screen, screen).toContain("Review your answers");
			expect(screen, screen).toContain("→ Authentication");
			expect(screen, screen).toContain("Note: keep auth simple");
			expect(screen, screen).toContain("Enter submit all");
		});

		it(`40×${rows}: shows a long note for all just saved under the Review's title; scrolling up still works`, () => {
			const h = answered(rows);
			h.press(K.ctrlN);
			h.type("ask again in May, once the load is known and the first invoices went out");
			h.press(K.enter);
			const lines = h.lines(40);
			const screen = lines.join("\n");
			expect(lines.length).toBeLessThanOrEqual(rows);
			expect(screen, screen).toContain("Review your answers");
			expect(screen, screen).toContain("Note for all: ask again in May");
			expect(screen, screen).toContain("invoices went out");
			expect(screen, screen).toContain("Enter submit all");
			h.press(K.shiftUp);
			const up = h.text(40);
			expect(up).not.toEqual(screen);
			expect(up, up).toContain("Review your answers");
		});
	}
});
