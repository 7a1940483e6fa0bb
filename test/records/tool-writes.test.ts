/**
 * Answers a tool call wrote into a pending file never count as the person's: recorded for the whole ask as the file
 * stood after the call, and still recognised from a record made before the ask was part of the fingerprint (then the
 * answers alone), so that updating pi-ask-anywhere turns no tool's old write into the person's answer. Real files in
 * temp folders.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { validateRequest } from "../../src/core/validate.js";
import {
	createPendingFile,
	type PendingFile,
	savePendingFile,
	writePendingAnswers,
} from "../../src/pending/pending-file.js";
import {
	answersInText,
	answersOnlyFingerprint,
	fingerprintRecord,
	TOOL_WRITTEN,
} from "../../src/records/answer-fingerprints.js";
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
function saved(question: string): { cwd: string; path: string } {
	const cwd = tempFolder();
	const file = createPendingFile({
		request: validateRequest({ questions: [{ question, options: [{ label: "Yes" }, { label: "No" }] }] }),
		sessionId: "session-1",
		toolCallId: "call_0",
		now: new Date(),
	});
	return { cwd, path: savePendingFile(cwd, file) };
}

function read(path: string): PendingFile {
	const file = answersInText(readFileSync(path, "utf8"));
	if (!file) throw new Error("the file does not parse");
	return file as PendingFile;
}

describe("toolWriteGuard", () => {
	it("knows the answers a shell command wrote for that ask, not the same id and answers of another ask", () => {
		const agentDir = tempFolder();
		const guard = toolWriteGuard(agentDir, "ask_user", () => {});
		const { cwd, path } = saved("Run the test suite first?");
		expect(guard.toolCall({ toolCallId: "t1", toolName: "bash", input: { command: "edit" } }, cwd)).toBeUndefined();
		writePendingAnswers(path, "call_0", ["Yes"]);
		guard.toolResult({ toolCallId: "t1", toolName: "bash" }, cwd);
		expect(guard.answersWrittenByTool(read(path))).toBe(true);

		const other = saved("Drop the production database?");
		writePendingAnswers(other.path, "call_0", ["Yes"]);
		expect(guard.answersWrittenByTool(read(other.path))).toBe(false);
	});

	it("still knows answers recorded before the ask was part of the fingerprint", () => {
		const agentDir = tempFolder();
		const { path } = saved("Run the test suite first?");
		writePendingAnswers(path, "call_0", ["Yes"]);
		const file = read(path);
		expect(toolWriteGuard(agentDir, "ask_user", () => {}).answersWrittenByTool(file)).toBe(false);
		fingerprintRecord(agentDir, TOOL_WRITTEN, true).add(answersOnlyFingerprint(file));
		// A pi started after the record was made, as one started after the update reads the old record.
		expect(toolWriteGuard(agentDir, "ask_user", () => {}).answersWrittenByTool(file)).toBe(true);
	});
});
