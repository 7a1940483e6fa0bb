/**
 * Leases (a claim, the answer lock, a web command's address): the one rule for whether the process that stamped one
 * still holds it, as a table (its age by its own stamp, unless the stamp is ahead of this clock, then by when the file
 * was written; on this host, also whether the process, pid and start time, still runs); the one reader, which reads
 * no FIFO, symlink or oversized file; creating one in one step, which one of two writers wins; and breaking a stale
 * one, which never removes a newer lease that replaced it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { breakLease, type LeaseStamp, leaseIsLive, readLease, stampOf, writeLease } from "../../src/ask/lease.js";
import type { ProcessIdentity } from "../../src/host/process-identity.js";

const NOW = 1_000_000;
const stamp = (over: Partial<LeaseStamp> = {}): LeaseStamp => ({
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
const here = (alive: readonly ProcessIdentity[]) => ({ host: "here", now: () => NOW, isRunning: running(alive) });

describe("leaseIsLive", () => {
	it.each([
		["its process runs, stamped now", NOW, [{ pid: 42, started: "777" }], true],
		["the pid is gone", NOW, [], false],
		["the pid was reused (another start time)", NOW, [{ pid: 42, started: "999" }], false],
		["its process runs but froze past the limit", NOW - 15_001, [{ pid: 42, started: "777" }], false],
		["its process runs, exactly at the limit", NOW - 15_000, [{ pid: 42, started: "777" }], true],
	] as const)("this host, %s → %s", (_case, at, alive, live) => {
		expect(leaseIsLive(stamp({ at }), here(alive), claim)).toBe(live);
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
		expect(leaseIsLive(stamp({ host: "there", at }), here([]), limits, writtenAt)).toBe(live);
	});

	it("a stamp ahead judged by its file's time on this host still needs its process", () => {
		expect(leaseIsLive(stamp({ at: NOW + 600_000 }), here([]), claim, NOW)).toBe(false);
		expect(leaseIsLive(stamp({ at: NOW + 600_000 }), here([{ pid: 42, started: "777" }]), claim, NOW)).toBe(true);
	});
});

describe("a lease on disk", () => {
	let folder: string;
	beforeEach(() => {
		folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-lease-"));
	});
	afterEach(() => rmSync(folder, { recursive: true, force: true }));

	it("is read with its stamp, and what is no lease is read as held but unknown", () => {
		const path = join(folder, "lease");
		expect(readLease(path)).toBeUndefined();
		writeLease(path, { host: "here", pid: 42, started: "777", at: NOW, tag: "t" });
		const lease = readLease(path);
		expect(stampOf(lease?.fields)).toEqual(stamp());
		expect(lease?.fields?.tag).toBe("t");
		expect(stampOf({ host: "here", pid: 42, started: "777", refreshedAt: NOW })).toEqual(stamp());
		for (const wrong of [{ pid: "42" }, { pid: 4.2 }, { at: Number.NaN }, { host: 1 }, { started: null }]) {
			expect(stampOf({ ...stamp(), ...wrong })).toBeUndefined();
		}
		writeFileSync(path, "not json");
		expect(readLease(path)).toMatchObject({ text: "not json", fields: undefined });
		writeFileSync(path, "x".repeat(5_000));
		expect(readLease(path)).toMatchObject({ text: undefined, fields: undefined });
	});

	it("a FIFO or a symlink planted at its path is never read (no hang, no target read)", () => {
		const fifo = join(folder, "fifo");
		execFileSync("mkfifo", [fifo]);
		expect(readLease(fifo)).toMatchObject({ text: undefined, fields: undefined });
		const target = join(folder, "target");
		writeFileSync(target, JSON.stringify(stamp()));
		const link = join(folder, "link");
		symlinkSync(target, link);
		expect(readLease(link)).toMatchObject({ text: undefined, fields: undefined });
		// Written whole beside it and moved into place: the symlink is replaced, its target untouched.
		writeLease(link, stamp({ pid: 7 }));
		expect(JSON.parse(readFileSync(target, "utf8")).pid).toBe(42);
		expect(stampOf(readLease(link)?.fields)?.pid).toBe(7);
	});

	it("created in one step: of two writers, one holds it", () => {
		const path = join(folder, "lock");
		expect(writeLease(path, stamp({ pid: 1 }), "create")).toBe(true);
		expect(writeLease(path, stamp({ pid: 2 }), "create")).toBe(false);
		expect(stampOf(readLease(path)?.fields)?.pid).toBe(1);
		expect(readdirSync(folder)).toEqual(["lock"]);
	});

	it("breaking a stale one removes the judged lease, and puts back one that replaced it meanwhile", () => {
		const path = join(folder, "lock");
		writeFileSync(path, "old");
		expect(breakLease(path, "old")).toBe(true);
		expect(existsSync(path)).toBe(false);
		writeFileSync(path, "newer");
		expect(breakLease(path, "old")).toBe(true);
		expect(readFileSync(path, "utf8")).toBe("newer");
		expect(readdirSync(folder)).toEqual(["lock"]);
		expect(breakLease(join(folder, "gone"), undefined)).toBe(true);
	});
});
