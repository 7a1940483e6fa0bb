/**
 * The dialog among pi's own keys: keys typed as it opens are held back (the key guard), Ctrl+C interrupts rather
 * than cancels, Ctrl+D quits pi where it edits no text, and a dialog may open folded.
 */
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/core/types.js";
import { COUNTDOWN_MS, countdownSeconds } from "../../src/ui/dialog.js";
import { K, openDialog } from "./helpers.js";

const REGION: Question[] = [
	{ question: "Which region should we deploy to?", options: [{ label: "us-east" }, { label: "eu-west" }] },
];

/** A dialog under a guard of 400 ms and a clock the test moves. */
function guarded() {
	let now = 1_000;
	const h = openDialog(REGION, undefined, { keyGuardMs: 400, now: () => now });
	return { h, at: (ms: number) => (now = ms) };
}

describe("the key guard", () => {
	it("holds back a key that comes before the dialog was drawn", () => {
		const { h, at } = guarded();
		h.press("2");
		at(5_000);
		h.text();
		expect(h.outcome()).toBeUndefined();
	});

	it("holds back keys in the first moment after the dialog was drawn, and while the typing goes on", () => {
		const { h, at } = guarded();
		h.text();
		at(1_100);
		h.type("endpoint");
		// Each held key starts the quiet over: a typist 300 ms apart never reaches the list.
		for (const t of [1_400, 1_700, 2_000]) {
			at(t);
			h.press(K.enter);
		}
		expect(h.outcome()).toBeUndefined();
		expect(h.text()).not.toContain("endpoint");
		expect(h.text()).toContain("> 1. us-east");
		// Quiet for the guard time: the next key is the person's.
		at(2_400);
		h.press("2");
		expect(h.outcome()).toMatchObject({ kind: "answered", answers: [{ answer: "eu-west" }] });
	});

	it("once a key counted, the next ones count at any pace", () => {
		const { h, at } = guarded();
		h.text();
		at(1_500);
		h.press(K.down);
		h.press(K.enter);
		expect(h.outcome()).toMatchObject({ kind: "answered", answers: [{ answer: "eu-west" }] });
	});

	it("a held-back key is no activity: the time limit's clock is not restarted by it", () => {
		let now = 0;
		let activity = 0;
		const h = openDialog(REGION, undefined, { keyGuardMs: 400, now: () => now, onActivity: () => activity++ });
		h.text();
		h.press(K.down);
		now = 500;
		h.press(K.down);
		expect(activity).toBe(1);
	});
});

describe("pi's keys in the dialog", () => {
	it("Ctrl+C interrupts (never a cancel), on the list, in a text input and folded", () => {
		for (const keys of [[], ["x"], ["\x1bo"]]) {
			const h = openDialog(REGION);
			h.press(...keys);
			h.press(K.ctrlC);
			expect(h.outcome()).toEqual({ kind: "interrupted" });
		}
	});

	it("Esc still cancels", () => {
		const h = openDialog(REGION);
		h.press(K.escape);
		expect(h.outcome()).toEqual({ kind: "cancelled" });
	});

	it("Ctrl+D quits pi from the list or an empty input; in a text it deletes, as in pi's editor", () => {
		let quits = 0;
		const h = openDialog(REGION, undefined, { onQuit: () => quits++ });
		h.press("\x04");
		expect(quits).toBe(1);
		h.type("ab");
		h.press(K.left, "\x04");
		expect(quits).toBe(1);
		expect(h.text()).toContain("a");
		expect(h.text()).not.toContain("ab");
		expect(h.outcome()).toBeUndefined();
	});
});

describe("a background question", () => {
	it("says under its title that the agent keeps working, in the drawn and the screen-reader dialog", () => {
		for (const screenReader of [false, true]) {
			const h = openDialog(REGION, undefined, { background: true, screenReader });
			expect(h.text()).toContain("The agent keeps working meanwhile; answer when you like.");
		}
		expect(openDialog(REGION).text()).not.toContain("keeps working");
	});
});

describe("the time limit's countdown", () => {
	it("shows the seconds left only in the last ones: 10 s of a long limit, half of a short one", () => {
		expect(countdownSeconds(undefined, 0)).toBeUndefined();
		expect(countdownSeconds(60_000, 0, 60_000)).toBeUndefined();
		expect(countdownSeconds(60_000, 60_000 - COUNTDOWN_MS, 60_000)).toBe(10);
		expect(countdownSeconds(60_000, 59_100, 60_000)).toBe(1);
		expect(countdownSeconds(4_000, 0, 4_000)).toBeUndefined();
		expect(countdownSeconds(4_000, 2_000, 4_000)).toBe(2);
		expect(countdownSeconds(4_000, 5_000, 4_000)).toBe(0);
	});

	it("the dialog says it closes soon, and says it no more once the clock is restarted", () => {
		let now = 0;
		let closesAt = 30_000;
		const h = openDialog(REGION, undefined, { now: () => now, closesAt: () => closesAt });
		expect(h.text()).not.toContain("Closes in");
		now = 25_500;
		h.dialog.invalidate();
		expect(h.text()).toContain("Closes in 5 s for lack of an answer: press any key to keep it open");
		closesAt = now + 30_000;
		h.dialog.invalidate();
		expect(h.text()).not.toContain("Closes in");
		h.dialog.dispose();
	});
});

describe("the list while the note input is open", () => {
	it("keeps its > pointer on the row the note is about", () => {
		const h = openDialog(REGION);
		h.press(K.down, K.ctrlN);
		expect(h.text()).toContain("Note:");
		expect(h.text()).toContain("> 2. eu-west");
	});
});

describe("an option without a preview among options with one", () => {
	it("says so in the preview pane rather than showing it empty, at 80×24", () => {
		const h = openDialog(
			[
				{
					question: "Which layout?",
					options: [{ label: "Grid", preview: "┌──┬──┐\n│  │  │\n└──┴──┘" }, { label: "Free" }],
				},
			],
			undefined,
			{ rows: 24 },
		);
		h.press(K.down);
		expect(h.text(80)).toContain("No preview for this option.");
		h.press(K.up);
		expect(h.text(80)).not.toContain("No preview for this option.");
	});
});
