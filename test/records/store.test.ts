/**
 * The ask store (records/store.ts) on real files: the settled-elsewhere ledger, where a line cut short by a crash must
 * not swallow the next entry, or the ask it settles comes back and is answered again; and two stores over one agent
 * folder, as pi and a `pi-ask-anywhere` command open it, with a FIFO or a symlink planted at the fact log.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { factLog } from "../../src/ask/log.js";
import { validateRequest } from "../../src/core/validate.js";
import { createPendingFile } from "../../src/pending/pending-file.js";
import {
	type AnswersOf,
	answersInText,
	createSettledRecords,
	openAskStore,
	PROJECT_LEDGER,
	settledLedger,
} from "../../src/records/store.js";

let agentDir: string;
let path: string;
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-ledger-"));
	path = join(agentDir, "pi-ask-user", "facts.jsonl");
});

const fileLedger = (dir: string, now?: () => Date) =>
	settledLedger(factLog(dir), now === undefined ? undefined : () => now().getTime());
const settledLine = (sessionId: string, toolCallId: string) =>
	`${JSON.stringify({ fact: "settled", at: 1, sessionId, toolCallId, how: "delivered" })}\n`;
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

describe("fileLedger", () => {
	it("starts the file owner-only and reads back what it added", () => {
		const ledger = fileLedger(agentDir);
		expect(ledger.settledIn("s1")("call_1")).toBe(false);
		ledger.add({ sessionId: "s1", toolCallId: "call_1", how: "delivered" });
		ledger.add({ sessionId: "s1", toolCallId: "call_2", how: "cleared" });
		expect(["call_1", "call_2", "call_3"].map((id) => ledger.settledIn("s1")(id))).toEqual([true, true, false]);
		expect(statSync(path).mode & 0o777).toBe(0o600);
	});

	it("a long log: a resumed session finds its own settled asks among ten thousand", () => {
		mkdirSync(join(agentDir, "pi-ask-user"), { recursive: true });
		const lines = Array.from({ length: 10_000 }, (_, i) => settledLine(`s${i % 100}`, `call_${i}`));
		writeFileSync(path, lines.join(""));
		const ledger = fileLedger(agentDir);
		expect(ledger.settledIn("s5")("call_105")).toBe(true);
		expect(ledger.settledIn("s5")("call_106")).toBe(false);
	});

	it("an entry added after a torn last line (no newline) is kept, and so are the lines before it", () => {
		mkdirSync(join(agentDir, "pi-ask-user"), { recursive: true });
		writeFileSync(path, `${settledLine("s1", "call_0")}{"fact":"settled","sessionId":"s1","toolC`);
		const ledger = fileLedger(agentDir);
		ledger.add({ sessionId: "s1", toolCallId: "call_1", how: "delivered" });
		expect(["call_0", "call_1"].map((id) => ledger.settledIn("s1")(id))).toEqual([true, true]);
		expect(readFileSync(path, "utf8").endsWith("\n")).toBe(true);
	});

	it("a file that ends with a newline gets no empty line", () => {
		const ledger = fileLedger(agentDir);
		ledger.add({ sessionId: "s1", toolCallId: "call_1", how: "delivered" });
		ledger.add({ sessionId: "s1", toolCallId: "call_2", how: "delivered" });
		expect(readFileSync(path, "utf8").split("\n")).toHaveLength(3);
	});
});

describe("an ask is its session, its id and when it was made", () => {
	const at = (iso: string) => Date.parse(iso);

	it("a line settles the asks with its id made before it was written, not a later ask reusing the id", () => {
		const ledger = fileLedger(agentDir, () => new Date("2026-01-01T10:00:00Z"));
		ledger.add({ sessionId: "s1", toolCallId: "call_1", how: "delivered" });
		const settled = ledger.settledIn("s1");
		expect(settled("call_1", at("2026-01-01T09:59:59Z"))).toBe(true);
		expect(settled("call_1", at("2026-01-01T10:00:00Z"))).toBe(true);
		expect(settled("call_1", at("2026-01-01T10:00:01Z"))).toBe(false);
		// When the ask was made is not known: any settled ask with the id counts (refusing is safe, sending twice is not).
		expect(settled("call_1")).toBe(true);
		expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({ at: Date.parse("2026-01-01T10:00:00.000Z") });
	});

	it("a line naming when its ask was made settles that ask only: an earlier ask waiting under the id stays open", () => {
		const ledger = fileLedger(agentDir, () => new Date("2026-01-01T10:00:00Z"));
		ledger.add({ sessionId: "s1", toolCallId: "call_1", askedAt: at("2026-01-01T09:30:00Z"), how: "delivered" });
		const settled = ledger.settledIn("s1");
		expect(settled("call_1", at("2026-01-01T09:30:00Z"))).toBe(true);
		expect(settled("call_1", at("2026-01-01T09:00:00Z"))).toBe(false);
		expect(settled("call_1", at("2026-01-01T11:00:00Z"))).toBe(false);
		expect(settled("call_1")).toBe(true);
	});

	it("a user folder that cannot be written: the line goes to the project folder, where the ask's session finds it", () => {
		// A file where the folder should be: no write in it can succeed, even as root.
		writeFileSync(join(agentDir, "pi-ask-user"), "");
		const project = join(agentDir, "project");
		mkdirSync(join(project, ".pi"), { recursive: true });
		const ledger = fileLedger(agentDir);
		ledger.add({ sessionId: "s1", toolCallId: "call_1", how: "delivered" }, project);
		expect(ledger.settledIn("s1", project)("call_1")).toBe(true);
		expect(ledger.settledIn("s1")("call_1")).toBe(false);
		expect(ledger.settledIn("s2", project)("call_1")).toBe(false);
		expect(readFileSync(join(project, PROJECT_LEDGER), "utf8")).toContain('"toolCallId":"call_1"');
		expect(() => ledger.add({ sessionId: "s1", toolCallId: "call_2", how: "delivered" })).toThrow();
		expect(() =>
			ledger.add({ sessionId: "s1", toolCallId: "call_3", how: "delivered" }, join(agentDir, "pi-ask-user", "project")),
		).toThrow();
	});

	it("a project ledger's lines settle only the sessions they name, and a malformed one settles nothing", () => {
		const project = join(agentDir, "project");
		mkdirSync(join(project, ".pi"), { recursive: true });
		writeFileSync(join(project, PROJECT_LEDGER), `${settledLine("s1", "call_1")}not json\n[1]\n`);
		const ledger = fileLedger(agentDir);
		ledger.add({ sessionId: "s1", toolCallId: "call_2", how: "delivered" });
		const settled = ledger.settledIn("s1", project);
		expect(["call_1", "call_2", "call_3"].map((id) => settled(id))).toEqual([true, true, false]);
	});

	it("a project ledger that is a symlink is not read, and one behind a symlinked .pi is not written", () => {
		const elsewhere = join(agentDir, "elsewhere.jsonl");
		writeFileSync(elsewhere, settledLine("s1", "call_1"));
		const project = join(agentDir, "project");
		mkdirSync(join(project, ".pi"), { recursive: true });
		symlinkSync(elsewhere, join(project, PROJECT_LEDGER));
		expect(fileLedger(agentDir).settledIn("s1", project)("call_1")).toBe(false);

		writeFileSync(join(agentDir, "pi-ask-user"), "");
		const linked = join(agentDir, "linked");
		mkdirSync(linked);
		symlinkSync(join(project, ".pi"), join(linked, ".pi"));
		expect(() =>
			fileLedger(agentDir).add({ sessionId: "s1", toolCallId: "call_2", how: "delivered" }, linked),
		).toThrow();
		expect(() =>
			fileLedger(agentDir).add({ sessionId: "s1", toolCallId: "call_2", how: "delivered" }, project),
		).toThrow();
		expect(readFileSync(elsewhere, "utf8")).not.toContain("call_2");
	});

	it("answers delivered from, and asks cleared in, a project whose user folder cannot be written are settled there", () => {
		writeFileSync(join(agentDir, "pi-ask-user"), "");
		const project = join(agentDir, "project");
		mkdirSync(join(project, ".pi"), { recursive: true });
		const ledger = fileLedger(agentDir);
		const settled = createSettledRecords({ record: () => {}, ledger });
		settled.delivered({
			toolCallId: "call_1",
			fromSession: "s1",
			path: join(project, ".pi", "pending-questions.json"),
		});
		settled.cleared("this-run", [{ sessionId: "s1", toolCallId: "call_2" }], project);
		expect(["call_1", "call_2", "call_3"].map((id) => ledger.settledIn("s1", project)(id))).toEqual([
			true,
			true,
			false,
		]);
	});
});

describe("openAskStore: two stores over one agent folder, as two programs open it", () => {
	/** A pending file as pi reads it back, answered "Yes". */
	function answered(toolCallId: string): AnswersOf {
		const file = createPendingFile({
			request: validateRequest({
				questions: [{ question: "Deploy now?", options: [{ label: "Yes" }, { label: "No" }] }],
			}),
			sessionId: "session-1",
			toolCallId,
			now: new Date("2026-01-01T10:00:00.000Z"),
		});
		const read = answersInText(
			JSON.stringify({ ...file, questions: file.questions.map((q) => ({ ...q, answer: "Yes" })) }),
		);
		if (!read) throw new Error("the file does not parse");
		return read;
	}

	it("what one writes the other reads: settled asks, answers given on the page, by a tap, for an MCP asker", () => {
		const one = openAskStore(agentDir);
		const two = openAskStore(agentDir);
		one.ledger.add({ sessionId: "s1", toolCallId: "call_1", how: "delivered" });
		expect(two.ledger.settledIn("s1")("call_1", undefined)).toBe(true);
		expect(two.ledger.settledIn("s2")("call_1", undefined)).toBe(false);
		one.give("page", answered("call_page"));
		expect(two.given("page", answered("call_page"))).toBeDefined();
		expect(two.given("page", answered("call_other"))).toBeUndefined();
		one.writtenBy("tap")(answered("call_tap"));
		expect(two.given("file", answered("call_tap"))?.by).toBe("tap");
		expect(two.given("file", answered("call_page"))?.by).toBeUndefined();
		one.give("asker", answered("call_mcp"));
		expect(two.given("asker", answered("call_mcp"))).toBeDefined();
		// Given for an asker is not given on the page, nor the other way round.
		expect(two.given("page", answered("call_mcp"))).toBeUndefined();
		expect(two.given("asker", answered("call_page"))).toBeUndefined();
	});

	it.each([
		["a FIFO", (path: string) => execFileSync("mkfifo", [path])],
		["a symlink to another file", (path: string) => symlinkSync(join(agentDir, "bashrc"), path)],
	])("%s planted at the fact log: nothing counts, nothing hangs, nothing is written through it", (_, plant) => {
		writeFileSync(join(agentDir, "bashrc"), "# the person's own file\n");
		mkdirSync(join(agentDir, "pi-ask-user"), { recursive: true });
		plant(join(agentDir, "pi-ask-user", "facts.jsonl"));
		const store = openAskStore(agentDir);
		const file = answered("call_1");
		expect(() => store.give("asker", file)).toThrow();
		expect(() => store.give("page", file)).toThrow();
		expect(() => store.ledger.add({ sessionId: "s1", toolCallId: "call_1", how: "cleared" })).toThrow();
		store.writtenBy("page")(file);
		expect(store.given("asker", file)).toBeUndefined();
		expect(store.given("page", file)).toBeUndefined();
		expect(store.given("file", file)).toBeUndefined();
		expect(store.ledger.settledIn("s1")("call_1", undefined)).toBe(false);
		expect(readFileSync(join(agentDir, "bashrc"), "utf8")).toBe("# the person's own file\n");
	});
});
