/**
 * A dialog that starts from answers given before it opened (filled into a pending file): it opens holding them, on
 * the first question still open or on the Review, and Enter gives back exactly those answers.
 */
import { describe, expect, it } from "vitest";
import { answeredOutcome, type GivenAnswer, givenFromData } from "../../src/core/answers.js";
import type { Question } from "../../src/core/types.js";
import { initialState, reduce } from "../../src/ui/dialog-state.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";

const confirm = { type: "confirm" } as const;

describe("initialState with startFrom", () => {
	it("every question answered: opens on the Review, and Enter submits exactly the given answers", () => {
		const cases: { questions: Question[]; raw: (string | string[])[] }[] = [
			{ questions: [DATABASE, NAME], raw: ["SQLite", "orders"] },
			{ questions: [DATABASE, NAME], raw: ["my own database", "orders"] },
			{ questions: [FEATURES, NAME], raw: [["Authentication", "Admin Dashboard"], "orders"] },
			{ questions: [FEATURES, DATABASE], raw: [["REST API", "GraphQL"], "MongoDB"] },
		];
		for (const { questions, raw } of cases) {
			const given = questions.map((q, i) => givenFromData(q, raw[i] ?? ""));
			const state = initialState(questions, { startFrom: given });
			expect(state.tab).toBe(questions.length);
			expect(reduce(state, confirm).outcome).toEqual(answeredOutcome(questions, given));
		}
	});

	it("opens on the first question still without an answer, keeping the others", () => {
		const given: (GivenAnswer | undefined)[] = [givenFromData(DATABASE, "MongoDB"), undefined];
		const state = initialState([DATABASE, NAME], { startFrom: given });
		expect(state.tab).toBe(1);
		expect(state.mode).toEqual({ kind: "input", purpose: "text" });
		expect(state.perQuestion[0]).toMatchObject({ answer: "MongoDB", chosen: 2, cursor: 2 });
	});

	it("a lone question opens on itself: the chosen option focused, a typed answer in its input", () => {
		const picked = initialState([DATABASE], { startFrom: [givenFromData(DATABASE, "SQLite")] });
		expect(picked.tab).toBe(0);
		expect(reduce(picked, confirm).outcome).toEqual(answeredOutcome([DATABASE], [givenFromData(DATABASE, "SQLite")]));
		const typed = initialState([NAME], { startFrom: [givenFromData(NAME, "orders")] });
		expect(typed.mode).toEqual({ kind: "input", purpose: "text" });
		expect(typed.perQuestion[0]?.draft).toBe("orders");
	});

	it("answers it could not give back exactly are not held: the question is asked", () => {
		// Two typed answers to a multi-select: its one Other text would join them into one answer.
		const two = givenFromData(FEATURES, ["Authentication", "GraphQL", "gRPC"]);
		const state = initialState([FEATURES, NAME], { startFrom: [two, givenFromData(NAME, "orders")] });
		expect(state.tab).toBe(0);
		expect(state.perQuestion[0]?.checked.size).toBe(0);
		// Blank answers are none.
		expect(initialState([NAME, DATABASE], { startFrom: [givenFromData(NAME, "  "), undefined] }).tab).toBe(0);
	});
});
