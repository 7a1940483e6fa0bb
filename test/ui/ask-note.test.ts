/**
 * A note for the whole set: on the Review tab Ctrl+N, the key of a note on a question, opens
 * a note on all the answers; it reaches the model as the result's top-level `note`, exactly as typed.
 */
import { stripVTControlCharacters } from "node:util";
import { KeybindingsManager, TUI_KEYBINDINGS } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import { type DialogState, initialState, reduce } from "../../src/ui/dialog-state.js";
import { keyToAction } from "../../src/ui/keys.js";
import { renderDialog } from "../../src/ui/render.js";
import { plainTheme } from "../../src/ui/theme.js";
import { DATABASE, NAME } from "../fixtures.js";
import { K, openDialog } from "./helpers.js";

const KEYS = new KeybindingsManager(TUI_KEYBINDINGS);

function press(state: DialogState, key: string): DialogState {
	const action = keyToAction(key, KEYS, state);
	return action ? reduce(state, action) : state;
}

/** The spec's two questions, PostgreSQL chosen and "svc" typed, on the Review tab. */
function onReview(): DialogState {
	let state = press(initialState([DATABASE, NAME]), K.enter);
	state = reduce(state, { type: "edit", text: "svc" });
	state = press(state, K.enter);
	expect(state.tab).toBe(2);
	return state;
}

function text(state: DialogState, width = 80, height = 30): string {
	return renderDialog(state, plainTheme, { width, height })
		.lines.map((line) => stripVTControlCharacters(line))
		.join("\n");
}

describe("the reducer and the key map", () => {
	it("Ctrl+N on the Review tab opens the note for the whole set; Enter keeps it and Enter submits it", () => {
		const review = onReview();
		expect(keyToAction(K.ctrlN, KEYS, review)).toEqual({ type: "note" });
		const open = press(review, K.ctrlN);
		expect(open.mode).toEqual({ kind: "input", purpose: "askNote" });
		const typed = reduce(open, { type: "edit", text: "  both are temporary, ask again in May  " });
		const saved = press(typed, K.enter);
		expect(saved.mode).toEqual({ kind: "list" });
		expect(saved.askNote).toBe("both are temporary, ask again in May");
		expect(saved.outcome).toBeUndefined();
		const done = press(saved, K.enter);
		expect(done.outcome).toEqual({
			kind: "answered",
			answers: [
				{
					question: DATABASE.question,
					answer: "PostgreSQL (Recommended)",
					selectedOption: "PostgreSQL (Recommended)",
					wasCustom: false,
				},
				{ question: NAME.question, answer: "svc", wasCustom: true },
			],
			note: "both are temporary, ask again in May",
		});
	});

	it("Esc leaves the note input without changing the note; reopening starts from the saved note", () => {
		let state = reduce(press(onReview(), K.ctrlN), { type: "edit", text: "first" });
		state = press(state, K.enter);
		state = reduce(press(state, K.ctrlN), { type: "edit", text: "second thoughts" });
		state = press(state, K.escape);
		expect(state.mode).toEqual({ kind: "list" });
		expect(state.askNote).toBe("first");
		expect(state.outcome).toBeUndefined();
		state = press(state, K.ctrlN);
		expect(state.askNoteDraft).toBe("first");
	});

	it("a blank note is no note: the outcome has no note field", () => {
		const state = press(reduce(press(onReview(), K.ctrlN), { type: "edit", text: "   " }), K.enter);
		const done = press(state, K.enter);
		expect(done.outcome?.kind).toBe("answered");
		expect(done.outcome && "note" in done.outcome).toBe(false);
	});

	it("Tab away from the note input keeps what it shows", () => {
		const state = press(reduce(press(onReview(), K.ctrlN), { type: "edit", text: "keep me" }), K.tab);
		expect(state.tab).toBe(0);
		expect(state.askNote).toBe("keep me");
	});

	it("is the person's alone: skipping every question with a note still sends only the note", () => {
		const review = press(press(initialState([DATABASE, NAME]), K.tab), K.tab);
		const done = press(
			press(reduce(press(review, K.ctrlN), { type: "edit", text: "decide yourself" }), K.enter),
			K.enter,
		);
		expect(done.outcome).toEqual({
			kind: "answered",
			answers: [],
			unanswered: [DATABASE.question, NAME.question],
			note: "decide yourself",
		});
	});
});

describe("the Review tab draws it", () => {
	it("names Ctrl+N in the hint, shows the input with its label, then the saved note", () => {
		const review = onReview();
		expect(text(review)).toContain("Ctrl+N note for all");
		const open = reduce(press(review, K.ctrlN), { type: "edit", text: "draft" });
		const input = (w: number) => ["─".repeat(w), "draft", "─".repeat(w)];
		const frame = renderDialog(open, plainTheme, { width: 80, height: 30 }, input)
			.lines.map((line) => stripVTControlCharacters(line))
			.join("\n");
		expect(frame).toContain("Note for all answers:");
		expect(frame).toContain("draft");
		expect(frame).toContain("Enter save note");
		const saved = press(open, K.enter);
		expect(text(saved)).toContain("Note for all: draft");
	});

	it("keeps the input in view on a short terminal, every line within the width", () => {
		const open = press(onReview(), K.ctrlN);
		const input = (w: number) => ["─".repeat(w), "typed", "─".repeat(w)];
		for (const [width, height] of [
			[40, 12],
			[80, 24],
			[30, 8],
		] as const) {
			const lines = renderDialog(open, plainTheme, { width, height }, input).lines;
			expect(lines.length).toBeLessThanOrEqual(height);
			expect(lines.map((l) => stripVTControlCharacters(l)).join("\n")).toContain("typed");
			for (const line of lines) expect(stripVTControlCharacters(line).length).toBeLessThanOrEqual(width);
		}
	});

	it("in the component, the typed note reaches the outcome exactly (trimmed)", () => {
		const h = openDialog([DATABASE, NAME]);
		h.press(K.enter);
		h.type("svc");
		h.press(K.enter);
		expect(h.text()).toContain("Review your answers");
		h.press(K.ctrlN);
		h.type("one note, for both");
		h.press(K.enter);
		expect(h.text()).toContain("Note for all: one note, for both");
		h.press(K.enter);
		expect(h.outcome()).toMatchObject({ kind: "answered", note: "one note, for both" });
	});

	it("reads it out in screen-reader mode", () => {
		const h = openDialog([DATABASE, NAME], undefined, { screenReader: true });
		h.press(K.tab, K.tab, K.ctrlN);
		expect(h.text()).toContain("Typing a note for all answers");
		h.type("n1");
		h.press(K.enter);
		expect(h.text()).toContain("Note for all: n1");
	});
});

describe("a dialog whose asker takes no notes (an MCP client's ask answered in pi)", () => {
	it("neither Ctrl+N nor the note hint is offered, on a question or on the Review", () => {
		let state = initialState([DATABASE, NAME], { notesAllowed: false });
		expect(keyToAction(K.ctrlN, KEYS, state)).toBeUndefined();
		expect(text(state)).not.toMatch(/note/i);
		state = press(state, K.enter);
		state = reduce(state, { type: "edit", text: "svc" });
		state = press(state, K.enter);
		expect(state.tab).toBe(2);
		expect(keyToAction(K.ctrlN, KEYS, state)).toBeUndefined();
		expect(text(state)).not.toMatch(/note/i);
		expect(press(state, K.enter).outcome).toMatchObject({ kind: "answered" });
	});
});
