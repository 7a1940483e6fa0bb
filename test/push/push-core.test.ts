/**
 * The pure core of push: the settings, the tap's token, the messages an ask publishes, and what a reply read from the
 * reply topic means.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AskRequest } from "../../src/core/types.js";
import { hasNtfy, resolvePushConfig } from "../../src/push/config.js";
import {
	askNotification,
	buttonOptions,
	cutBytes,
	endedNotification,
	MAX_MESSAGE_BYTES,
} from "../../src/push/message.js";
import { messageOfLine } from "../../src/push/ntfy.js";
import { judgeTap } from "../../src/push/reply.js";
import { askIdOf, checkTap, readTap, TAP_LIFETIME_SECONDS, tapBody } from "../../src/push/tap.js";

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 9);
const NOW = 1_800_000_000;
const ONE: AskRequest = {
	questions: [
		{ question: "Which region?", header: "Region", options: [{ label: "eu" }, { label: "us", description: "cheap" }] },
	],
};
const config = (detail: "minimal" | "full", extra = {}) => {
	const { config: resolved } = resolvePushConfig(
		{ server: "https://push.example.org", topic: "t1", replyTopic: "r1", detail, ...extra },
		{},
	);
	if (!resolved || !hasNtfy(resolved)) throw new Error("no ntfy config");
	return resolved;
};

describe("resolvePushConfig", () => {
	it("is off until a topic is given, and the environment names one for a run", () => {
		expect(resolvePushConfig(undefined, {}).config).toBeUndefined();
		const run = resolvePushConfig(undefined, {
			PI_ASK_USER_PUSH: "https://ntfy.sh/abc_1",
			PI_ASK_USER_PUSH_AFTER: "0",
		});
		expect(run.config).toMatchObject({
			ntfy: { server: "https://ntfy.sh", topic: "abc_1", replyTopic: "abc_1-reply" },
			afterMs: 0,
		});
	});
	it("waits for the server 3 s at most in print mode unless told (the file, then the environment)", () => {
		const ntfy = { topic: "a", replyTopic: "b" };
		expect(resolvePushConfig(ntfy, {}).config?.waitMs).toBe(3_000);
		expect(resolvePushConfig({ ...ntfy, waitSeconds: 10 }, {}).config?.waitMs).toBe(10_000);
		expect(resolvePushConfig({ ...ntfy, waitSeconds: 10 }, { PI_ASK_USER_PUSH_WAIT: "0.5" }).config?.waitMs).toBe(500);
	});
	it("is minimal on ntfy.sh and full on a self-hosted server unless told", () => {
		expect(resolvePushConfig({ topic: "a", replyTopic: "b" }, {}).config?.detail).toBe("minimal");
		expect(resolvePushConfig({ server: "https://n.example", topic: "a", replyTopic: "b" }, {}).config?.detail).toBe(
			"full",
		);
		expect(resolvePushConfig({ topic: "a", replyTopic: "b" }, { PI_ASK_USER_PUSH_DETAIL: "full" }).config?.detail).toBe(
			"full",
		);
	});
	it("names what is wrong and leaves it out", () => {
		const wrong = resolvePushConfig({ server: "http://example.org", topic: "a", replyTopic: "b" }, {});
		expect(wrong.config).toBeUndefined();
		expect(wrong.problems.join(" ")).toContain("unencrypted");
		const bad = resolvePushConfig({ topic: "a b", replyTopic: "r" }, {});
		expect(bad.config).toBeUndefined();
		expect(resolvePushConfig({ topic: "a", replyTopic: "b", afterSeconds: -1 }, {}).problems).toHaveLength(1);
		const slowWait = resolvePushConfig({ topic: "a", replyTopic: "b", waitSeconds: 61 }, {});
		expect(slowWait.problems).toEqual([
			expect.stringContaining("push.waitSeconds must be a number of seconds from 0 to 60"),
		]);
		expect(slowWait.config?.waitMs).toBe(3_000);
		expect(resolvePushConfig({ topic: "a", replyTopic: "b" }, { PI_ASK_USER_PUSH: "off" }).config).toBeUndefined();
	});
	it("push.command works without an ntfy server (full detail: the service is the person's choice), and beside a wrong one", () => {
		expect(resolvePushConfig({ command: "notify-send pi" }, {}).config).toEqual({
			detail: "full",
			afterMs: 30_000,
			waitMs: 3_000,
			command: "notify-send pi",
		});
		const beside = resolvePushConfig({ server: "http://example.org", topic: "a", command: "notify-send pi" }, {});
		expect(beside.config).toMatchObject({ command: "notify-send pi" });
		expect(beside.config?.ntfy).toBeUndefined();
		expect(beside.problems.join(" ")).toContain("unencrypted");
	});
});

describe("tap tokens", () => {
	const ask = askIdOf("session-1", "call-1");
	it("an ask id is stable and says nothing of the session", () => {
		expect(askIdOf("session-1", "call-1")).toBe(ask);
		expect(askIdOf("session-1", "call-2")).not.toBe(ask);
		expect(ask).not.toContain("session");
	});
	it("accepts exactly what this key signed, in time", () => {
		const read = readTap(tapBody(KEY, ask, 1, NOW + 60));
		if (read.kind !== "tap") throw new Error(read.kind);
		expect(checkTap(KEY, read.tap, NOW)).toEqual({ ok: true });
		expect(checkTap(OTHER_KEY, read.tap, NOW)).toEqual({ ok: false, why: "forged" });
		expect(checkTap(KEY, { ...read.tap, choice: 0 }, NOW)).toEqual({ ok: false, why: "forged" });
		expect(checkTap(KEY, { ...read.tap, expires: NOW + 999 }, NOW)).toEqual({ ok: false, why: "forged" });
		expect(checkTap(KEY, read.tap, NOW + 61)).toEqual({ ok: false, why: "expired" });
	});
	it("a tap signs when its buttons were offered, to the millisecond; changing it is a forgery", () => {
		const offered = NOW * 1000 + 123;
		const read = readTap(tapBody(KEY, ask, 1, NOW + 60, offered));
		if (read.kind !== "tap") throw new Error(read.kind);
		expect(read.tap.offered).toBe(offered);
		expect(checkTap(KEY, read.tap, NOW)).toEqual({ ok: true });
		expect(checkTap(KEY, { ...read.tap, offered: offered + 1 }, NOW)).toEqual({ ok: false, why: "forged" });
		// Dropped, the field makes an older tap whose token is not this one's.
		const { offered: _dropped, ...older } = read.tap;
		expect(checkTap(KEY, older, NOW)).toEqual({ ok: false, why: "forged" });
		// An older tap carries no offer time, and one added to it is not read (its token does not cover it).
		const plain = JSON.parse(tapBody(KEY, ask, 1, NOW + 60));
		const added = readTap(JSON.stringify({ ...plain, offered }));
		expect(added).toMatchObject({ kind: "tap" });
		expect(added.kind === "tap" && added.tap.offered).toBeUndefined();
	});
	it("tells someone else's message from a broken tap", () => {
		expect(readTap("hello")).toEqual({ kind: "not-a-tap" });
		// fast-check's counterexample: String() of a parsed {"toString": ""} throws.
		expect(
			readTap('{"kind":"pi-ask-anywhere.tap","v":{"toString":""},"ask":"ask1","choice":0,"expires":{},"token":""}'),
		).toMatchObject({
			kind: "malformed",
		});
		expect(readTap('{"kind":"pi-ask-anywhere.tap",')).toMatchObject({ kind: "malformed" });
		expect(readTap('{"kind":"pi-ask-anywhere.tap","v":1,"ask":"a","choice":-1,"expires":1,"token":"x"}')).toMatchObject(
			{
				kind: "malformed",
			},
		);
	});
});

describe("askNotification", () => {
	const pushed = { id: "ask1", project: "shop", request: ONE, expires: NOW, offered: NOW * 1000 - 40 };
	it("full: the question, its options and one signed button per option to the reply topic", () => {
		const message = askNotification(pushed, config("full", { token: "tk_secret" }), KEY);
		expect(message).toMatchObject({ topic: "t1", sequence_id: "ask1", title: "pi: Region — shop" });
		expect(message.message).toBe("Which region?\n1. eu\n2. us — cheap\n\nTap an answer to reply from here.");
		expect(message.actions?.map((a) => [a.action, a.label, a.url, a.headers])).toEqual([
			["http", "eu", "https://push.example.org/r1", { Authorization: "Bearer tk_secret" }],
			["http", "us", "https://push.example.org/r1", { Authorization: "Bearer tk_secret" }],
		]);
		expect(message.actions?.[1]?.body).toBe(tapBody(KEY, "ask1", 1, NOW, NOW * 1000 - 40));
	});
	it("names a subagent's task beside the project", () => {
		const message = askNotification({ ...pushed, task: "migrate the database" }, config("minimal"), KEY);
		expect(message.message.split("\n")[0]).toBe("A question is waiting in shop (subagent: migrate the database).");
	});
	it("minimal: only that a question waits, and Open when the page's address is known", () => {
		const message = askNotification(pushed, config("minimal", { openUrl: "http://pc:8787/" }), KEY);
		expect(message.message).toBe("A question is waiting in shop.\n\nTap Open to answer on the web page.");
		expect(JSON.stringify(message)).not.toContain("Which region");
		expect(message.actions).toEqual([{ action: "view", label: "Open", url: "http://pc:8787/", clear: true }]);
	});
	it("Open goes to the running page's address, unless push.openUrl names one", () => {
		const running = { ...pushed, openUrl: "http://192.168.1.20:40001/" };
		expect(askNotification(running, config("minimal"), KEY)).toMatchObject({
			actions: [{ action: "view", label: "Open", url: "http://192.168.1.20:40001/" }],
			click: "http://192.168.1.20:40001/",
		});
		const set = askNotification(running, config("minimal", { openUrl: "https://pc.example/" }), KEY);
		expect(set).toMatchObject({ actions: [{ url: "https://pc.example/" }], click: "https://pc.example/" });
		expect(askNotification(pushed, config("minimal"), KEY).actions).toBeUndefined();
	});
	it("buttons only for a first question that is single-choice with one to three options", () => {
		expect(buttonOptions(ONE)).toEqual(["eu", "us"]);
		const four = { questions: [{ question: "q", options: ["a", "b", "c", "d"].map((label) => ({ label })) }] };
		expect(buttonOptions(four)).toBeUndefined();
		expect(
			buttonOptions({ questions: [{ question: "q", options: [{ label: "a" }], multiSelect: true }] }),
		).toBeUndefined();
		expect(buttonOptions({ questions: [...ONE.questions, ...four.questions] })).toEqual(["eu", "us"]);
		expect(buttonOptions({ questions: [...four.questions, ...ONE.questions] })).toBeUndefined();
		expect(buttonOptions({ questions: [{ question: "free text" }] })).toBeUndefined();
	});
	it("caps the message below ntfy's limit, on a character boundary", () => {
		const long = { questions: [{ question: "é".repeat(5000) }] };
		const message = askNotification({ ...pushed, request: long }, config("full"), KEY);
		expect(Buffer.byteLength(message.message)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
		expect(cutBytes("ab", 10)).toBe("ab");
		expect(message.message.split("\n\n")[0]?.endsWith("…")).toBe(true);
		expect(message.message.split("\n").at(-1)).toMatch(/^To answer, go back to pi's terminal in shop/);
	});
	it("the ended notice replaces the ask's notification", () => {
		expect(endedNotification(pushed, "terminal", config("full"))).toMatchObject({
			sequence_id: "ask1",
			message: "Answered in the terminal.",
		});
	});
});

describe("judgeTap", () => {
	const ask = "ask1";
	const open = (a: string) => (a === ask ? { request: ONE, ended: false } : undefined);
	it("answers with the option the tap names", () => {
		expect(judgeTap(tapBody(KEY, ask, 1, NOW + 5), KEY, NOW, open)).toEqual({
			kind: "answer",
			ask,
			choice: 1,
			label: "us",
		});
	});
	it("refuses forged, late, settled and out-of-range taps with one warning each", () => {
		expect(judgeTap(tapBody(OTHER_KEY, ask, 1, NOW + 5), KEY, NOW, open)).toMatchObject({ kind: "refuse" });
		expect(judgeTap(tapBody(KEY, ask, 1, NOW - 5), KEY, NOW, open)).toMatchObject({
			kind: "refuse",
			warning: expect.stringContaining("too late"),
		});
		expect(judgeTap(tapBody(KEY, ask, 1, NOW + 5), KEY, NOW, () => ({ request: ONE, ended: true }))).toMatchObject({
			kind: "refuse",
			warning: expect.stringContaining("already answered"),
		});
		expect(judgeTap(tapBody(KEY, ask, 5, NOW + 5), KEY, NOW, open)).toMatchObject({
			kind: "refuse",
			warning: expect.stringContaining("option"),
		});
	});
	it("refuses a tap offered before its ask was made when it was sent after; one sent before is left alone", () => {
		// This ask was made an hour after the tap's buttons were offered (an earlier ask with the same id).
		const askedAt = (NOW + 3_600) * 1000;
		const reused = () => ({ request: ONE, ended: false, askedAt });
		const earlier = tapBody(KEY, ask, 1, NOW + TAP_LIFETIME_SECONDS);
		expect(judgeTap(earlier, KEY, NOW + 3_700, reused, NOW + 3_650)).toEqual({
			kind: "refuse",
			warning: expect.stringContaining("earlier question"),
		});
		expect(judgeTap(earlier, KEY, NOW + 3_700, reused)).toMatchObject({ kind: "refuse" });
		expect(judgeTap(earlier, KEY, NOW + 3_700, reused, NOW + 10)).toEqual({ kind: "ignore" });
		// Offered when this ask was made: its answer.
		const now = tapBody(KEY, ask, 1, NOW + 3_600 + TAP_LIFETIME_SECONDS);
		expect(judgeTap(now, KEY, NOW + 3_700, reused, NOW + 3_650)).toMatchObject({ kind: "answer", label: "us" });
	});
	it("a tap offered even a millisecond before its ask was made is that earlier ask's, never this one's", () => {
		// An id reused within a second of the earlier offer: what the offer's second could not tell apart.
		const askedAt = NOW * 1000 + 500;
		const reused = () => ({ request: ONE, ended: false, askedAt });
		const expires = NOW + TAP_LIFETIME_SECONDS;
		expect(judgeTap(tapBody(KEY, ask, 1, expires, askedAt - 1), KEY, NOW + 1, reused, NOW)).toEqual({
			kind: "refuse",
			warning: expect.stringContaining("earlier question"),
		});
		expect(judgeTap(tapBody(KEY, ask, 1, expires, askedAt), KEY, NOW + 1, reused, NOW + 1)).toMatchObject({
			kind: "answer",
			label: "us",
		});
		expect(judgeTap(tapBody(KEY, ask, 1, expires, askedAt + 2_000), KEY, NOW + 3, reused, NOW + 3)).toMatchObject({
			kind: "answer",
		});
		// An older tap, offered the same second without its time: judged as before, with the second's slack.
		expect(judgeTap(tapBody(KEY, ask, 1, expires), KEY, NOW + 1, reused, NOW + 1)).toMatchObject({ kind: "answer" });
	});
	it("leaves alone what is not a tap or names an ask that is not here", () => {
		expect(judgeTap("hi", KEY, NOW, open)).toEqual({ kind: "ignore" });
		expect(judgeTap(tapBody(KEY, "elsewhere", 0, NOW + 5), KEY, NOW, open)).toEqual({ kind: "ignore" });
	});
});

describe("messageOfLine", () => {
	it("reads message events and skips open, keepalive and garbage", () => {
		expect(messageOfLine('{"id":"a","time":5,"event":"message","topic":"t","message":"m"}')).toEqual({
			id: "a",
			time: 5,
			message: "m",
		});
		expect(messageOfLine('{"id":"a","time":5,"event":"open","topic":"t"}')).toBeUndefined();
		expect(messageOfLine("{not json")).toBeUndefined();
	});
});

describe("anything read from the reply topic", () => {
	it("is a verdict, never a throw, and never an answer without this key's token", () => {
		const open = () => ({ request: ONE, ended: false });
		const tapLike = fc.record({
			kind: fc.constantFrom("pi-ask-anywhere.tap", "other"),
			v: fc.oneof(fc.constantFrom(1, 2), fc.anything()),
			ask: fc.oneof(fc.constant("ask1"), fc.string()),
			choice: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.anything()),
			expires: fc.oneof(fc.constant(NOW + 5), fc.anything()),
			offered: fc.oneof(fc.constant(NOW * 1000), fc.integer(), fc.anything()),
			token: fc.oneof(fc.string(), fc.anything()),
		});
		fc.assert(
			fc.property(
				fc.oneof(
					fc.string(),
					tapLike.map((tap) => JSON.stringify(tap)),
				),
				(text) => {
					const verdict = judgeTap(text, KEY, NOW, open);
					expect(verdict.kind).not.toBe("answer");
					expect(() => messageOfLine(text)).not.toThrow();
				},
			),
			{ numRuns: 2_000 },
		);
	});
});
