/** The dialog driven with key sequences through the real component, plain theme, default keybindings. */
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/core/types.js";
import { DATABASE as DB, FEATURES, NAME } from "../fixtures.js";
import { K, openDialog } from "./helpers.js";

const TWELVE: Question = {
	question: "Which framework should we use?",
	header: "Framework Selection",
	options: Array.from({ length: 12 }, (_, i) => ({ label: `Framework ${i + 1}` })),
};

describe("single question with options", () => {
	it("shows the spec's layout and selects with Enter", () => {
		const h = openDialog([DB]);
		expect(h.lines()).toEqual([
			"─".repeat(80),
			" Database Selection",
			"",
			"  Which database should we use?",
			"",
			"  > 1. PostgreSQL (Recommended)",
			"       Battle-tested relational DB",
			"    2. SQLite",
			"       Lightweight, file-based",
			"    3. MongoDB",
			"       Document store",
			"    4. Other (type your answer)",
			"",
			" ↑↓ move • Enter select • 1-4 pick • Esc cancel",
			" type your own answer • / filter • Ctrl+N note • Alt+O hide",
			"─".repeat(80),
		]);
		h.press(K.down, K.enter);
		expect(h.outcome()).toEqual({
			kind: "answered",
			answers: [{ question: DB.question, answer: "SQLite", selectedOption: "SQLite", wasCustom: false }],
		});
	});

	it("cancels at once on Esc", () => {
		const h = openDialog([DB]);
		h.press(K.escape);
		expect(h.outcome()).toEqual({ kind: "cancelled" });
	});

	it("quick-selects with digits; 0 jumps to Other", () => {
		const h = openDialog([DB]);
		h.press("0");
		expect(h.text()).toContain("> 4. Other (type your answer)");
		expect(h.outcome()).toBeUndefined();
		h.press("3");
		expect(h.outcome()).toMatchObject({ answers: [{ answer: "MongoDB", selectedOption: "MongoDB" }] });
	});

	it("opens a text input for Other; Esc returns to the options, not a cancel", () => {
		const h = openDialog([DB]);
		h.press(K.up, K.enter);
		expect(h.text()).toContain("Your answer:");
		h.type("I want DynamoDB");
		h.press(K.escape);
		expect(h.outcome()).toBeUndefined();
		expect(h.text()).not.toContain("Your answer:");
		expect(h.text()).toContain("> 4. Other: I want DynamoDB");
		h.press(K.enter);
		h.type(" please");
		h.press(K.enter);
		expect(h.outcome()).toEqual({
			kind: "answered",
			answers: [{ question: DB.question, answer: "I want DynamoDB please", wasCustom: true }],
		});
	});

	it("adds a note with Ctrl+N", () => {
		const h = openDialog([DB]);
		h.press(K.ctrlN);
		h.type("only if managed");
		h.press(K.enter);
		expect(h.text()).toContain("Note: only if managed");
		h.press(K.enter);
		expect(h.outcome()).toMatchObject({ answers: [{ answer: "PostgreSQL (Recommended)", note: "only if managed" }] });
	});

	it("asks before accepting an answer over the soft limit", () => {
		const h = openDialog([DB]);
		h.press("0", K.enter);
		h.press(`\x1b[200~${"x".repeat(2847)}\x1b[201~`);
		h.press(K.enter);
		expect(h.text()).toContain("Answer is long (2,847 chars). Continue anyway?");
		expect(h.outcome()).toBeUndefined();
		h.press("n");
		expect(h.text()).toContain("Your answer:");
		h.press(K.enter, K.enter);
		expect(h.outcome()).toMatchObject({ answers: [{ answer: "x".repeat(2847), wasCustom: true }] });
	});
});

describe("long option lists", () => {
	it("scrolls a window with ↑/↓ N more indicators and keeps Other reachable", () => {
		const h = openDialog([TWELVE]);
		const h6 = openDialog([TWELVE], undefined, { rows: 12 });
		expect(h6.text()).toContain("↓ 8 more");
		expect(h6.text()).not.toMatch(/↑ \d+ more/);
		h6.press(...Array(7).fill(K.down));
		expect(h6.text()).toMatch(/↑ \d+ more/);
		expect(h6.text()).toContain(">  8. Framework 8");
		h6.press(K.up, K.up, K.up, K.up, K.up, K.up, K.up, K.up);
		expect(h6.text()).toContain("> 13. Other (type your answer)");
		h.press("9");
		expect(h.outcome()).toMatchObject({ answers: [{ answer: "Framework 9" }] });
	});

	it("filters with / and selects from the matches", () => {
		const h = openDialog([TWELVE]);
		h.press("/");
		h.type("11");
		expect(h.text()).toContain("Filter: 11");
		expect(h.text()).toContain("> 11. Framework 11");
		expect(h.text()).toContain("13. Other (type your answer)");
		h.press(K.backspace);
		expect(h.text()).toContain("12. Framework 12");
		h.press(K.down, K.enter);
		expect(h.outcome()).toMatchObject({ answers: [{ answer: "Framework 10" }] });
	});

	it("Esc in the filter clears it instead of cancelling", () => {
		const h = openDialog([TWELVE]);
		h.press("/");
		h.type("zzz");
		expect(h.text()).toContain("No option matches");
		h.press(K.escape);
		expect(h.outcome()).toBeUndefined();
		expect(h.text()).toContain("Framework 1");
	});
});

describe("multi-select", () => {
	it("toggles with Space, ticks a typed Other, and submits with Enter", () => {
		const h = openDialog([FEATURES]);
		h.press(K.space, K.down, K.down, K.down, K.space);
		h.type("GraphQL");
		h.press(K.enter);
		expect(h.text()).toContain("[x] Authentication");
		expect(h.text()).toContain("[x] Other: GraphQL");
		h.press(K.enter);
		expect(h.outcome()).toEqual({
			kind: "answered",
			answers: [
				{
					question: FEATURES.question,
					answer: ["Authentication", "GraphQL"],
					selectedOption: ["Authentication"],
					wasCustom: true,
				},
			],
		});
	});

	it("registers the focused option when Enter is pressed with nothing ticked", () => {
		const h = openDialog([FEATURES]);
		h.press(K.down, K.enter);
		expect(h.outcome()).toMatchObject({ answers: [{ answer: ["REST API"], selectedOption: ["REST API"] }] });
	});

	it("ticks from a filtered list with Enter, and Esc clears the filter before cancelling", () => {
		const h = openDialog([FEATURES]);
		h.press("/");
		h.type("api");
		h.press(K.enter);
		expect(h.text()).toContain("[x] REST API");
		expect(h.outcome()).toBeUndefined();
		h.press(K.escape);
		expect(h.outcome()).toBeUndefined();
		expect(h.text()).toContain("Authentication");
		h.press(K.space, K.enter);
		expect(h.outcome()).toMatchObject({ answers: [{ answer: ["Authentication", "REST API"] }] });
	});

	it("unticks with a second Space", () => {
		const h = openDialog([FEATURES]);
		h.press(K.space, K.space, K.down, K.space, K.enter);
		expect(h.outcome()).toMatchObject({ answers: [{ answer: ["REST API"] }] });
	});
});

describe("text question", () => {
	it("submits typed text and recalls history with ↑", () => {
		const h = openDialog([NAME], ["billing-api"]);
		expect(h.text()).toContain("Enter submit • ↑ earlier answers • Esc cancel");
		h.press(K.up);
		expect(h.text()).toContain("billing-api");
		h.press(K.enter);
		expect(h.outcome()).toEqual({
			kind: "answered",
			answers: [{ question: NAME.question, answer: "billing-api", wasCustom: true }],
		});
	});

	it("wraps a long answer instead of cutting it", () => {
		const h = openDialog([NAME]);
		const words = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
		h.type(words);
		const text = h.text(40);
		expect(text).toContain("word0");
		expect(text).toContain("word29");
	});
});

describe("several questions", () => {
	it("shows the tab bar and marks answered tabs", () => {
		const h = openDialog([DB, NAME]);
		expect(h.lines()[1]).toBe(" 1/2  □ Database Selection  □ Service Setup  ✓ Submit ");
		h.press(K.enter);
		expect(h.lines()[1]).toBe(" 2/2  ■ Database Selection  □ Service Setup  ✓ Submit ");
	});

	it("switches tabs with Tab, Shift+Tab and ←→, keeping a typed draft", () => {
		const h = openDialog([DB, NAME]);
		h.press(K.right);
		h.type("draft-name");
		h.press(K.tab);
		expect(h.text()).toContain("Review your answers");
		h.press(K.shiftTab);
		expect(h.text()).toContain("draft-name");
		h.press(K.shiftTab);
		expect(h.text()).toContain("PostgreSQL");
		h.press(K.left);
		expect(h.text()).toContain("Review your answers");
	});

	it("keeps text typed before switching tabs as the answer, the way the screen shows it", () => {
		const h = openDialog([DB, NAME]);
		h.press(K.enter);
		h.type("typed-then-tabbed");
		h.press(K.tab);
		expect(h.text()).toContain("typed-then-tabbed");
		expect(h.text()).toContain("All questions answered");
		h.press(K.enter);
		expect(h.outcome()).toMatchObject({
			kind: "answered",
			answers: [{ answer: "PostgreSQL (Recommended)" }, { answer: "typed-then-tabbed", wasCustom: true }],
		});
	});

	it("reviews every answer in full on the Submit tab", () => {
		const long = "a very long service name ".repeat(8).trim();
		const h = openDialog([DB, NAME]);
		h.press(K.enter);
		h.type(long);
		h.press(K.enter);
		const text = h.lines(40).join(" ").replace(/\s+/g, " ");
		expect(text).toContain(long);
		expect(text).toContain("All questions answered");
	});

	it("says once, on the Review, that questions are unanswered; Enter submits them as unanswered", () => {
		const h = openDialog([DB, NAME]);
		h.press(K.enter, K.tab);
		expect(h.text()).toContain("1 unanswered: Enter submits anyway");
		h.press(K.enter);
		expect(h.outcome()).toEqual({
			kind: "answered",
			answers: [
				{
					question: DB.question,
					answer: "PostgreSQL (Recommended)",
					selectedOption: "PostgreSQL (Recommended)",
					wasCustom: false,
				},
			],
			unanswered: [NAME.question],
		});
	});

	it("cancels at once when nothing is answered", () => {
		const h = openDialog([DB, NAME]);
		h.press(K.escape);
		expect(h.outcome()).toEqual({ kind: "cancelled" });
	});

	it("confirms the discard of answers: No returns, Yes cancels", () => {
		const h = openDialog([DB, NAME]);
		h.press(K.enter, K.escape);
		expect(h.text()).toContain("Discard 1 answer?");
		h.press("n");
		expect(h.outcome()).toBeUndefined();
		expect(h.text()).not.toContain("Discard");
		h.type("svc");
		h.press(K.enter);
		expect(h.text()).toContain("Review your answers");
		h.press(K.escape);
		expect(h.text()).toContain("Discard 2 answers?");
		h.press(K.left, K.enter);
		expect(h.outcome()).toEqual({ kind: "cancelled" });
	});

	it("Esc on the discard question answers No", () => {
		const h = openDialog([DB, NAME]);
		h.press(K.enter, K.escape, K.escape);
		expect(h.outcome()).toBeUndefined();
		expect(h.text()).toContain("What should we name this service?");
	});
});

describe("abort", () => {
	it("closes with cancelled", () => {
		const h = openDialog([DB, NAME]);
		h.press(K.enter);
		h.dialog.dispatch({ type: "abort" });
		expect(h.outcome()).toEqual({ kind: "cancelled" });
	});
});
