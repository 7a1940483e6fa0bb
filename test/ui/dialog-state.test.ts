/** The reducer and the key map without the component: digits pick the row they name, shown or not. */
import { KeybindingsManager, TUI_KEYBINDINGS } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/core/types.js";
import { type DialogState, initialState, reduce } from "../../src/ui/dialog-state.js";
import { keyToAction } from "../../src/ui/keys.js";

const KEYS = new KeybindingsManager(TUI_KEYBINDINGS);
const LABELS = ["Logging", "Metrics", "Alerts", "Dashboards", "Tracing"];
const FIVE: Question = {
	question: "Which would you add?",
	header: "Observability",
	multiSelect: true,
	options: LABELS.map((label) => ({ label })),
};

/** The state after the view reported that only rows `first`..`last` were on screen. */
function showing(question: Question, first: number, last: number): DialogState {
	return reduce(initialState([question]), {
		type: "viewport",
		viewport: { first, last, textScroll: 0, textScrollMax: 0, previewScroll: 0, previewScrollMax: 0 },
	});
}

function press(state: DialogState, key: string): DialogState {
	const action = keyToAction(key, KEYS, state);
	return action ? reduce(state, action) : state;
}

describe("a digit picks the row it names, on screen or not", () => {
	it("multi-select: 5 ticks row 5 while only rows 1-3 are shown, and types nothing into Other", () => {
		const before = showing(FIVE, 0, 2);
		expect(keyToAction("5", KEYS, before)).toEqual({ type: "quick", digit: 5 });
		const after = press(before, "5");
		const qs = after.perQuestion[0];
		expect(after.mode).toEqual({ kind: "list" });
		expect([...(qs?.checked ?? [])]).toEqual([4]);
		expect(qs?.draft).toBe("");
		expect(qs?.otherChecked).toBe(false);
		// The focus follows the pick, so the view scrolls the row into sight.
		expect(qs?.cursor).toBe(4);
	});

	it("single-select: 5 answers with row 5 while only rows 1-3 are shown", () => {
		const after = press(showing({ ...FIVE, multiSelect: false }, 0, 2), "5");
		expect(after.outcome).toEqual({
			kind: "answered",
			answers: [{ question: FIVE.question, answer: "Tracing", selectedOption: "Tracing", wasCustom: false }],
		});
	});

	it("the number beside Other opens it when Other is scrolled out of view", () => {
		const after = press(showing({ ...FIVE, multiSelect: false }, 0, 2), "6");
		expect(after.mode).toEqual({ kind: "input", purpose: "other" });
		expect(after.perQuestion[0]?.draft).toBe("");
	});

	it("in a filtered list a digit names an option by its own number; a number no row shows is text for Other", () => {
		let state = showing(FIVE, 0, 2);
		for (const key of ["/", "s"]) state = press(state, key);
		state = press(state, "\r");
		// "s" matches Metrics (2), Alerts (3), Dashboards (4): 4 is a row, 1 is not.
		expect([...(state.perQuestion[0]?.matches ?? [])]).toEqual([1, 2, 3]);
		state = reduce(state, {
			type: "viewport",
			viewport: { first: 0, last: 0, textScroll: 0, textScrollMax: 0, previewScroll: 0, previewScrollMax: 0 },
		});
		const picked = press(state, "4");
		expect([...(picked.perQuestion[0]?.checked ?? [])].sort()).toEqual([1, 3]);
		const typed = press(picked, "1");
		expect(typed.mode).toEqual({ kind: "input", purpose: "other" });
		expect(typed.perQuestion[0]?.draft).toBe("1");
	});
});
