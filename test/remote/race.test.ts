import { describe, expect, it } from "vitest";
import type { AskOutcome } from "../../src/core/types.js";
import type { RemoteAskOutcome } from "../../src/remote/bridge.js";
import { ANSWERED_ELSEWHERE } from "../../src/remote/closed-reason.js";
import { raceLocalAndRemote } from "../../src/remote/race.js";

const answered: AskOutcome = {
	kind: "answered",
	answers: [{ question: "Q", answer: "A", selectedOption: "A", wasCustom: false }],
};

/** A side that settles with `outcome` after `ms`, or `interrupted` as soon as it is aborted (as the real sides do). */
function side<T extends RemoteAskOutcome>(outcome: T, ms: number, seen: { aborted: boolean }) {
	return (signal: AbortSignal) =>
		new Promise<T | { kind: "interrupted" }>((resolve) => {
			const timer = setTimeout(() => resolve(outcome), ms);
			signal.addEventListener("abort", () => {
				seen.aborted = true;
				clearTimeout(timer);
				resolve({ kind: "interrupted" });
			});
		});
}

describe("raceLocalAndRemote", () => {
	it("takes a remote answer and closes the local dialog", async () => {
		const local = { aborted: false };
		const remote = { aborted: false };
		const result = await raceLocalAndRemote(
			side<AskOutcome>({ kind: "cancelled" }, 1_000, local),
			side(answered, 10, remote),
		);
		expect(result).toEqual({ outcome: answered, answeredBy: "remote" });
		expect(local.aborted).toBe(true);
		expect(remote.aborted).toBe(false);
	});

	it("takes a local answer and stops waiting remotely", async () => {
		const remote = { aborted: false };
		const result = await raceLocalAndRemote(async () => answered, side({ kind: "timedOut" }, 1_000, remote));
		expect(result).toEqual({ outcome: answered, answeredBy: "local" });
		expect(remote.aborted).toBe(true);
	});

	it.each([
		{ kind: "unavailable", reason: "down" },
		{ kind: "timedOut" },
		{ kind: "connectionLost" },
	] satisfies RemoteAskOutcome[])(
		"keeps the local dialog open when the remote side ends with $kind",
		async (outcome) => {
			const local = { aborted: false };
			const result = await raceLocalAndRemote(side<AskOutcome>(answered, 50, local), async () => outcome);
			expect(result).toEqual({ outcome: answered, answeredBy: "local" });
			expect(local.aborted).toBe(false);
		},
	);

	it("aborts both sides when the caller aborts", async () => {
		const local = { aborted: false };
		const remote = { aborted: false };
		const controller = new AbortController();
		const pending = raceLocalAndRemote(
			side<AskOutcome>(answered, 1_000, local),
			side(answered, 1_000, remote),
			controller.signal,
		);
		controller.abort();
		expect((await pending).outcome).toEqual({ kind: "interrupted" });
		expect(local.aborted && remote.aborted).toBe(true);
	});

	it("treats a remote failure that throws as unavailable", async () => {
		const result = await raceLocalAndRemote(
			async () => answered,
			async () => {
				throw new Error("boom");
			},
		);
		expect(result.outcome).toEqual(answered);
	});

	it("tells the losing side it was answered elsewhere, whichever side wins", async () => {
		const reasons: unknown[] = [];
		const heard = (signal: AbortSignal) =>
			new Promise<{ kind: "interrupted" }>((resolve) =>
				signal.addEventListener("abort", () => {
					reasons.push(signal.reason);
					resolve({ kind: "interrupted" });
				}),
			);
		await raceLocalAndRemote(async () => answered, heard);
		await raceLocalAndRemote(heard, async () => answered);
		expect(reasons).toEqual([ANSWERED_ELSEWHERE, ANSWERED_ELSEWHERE]);
	});

	it("stops the remote side when the local dialog fails, and reports the failure", async () => {
		const remote = { aborted: false };
		await expect(
			raceLocalAndRemote(() => Promise.reject(new Error("terminal gone")), side(answered, 1_000, remote)),
		).rejects.toThrow("terminal gone");
		expect(remote.aborted).toBe(true);
	});

	it("takes no remote answer once the caller aborted: the local dialog's end is the result", async () => {
		const controller = new AbortController();
		let answer: (outcome: RemoteAskOutcome) => void = () => undefined;
		const pending = raceLocalAndRemote(
			(signal) =>
				new Promise<AskOutcome>((resolve) =>
					signal.addEventListener("abort", () => setTimeout(() => resolve({ kind: "interrupted" }), 20)),
				),
			() => new Promise<RemoteAskOutcome>((resolve) => (answer = resolve)),
			controller.signal,
		);
		controller.abort();
		answer(answered);
		expect(await pending).toEqual({ outcome: { kind: "interrupted" }, answeredBy: "local" });
	});

	it("without a remote side, the local dialog is the only channel and hears the caller's own abort reason", async () => {
		expect(await raceLocalAndRemote(async () => answered, undefined)).toEqual({
			outcome: answered,
			answeredBy: "local",
		});
		const controller = new AbortController();
		let heard: unknown;
		const pending = raceLocalAndRemote(
			(signal) =>
				new Promise<AskOutcome>((resolve) =>
					signal.addEventListener("abort", () => {
						heard = signal.reason;
						resolve({ kind: "interrupted" });
					}),
				),
			undefined,
			controller.signal,
		);
		controller.abort("timeout");
		expect(await pending).toEqual({ outcome: { kind: "interrupted" }, answeredBy: "local" });
		expect(heard).toBe("timeout");
	});
});
