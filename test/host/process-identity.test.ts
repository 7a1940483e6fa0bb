/**
 * The one rule for whether the process that stamped a file (a claim, an answer lock) still holds it, as a table: its
 * age by its own stamp, unless the stamp is ahead of this clock, then by when the file was written; on this host,
 * also whether the process (pid and start time) still runs.
 */
import { describe, expect, it } from "vitest";
import { type ProcessIdentity, type StampedBy, stampIsLive } from "../../src/host/process-identity.js";

const NOW = 1_000_000;
const stamp = (over: Partial<StampedBy> = {}): StampedBy => ({
	host: "here",
	pid: 42,
	started: "777",
	at: NOW,
	...over,
});
const running = (alive: readonly ProcessIdentity[]) => (p: ProcessIdentity) =>
	alive.some((a) => a.pid === p.pid && a.started === p.started);
/** A claim's limits and an answer lock's. */
const claim = { maxAgeMs: 15_000, aheadSlackMs: 5_000 };
const lock = { maxAgeMs: 10_000, aheadSlackMs: 5 };
const here = (alive: readonly ProcessIdentity[]) => ({ host: "here", now: NOW, isRunning: running(alive) });

describe("stampIsLive", () => {
	it.each([
		["its process runs, stamped now", NOW, [{ pid: 42, started: "777" }], true],
		["the pid is gone", NOW, [], false],
		["the pid was reused (another start time)", NOW, [{ pid: 42, started: "999" }], false],
		["its process runs but froze past the limit", NOW - 15_001, [{ pid: 42, started: "777" }], false],
		["its process runs, exactly at the limit", NOW - 15_000, [{ pid: 42, started: "777" }], true],
	] as const)("this host, %s → %s", (_case, at, alive, live) => {
		expect(stampIsLive(stamp({ at }), here(alive), claim)).toBe(live);
	});

	// Another host's process cannot be seen: the time alone decides, by the stamp or, when it is ahead, by the file.
	it.each([
		["within a claim's limit", NOW - 14_000, claim, undefined, true],
		["past a claim's limit", NOW - 15_001, claim, undefined, false],
		["11 s old: past a lock's limit", NOW - 11_000, lock, undefined, false],
		["11 s old: within a claim's limit", NOW - 11_000, claim, undefined, true],
		["ahead past the slack, file written 20 s ago", NOW + 600_000, claim, NOW - 20_000, false],
		["ahead past the slack, file written just now", NOW + 600_000, claim, NOW - 1_000, true],
		["ahead past the slack, file time unknown: its stamp", NOW + 600_000, claim, undefined, true],
		["a planted 1e400, file written 20 s ago", Number.POSITIVE_INFINITY, lock, NOW - 20_000, false],
		["ahead, file written in the future: as if now", NOW + 600_000, lock, NOW + 60_000, true],
		["ahead within the slack: its own stamp counts", NOW + 2_000, claim, NOW - 60_000, true],
		["ahead past a lock's 5 ms slack: the file's time", NOW + 6, lock, NOW - 60_000, false],
		["stamped behind, file written now: its own stamp counts", NOW - 20_000, claim, NOW, false],
	] as const)("another host, %s → %s", (_case, at, limits, writtenAt, live) => {
		expect(stampIsLive(stamp({ host: "there", at }), here([]), limits, writtenAt)).toBe(live);
	});

	it("a stamp ahead judged by its file's time on this host still needs its process", () => {
		expect(stampIsLive(stamp({ at: NOW + 600_000 }), here([]), claim, NOW)).toBe(false);
		expect(stampIsLive(stamp({ at: NOW + 600_000 }), here([{ pid: 42, started: "777" }]), claim, NOW)).toBe(true);
	});
});
