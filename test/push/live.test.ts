/**
 * Push for a question on screen (live.ts), with an ntfy client that records what it is asked to do and a clock
 * driven by the test: published only after the person has been away for `afterMs` (a key restarts the wait), a tap
 * from the stream settles the ask, and an ask that ends another way has its notification replaced saying where.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AskRequest } from "../../src/core/types.js";
import { de } from "../../src/i18n/cli/de.js";
import { resolvePushConfig } from "../../src/push/config.js";
import { ANSWERED_ON_WEB, createLivePush } from "../../src/push/live.js";
import type { NtfyPublish } from "../../src/push/message.js";
import type { NtfyClient, NtfyMessage } from "../../src/push/ntfy.js";
import { tapBody } from "../../src/push/tap.js";
import { ANSWERED_ELSEWHERE } from "../../src/remote/protocol.js";

const KEY = Buffer.alloc(32, 3);
const REQUEST: AskRequest = { questions: [{ question: "Ship it?", options: [{ label: "yes" }, { label: "no" }] }] };

function recordingClient() {
	const published: NtfyPublish[] = [];
	let deliver: ((message: NtfyMessage) => void) | undefined;
	const client: NtfyClient = {
		publish: async (message) => {
			published.push(message);
			return { ok: true };
		},
		poll: async () => ({ ok: true, messages: [] }),
		follow: (_topic, _since, onMessage, signal) =>
			new Promise((resolve) => {
				deliver = onMessage;
				signal.addEventListener("abort", () => resolve("stopped"));
			}),
	};
	return { client, published, tap: (text: string) => deliver?.({ id: String(Math.random()), time: 0, message: text }) };
}

function setup(afterMs: number, withNtfy = true, words?: typeof de.push) {
	const ntfy = withNtfy ? { server: "https://n.example", topic: "t", replyTopic: "r" } : {};
	const { config } = resolvePushConfig({ ...ntfy, command: "true", detail: "full", afterSeconds: afterMs / 1000 }, {});
	if (!config) throw new Error("no config");
	const recording = recordingClient();
	const warnings: string[] = [];
	const commands: string[] = [];
	let keyListener: (() => void) | undefined;
	const live = createLivePush({
		config,
		key: KEY,
		...(withNtfy ? { client: recording.client } : {}),
		now: () => Date.now(),
		warn: (text) => warnings.push(text),
		track: () => {},
		published: (ask) => commands.push(ask.id),
		...(words ? { words } : {}),
	});
	const info = {
		id: "ask-1",
		project: "shop",
		request: REQUEST,
		onKey: (listener: () => void) => {
			keyListener = listener;
			return () => {
				keyListener = undefined;
			};
		},
	};
	return { live, info, warnings, commands, ...recording, pressKey: () => keyListener?.() };
}

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

describe("createLivePush", () => {
	it("publishes only once nobody pressed a key for afterMs", async () => {
		const { live, info, published, pressKey } = setup(30_000);
		const stop = new AbortController();
		const asked = live.ask(info, stop.signal);
		await vi.advanceTimersByTimeAsync(20_000);
		pressKey();
		await vi.advanceTimersByTimeAsync(20_000);
		expect(published).toHaveLength(0);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(published.map((m) => m.message)).toEqual(["Ship it?\n1. yes\n2. no\n\nTap an answer to reply from here."]);
		stop.abort(ANSWERED_ELSEWHERE);
		expect(await asked).toEqual({ kind: "interrupted" });
		await vi.advanceTimersByTimeAsync(0);
		expect(published.at(-1)).toMatchObject({ sequence_id: "ask-1", message: "Answered in the terminal." });
	});

	it("speaks the person's language: a German ask, its buttons' line and the notice replacing it", async () => {
		const { live, info, published } = setup(30_000, true, de.push);
		const stop = new AbortController();
		const asked = live.ask({ ...info, task: "Migration" }, stop.signal);
		await vi.advanceTimersByTimeAsync(30_000);
		expect(published[0]).toMatchObject({
			title: "pi: shop (Subagent: Migration)",
			message: "Ship it?\n1. yes\n2. no\n\nTippe auf eine Antwort, um von hier zu antworten.",
		});
		stop.abort(ANSWERED_ELSEWHERE);
		await asked;
		await vi.advanceTimersByTimeAsync(0);
		expect(published.at(-1)).toMatchObject({ sequence_id: "ask-1", message: "Im Terminal beantwortet." });
	});

	it("an ask answered before it was published is never published", async () => {
		const { live, info, published } = setup(30_000);
		const stop = new AbortController();
		const asked = live.ask(info, stop.signal);
		await vi.advanceTimersByTimeAsync(5_000);
		stop.abort(ANSWERED_ELSEWHERE);
		await asked;
		await vi.advanceTimersByTimeAsync(60_000);
		expect(published).toHaveLength(0);
	});

	it("a tap from the stream answers; the web page winning is said as such", async () => {
		const { live, info, published, tap } = setup(0);
		const asked = live.ask(info, new AbortController().signal);
		await vi.advanceTimersByTimeAsync(0);
		const body = published[0]?.actions?.[1]?.body ?? "";
		tap(body);
		expect(await asked).toMatchObject({ kind: "answered", answers: [{ answer: "no", selectedOption: "no" }] });
		await vi.advanceTimersByTimeAsync(0);
		expect(published.at(-1)?.message).toBe("Answered from your phone.");

		const web = new AbortController();
		const second = live.ask({ ...info, id: "ask-2" }, web.signal);
		await vi.advanceTimersByTimeAsync(0);
		web.abort(ANSWERED_ON_WEB);
		expect(await second).toEqual({ kind: "interrupted" });
		await vi.advanceTimersByTimeAsync(0);
		expect(published.at(-1)).toMatchObject({ sequence_id: "ask-2", message: "Answered on the web page." });
	});

	it("two asks open at once under one reused id: the earlier one ending leaves the later one on the phone", async () => {
		const { live, info, published, tap } = setup(0);
		const first = new AbortController();
		const earlier = live.ask({ ...info, askedAt: Date.now() }, first.signal);
		await vi.advanceTimersByTimeAsync(60_000);
		const later = live.ask({ ...info, askedAt: Date.now() }, new AbortController().signal);
		await vi.advanceTimersByTimeAsync(0);
		const laterButton = published.at(-1)?.actions?.[1]?.body ?? "";
		first.abort(ANSWERED_ELSEWHERE);
		expect(await earlier).toEqual({ kind: "interrupted" });
		await vi.advanceTimersByTimeAsync(0);
		// The phone still shows the later question: no "answered in the terminal" replaces it.
		expect(published.at(-1)?.message).toBe("Ship it?\n1. yes\n2. no\n\nTap an answer to reply from here.");
		tap(laterButton);
		expect(await later).toMatchObject({ kind: "answered", answers: [{ answer: "no" }] });
	});

	it("a replayed tap is refused with one warning", async () => {
		const { live, info, published, tap, warnings } = setup(0);
		const asked = live.ask(info, new AbortController().signal);
		await vi.advanceTimersByTimeAsync(0);
		const body = published[0]?.actions?.[0]?.body ?? "";
		tap(body);
		await asked;
		const other = live.ask({ ...info, id: "ask-2" }, new AbortController().signal);
		await vi.advanceTimersByTimeAsync(0);
		tap(body);
		expect(warnings).toEqual(["push: ignored a tap from the phone: that question was already answered"]);
		live.dispose();
		expect(await other).toEqual({ kind: "interrupted" });
	});

	it("a tap read at a start from ntfy's cache answers a dialog here, once; one for no ask here is left alone", async () => {
		const { live, info, published, warnings } = setup(30_000);
		const asked = live.ask(info, new AbortController().signal);
		const body = (choice: number) => tapBody(KEY, "ask-1", choice, Math.floor(Date.now() / 1000) + 60);
		const waiting = { id: "m1", time: 0, message: body(1) };
		expect(live.takeWaiting({ id: "m0", time: 0, message: tapBody(KEY, "elsewhere", 0, 9e9) })).toBe(false);
		expect(live.takeWaiting(waiting)).toBe(true);
		expect(await asked).toMatchObject({ kind: "answered", answers: [{ answer: "no" }] });
		// Read again (the stream saw it too): counted once, no warning.
		expect(live.takeWaiting(waiting)).toBe(true);
		expect(live.takeWaiting({ id: "m2", time: 0, message: body(0) })).toBe(true);
		expect(warnings).toEqual(["push: ignored a tap from the phone: that question was already answered"]);
		// The question was never published by this pi, but the phone shows it (an earlier pi published it): replaced.
		await vi.advanceTimersByTimeAsync(0);
		expect(published.map((m) => m.message)).toEqual(["Answered from your phone."]);
	});

	it("with only push.command: the command runs when the question would be published, and nothing is sent", async () => {
		const { live, info, published, commands } = setup(10_000, false);
		const stop = new AbortController();
		const asked = live.ask(info, stop.signal);
		await vi.advanceTimersByTimeAsync(9_000);
		expect(commands).toEqual([]);
		await vi.advanceTimersByTimeAsync(1_000);
		expect(commands).toEqual(["ask-1"]);
		stop.abort(ANSWERED_ELSEWHERE);
		expect(await asked).toEqual({ kind: "interrupted" });
		expect(published).toEqual([]);
	});
});
