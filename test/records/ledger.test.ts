/**
 * The settled-elsewhere ledger on a real file (issue 21, defect 11): a line cut short by a crash must not swallow
 * the next entry, or the ask it settles comes back and is answered again.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileLedger } from "../../src/records/ledger.js";

let agentDir: string;
let path: string;
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-ledger-"));
	path = join(agentDir, "pi-ask-user", "settled-elsewhere.jsonl");
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

describe("fileLedger", () => {
	it("starts the file owner-only and reads back what it added", () => {
		const ledger = fileLedger(agentDir);
		expect(ledger.settledIn("s1").size).toBe(0);
		ledger.add({ sessionId: "s1", toolCallId: "call_1", state: "delivered" });
		ledger.add({ sessionId: "s1", toolCallId: "call_2", state: "cleared" });
		expect(ledger.settledIn("s1")).toEqual(new Set(["call_1", "call_2"]));
		expect(statSync(path).mode & 0o777).toBe(0o600);
	});

	it("an entry added after a torn last line (no newline) is kept, and so are the lines before it", () => {
		mkdirSync(join(agentDir, "pi-ask-user"), { recursive: true });
		writeFileSync(path, '{"sessionId":"s1","toolCallId":"call_0","state":"delivered"}\n{"sessionId":"s1","toolC');
		const ledger = fileLedger(agentDir);
		ledger.add({ sessionId: "s1", toolCallId: "call_1", state: "delivered" });
		expect(ledger.settledIn("s1")).toEqual(new Set(["call_0", "call_1"]));
		expect(readFileSync(path, "utf8").endsWith("\n")).toBe(true);
	});

	it("a file that ends with a newline gets no empty line", () => {
		const ledger = fileLedger(agentDir);
		ledger.add({ sessionId: "s1", toolCallId: "call_1", state: "delivered" });
		ledger.add({ sessionId: "s1", toolCallId: "call_2", state: "delivered" });
		expect(readFileSync(path, "utf8").split("\n")).toHaveLength(3);
	});
});
