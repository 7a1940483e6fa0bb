/**
 * Answers a tool call wrote into a pending file never count as the person's, and a tool call costs next to nothing:
 * no folder is read while it runs, the running-call lease is written once per process, and each call leaves one
 * fact, "a tool call ran from … until …". Where answers are about to be used, a file last changed inside such a window
 * is the tool's. Two guards over one agent folder stand for two pi processes; real files in temp folders.
 */
import { execFileSync } from "node:child_process";
import {
	existsSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { validateRequest } from "../../src/core/validate.js";
import { createPendingFile, savePendingFile, writePendingAnswers } from "../../src/pending/pending-file.js";
import { toolWriteGuard } from "../../src/records/tool-writes.js";

const folders: string[] = [];
afterEach(() => {
	for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(): string {
	const folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-tool-writes-"));
	folders.push(folder);
	return folder;
}

/** A pending file in a new project folder, asking `question` with id `call_0`; its path and folder. */
function saved(question: string, cwd = tempFolder()): { cwd: string; path: string } {
	const file = createPendingFile({
		request: validateRequest({ questions: [{ question, options: [{ label: "Yes" }, { label: "No" }] }] }),
		sessionId: "session-1",
		toolCallId: "call_0",
		now: new Date(),
	});
	return { cwd, path: savePendingFile(cwd, file) };
}

/** Past the kernel's coarse file-time clock: a change now is not stamped inside a window that just closed. */
const pause = () => execFileSync("sleep", ["0.06"]);

const SELF = { pid: 4242, started: "777" };
const OTHER = { pid: 4343, started: "888" };
const quiet = () => {};
/** The test process is no pi: a guard it makes is closed by the test, not at its exit. */
const onExit = () => {};

describe("toolWriteGuard", () => {
	it("knows answers a shell command wrote while it ran; the person's later edit counts, and another file written after the call too", () => {
		const agentDir = tempFolder();
		const guard = toolWriteGuard(agentDir, "ask_user", quiet, { self: SELF, onExit });
		const { cwd, path } = saved("Run the test suite first?");
		pause();
		expect(guard.toolCall({ toolCallId: "t1", toolName: "bash", input: { command: "edit" } }, cwd)).toBeUndefined();
		writePendingAnswers(path, "call_0", ["Yes"]);
		guard.toolEnded({ toolCallId: "t1" });
		expect(guard.answersWrittenByTool(path)).toBe(true);
		pause();
		const other = saved("Drop the production database?");
		writePendingAnswers(other.path, "call_0", ["Yes"]);
		expect(guard.answersWrittenByTool(other.path)).toBe(false);
		// The person rewrites the same answers by hand, after the call.
		writePendingAnswers(path, "call_0", ["No"], { replacing: ["Yes"] });
		expect(guard.answersWrittenByTool(path)).toBe(false);
	});

	it("another pi (a second guard over the same agent folder) knows them too, in any project folder", () => {
		const agentDir = tempFolder();
		const agent = toolWriteGuard(agentDir, "ask_user", quiet, { self: SELF, onExit });
		const { path } = saved("Run the test suite first?");
		pause();
		agent.toolCall({ toolCallId: "t1", toolName: "bash", input: { command: "cd ../x && edit" } }, tempFolder());
		writePendingAnswers(path, "call_0", ["Yes"]);
		agent.toolEnded({ toolCallId: "t1" });
		const person = toolWriteGuard(agentDir, "ask_user", quiet, { self: OTHER, onExit });
		expect(person.answersWrittenByTool(path)).toBe(true);
	});

	it("another pi's call counts while it runs and until its run's facts are written: its live lease is read where answers are used", () => {
		const agentDir = tempFolder();
		const agent = toolWriteGuard(agentDir, "ask_user", quiet, { self: SELF, onExit, isRunning: () => true });
		const { cwd, path } = saved("Run the test suite first?");
		pause();
		agent.toolCall({ toolCallId: "t1", toolName: "bash", input: { command: "edit" } }, cwd);
		writePendingAnswers(path, "call_0", ["Yes"]);
		const person = toolWriteGuard(agentDir, "ask_user", quiet, { self: OTHER, onExit, isRunning: () => true });
		expect(person.answersWrittenByTool(path)).toBe(true);
		agent.toolEnded({ toolCallId: "t1" });
		expect(person.answersWrittenByTool(path)).toBe(true);
		agent.agentEnded();
		expect(person.answersWrittenByTool(path)).toBe(true);
		pause();
		// The person's own edit after the run's end counts.
		writePendingAnswers(path, "call_0", ["No"], { replacing: ["Yes"] });
		expect(person.answersWrittenByTool(path)).toBe(false);
		agent.close();
		person.close();
	});

	it("a tool call costs no folder read and no record write: the lease is written once per process and its times set once per run, and a run's calls go into the log in one append at its end", () => {
		const agentDir = tempFolder();
		const cwd = tempFolder();
		for (let i = 0; i < 20; i++) saved(`Question ${i}?`, cwd);
		const guard = toolWriteGuard(agentDir, "ask_user", quiet, { self: SELF, onExit });
		guard.toolCall({ toolCallId: "t0", toolName: "read", input: { path: "a.txt" } }, cwd);
		const lease = join(agentDir, "pi-ask-user", "tool-calls", "4242-777.json");
		const first = lstatSync(lease);
		guard.toolEnded({ toolCallId: "t0" });
		const log = join(agentDir, "pi-ask-user", "facts.jsonl");
		for (let i = 1; i < 50; i++) {
			guard.toolCall({ toolCallId: `t${i}`, toolName: "read", input: { path: "a.txt" } }, cwd);
			guard.toolEnded({ toolCallId: `t${i}` });
			// Written once: the same file throughout, its content never rewritten, its times not set again.
			const now = lstatSync(lease);
			expect([now.ino, now.size, now.mtimeMs, now.atimeMs]).toEqual([
				first.ino,
				first.size,
				first.mtimeMs,
				first.atimeMs,
			]);
			expect(existsSync(log)).toBe(false);
		}
		guard.agentEnded();
		const facts = readFileSync(log, "utf8").trim().split("\n");
		expect(facts).toHaveLength(50);
		// Idle again: the access time just after the modification time.
		expect(lstatSync(lease).atimeMs).toBeGreaterThan(lstatSync(lease).mtimeMs);
		guard.close();
		expect(existsSync(lease)).toBe(false);
	});

	it("a call another extension blocked after ours saw it ends when pi says it ended, with no result: a later edit counts", () => {
		const agentDir = tempFolder();
		const guard = toolWriteGuard(agentDir, "ask_user", quiet, { self: SELF, onExit });
		const { cwd, path } = saved("Run the test suite first?");
		guard.toolCall({ toolCallId: "blocked", toolName: "bash", input: { command: "git push" } }, cwd);
		guard.toolEnded({ toolCallId: "blocked" });
		pause();
		writePendingAnswers(path, "call_0", ["Yes"]);
		expect(guard.answersWrittenByTool(path)).toBe(false);
	});

	it("a pi that ended mid-call: the next pi counts what was written until shortly after its lease was last touched; the person's later edit counts", () => {
		const agentDir = tempFolder();
		const { cwd, path } = saved("Run the test suite first?");
		pause();
		const gone = toolWriteGuard(agentDir, "ask_user", quiet, { self: SELF, onExit });
		gone.toolCall({ toolCallId: "t1", toolName: "bash", input: { command: "edit; kill -9 $PPID" } }, cwd);
		writePendingAnswers(path, "call_0", ["Yes"]);
		// No result, no close: the process is gone (a second guard thinks so).
		const next = toolWriteGuard(agentDir, "ask_user", quiet, {
			self: OTHER,
			onExit,
			isRunning: (p) => p.pid === OTHER.pid,
		});
		expect(next.answersWrittenByTool(path)).toBe(true);
		expect(readdirSync(join(agentDir, "pi-ask-user", "tool-calls"))).toEqual([]);
		execFileSync("sleep", ["2.2"]);
		writePendingAnswers(path, "call_0", ["No"], { replacing: ["Yes"] });
		expect(next.answersWrittenByTool(path)).toBe(false);
	});

	it("a process that still runs keeps its lease; a lease whose process is gone while idle covers nothing", () => {
		const agentDir = tempFolder();
		const { cwd, path } = saved("Run the test suite first?");
		const idle = toolWriteGuard(agentDir, "ask_user", quiet, { self: SELF, onExit });
		idle.toolCall({ toolCallId: "t1", toolName: "read", input: {} }, cwd);
		idle.toolEnded({ toolCallId: "t1" });
		idle.agentEnded();
		toolWriteGuard(agentDir, "ask_user", quiet, { self: OTHER, onExit, isRunning: () => true });
		expect(readdirSync(join(agentDir, "pi-ask-user", "tool-calls"))).toEqual(["4242-777.json"]);
		pause();
		writePendingAnswers(path, "call_0", ["Yes"]);
		const next = toolWriteGuard(agentDir, "ask_user", quiet, { self: OTHER, onExit, isRunning: () => false });
		expect(next.answersWrittenByTool(path)).toBe(false);
	});

	it("a lease left by the previous version (a list of calls) is read once: its calls count from their start", () => {
		const agentDir = tempFolder();
		const { cwd, path } = saved("Run the test suite first?");
		const folder = join(agentDir, "pi-ask-user", "tool-calls");
		mkdirSync(folder, { recursive: true });
		const lease = join(folder, "1-1.json");
		writeFileSync(lease, JSON.stringify({ calls: [{ cwd, since: Date.now() - 1_000 }] }));
		writePendingAnswers(path, "call_0", ["Yes"]);
		const now = new Date();
		utimesSync(lease, now, now);
		const next = toolWriteGuard(agentDir, "ask_user", quiet, { self: OTHER, onExit, isRunning: () => false });
		expect(next.answersWrittenByTool(path)).toBe(true);
		expect(readdirSync(folder)).toEqual([]);
	});

	it.each([
		["a FIFO", (path: string) => execFileSync("mkfifo", [path])],
		["a symlink", (path: string) => symlinkSync(join(tmpdir(), "pi-ask-anywhere-no-such-target"), path)],
	])(
		"%s planted at the fact log: no answer counts as the person's, and nothing is written through it",
		(_what, plant) => {
			const agentDir = tempFolder();
			mkdirSync(join(agentDir, "pi-ask-user"), { recursive: true });
			plant(join(agentDir, "pi-ask-user", "facts.jsonl"));
			const warnings: string[] = [];
			const guard = toolWriteGuard(agentDir, "ask_user", (text) => warnings.push(text), { self: SELF, onExit });
			const { cwd, path } = saved("Run the test suite first?");
			writePendingAnswers(path, "call_0", ["Yes"]);
			guard.toolCall({ toolCallId: "t1", toolName: "bash", input: {} }, cwd);
			guard.toolEnded({ toolCallId: "t1" });
			guard.agentEnded();
			expect(warnings.join("\n")).toContain("facts.jsonl");
			expect(existsSync(join(tmpdir(), "pi-ask-anywhere-no-such-target"))).toBe(false);
			expect(guard.answersWrittenByTool(path)).toBe(true);
		},
	);

	it("a call naming a pending file, of any project or through a symlink, is refused before it runs", () => {
		const agentDir = tempFolder();
		const guard = toolWriteGuard(agentDir, "ask_user", quiet, { self: SELF, onExit });
		const { cwd, path } = saved("Run the test suite first?");
		const link = join(cwd, "innocent.json");
		symlinkSync(path, link);
		for (const input of [{ path }, { file_path: ".pi/pending-questions.json" }, { path: "innocent.json" }]) {
			expect(guard.toolCall({ toolCallId: "w", toolName: "write", input }, cwd)).toMatchObject({ block: true });
		}
		expect(guard.toolCall({ toolCallId: "w", toolName: "write", input: { path: "notes.md" } }, cwd)).toBeUndefined();
	});
});
