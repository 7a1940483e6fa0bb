/**
 * The fact log read as a listing reads it: newest first, each part once, with the lines appended since seen at the
 * next read and a log replaced under the same name read afresh. Real files in a temp folder.
 */
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
