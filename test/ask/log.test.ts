/**
 * The fact log read as a listing reads it: newest first, each part once, with the lines appended since seen at the
 * next read and a log replaced under the same name read afresh. Real files in a temp folder.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Fact, factLog } from "../../src/ask/log.js";

let agentDir: string;
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-log-"));
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

const ran = (n: number): Fact => ({ fact: "tool-ran", from: n, until: n + 1 });
function all(log: ReturnType<typeof factLog>, upTo = Number.POSITIVE_INFINITY): number[] {
	const seen: number[] = [];
	log.newestFirst((fact) => seen.push(fact.fact === "tool-ran" ? fact.from : -1) < upTo);
	return seen;
}

describe("factLog", () => {
	it("gives the facts newest first, a partial read continued by a deeper one, and the facts appended since", () => {
		const log = factLog(agentDir);
		expect(log.newestFirst(() => true)).toBe("absent");
		for (let n = 1; n <= 5000; n++) log.append(ran(n));
		expect(all(log, 3)).toEqual([5000, 4999, 4998]);
		const whole = all(log);
		expect(whole).toHaveLength(5000);
		expect(whole.slice(0, 2)).toEqual([5000, 4999]);
		expect(whole.at(-1)).toBe(1);
		log.append(ran(5001));
		// Another process appends too: the next read sees both, newest first, before what it read already.
		factLog(agentDir).append(ran(5002));
		expect(all(log, 4)).toEqual([5002, 5001, 5000, 4999]);
		expect(all(log)).toHaveLength(5002);
	});

	it("a log replaced under its name, or cut short, is read afresh; a line that is no fact is skipped", () => {
		const log = factLog(agentDir);
		log.append(ran(1));
		log.append(ran(2));
		expect(all(log)).toEqual([2, 1]);
		const path = join(agentDir, "pi-ask-user", "facts.jsonl");
		writeFileSync(`${path}.new`, `${JSON.stringify(ran(7))}\nnot a fact\n${JSON.stringify(ran(8))}\n{"torn`);
		renameSync(`${path}.new`, path);
		expect(all(log)).toEqual([8, 7]);
		writeFileSync(path, `${JSON.stringify(ran(9))}\n`);
		expect(all(log)).toEqual([9]);
	});
});

describe("the asks the log names", () => {
	const ask = { sessionId: "s1", toolCallId: "call_1" };
	const saved = (at: number, project: string): Fact => ({ fact: "saved", at, ...ask, project });

	it("the newest saved fact of an ask wins, and one appended since (by another process) is seen at once", () => {
		const log = factLog(agentDir);
		expect(log.saved(ask)).toBeUndefined();
		log.append(saved(1_000, "/a"));
		for (let n = 0; n < 2000; n++) log.append(ran(2_000 + n));
		log.append(saved(9_000, "/b"));
		expect(log.saved(ask)?.project).toBe("/b");
		expect(factLog(agentDir).saved(ask)?.project).toBe("/b");
		factLog(agentDir).append(saved(10_000, "/c"));
		expect(log.saved(ask)?.project).toBe("/c");
		expect(log.saved({ ...ask, toolCallId: "call_2" })).toBeUndefined();
	});

	it("a lookup reads back only to the ask's time: older facts are not read", () => {
		const log = factLog(agentDir);
		log.append(saved(1_000, "/old"));
		for (let n = 0; n < 3000; n++) log.append(ran(100_000 + n * 10));
		// Asked long after the old fact: the lookup stops before reaching it.
		expect(log.saved(ask, 100_000 + 2_000 * 10)).toBeUndefined();
		expect(log.saved(ask)?.project).toBe("/old");
	});

	it("given: a lookup for a file's answers reads back only to the ask's time, never the whole history", () => {
		const log = factLog(agentDir);
		log.append({ fact: "given", at: 1_000, to: "asker", fingerprint: "old" });
		for (let n = 0; n < 3000; n++) log.append(ran(100_000 + n * 10));
		// An ask made long after the old fact: the lookup stops before reaching it (a fingerprint names its ask's time,
		// and answers are given after the ask was made).
		expect(log.given("asker", "old", 100_000 + 2_000 * 10)).toBeUndefined();
		expect(factLog(agentDir).given("asker", "old", 100_000 + 2_000 * 10)).toBeUndefined();
		expect(log.given("asker", "old")?.fingerprint).toBe("old");
	});

	it("settled: an ask time names the ask exactly; a fact without one settles the asks made before it", () => {
		const log = factLog(agentDir);
		log.append({ fact: "settled", at: 5_000, ...ask, how: "delivered" });
		log.append({ fact: "settled", at: 9_000, ...ask, toolCallId: "call_2", how: "cleared", askedAt: 3_000 });
		expect([4_000, 5_000, 6_000].map((at) => log.settled(ask, at))).toEqual([true, true, false]);
		expect(log.settled(ask, undefined)).toBe(true);
		const two = { ...ask, toolCallId: "call_2" };
		expect([2_000, 3_000, 4_000].map((at) => log.settled(two, at))).toEqual([false, true, false]);
		expect(log.settled({ ...ask, sessionId: "s2" }, undefined)).toBe(false);
	});

	it("given: by where it was given; an unreadable log (a FIFO in its place) gives nothing", () => {
		const log = factLog(agentDir);
		log.append({ fact: "given", at: 1, to: "page", fingerprint: "f1" });
		expect([log.given("page", "f1"), log.given("asker", "f1"), log.given("page", "f2")].map(Boolean)).toEqual([
			true,
			false,
			false,
		]);
		const path = join(agentDir, "pi-ask-user", "facts.jsonl");
		rmSync(path);
		execFileSync("mkfifo", [path]);
		const fresh = factLog(agentDir);
		expect([fresh.given("page", "f1"), fresh.saved(ask), fresh.settled(ask, undefined)]).toEqual([
			undefined,
			undefined,
			false,
		]);
		expect(() => fresh.append({ fact: "given", at: 2, to: "page", fingerprint: "f2" })).toThrow();
	});

	it("given to the file: who of the page or the phone wrote a fingerprint's answers into the person's own file, newest first", () => {
		const log = factLog(agentDir);
		const givenBy = (fingerprint: string) => log.given("file", fingerprint)?.by;
		expect(givenBy("f1")).toBeUndefined();
		log.append({ fact: "given", at: 1_000, to: "file", by: "tap", fingerprint: "f1" });
		log.append({ fact: "given", at: 2_000, to: "page", fingerprint: "f2" });
		expect([givenBy("f1"), givenBy("f2")]).toEqual(["tap", undefined]);
		factLog(agentDir).append({ fact: "given", at: 3_000, to: "file", by: "page", fingerprint: "f1" });
		expect(givenBy("f1")).toBe("page");
		// A file answer only: not an answer given on the page for a file the person's pi did not write.
		expect(log.given("page", "f1")).toBeUndefined();
	});

	it("a fact line with a field not as written is skipped, the others still count", () => {
		const path = join(agentDir, "pi-ask-user", "facts.jsonl");
		factLog(agentDir).append(saved(1, "/a"));
		writeFileSync(
			path,
			[
				JSON.stringify(saved(1, "/a")),
				JSON.stringify({ ...saved(2, "/b"), project: 7 }),
				JSON.stringify({ fact: "settled", at: 3, ...ask, how: "maybe" }),
				JSON.stringify({ fact: "given", at: 4, to: "anyone", fingerprint: "f" }),
				"",
			].join("\n"),
		);
		const log = factLog(agentDir);
		expect(log.saved(ask)?.project).toBe("/a");
		expect(log.settled(ask, undefined)).toBe(false);
		expect(log.given("page", "f")).toBeUndefined();
	});
});
