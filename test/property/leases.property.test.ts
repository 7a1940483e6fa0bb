/**
 * Leases as properties, in one process over one temp folder: two holders (two deps values with different identities,
 * one clock, one table of running processes) claim, refresh, release, freeze, die and come back under a reused pid in
 * any order, and a model says who holds the claim after each step; exactly one of two writers holds the answer lock,
 * and a lock left by a dead holder (pid gone, or reused with another start time) is broken and taken. A FIFO or a
 * symlink planted at a lease path (a claim, the answer lock, a web command's address, a running tool calls' lease)
 * never hangs a holder and is never written or read through.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
	existsSync,
	lstatSync,
	lutimesSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, it } from "vitest";
import { type LeaseDeps, writeLease } from "../../src/ask/lease.js";
import type { ProcessIdentity } from "../../src/host/process-identity.js";
import {
	CLAIM_REFRESH_MS,
	type Claims,
	type ClaimsDeps,
	claimPathOf,
	createClaims,
	withAnswerLock,
} from "../../src/pending/claims.js";
import { webAddressFor } from "../../src/push/web-address.js";
import { settleAbandonedLeases } from "../../src/records/tool-writes.js";
import { withinBudget } from "./arbitraries.js";

const RUNS = 100;
/** A busy lock is waited for (3 s by the fake clock, some hundred retries): bounded, never a hang. */
const LOCK_BUDGET_MS = 10_000;
const CLAIM_DEAD_AFTER_MS = 3 * CLAIM_REFRESH_MS;
const LOCK_STALE_AFTER_MS = 10_000;

let folder: string;
let pending: string;
beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-leases-"));
	pending = join(folder, "pending-questions.json");
	writeFileSync(pending, "{}");
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** One machine: a clock and the processes running on it. */
function machine() {
	const running = new Set<string>();
	const key = (p: ProcessIdentity) => `${p.pid}/${p.started}`;
	return {
		now: 1_000_000,
		start: (p: ProcessIdentity) => running.add(key(p)),
		stop: (p: ProcessIdentity) => running.delete(key(p)),
		isRunning: (p: ProcessIdentity) => running.has(key(p)),
	};
}
type Machine = ReturnType<typeof machine>;

/** A holder: one pi process (its identity, its claims, the refresh and exit hooks it registered). */
interface Holder {
	self: ProcessIdentity;
	claims: Claims;
	refreshers: (() => void)[];
	exits: (() => void)[];
	release: (() => void) | undefined;
}

function startHolder(m: Machine, self: ProcessIdentity): Holder {
	m.start(self);
	const holder: Holder = {
		self,
		claims: undefined as unknown as Claims,
		refreshers: [],
		exits: [],
		release: undefined,
	};
	const deps: ClaimsDeps = {
		host: "here",
		self,
		now: () => m.now,
		isRunning: m.isRunning,
		every: (_ms, refresh) => {
			holder.refreshers.push(refresh);
			return () => {
				holder.refreshers = holder.refreshers.filter((r) => r !== refresh);
			};
		},
		onExit: (release) => holder.exits.push(release),
	};
	holder.claims = createClaims(deps);
	return holder;
}

type Step =
	| { op: "claim" | "release" | "refresh" | "exit" | "kill" | "reuse"; who: 0 | 1 }
	| { op: "tick"; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
	fc.record({
		op: fc.constantFrom("claim", "claim", "release", "refresh", "refresh", "exit", "kill", "reuse"),
		who: fc.constantFrom(0 as const, 1 as const),
	}),
	fc.record({ op: fc.constant("tick" as const), ms: fc.integer({ min: 0, max: 2 * CLAIM_DEAD_AFTER_MS }) }),
);

const same = (a: ProcessIdentity | undefined, b: ProcessIdentity) => a?.pid === b.pid && a.started === b.started;

describe("claims: two holders over one folder", () => {
	it("after any steps, the claim is held by the one the model says, and never by two", () => {
		fc.assert(
			fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
				rmSync(claimPathOf(pending), { force: true });
				const m = machine();
				let generation = 0;
				const holders: [Holder, Holder] = [
					startHolder(m, { pid: 100, started: "0" }),
					startHolder(m, { pid: 200, started: "0" }),
				];
				/** The claim on disk, by the model: whose, and when it was last written. */
				let disk: { owner: ProcessIdentity; at: number } | undefined;
				const liveOnDisk = () =>
					disk !== undefined && m.isRunning(disk.owner) && m.now - disk.at <= CLAIM_DEAD_AFTER_MS;
				for (const s of steps) {
					if (s.op === "tick") {
						m.now += s.ms;
						continue;
					}
					const h = holders[s.who];
					if (s.op === "claim") {
						const heldByOther = liveOnDisk() && !same(disk?.owner, h.self);
						h.release = h.claims.claim(pending, "call_1");
						assert.equal(h.release === undefined, heldByOther, "claim refused exactly when another live holder has it");
						if (!heldByOther) disk = { owner: h.self, at: m.now };
					} else if (s.op === "release") {
						h.release?.();
						if (h.release && same(disk?.owner, h.self)) disk = undefined;
						h.release = undefined;
					} else if (s.op === "refresh") {
						for (const refresh of [...h.refreshers]) refresh();
						if (h.release && same(disk?.owner, h.self)) disk = { owner: h.self, at: m.now };
					} else if (s.op === "exit") {
						for (const exit of h.exits) exit();
						if (h.release && same(disk?.owner, h.self)) disk = undefined;
						m.stop(h.self);
						holders[s.who] = startHolder(m, { pid: h.self.pid + 1, started: String(++generation) });
					} else {
						// Killed: nothing of it runs again; `reuse` gives its pid to a new process (another start time).
						m.stop(h.self);
						const pid = s.op === "reuse" ? h.self.pid : h.self.pid + 1;
						holders[s.who] = startHolder(m, { pid, started: String(++generation) });
					}
					const stillHeld = holders.map((x) => x.release !== undefined && x.claims.stillHeld(pending));
					assert.ok(!(stillHeld[0] && stillHeld[1]), "two holders");
					holders.forEach((x, i) => {
						if (x.release) assert.equal(stillHeld[i], same(disk?.owner, x.self), "stillHeld follows the disk");
					});
					const onDisk = existsSync(claimPathOf(pending))
						? JSON.parse(readFileSync(claimPathOf(pending), "utf8"))
						: undefined;
					assert.equal(onDisk?.pid, disk?.owner.pid);
					assert.equal(onDisk?.started, disk?.owner.started);
				}
			}),
			{ numRuns: RUNS },
		);
	});
});

function lockDeps(m: Machine, self: ProcessIdentity): Omit<LeaseDeps, "every" | "onExit"> {
	return {
		host: "here",
		self,
		now: () => m.now,
		isRunning: m.isRunning,
		sleep: (ms) => {
			m.now += ms;
		},
	};
}
const lockPath = () => join(folder, ".pending-questions.json.answering");

describe("the answer lock: two holders over one folder", () => {
	it("of two writers, exactly one holds it; the other is busy and its work never runs", () => {
		const m = machine();
		const a = lockDeps(m, { pid: 1, started: "1" });
		const b = lockDeps(m, { pid: 2, started: "1" });
		m.start(a.self);
		m.start(b.self);
		let inner: unknown;
		const outer = withAnswerLock(
			pending,
			() => {
				inner = withAnswerLock(pending, () => "b ran", b);
				return "a ran";
			},
			a,
		);
		assert.deepEqual(outer, { kind: "done", value: "a ran" });
		assert.deepEqual(inner, { kind: "busy" });
		assert.ok(!existsSync(lockPath()));
		assert.deepEqual(
			withAnswerLock(pending, () => "b ran", b),
			{ kind: "done", value: "b ran" },
		);
	});

	it("a lock left behind is broken and taken exactly when its holder is dead, its pid reused, or it is old", () => {
		fc.assert(
			fc.property(
				fc.constantFrom("alive", "dead", "reused"),
				fc.constantFrom("here", "there"),
				fc.oneof(fc.integer({ min: 0, max: 6_000 }), fc.integer({ min: LOCK_STALE_AFTER_MS + 1, max: 600_000 })),
				(holder, host, age) => {
					rmSync(lockPath(), { force: true });
					const m = machine();
					const left = { pid: 1, started: "1" };
					const b = lockDeps(m, { pid: 2, started: "1" });
					m.start(b.self);
					if (holder === "alive") m.start(left);
					if (holder === "reused") m.start({ pid: 1, started: "2" });
					writeLease(lockPath(), { host, ...left, tag: "left", at: m.now - age }, "create");
					const seen = host === "here" && holder !== "alive";
					const taken = seen || age > LOCK_STALE_AFTER_MS;
					const result = withinBudget(() => withAnswerLock(pending, () => "ran", b), LOCK_BUDGET_MS);
					assert.deepEqual(result, taken ? { kind: "done", value: "ran" } : { kind: "busy" });
					assert.equal(existsSync(lockPath()), !taken);
				},
			),
			{ numRuns: 20 },
		);
	});
});

/** Plants a FIFO or a symlink (to a file holding `TARGET_TEXT`) at `path`, its own time `age` ms before the clock. */
const TARGET_TEXT = "the target's own text\n";
function plant(kind: "fifo" | "symlink", path: string, now: number, age: number): string {
	const target = join(folder, "target");
	writeFileSync(target, TARGET_TEXT);
	if (kind === "fifo") execFileSync("mkfifo", [path]);
	else symlinkSync(target, path);
	const at = (now - age) / 1000;
	if (kind === "fifo") utimesSync(path, at, at);
	else lutimesSync(path, at, at);
	return target;
}

describe("a FIFO or a symlink planted at a lease path", () => {
	const kinds = fc.constantFrom("fifo" as const, "symlink" as const);
	const ages = fc.oneof(fc.integer({ min: 0, max: 6_000 }), fc.integer({ min: 60_000, max: 600_000 }));

	it("a claim: never hangs, never writes through it, and is replaced by the claim", () => {
		fc.assert(
			fc.property(kinds, ages, (kind, age) => {
				rmSync(claimPathOf(pending), { force: true });
				const m = machine();
				m.now = Date.now();
				const target = plant(kind, claimPathOf(pending), m.now, age);
				const h = startHolder(m, { pid: 100, started: "0" });
				const other = startHolder(m, { pid: 200, started: "0" });
				assert.equal(
					withinBudget(() => other.claims.heldElsewhere(pending, "call_1")),
					undefined,
				);
				const release = withinBudget(() => h.claims.claim(pending, "call_1"));
				assert.equal(typeof release, "function");
				assert.equal(readFileSync(target, "utf8"), TARGET_TEXT);
				assert.ok(lstatSync(claimPathOf(pending)).isFile());
				assert.ok(other.claims.heldElsewhere(pending, "call_1") !== undefined);
				release?.();
				assert.ok(!existsSync(claimPathOf(pending)));
				assert.equal(readFileSync(target, "utf8"), TARGET_TEXT);
			}),
			{ numRuns: 40 },
		);
	});

	it("the answer lock: never hangs, never writes through it; held while fresh, broken once old", () => {
		fc.assert(
			fc.property(kinds, ages, (kind, age) => {
				rmSync(lockPath(), { force: true });
				const m = machine();
				m.now = Date.now();
				const target = plant(kind, lockPath(), m.now, age);
				const b = lockDeps(m, { pid: 2, started: "1" });
				m.start(b.self);
				const result = withinBudget(() => withAnswerLock(pending, () => "ran", b), LOCK_BUDGET_MS);
				const old = age + 3_000 > LOCK_STALE_AFTER_MS;
				assert.deepEqual(result, old ? { kind: "done", value: "ran" } : { kind: "busy" });
				assert.equal(readFileSync(target, "utf8"), TARGET_TEXT);
			}),
			{ numRuns: 20 },
		);
	});

	it("a web command's address or a running tool calls' lease: never hangs, never read through, left as found", () => {
		fc.assert(
			fc.property(kinds, ages, fc.boolean(), (kind, age, running) => {
				rmSync(join(folder, "pi-ask-user"), { recursive: true, force: true });
				const pid = running ? process.pid : 2_000_000_001;
				const web = join(folder, "pi-ask-user", "web-pages", `web-${pid}.json`);
				const calls = join(folder, "pi-ask-user", "tool-calls", `${pid}-1.json`);
				mkdirSync(dirname(web), { recursive: true });
				mkdirSync(dirname(calls), { recursive: true });
				const target = plant(kind, web, Date.now(), age);
				plant(kind, calls, Date.now(), age);
				const alive = (p: ProcessIdentity) => running && p.pid === pid;
				assert.equal(
					withinBudget(() => webAddressFor(folder, folder, alive)),
					undefined,
				);
				const settled: unknown[] = [];
				withinBudget(() => settleAbandonedLeases(folder, (window) => settled.push(window), alive));
				assert.deepEqual(settled, []);
				assert.ok(lstatSync(web) && lstatSync(calls));
				assert.equal(readFileSync(target, "utf8"), TARGET_TEXT);
			}),
			{ numRuns: 20 },
		);
	});
});
