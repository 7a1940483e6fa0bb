/**
 * The opt-in time limit: a dialog nobody touched ends `timedOut`, any activity restarts the
 * clock, an abort from pi stays `interrupted`, and no option is ever picked on the person's behalf.
 */
import { describe, expect, it } from "vitest";
import type { AskOutcome } from "../../src/core/types.js";
import { timeoutSetting } from "../../src/host/settings.js";
import { withIdleTimeout } from "../../src/lifecycle/idle-timeout.js";

/** A clock the test moves by hand. */
function fakeTimers() {
	let now = 0;
	const timers = new Map<number, { at: number; run: () => void }>();
	let next = 1;
	return {
		set: (run: () => void, ms: number) => {
			timers.set(next, { at: now + ms, run });
			return next++;
		},
		clear: (id: number | undefined) => {
			if (id !== undefined) timers.delete(id);
		},
		advance(ms: number) {
			now += ms;
			for (const [id, timer] of [...timers]) {
				if (timer.at <= now) {
					timers.delete(id);
					timer.run();
				}
			}
		},
	};
}

/** A dialog that ends `interrupted` on abort (as the real ones do) and lets the test touch it or answer it. */
function dialog() {
	let touch = () => {};
	let answer: (outcome: AskOutcome) => void = () => {};
	const show = (signal: AbortSignal, activity: () => void) =>
		new Promise<AskOutcome>((done) => {
			touch = activity;
			answer = done;
			signal.addEventListener("abort", () => done({ kind: "interrupted" }), { once: true });
		});
	return { show, touch: () => touch(), answer: (outcome: AskOutcome) => answer(outcome) };
}

describe("withIdleTimeout", () => {
	it("ends a dialog nobody touched as timedOut", async () => {
		const timers = fakeTimers();
		const d = dialog();
		const outcome = withIdleTimeout(60_000, undefined, d.show, timers);
		timers.advance(60_000);
		expect(await outcome).toEqual({ kind: "timedOut" });
	});

	it("any activity restarts the clock; the person's answer is theirs", async () => {
		const timers = fakeTimers();
		const d = dialog();
		const outcome = withIdleTimeout(60_000, undefined, d.show, timers);
		timers.advance(50_000);
		d.touch();
		timers.advance(50_000);
		d.answer({ kind: "answered", answers: [] });
		expect(await outcome).toEqual({ kind: "answered", answers: [] });
	});

	it("the dialog's signal carries the reason it closed for: pi's own, or the time limit's", async () => {
		const reasons: unknown[] = [];
		const show = (signal: AbortSignal) =>
			new Promise<AskOutcome>((done) =>
				signal.addEventListener("abort", () => {
					reasons.push(signal.reason);
					done({ kind: "interrupted" });
				}),
			);
		const controller = new AbortController();
		const aborted = withIdleTimeout(60_000, controller.signal, show, fakeTimers());
		controller.abort("answered_elsewhere");
		await aborted;
		const timers = fakeTimers();
		const timed = withIdleTimeout(60_000, undefined, show, timers);
		timers.advance(60_000);
		await timed;
		expect(reasons).toEqual(["answered_elsewhere", "timeout"]);
	});

	it("pi's abort stays interrupted, never timedOut", async () => {
		const timers = fakeTimers();
		const d = dialog();
		const controller = new AbortController();
		const outcome = withIdleTimeout(60_000, controller.signal, d.show, timers);
		controller.abort();
		expect(await outcome).toEqual({ kind: "interrupted" });
	});
});

describe("timeoutSetting", () => {
	it.each([
		[undefined, undefined],
		["", undefined],
		["0", undefined],
		["off", undefined],
		["90", 90_000],
		["1.5", 1_500],
	])("%s → %s ms", (value, ms) => {
		expect(timeoutSetting(value)).toEqual({ ms });
	});

	it("a value that is not a number of seconds is refused with a clear message (and no limit)", () => {
		expect(timeoutSetting("soon")).toEqual({
			ms: undefined,
			error: 'PI_ASK_USER_TIMEOUT must be a number of seconds (or 0/off), got "soon"; no time limit is set',
		});
	});
});
