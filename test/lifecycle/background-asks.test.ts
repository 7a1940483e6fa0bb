/** What a late ask's dialog end means (issue 22), the waiting line, and one dialog at a time. */
import { describe, expect, it } from "vitest";
import { afterDialog, createDialogQueue, waitingLine } from "../../src/lifecycle/background-asks.js";

const answered = { kind: "answered" as const, answers: [{ question: "Q?", answer: "Yes", wasCustom: false }] };

describe("afterDialog", () => {
	it.each([
		["answered, background", answered, "background", false, { kind: "deliver", outcome: answered }],
		["answered, pending", answered, "pending", false, { kind: "deliver", outcome: answered }],
		[
			"cancelled, background",
			{ kind: "cancelled" },
			"background",
			false,
			{ kind: "deliver", outcome: { kind: "cancelled" } },
		],
		[
			"cancelled and set aside, background",
			{ kind: "cancelled" },
			"background",
			true,
			{ kind: "keep", setAside: true },
		],
		["cancelled, pending", { kind: "cancelled" }, "pending", false, { kind: "keep", setAside: true }],
		["interrupted, background", { kind: "interrupted" }, "background", false, { kind: "keep", setAside: false }],
	] as const)("%s", (_name, outcome, ask, setAside, end) => {
		expect(afterDialog(outcome, ask, setAside)).toEqual(end);
	});
});

describe("waitingLine", () => {
	it("says nothing when nothing waits, and how many wait otherwise", () => {
		expect(waitingLine(0)).toBeUndefined();
		expect(waitingLine(1)).toBe("A question set aside waits for your answers: /questions answer");
		expect(waitingLine(2)).toContain("2 sets of questions");
	});
});

describe("createDialogQueue", () => {
	it("shows one dialog at a time, in order, and a failed one does not stop the next", async () => {
		const queue = createDialogQueue();
		const log: string[] = [];
		let finishFirst: () => void = () => undefined;
		const first = queue(
			() =>
				new Promise<string>((done) => {
					log.push("first shown");
					finishFirst = () => done("first");
				}),
		);
		const failing = queue(async () => {
			log.push("second shown");
			throw new Error("broken");
		});
		const third = queue(async () => {
			log.push("third shown");
			return "third";
		});
		await new Promise((r) => setTimeout(r, 10));
		expect(log).toEqual(["first shown"]);
		finishFirst();
		await expect(first).resolves.toBe("first");
		await expect(failing).rejects.toThrow("broken");
		await expect(third).resolves.toBe("third");
		expect(log).toEqual(["first shown", "second shown", "third shown"]);
	});
});
