/**
 * The fact log kept bounded (src/records/fact-compaction.ts): the tool calls older than the bound are forgotten behind a
 * marker, every other fact is kept, a file changed before the bound counts as a tool's, and a compaction while another
 * real process appends loses none of its facts. Real files in a temp folder.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compactedText, type Fact, factLog } from "../../src/ask/log.js";
import { createPendingFile, savePendingFile } from "../../src/pending/pending-file.js";
import { compactFactLog } from "../../src/records/fact-compaction.js";
import { toolWriteGuard } from "../../src/records/tool-writes.js";

const APPENDER = fileURLToPath(new URL("./fixtures/fact-appender.ts", import.meta.url));

let agentDir: string;
let path: string;
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-compaction-"));
	path = join(agentDir, "pi-ask-user", "facts.jsonl");
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

const ran = (from: number, until: number): Fact => ({ fact: "tool-ran", from, until });
const saved = (at: number): Fact => ({ fact: "saved", at, sessionId: "s1", toolCallId: `call_${at}`, project: "/p" });
const lines = (text: string) =>
	text
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as Fact);

describe("compactedText", () => {
	it("forgets the tool calls before the bound, keeps every other fact, and puts the older ones ahead of the marker", () => {
		const text = [ran(1, 2), saved(3), ran(4, 50), saved(60), ran(70, 80), "not a fact", saved(5)]
			.map((fact) => (typeof fact === "string" ? fact : JSON.stringify(fact)))
			.join("\n");
		expect(lines(compactedText(text, 50))).toEqual([
			saved(3),
			saved(5),
			{ fact: "forgotten", before: 50 },
			ran(4, 50),
			saved(60),
			ran(70, 80),
		]);
	});

	it("never forgets less than an earlier compaction did", () => {
		const once = compactedText([ran(1, 2), ran(10, 20)].map((f) => JSON.stringify(f)).join("\n"), 15);
		expect(lines(compactedText(once, 5))).toEqual([{ fact: "forgotten", before: 15 }, ran(10, 20)]);
	});
});

describe("compactFactLog", () => {
	it("leaves a small log alone; compacts a large one, whose reader then meets the marker", () => {
		const log = factLog(agentDir);
		log.append(saved(1_000));
		expect(compactFactLog(path, { aboveBytes: 1_000_000 })).toBe("small");
		for (let n = 0; n < 2_000; n++) log.append(ran(2_000 + n, 2_000 + n));
		const size = statSync(path).size;
		expect(compactFactLog(path, { aboveBytes: 1_000, keepMs: 500, now: 3_500 })).toBe("compacted");
		expect(statSync(path).size).toBeLessThan(size * 0.6);
		expect(log.saved({ sessionId: "s1", toolCallId: "call_1000" })?.project).toBe("/p");
		const kept: number[] = [];
		log.newestFirst((fact) => {
			if (fact.fact === "tool-ran") kept.push(fact.from);
			return true;
		});
		expect(kept).toHaveLength(1_000);
		expect(Math.min(...kept)).toBe(3_000);
	});

	it("a pending file changed before the bound counts as a tool call's answers", () => {
		const cwd = join(agentDir, "project");
		const file = createPendingFile({
			request: { questions: [{ question: "Go?", options: [{ label: "Yes" }, { label: "No" }] }] },
			sessionId: "s1",
			toolCallId: "call_1",
			now: new Date(),
		});
		const pending = savePendingFile(cwd, file);
		const changed = statSync(pending).ctimeMs;
		const log = factLog(agentDir);
		for (let n = 0; n < 100; n++) log.append(ran(changed + 100_000 + n, changed + 100_000 + n));
		const guard = () => toolWriteGuard(agentDir, "ask_user", () => {}, { onExit: () => {} });
		expect(guard().answersWrittenByTool(pending)).toBe(false);
		expect(compactFactLog(path, { aboveBytes: 100, keepMs: 0, now: changed + 1_000 })).toBe("compacted");
		expect(guard().answersWrittenByTool(pending)).toBe(true);
	});

	it("another real process appending all along loses none of its facts to the compactions", async () => {
		const log = factLog(agentDir);
		for (let n = 0; n < 3_000; n++) log.append(saved(n));
		const count = 4_000;
		const child = spawn(process.execPath, ["--import", "tsx", APPENDER, agentDir, String(count)], {
			stdio: ["ignore", "pipe", "pipe"],
		});
		let done = false;
		let said = "";
		child.stdout.on("data", (chunk: Buffer) => {
			if (chunk.toString().includes("done")) done = true;
		});
		child.stderr.on("data", (chunk: Buffer) => {
			said += chunk.toString();
		});
		child.once("exit", () => {
			done = true;
		});
		let compactions = 0;
		while (!done) {
			// Everything older than now is forgotten but the saved facts: the child's are all newer than the bound.
			if (compactFactLog(path, { aboveBytes: 0, keepMs: 60_000 }) === "compacted") compactions++;
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
		expect(said).toBe("");
		expect(compactions).toBeGreaterThan(2);
		const text = readFileSync(path, "utf8");
		// No torn or mixed line (a blank one, which every reader skips, may appear where a writer saw another's write
		// half done and started its own line).
		const bad = text.split("\n").filter((line) => {
			try {
				JSON.parse(line);
				return false;
			} catch {
				return line !== "";
			}
		});
		expect(bad).toEqual([]);
		const seen = new Set<number>();
		for (const fact of lines(text)) if (fact.fact === "tool-ran") seen.add(fact.from);
		expect(seen.size).toBe(count);
		expect(lines(readFileSync(path, "utf8")).filter((fact) => fact.fact === "saved")).toHaveLength(3_000);
	}, 60_000);
});

describe("a torn line", () => {
	it("at the end of the old log is completed by its writer and copied, not lost", () => {
		const log = factLog(agentDir);
		log.append(saved(1));
		writeFileSync(path, `${readFileSync(path, "utf8")}{"fact":"sav`);
		expect(compactFactLog(path, { aboveBytes: 0, keepMs: 0, now: 0 })).toBe("compacted");
		expect(log.saved({ sessionId: "s1", toolCallId: "call_1" })?.project).toBe("/p");
	});
});
