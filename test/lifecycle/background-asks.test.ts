/** What a late ask's dialog end means, the waiting line, and one dialog at a time. */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import type { AskOutcome, AskRequest } from "../../src/core/types.js";
import {
	afterDialog,
	askInTurn,
	createDialogQueue,
	createLateAnswers,
	waitingLine,
} from "../../src/lifecycle/background-asks.js";
import type { FrontEnd } from "../../src/modes/front-end.js";
import type { Delivery } from "../../src/pending/delivery.js";

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

describe("askInTurn", () => {
	it("a dialog waits for the one before it, and the time limit's clock starts again when it shows", async () => {
		const queue = createDialogQueue();
		const log: string[] = [];
		let closeFirst: () => void = () => undefined;
		const ask = askInTurn(
			(request) =>
				new Promise<AskOutcome>((done) => {
					log.push(`shown ${request.questions[0]?.question}`);
					if (request.questions[0]?.question === "first?") closeFirst = () => done({ kind: "cancelled" });
					else done({ kind: "cancelled" });
				}),
			queue,
		);
		const first = ask(
			{ questions: [{ question: "first?" }] },
			{ requestId: "a", history: [], onActivity: () => log.push("clock a") },
		);
		const second = ask(
			{ questions: [{ question: "second?" }] },
			{ requestId: "b", history: [], onActivity: () => log.push("clock b") },
		);
		await new Promise((r) => setTimeout(r, 10));
		expect(log).toEqual(["clock a", "shown first?"]);
		closeFirst();
		await first;
		await second;
		expect(log).toEqual(["clock a", "shown first?", "clock b", "shown second?"]);
	});
});

describe("createLateAnswers", () => {
	const REQUEST = { questions: [{ question: "Deploy where?" }] };

	function setup(outcomes: AskOutcome[], choice?: string, idle = false) {
		const asked: AskRequest[] = [];
		const sent: Delivery[] = [];
		const told: string[] = [];
		const widgets: (string[] | undefined)[] = [];
		const remembered: AskOutcome[] = [];
		const frontEnd = {
			kind: "tui",
			recordedMode: "interactive",
			ask: async (request: AskRequest) => {
				asked.push(request);
				return outcomes.shift() ?? { kind: "cancelled" };
			},
			tell: (text: string) => told.push(text),
			fail: (text: string) => told.push(`fail: ${text}`),
		} as unknown as FrontEnd;
		const ctx = {
			hasUI: true,
			isIdle: () => idle,
			ui: {
				select: async (_title: string, items: string[]) => (choice === "dismiss" ? items[1] : items[0]),
				setWidget: (_key: string, lines: string[] | undefined) => widgets.push(lines),
			},
		} as unknown as ExtensionContext;
		const claims: string[] = [];
		const late = createLateAnswers({
			frontEnd: () => frontEnd,
			claims: {
				heldElsewhere: () => undefined,
				claim: (path) => {
					claims.push(`claim ${path}`);
					return () => claims.push(`release ${path}`);
				},
			},
			history: () => [],
			remember: (outcome) => remembered.push(outcome),
			send: (_ctx, delivery) => sent.push(delivery),
		});
		const target = {
			toolCallId: "call_1",
			request: { ...REQUEST, background: true as const },
			path: "/p/.pi/pending-questions.json",
		};
		return { late, ctx, target, sent, told, widgets, remembered, claims, asked };
	}

	it("answered: one delivery naming the ask, with the file it settles", async () => {
		const answered: AskOutcome = {
			kind: "answered",
			answers: [{ question: "Deploy where?", answer: "eu", wasCustom: true }],
		};
		const { late, ctx, target, sent, remembered } = setup([answered]);
		await late.answerInDialog(ctx, target, "background");
		expect(sent).toHaveLength(1);
		expect(sent[0]).toMatchObject({
			toolCallId: "call_1",
			path: "/p/.pi/pending-questions.json",
			source: { kind: "dialog" },
		});
		expect(sent[0]?.text).toContain('"answer":"eu"');
		expect(remembered).toEqual([answered]);
	});

	it("a background ask's Esc then 'keep': nothing sent, the waiting line shows; answered later, it goes", async () => {
		const { late, ctx, target, sent, widgets } = setup([
			{ kind: "cancelled" },
			{ kind: "answered", answers: [{ question: "Deploy where?", answer: "eu", wasCustom: true }] },
		]);
		await late.answerInDialog(ctx, target, "background");
		expect(sent).toEqual([]);
		expect(widgets.at(-1)).toEqual(["A question set aside waits for your answers: /questions answer"]);
		await late.answerInDialog(ctx, target);
		expect(sent).toHaveLength(1);
		expect(widgets.at(-1)).toBeUndefined();
	});

	it("'keep' is said once, by the line above the editor, not again as a warning", async () => {
		const { late, ctx, target, told, widgets } = setup([{ kind: "cancelled" }]);
		await late.answerInDialog(ctx, target, "background");
		expect(widgets.at(-1)).toEqual(["A question set aside waits for your answers: /questions answer"]);
		expect(told).toEqual([]);
	});

	it("a kept background ask opened after the agent finished does not say the agent keeps working", async () => {
		const working = setup([{ kind: "answered", answers: [] }]);
		await working.late.answerInDialog(working.ctx, working.target);
		expect(working.asked[0]?.background).toBe(true);
		const finished = setup([{ kind: "answered", answers: [] }], undefined, true);
		await finished.late.answerInDialog(finished.ctx, finished.target);
		expect(finished.asked[0]?.background).toBeFalsy();
	});

	it("holds the file while its dialog is open (another pi leaves it alone); a delivery's claim takes over", async () => {
		const kept = setup([{ kind: "cancelled" }]);
		await kept.late.answerInDialog(kept.ctx, kept.target, "background");
		expect(kept.claims).toEqual(["claim /p/.pi/pending-questions.json", "release /p/.pi/pending-questions.json"]);
		const answered = setup([{ kind: "answered", answers: [] }]);
		await answered.late.answerInDialog(answered.ctx, answered.target, "background");
		// Not released: sending claims the same file again (deliveries.ts) until the session holds the answers.
		expect(answered.claims).toEqual(["claim /p/.pi/pending-questions.json"]);
		expect(answered.sent).toHaveLength(1);
	});

	it("a background ask's Esc then 'dismiss': the model is told, once; a pending ask's Esc sends nothing", async () => {
		const dismissed = setup([{ kind: "cancelled" }], "dismiss");
		await dismissed.late.answerInDialog(dismissed.ctx, dismissed.target, "background");
		expect(dismissed.sent).toHaveLength(1);
		expect(dismissed.sent[0]?.text).toContain('"cancelled":true');
		const pending = setup([{ kind: "cancelled" }], "dismiss");
		await pending.late.answerInDialog(pending.ctx, pending.target);
		expect(pending.sent).toEqual([]);
		expect(pending.told).toContain("Not answered; the questions stay pending (/questions answer).");
	});
});
