import { describe, expect, it } from "vitest";
import { createAskDisk } from "../../src/lifecycle/ask-disk.js";
import type { PendingFile } from "../../src/pending/pending-file.js";
import { createSettledRecords } from "../../src/records/store.js";
import { SPEC_EXAMPLE } from "../fixtures.js";

const SESSION = { cwd: "/work/app", sessionId: "s1", sessionFile: "sessions/s1.jsonl", task: "set up the service" };

function world(options: { claimable?: boolean; failFacts?: boolean; failRemove?: boolean } = {}) {
	const saved: PendingFile[] = [];
	const removed: string[] = [];
	const made: unknown[] = [];
	const released: string[] = [];
	const disk = createAskDisk({
		facts: {
			append: (fact) => {
				if (options.failFacts) throw new Error("disk full");
				made.push(fact);
			},
		},
		claims: {
			claim: (path) => (options.claimable === false ? undefined : () => released.push(path)),
			stillHeld: () => true,
		},
		save: (_cwd, file) => {
			saved.push(file);
			return `/work/app/.pi/pending-questions-${saved.length}.json`;
		},
		remove: (path) => {
			if (options.failRemove) throw new Error(`EPERM: operation not permitted, unlink '${path}'`);
			removed.push(path);
		},
		now: () => new Date("2026-11-24T12:00:00Z"),
	});
	return { disk, saved, removed, made, released };
}

describe("an ask's questions on disk", () => {
	it("the pending file names the session by its absolute path and the task; the ask is recorded as made here", () => {
		const w = world();
		const file = w.disk.pendingFileFor(SESSION, SPEC_EXAMPLE, "call_1");
		expect(file).toMatchObject({
			sessionId: "s1",
			toolCallId: "call_1",
			sessionFile: "/work/app/sessions/s1.jsonl",
			task: "set up the service",
			timestamp: "2026-11-24T12:00:00.000Z",
		});
		expect(w.made).toEqual([
			{
				fact: "saved",
				at: Date.parse("2026-11-24T12:00:00.000Z"),
				toolCallId: "call_1",
				sessionId: "s1",
				project: "/work/app",
			},
		]);
		// Without the record the file is still made: its session vouches for it.
		expect(world({ failFacts: true }).disk.pendingFileFor(SESSION, SPEC_EXAMPLE, "call_1").toolCallId).toBe("call_1");
	});

	it("kept while a dialog shows it, claimed; when the dialog ends the claim ends and the file goes, unless kept", () => {
		const w = world();
		const first = w.disk.keepWhileAsked(SESSION, SPEC_EXAMPLE, "call_1");
		const second = w.disk.keepWhileAsked(SESSION, SPEC_EXAMPLE, "call_2");
		w.disk.doneAsking(first, false);
		w.disk.doneAsking(second, true);
		expect(w.removed).toEqual([first]);
		expect(w.released).toEqual([first, second]);
		w.disk.doneAsking(first, false);
		expect(w.released).toEqual([first, second]);
	});

	it("a file that cannot be removed (a read-only folder) is said, never thrown: the person's answer still goes out", () => {
		const w = world({ failRemove: true });
		const path = w.disk.keepWhileAsked(SESSION, SPEC_EXAMPLE, "call_1");
		let why: string | undefined;
		expect(() => {
			why = w.disk.doneAsking(path, false);
		}).not.toThrow();
		expect(why).toContain("EPERM");
		// The claim still ends: another pi is not kept waiting on a dialog that is over.
		expect(w.released).toEqual([path]);
		expect(world().disk.doneAsking(w.disk.keepWhileAsked(SESSION, SPEC_EXAMPLE, "call_2"), false)).toBeUndefined();
	});
});

describe("where a settled ask is written down", () => {
	it("this session's ask in the session, another session's in the ledger", () => {
		const records: unknown[] = [];
		const ledger: unknown[] = [];
		const settled = createSettledRecords({ record: (r) => records.push(r), ledger: { add: (e) => ledger.push(e) } });
		settled.delivered({ toolCallId: "a" });
		settled.delivered({ toolCallId: "b", fromSession: "s0" });
		settled.cleared("s1", [
			{ sessionId: "s1", toolCallId: "c" },
			{ sessionId: "s0", toolCallId: "d" },
		]);
		expect(records).toEqual([
			{ toolCallId: "a", state: "delivered" },
			{ toolCallId: "c", state: "cleared" },
		]);
		expect(ledger).toEqual([
			{ sessionId: "s0", toolCallId: "b", how: "delivered" },
			{ sessionId: "s0", toolCallId: "d", how: "cleared" },
		]);
	});
});
