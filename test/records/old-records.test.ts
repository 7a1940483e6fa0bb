/**
 * The records earlier versions kept in files of their own become facts once (src/records/old-records.ts): an ask saved,
 * settled or answered before the update is judged the same after it. Real files in a temp folder.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { factLog } from "../../src/ask/log.js";
import { userFacts } from "../../src/records/store.js";

let agentDir: string;
let records: string;
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-old-records-"));
	records = join(agentDir, "pi-ask-user");
	mkdirSync(records);
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

const lines = (...values: unknown[]) => `${values.map((value) => JSON.stringify(value)).join("\n")}\n`;
const ask = { sessionId: "s1", toolCallId: "call_1" };

describe("the records of earlier versions", () => {
	it("become facts once, and their files are set aside", () => {
		writeFileSync(join(records, "asks.jsonl"), lines({ ...ask, cwd: "/project", savedAt: "2026-01-01T10:00:00Z" }));
		writeFileSync(
			join(records, "settled-elsewhere.jsonl"),
			lines(
				{ ...ask, state: "delivered", settledAt: "2026-01-01T11:00:00Z" },
				{ ...ask, toolCallId: "call_2", state: "cleared", askedAt: Date.parse("2026-01-01T09:00:00Z") },
			),
		);
		writeFileSync(join(records, "given-on-page.jsonl"), `${lines({ fingerprint: "p1" })}{"fingerp`);
		writeFileSync(join(records, "given-for-asker.jsonl"), lines({ fingerprint: "a1" }, { nothing: 1 }, [2]));
		const facts = userFacts(agentDir);
		expect(facts.saved(ask)?.project).toBe("/project");
		expect(facts.settled(ask, Date.parse("2026-01-01T10:00:00Z"))).toBe(true);
		const two = { ...ask, toolCallId: "call_2" };
		expect(facts.settled(two, Date.parse("2026-01-01T09:00:00Z"))).toBe(true);
		expect(facts.settled(two, Date.parse("2026-01-01T08:00:00Z"))).toBe(false);
		expect([facts.given("page", "p1"), facts.given("asker", "a1"), facts.given("page", "a1")].map(Boolean)).toEqual([
			true,
			true,
			false,
		]);
		for (const name of ["asks.jsonl", "settled-elsewhere.jsonl", "given-on-page.jsonl", "given-for-asker.jsonl"]) {
			expect(existsSync(join(records, name))).toBe(false);
			expect(existsSync(join(records, `${name}.imported`))).toBe(true);
		}
		// A second start imports nothing again.
		const before = readFileSync(join(records, "facts.jsonl"), "utf8");
		userFacts(agentDir);
		expect(readFileSync(join(records, "facts.jsonl"), "utf8")).toBe(before);
		expect(before.trim().split("\n")).toHaveLength(5);
	});

	it("a log that cannot take them leaves the old files where they are, to be imported later", () => {
		writeFileSync(join(records, "asks.jsonl"), lines({ ...ask, cwd: "/project", savedAt: "2026-01-01T10:00:00Z" }));
		mkdirSync(join(records, "facts.jsonl"));
		userFacts(agentDir);
		expect(existsSync(join(records, "asks.jsonl"))).toBe(true);
		rmSync(join(records, "facts.jsonl"), { recursive: true });
		expect(userFacts(agentDir).saved(ask)?.project).toBe("/project");
		expect(factLog(agentDir).saved(ask)?.project).toBe("/project");
	});
});
