/**
 * The store a pi opens (records/pi-store.ts) on real files: `judging`, the one value every reader of a pending file
 * asks, is wired to the same tool-write guard pi's tool events feed, the same records the page and taps write, and
 * the same claims this pi holds.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { validateRequest } from "../../src/core/validate.js";
import { createPendingFile, savePendingFile, writePendingAnswers } from "../../src/pending/pending-file.js";
import { openPiStore, openToolWrites } from "../../src/records/pi-store.js";
import { answersInText, openAskStore } from "../../src/records/store.js";

const folders: string[] = [];
afterEach(() => {
	for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(): string {
	const folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-pi-store-"));
	folders.push(folder);
	return folder;
}

function saved(question: string, toolCallId: string, cwd: string): string {
	const file = createPendingFile({
		request: validateRequest({ questions: [{ question, options: [{ label: "Yes" }, { label: "No" }] }] }),
		sessionId: "session-1",
		toolCallId,
		now: new Date(),
	});
	return savePendingFile(cwd, file);
}

it("judging asks the guard pi's tool events feed, the records taps write, and this pi's claims", async () => {
	const agentDir = tempFolder();
	const cwd = tempFolder();
	const run = { argv: [], env: {}, warn: () => {} };
	const toolWrites = openToolWrites(agentDir, run, { self: { pid: 4242, started: "777" }, onExit: () => {} });
	const store = openPiStore(openAskStore(agentDir, run), toolWrites);
	const byTool = saved("Run the test suite first?", "call_0", cwd);
	const byTap = saved("Deploy now?", "call_1", cwd);
	// Past the kernel's coarse file-time clock: the saves are not stamped inside the call's window.
	execFileSync("sleep", ["1.1"]);

	expect(toolWrites.toolCall({ toolCallId: "t1", toolName: "bash", input: {} }, cwd)).toBeUndefined();
	writePendingAnswers(byTool, "call_0", ["Yes"]);
	// While the call runs only this pi knows it: judging asks the guard the tool events went to.
	expect(store.judging.answersWrittenByTool(byTool)).toBe(true);
	toolWrites.toolEnded({ toolCallId: "t1" });
	toolWrites.agentEnded();
	expect(store.judging.answersWrittenByTool(byTool)).toBe(true);
	expect(store.judging.answersWrittenByTool(byTap)).toBe(false);

	writePendingAnswers(byTap, "call_1", ["No"]);
	const tapped = answersInText(readFileSync(byTap, "utf8"));
	if (tapped === undefined) throw new Error("the tapped file reads as no ask");
	expect(store.judging.given.given("file", tapped)?.by).toBeUndefined();
	store.writtenBy("tap")(tapped);
	expect(store.judging.given.given("file", tapped)?.by).toBe("tap");
	expect(store.judging.given.given("page", tapped)).toBeUndefined();

	const release = store.judging.claims.claim(byTap, "call_1");
	expect(store.judging.claims.stillHeld(byTap)).toBe(true);
	release?.();
	expect(store.judging.claims.stillHeld(byTap)).toBe(false);
	expect(store.judging.trust).toBe(store.trust);
});
