/** The lock a pending file is answered under: held while the work runs, waited for, and broken only when left behind. */
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LeaseDeps } from "../../src/ask/lease.js";
import type { ProcessIdentity } from "../../src/host/process-identity.js";
import { withAnswerLock } from "../../src/pending/claims.js";
import { canMakeImmutable, whileImmutable } from "../immutable.js";

const NOW = 1_000_000;
let folder: string;
let pending: string;
let lock: string;
beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-lock-"));
	pending = join(folder, "pending-questions.json");
	lock = join(folder, ".pending-questions.json.answering");
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A clock that moves only when the lock sleeps; `alive` are the processes running on this host. */
function deps(alive: ProcessIdentity[] = []): Omit<LeaseDeps, "every" | "onExit"> & { slept: number } {
	let now = NOW;
	const d = {
		host: "here",
		self: { pid: 1, started: "1" },
		now: () => now,
		isRunning: (p: ProcessIdentity) => alive.some((a) => a.pid === p.pid && a.started === p.started),
		sleep: (ms: number) => {
			now += ms;
			d.slept += ms;
		},
		slept: 0,
	};
	return d;
}

const leftLock = (over: Record<string, unknown> = {}) =>
	writeFileSync(lock, JSON.stringify({ host: "here", pid: 42, started: "7", tag: "old", at: NOW, ...over }));

describe("withAnswerLock", () => {
	it("runs the work holding the lock, and lets go after", () => {
		const held = withAnswerLock(pending, () => existsSync(lock), deps());
		expect(held).toEqual({ kind: "done", value: true });
		expect(readdirSync(folder)).toEqual([]);
	});

	it("lets go when the work throws", () => {
		expect(() =>
			withAnswerLock(
				pending,
				() => {
					throw new Error("disk full");
				},
				deps(),
			),
		).toThrow("disk full");
		expect(readdirSync(folder)).toEqual([]);
	});

	it.each([
		["a live process on this host", {}, [{ pid: 42, started: "7" }]],
		["another host, written now", { host: "there" }, []],
	])("a lock held by %s: waited for, then busy; the work does not run", (_name, over, alive) => {
		leftLock(over);
		const d = deps(alive);
		let ran = false;
		expect(
			withAnswerLock(
				pending,
				() => {
					ran = true;
				},
				d,
			),
		).toEqual({ kind: "busy" });
		expect(ran).toBe(false);
		expect(d.slept).toBeGreaterThanOrEqual(3_000);
		expect(existsSync(lock)).toBe(true);
	});

	it.each([
		["a process gone from this host", {}, []],
		["a reused pid (another start time)", {}, [{ pid: 42, started: "8" }]],
		["a live process, but older than 10 s", { at: NOW - 10_001 }, [{ pid: 42, started: "7" }]],
		["another host, older than 10 s", { host: "there", at: NOW - 10_001 }, []],
	])("a lock left by %s is broken and the work runs", (_name, over, alive) => {
		leftLock(over);
		expect(withAnswerLock(pending, () => "ran", deps(alive))).toEqual({
			kind: "done",
			value: "ran",
		});
		expect(readdirSync(folder)).toEqual([]);
	});

	it("something there that is not a lock is judged by when it was written", () => {
		writeFileSync(lock, "not a lock");
		const written = (NOW - 10_001) / 1000;
		utimesSync(lock, written, written);
		expect(withAnswerLock(pending, () => "ran", deps())).toEqual({ kind: "done", value: "ran" });
		writeFileSync(lock, "not a lock");
		utimesSync(lock, NOW / 1000, NOW / 1000);
		expect(withAnswerLock(pending, () => "ran", deps())).toEqual({ kind: "busy" });
	});
});

describe("a left lock that cannot be judged or broken as usual", () => {
	it("written by the previous version (with its tag): held while its process runs, broken once it is gone", () => {
		leftLock();
		expect(withAnswerLock(pending, () => "ran", deps([{ pid: 42, started: "7" }]))).toEqual({ kind: "busy" });
		expect(withAnswerLock(pending, () => "ran", deps())).toEqual({ kind: "done", value: "ran" });
	});

	it("stamped ahead of this clock (another host's skew, or a planted 1e400): judged by when its file was written", () => {
		writeFileSync(lock, '{"host":"there","pid":42,"started":"7","tag":"old","at":1e400}');
		const d = deps();
		// An hour after the file was written, by this clock.
		const later = { ...d, now: () => Date.now() + 3_600_000 };
		expect(withAnswerLock(pending, () => "ran", later)).toEqual({ kind: "done", value: "ran" });
	});

	it.skipIf(!canMakeImmutable())(
		"stale but immovable (another user's, immutable): busy after the wait, not a spin",
		() => {
			leftLock({ at: 0 });
			let reads = 0;
			const d = deps();
			const counting = {
				...d,
				now: () => {
					if (++reads > 100_000) throw new Error("still trying after 100 000 clock reads");
					return d.now();
				},
				sleep: (ms: number) => d.sleep(Math.max(ms, 1)),
			};
			expect(whileImmutable(lock, () => withAnswerLock(pending, () => "ran", counting))).toEqual({ kind: "busy" });
		},
	);
});
