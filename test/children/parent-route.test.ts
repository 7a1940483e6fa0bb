/**
 * The parent's route for its children, against real sockets: the child is the real bridge. What the person gives
 * reaches the child exactly; the child's questions are labelled and validated; a child that goes away closes its
 * dialog; a parent that goes away leaves the child `connectionLost`, never an answer; the limits of the web server's
 * agent endpoint apply.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ChildAskRecord } from "../../src/children/parent-route.js";
import { startParentRoute } from "../../src/children/parent-route.js";
import type { AskOutcome, AskRequest } from "../../src/core/types.js";
import { createRemoteBridge, type RemoteBridge } from "../../src/remote/bridge.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Shown {
	request: AskRequest;
	signal: AbortSignal;
	reply(outcome: AskOutcome): void;
}

async function setup() {
	const shown: Shown[] = [];
	const records: ChildAskRecord[] = [];
	const waiters: (() => void)[] = [];
	const route = await startParentRoute({
		show: (request, options) =>
			new Promise<AskOutcome>((reply) => {
				shown.push({ request, signal: options.signal, reply });
				for (const waiter of waiters.splice(0)) waiter();
			}),
		record: (entry) => records.push(entry),
		cwd: "/work/parent",
	});
	cleanups.push(() => route.close());
	const nextShown = async (count: number): Promise<Shown> => {
		while (shown.length < count) await new Promise<void>((done) => waiters.push(done));
		return shown[count - 1] as Shown;
	};
	return { route, shown, records, nextShown };
}

function child(url: string, token: string, logs: string[] = []): RemoteBridge {
	const bridge = createRemoteBridge(
		{
			url,
			token,
			sessionKey: "child-session",
			agentId: "pi-child",
			timeoutMs: 60_000,
			connectTimeoutMs: 3_000,
			allowInsecure: false,
		},
		{ logger: { warn: (message) => logs.push(message) } },
	);
	cleanups.push(() => bridge.dispose());
	return bridge;
}

const ASK: AskRequest = { questions: [DATABASE, FEATURES, NAME] };

describe("startParentRoute", () => {
	it("listens on loopback only, behind a secret", async () => {
		const { route } = await setup();
		expect(route.route.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/agent$/);
		expect(route.route.token.length).toBeGreaterThanOrEqual(32);
		const outcome = await child(route.route.url, "wrong-secret").ask(ASK);
		expect(outcome.kind).toBe("unavailable");
	});

	it("shows a child's questions labelled with its task and folder; the person's answer reaches it exactly, and is recorded", async () => {
		const { route, nextShown, records } = await setup();
		const asked = child(route.route.url, route.route.token).ask(ASK, undefined, {
			asker: { task: "Task: set up the\u001b[2J database", cwd: "/work/child" },
		});
		const dialog = await nextShown(1);
		expect(dialog.request.questions.map((q) => q.question)).toEqual(ASK.questions.map((q) => q.question));
		expect(dialog.request.questions[0]?.context).toBe("Subagent · Task: set up the database · in /work/child");
		const answered: AskOutcome = {
			kind: "answered",
			answers: [
				{ question: DATABASE.question, answer: "SQLite", selectedOption: "SQLite", wasCustom: false, note: "small" },
				{
					question: FEATURES.question,
					answer: ["REST API", "Audit, with dates"],
					selectedOption: ["REST API"],
					wasCustom: true,
				},
			],
			unanswered: [NAME.question],
			note: "cheap please",
		};
		dialog.reply(answered);
		expect(await asked).toEqual(answered);
		expect(records).toEqual([
			{
				asker: { task: "Task: set up the database", cwd: "/work/child" },
				questions: ASK.questions.map((q) => q.question),
				outcome: "answered",
				answers: answered.answers,
				unanswered: [NAME.question],
				note: "cheap please",
				delivered: true,
			},
		]);
	});

	it("every question skipped reaches the child as skipped; a cancel as a cancel", async () => {
		const { route, nextShown } = await setup();
		const bridge = child(route.route.url, route.route.token);
		const skipped = bridge.ask(ASK);
		const none: AskOutcome = { kind: "answered", answers: [], unanswered: ASK.questions.map((q) => q.question) };
		(await nextShown(1)).reply(none);
		expect(await skipped).toEqual(none);
		const cancelled = bridge.ask({ questions: [NAME] });
		(await nextShown(2)).reply({ kind: "cancelled" });
		expect(await cancelled).toEqual({ kind: "cancelled" });
	});

	it("a child that stops asking (aborted) or goes away closes its dialog; nothing is recorded as answered", async () => {
		const { route, nextShown, records } = await setup();
		const controller = new AbortController();
		const bridge = child(route.route.url, route.route.token);
		const aborted = bridge.ask(ASK, controller.signal);
		const first = await nextShown(1);
		controller.abort();
		expect(await aborted).toEqual({ kind: "interrupted" });
		await expect.poll(() => first.signal.aborted).toBe(true);
		const second = bridge.ask({ questions: [NAME] });
		const dialog = await nextShown(2);
		bridge.dispose();
		await second;
		await expect.poll(() => dialog.signal.aborted).toBe(true);
		first.reply({ kind: "interrupted" });
		dialog.reply({ kind: "interrupted" });
		expect(records).toEqual([]);
	});

	it("a parent that goes away leaves its child connectionLost, never an answer or a cancel", async () => {
		const { route, nextShown } = await setup();
		const asked = child(route.route.url, route.route.token).ask(ASK);
		const dialog = await nextShown(1);
		await route.close();
		expect(await asked).toEqual({ kind: "connectionLost" });
		expect(dialog.signal.aborted).toBe(true);
	});

	it("questions a model could not ask are refused, not shown", async () => {
		const { route, shown } = await setup();
		const outcome = await child(route.route.url, route.route.token).ask({ questions: [NAME, NAME] });
		expect(outcome.kind).toBe("unavailable");
		expect(shown).toEqual([]);
	});

	it("one child may hold at most 20 open questions (the web server's limits)", async () => {
		const { route, nextShown } = await setup();
		const bridge = child(route.route.url, route.route.token);
		const open = Array.from({ length: 20 }, (_, i) => bridge.ask({ questions: [{ question: `Question ${i}?` }] }));
		await nextShown(20);
		const refused = await bridge.ask({ questions: [NAME] });
		expect(refused.kind).toBe("unavailable");
		bridge.dispose();
		await Promise.all(open);
	});
});
