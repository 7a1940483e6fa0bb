/**
 * The record of the asks this user's pi saved (src/records/asks-made.ts) on a real file: a lookup reads lines from the
 * end only as far as the ask's newest line, so judging the newest asks of a folder of thousands parses a few lines,
 * not the whole record; what a lookup answers is the same as reading the whole record (the newest line for an ask
 * wins, a malformed or cut-short line is skipped, a line added by another process is seen).
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileAsksMade } from "../../src/records/asks-made.js";

let agentDir: string;
let path: string;
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-asks-made-"));
	mkdirSync(join(agentDir, "pi-ask-user"));
	path = join(agentDir, "pi-ask-user", "asks.jsonl");
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

const line = (n: number, cwd = `/projects/p${n}`) =>
	`${JSON.stringify({ toolCallId: `call_${n}`, sessionId: `s${n}`, cwd, savedAt: "2026-11-25T00:00:00Z" })}\n`;

/** The record with the real parser, counted: how many lines the lookups parse. */
function counted() {
	let parsed = 0;
	const asks = fileAsksMade(agentDir, {
		parse: (text) => {
			parsed++;
			return JSON.parse(text) as unknown;
		},
	});
	return { asks, parsed: () => parsed };
}

/** Waits until the current synchronous run of code is over (the record is checked for changes once per run). */
const nextRun = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe("the asks record, read from its end", () => {
	it("the newest 20 asks of 1 200 recorded parse 20 lines", () => {
		writeFileSync(path, Array.from({ length: 1200 }, (_, i) => line(i + 1)).join(""));
		const { asks, parsed } = counted();
		for (let n = 1200; n > 1180; n--) expect(asks.saved(`s${n}`, `call_${n}`)?.folder).toBe(`/projects/p${n}`);
		expect(parsed()).toBe(20);
	});

	it("an ask never recorded reads the record once; the lookups after it parse nothing more", () => {
		writeFileSync(path, Array.from({ length: 1200 }, (_, i) => line(i + 1)).join(""));
		const { asks, parsed } = counted();
		expect(asks.saved("s0", "call_0")?.folder).toBeUndefined();
		expect(parsed()).toBe(1200);
		expect(asks.saved("s1", "call_1")?.folder).toBe("/projects/p1");
		expect(asks.saved("s7", "call_7")?.folder).toBe("/projects/p7");
		expect(parsed()).toBe(1200);
	});

	it("the newest line for an ask wins, wherever the lookup started", () => {
		writeFileSync(path, `${line(1, "/old")}${line(2)}${line(1, "/new")}${line(3)}`);
		const { asks } = counted();
		expect(asks.saved("s3", "call_3")?.folder).toBe("/projects/p3");
		expect(asks.saved("s1", "call_1")?.folder).toBe("/new");
		expect(asks.saved("s2", "call_2")?.folder).toBe("/projects/p2");
		expect(asks.saved("s1", "call_1")?.folder).toBe("/new");
	});

	it("skips malformed lines, blank lines and lines that are not records, as a whole read does", () => {
		writeFileSync(
			path,
			[
				line(1),
				'{"toolCallId":"call_2","sessionId":"s2","cwd":"/cut',
				"",
				"[1,2]",
				JSON.stringify({ toolCallId: "call_3", sessionId: "s3", cwd: 42 }),
				"\r",
				line(4).replace("\n", "\r\n"),
			].join("\n"),
		);
		const { asks } = counted();
		expect(asks.saved("s2", "call_2")?.folder).toBeUndefined();
		expect(asks.saved("s3", "call_3")?.folder).toBeUndefined();
		expect(asks.saved("s4", "call_4")?.folder).toBe("/projects/p4");
		expect(asks.saved("s1", "call_1")?.folder).toBe("/projects/p1");
	});

	it("sees a line another process appended, and one this record added", async () => {
		writeFileSync(path, line(1));
		const { asks } = counted();
		expect(asks.saved("s2", "call_2")?.folder).toBeUndefined();
		await nextRun();
		appendFileSync(path, line(2));
		expect(asks.saved("s2", "call_2")?.folder).toBe("/projects/p2");
		asks.add({ toolCallId: "call_1", sessionId: "s1", cwd: "/moved", savedAt: "x" });
		expect(asks.saved("s1", "call_1")?.folder).toBe("/moved");
	});

	it("an absent record knows no ask", () => {
		rmSync(join(agentDir, "pi-ask-user"), { recursive: true });
		expect(counted().asks.saved("s1", "call_1")?.folder).toBeUndefined();
	});
});
