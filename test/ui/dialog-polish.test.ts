/**
 * The dialog's polish: blank lines that stay put when an input opens, the row being answered drawn
 * as brightly as the others, plain-text previews without fence lines, a stacked preview that is useful or not
 * there, the "lines hidden" marker inside the indent, a ticked Other that shows its text at 40 columns, and a
 * hint whose second line never holds one lone item.
 */
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/core/types.js";
import { initialState, reduce } from "../../src/ui/dialog-state.js";
import { renderDialog } from "../../src/ui/render.js";
import { type DialogTheme, plainTheme } from "../../src/ui/theme.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";
import { K, openDialog } from "./helpers.js";

/** Marks each style, so a test can tell a dimmed row from a plain one. */
const tagged: DialogTheme = {
	...plainTheme,
	accent: (t) => `<a>${t}</a>`,
	text: (t) => `<t>${t}</t>`,
	muted: (t) => `<m>${t}</m>`,
	dim: (t) => `<d>${t}</d>`,
};

const SQL = "```sql\nCREATE TABLE orders (\n  id bigserial PRIMARY KEY,\n  total numeric(10, 2) NOT NULL\n);\n```";
const WITH_SQL: Question = {
	...DATABASE,
	options: DATABASE.options?.map((o, i) => (i === 0 ? { ...o, preview: SQL } : o)),
};

describe("blank lines stay where they are when a text input opens", () => {
	for (const width of [60, 80]) {
		for (const rows of [13, 14, 15, 16, 17, 18, 19, 20, 22, 24, 30]) {
			for (const opener of [["0", K.enter], [K.ctrlN]]) {
				it(`${width}×${rows}, ${opener.length === 2 ? "Other" : "note"}`, () => {
					const h = openDialog([DATABASE, NAME], undefined, { rows });
					const before = h.lines(width);
					h.press(...opener);
					const after = h.lines(width);
					const at = (lines: string[], text: string | RegExp) =>
						lines.findIndex((l) => (typeof text === "string" ? l.includes(text) : text.test(l)));
					expect(at(after, DATABASE.question), after.join("\n")).toBe(at(before, DATABASE.question));
					// The list's first row, where the input left it on screen.
					if (at(after, /1\. PostgreSQL/) >= 0) {
						expect(at(after, /1\. PostgreSQL/), after.join("\n")).toBe(at(before, /1\. PostgreSQL/));
					}
				});
			}
		}
	}
});

describe("the row being answered", () => {
	it("is not drawn dimmer than the others while its Other input is open", () => {
		const state = reduce(initialState([DATABASE]), { type: "quick", digit: 4 });
		expect(state.mode).toEqual({ kind: "input", purpose: "other" });
		const lines = renderDialog(state, tagged, { width: 80, height: 24 }).lines;
		const row = lines.find((l) => l.includes("Other (type your answer)")) ?? "";
		expect(row).not.toMatch(/<[md]>[^<]*Other/);
		expect(row).toMatch(/<a>[^<]*Other/);
	});

	it("a ticked Other with its text is drawn as an answer, not as a muted placeholder", () => {
		let state = reduce(initialState([FEATURES]), { type: "quick", digit: 4 });
		state = reduce(state, { type: "edit", text: "GraphQL" });
		state = reduce(state, { type: "confirm" });
		state = reduce(state, { type: "up" });
		const lines = renderDialog(state, tagged, { width: 80, height: 24 }).lines;
		const row = lines.find((l) => l.includes("GraphQL")) ?? "";
		expect(row).not.toMatch(/<[md]>[^<]*GraphQL/);
	});
});

describe("previews", () => {
	it("a plain-text (ASCII) mock-up is shown verbatim, without code-fence lines", () => {
		const mock = "+--------+\n| [ OK ] |\n+--------+";
		const h = openDialog([
			{ question: "Which layout?", options: [{ label: "Boxed", preview: mock }, { label: "Bare" }] },
		]);
		for (const width of [60, 160]) {
			const text = h.text(width);
			expect(text).not.toContain("```");
			for (const line of mock.split("\n")) expect(text).toContain(line);
		}
	});

	it("a preview that is one fenced code block shows the code without the fence lines", () => {
		const text = openDialog([WITH_SQL]).text(60);
		expect(text).toContain("CREATE TABLE orders (");
		expect(text).not.toContain("```");
	});

	it("at the room pi leaves at 60×20 (14 lines) the preview is readable, not one line", () => {
		const h = openDialog([WITH_SQL, NAME, FEATURES], undefined, { rows: 14 });
		const lines = h.lines(60);
		expect(lines.length).toBeLessThanOrEqual(14);
		const text = lines.join("\n");
		expect(text, text).toMatch(/> 1\. PostgreSQL/);
		for (const code of ["CREATE TABLE orders (", "id bigserial PRIMARY KEY,", "total numeric(10, 2)", ");"]) {
			expect(text, text).toContain(code);
		}
	});

	it("where no placement leaves a preview room to be useful, it is left out rather than shown as one line", () => {
		const h = openDialog([WITH_SQL, NAME, FEATURES], undefined, { rows: 11 });
		const text = h.text(40);
		expect(text, text).toMatch(/> 1\. PostgreSQL/);
		expect(text, text).not.toContain("Preview");
	});
});

describe("markers and rows at small sizes", () => {
	it("the long question's \"lines hidden\" marker sits inside the question's indent", () => {
		const words = Array.from({ length: 500 }, (_, i) => `word${i}`).join(" ");
		const h = openDialog([{ ...DATABASE, question: words }], undefined, { rows: 15 });
		const marker = h.lines(60).find((l) => l.includes("lines hidden")) ?? "";
		expect(marker).toMatch(/^ {2}↓ \d+ lines hidden/);
	});

	it("a ticked Other at 40×15 shows the text typed for it", () => {
		const h = openDialog([FEATURES], undefined, { rows: 15 });
		h.press("0", K.space);
		h.type("GraphQL and gRPC");
		h.press(K.enter);
		const text = h.lines(40).join("\n");
		expect(text, text).toContain("GraphQL and gRPC");
		expect(text).toMatch(/\[x\] Other/);
	});
});

describe("the hint", () => {
	/** The hint lines: those between the body's last blank line and the bottom border. */
	function hintLines(questions: Question[], width: number): string[] {
		const lines = renderDialog(initialState(questions), plainTheme, { width, height: 40 }).lines.map((l) =>
			stripVTControlCharacters(l),
		);
		const end = lines.length - 1;
		return lines.slice(lines.lastIndexOf("", end) + 1, end);
	}

	it("never wraps one lone item onto a line of its own (100 columns, tabs)", () => {
		for (const width of [60, 80, 90, 100, 110, 120]) {
			for (const questions of [[DATABASE], [DATABASE, NAME], [FEATURES], [FEATURES, NAME]]) {
				const lines = hintLines(questions, width);
				if (lines.length < 2) continue;
				expect(lines.at(-1), `${width}: ${lines.join(" / ")}`).toContain(" • ");
			}
		}
	});
});
