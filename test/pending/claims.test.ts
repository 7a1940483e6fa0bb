/** Who owns a pending file now: the liveness rule as a table, and claims on real files with a fake clock and host. */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ProcessIdentity } from "../../src/host/process-identity.js";
import { processStartTime } from "../../src/host/process-identity.js";
import { CLAIM_REFRESH_MS, type Claim, type ClaimsDeps, claimPathOf, createClaims } from "../../src/pending/claims.js";

const NOW = 1_000_000;
const claim = (over: Partial<Claim> = {}): Claim => ({
	toolCallId: "call_1",
	host: "here",
	pid: 42,
	started: "777",
	at: NOW,
	...over,
});

describe("whether a claim holds: another pi's heldElsewhere on the claim file as found", () => {
	let dir: string;
	let pending: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-claim-live-"));
		mkdirSync(join(dir, ".pi"));
		pending = join(dir, ".pi", "pending-questions.json");
		writeFileSync(pending, "{}");
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	const running = (alive: ProcessIdentity[]) => (p: ProcessIdentity) =>
		alive.some((a) => a.pid === p.pid && a.started === p.started);
	/** Claim `c` in a file last written at `writtenAt` (a server's naming this very file), judged on host "here" at NOW. */
	const claimIsLive = (c: Claim, deps: Pick<ClaimsDeps, "isRunning">, writtenAt = NOW) => {
		const path = claimPathOf(pending);
		writeFileSync(path, JSON.stringify(c.holder === "mcp" ? { ...c, file: realpathSync.native(pending) } : c));
		utimesSync(path, writtenAt / 1000, writtenAt / 1000);
		const self = { pid: 1, started: "100" };
		const claims = createClaims({
			...deps,
			host: "here",
			self,
			now: () => NOW,
			every: () => () => {},
			onExit: () => {},
		});
		return claims.heldElsewhere(pending, c.toolCallId) !== undefined;
	};
	it.each([
		["this host, its process runs, refreshed now", claim(), [{ pid: 42, started: "777" }], true],
		["this host, the pid is gone", claim(), [], false],
		["this host, the pid was reused (another start time)", claim(), [{ pid: 42, started: "999" }], false],
		["another host, refreshed within three intervals", claim({ host: "there", at: NOW - 14_000 }), [], true],
		["another host, not refreshed for three intervals", claim({ host: "there", at: NOW - 15_001 }), [], false],
		// An MCP server answers only the folder on its own host: a claim naming another host (planted, or carried by a
		// cloned repository whose checkout set the file's time to now) is never live.
		["mcp on another host, refreshed now", claim({ host: "there", holder: "mcp", file: "/x" }), [], false],
		[
			"mcp on another host, stamped ahead, file written now",
			claim({ host: "there", holder: "mcp", file: "/x", at: NOW + 600_000 }),
			[],
			false,
		],
		[
			"this host, its process runs but froze (not refreshed for three intervals)",
			claim({ at: NOW - 3 * CLAIM_REFRESH_MS - 1 }),
			[{ pid: 42, started: "777" }],
			false,
		],
	] as const)("%s → %s", (_case, c, alive, live) => {
		expect(claimIsLive(c, { isRunning: running([...alive]) })).toBe(live);
	});

	// A machine whose clock runs ten minutes ahead: its stamp alone would keep a dead claim for ten minutes.
	it.each([
		["stamped ahead, file last written 20 s ago", NOW + 600_000, NOW - 20_000, false],
		["stamped ahead, file written just now", NOW + 600_000, NOW - 1_000, true],
		["stamped a little ahead (within an interval): its own stamp counts", NOW + 2_000, NOW - 60_000, true],
		["stamped behind, file written now: its own stamp counts", NOW - 20_000, NOW, false],
	] as const)("another host, %s", (_case, at, writtenAt, live) => {
		const c = claim({ host: "there", at });
		expect(claimIsLive(c, { isRunning: () => false }, writtenAt)).toBe(live);
	});
});

describe("processStartTime", () => {
	it("reads field 22 of /proc/<pid>/stat, also when the command name holds spaces and parentheses", () => {
		const stat = "1234 (pi (worker) 2) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 424242 19 20";
		expect(processStartTime(1234, () => stat)).toBe("424242");
	});
	it("is undefined for a process that is not there", () => {
		expect(
			processStartTime(1, () => {
				throw new Error("ENOENT");
			}),
		).toBeUndefined();
	});
	it("is this process's own start time on Linux", () => {
		expect(processStartTime(process.pid)).toMatch(/^\d+$/);
	});
});

describe("createClaims on real files", () => {
	let dir: string;
	let pending: string;
	let clock: number;
	let refreshers: (() => void)[];
	let exits: (() => void)[];
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-claims-"));
		mkdirSync(join(dir, ".pi"));
		pending = join(dir, ".pi", "pending-questions.json");
		writeFileSync(pending, "{}");
		clock = NOW;
		refreshers = [];
		exits = [];
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	const deps = (self: ProcessIdentity, alive: ProcessIdentity[]): ClaimsDeps => ({
		host: "here",
		self,
		now: () => clock,
		isRunning: (p) => alive.some((a) => a.pid === p.pid && a.started === p.started),
		every: (_ms, refresh) => {
			refreshers.push(refresh);
			return () => {
				refreshers = refreshers.filter((r) => r !== refresh);
			};
		},
		onExit: (release) => exits.push(release),
	});
	const first = { pid: 1, started: "100" };
	const second = { pid: 2, started: "200" };

	it("a claim keeps another live pi out until it is released; the owner never counts as another", () => {
		const mine = createClaims(deps(first, [first, second]));
		const theirs = createClaims(deps(second, [first, second]));
		const release = mine.claim(pending, "call_1");
		expect(release).toBeTypeOf("function");
		expect(mine.heldElsewhere(pending, "call_1")).toBeUndefined();
		expect(theirs.heldElsewhere(pending, "call_1")).toMatchObject({ pid: 1, host: "here" });
		expect(theirs.claim(pending, "call_1")).toBeUndefined();
		// Another ask that took the same file name is not held by this claim.
		expect(theirs.heldElsewhere(pending, "call_2")).toBeUndefined();
		release?.();
		expect(theirs.heldElsewhere(pending, "call_1")).toBeUndefined();
	});

	it("an MCP server's claim says so and counts only for the very file it names, not a copy of the folder", () => {
		const server = createClaims({ ...deps(first, [first, second]), holder: "mcp" });
		const pi = createClaims(deps(second, [first, second]));
		server.claim(pending, "call_1");
		expect(pi.heldElsewhere(pending, "call_1")).toMatchObject({ holder: "mcp", pid: 1 });
		// The folder copied, claim and all (cp -r): the server's process still runs, but it does not hold the copy.
		const copy = join(dir, "copy");
		mkdirSync(join(copy, ".pi"), { recursive: true });
		const copied = join(copy, ".pi", "pending-questions.json");
		writeFileSync(copied, "{}");
		writeFileSync(claimPathOf(copied), readFileSync(claimPathOf(pending)));
		expect(pi.heldElsewhere(copied, "call_1")).toBeUndefined();
		// A claim that says mcp but names no file is no claim at all.
		const { file: _file, ...nameless } = JSON.parse(readFileSync(claimPathOf(pending), "utf8"));
		writeFileSync(claimPathOf(copied), JSON.stringify(nameless));
		expect(pi.heldElsewhere(copied, "call_1")).toBeUndefined();
	});

	it("is refreshed while held, and dead three intervals after the refreshes stop", () => {
		const mine = createClaims(deps(first, [first]));
		const theirs = createClaims({ ...deps(second, [first]), host: "elsewhere" });
		mine.claim(pending, "call_1");
		clock += 3 * CLAIM_REFRESH_MS;
		for (const refresh of refreshers) refresh();
		expect(JSON.parse(readFileSync(claimPathOf(pending), "utf8")).at).toBe(clock);
		// A pi of the previous version reads a claim's time only as `refreshedAt`.
		expect(JSON.parse(readFileSync(claimPathOf(pending), "utf8")).refreshedAt).toBe(clock);
		clock += 2 * CLAIM_REFRESH_MS;
		expect(theirs.heldElsewhere(pending, "call_1")).toBeDefined();
		clock += 2 * CLAIM_REFRESH_MS;
		expect(theirs.heldElsewhere(pending, "call_1")).toBeUndefined();
	});

	it("a dead owner's claim is taken over; the process's exit releases what it holds", () => {
		const goneExits: (() => void)[] = [];
		const gone = createClaims({ ...deps(first, [second]), onExit: (release) => goneExits.push(release) });
		gone.claim(pending, "call_1");
		const next = createClaims(deps(second, [second]));
		expect(next.heldElsewhere(pending, "call_1")).toBeUndefined();
		expect(next.claim(pending, "call_1")).toBeTypeOf("function");
		for (const exit of goneExits) exit();
		// The exit of the first pi removed nothing: the claim is the second pi's now.
		expect(JSON.parse(readFileSync(claimPathOf(pending), "utf8"))).toMatchObject({ pid: 2 });
		for (const exit of exits) exit();
		expect(() => readFileSync(claimPathOf(pending))).toThrow("ENOENT");
	});

	it("a claim written by the previous version (its time as `refreshedAt`) holds while live, and is taken once dead", () => {
		const old = { toolCallId: "call_1", host: "here", pid: 1, started: "100", refreshedAt: NOW };
		writeFileSync(claimPathOf(pending), JSON.stringify(old));
		expect(createClaims(deps(second, [first, second])).claim(pending, "call_1")).toBeUndefined();
		clock += 3 * CLAIM_REFRESH_MS + 1;
		expect(createClaims(deps(second, [first, second])).claim(pending, "call_1")).toBeTypeOf("function");
		expect(JSON.parse(readFileSync(claimPathOf(pending), "utf8"))).toMatchObject({ pid: 2 });
	});
});
