/**
 * Filled-in answers when another pi ran in the folder after the ask: the specification's Option B (edit the pending
 * file, then `pi -c`) must deliver them although `-c` continues the newer session, and `/questions answer` starts
 * from the answers already in the file. A file whose answers cannot count is never delivered this way.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { goneSoon, runPrint, type Workspace } from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

let ws: Workspace;
workspaceFromSetup((made) => {
	ws = made;
	ws.script([
		{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Name the service?" }] } } },
		{ text: "It is a small demo repository." },
		{ echo: true },
	]);
	const asked = runPrint(ws, ["set up the service"]);
	expect(asked.code, asked.stderr).toBe(0);
	expect(readFileSync(ws.pendingPath(), "utf8")).toContain("Name the service?");
	// Any other pi run in the folder since: a quick question starts a newer session.
	const other = runPrint(ws, ["what does this repo do?"]);
	expect(other.code, other.stderr).toBe(0);
});

function fillPendingFile(answer: string) {
	const file = JSON.parse(readFileSync(ws.pendingPath(), "utf8")) as { questions: { answer: unknown }[] };
	for (const q of file.questions) q.answer = answer;
	writeFileSync(ws.pendingPath(), JSON.stringify(file, null, 2));
}

describe("filled-in answers after a newer session", () => {
	it("`pi -p -c` delivers them, says so, and they are delivered once", async () => {
		fillPendingFile("orders-api");
		const run = runPrint(ws, ["-c", "go on"]);
		expect(run.code, run.stderr).toBe(0);
		const delivered = ws
			.lastMessages()
			.filter((m) => m.role === "user")
			.map((m) => m.text)
			.join("\n");
		expect(delivered).toContain("orders-api");
		expect(delivered).toContain("Name the service?");
		expect(run.stderr).toContain(".pi/pending-questions.json");
		expect(await goneSoon(ws.pendingPath())).toBe(true);
		// Once: a further run has nothing left to deliver.
		const again = runPrint(ws, ["-c", "and now?"]);
		expect(again.code, again.stderr).toBe(0);
		const last = ws
			.lastMessages()
			.filter((m) => m.role === "user")
			.at(-1);
		expect(last?.text).not.toContain("orders-api");
	});

	it("a file with nothing filled in stays waiting on `pi -p -c`", () => {
		const run = runPrint(ws, ["-c", "go on"]);
		expect(run.code, run.stderr).toBe(0);
		expect(existsSync(ws.pendingPath())).toBe(true);
	});
});
