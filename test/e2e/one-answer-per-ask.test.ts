/**
 * One run delivers one answer per ask: `--answers` and an `@file` with words, or a filled-in
 * pending file and `@file` with other words, both answering the same ask in one message were both delivered.
 * Now two different answers for one ask are refused, naming both, and nothing is consumed; the same answers
 * named twice are delivered once.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runPrint, type Workspace } from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

let ws: Workspace;
workspaceFromSetup((made) => {
	ws = made;
	ws.script([
		{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Name the service?" }] } } },
		{ echo: true },
	]);
	const first = runPrint(ws, ["set up the service"]);
	expect(first.code, first.stderr).toBe(0);
	expect(readFileSync(ws.pendingPath(), "utf8")).toContain("Name the service?");
});

const ATTACHED = "@.pi/pending-questions.json";

/** How many times the newest user message the model read carries answers. */
function deliveriesInLastUserMessage(): number {
	const user = ws
		.lastMessages()
		.filter((m) => m.role === "user")
		.at(-1);
	return user?.text.split("<ask_user_answers").length ? user.text.split("<ask_user_answers").length - 1 : 0;
}

function fillPendingFile(answer: string) {
	const file = JSON.parse(readFileSync(ws.pendingPath(), "utf8")) as { questions: { answer: unknown }[] };
	for (const q of file.questions) q.answer = answer;
	writeFileSync(ws.pendingPath(), JSON.stringify(file, null, 2));
}

describe("two answers for one ask in one run", () => {
	it("--answers and @file with words: refused, both named, nothing consumed; --answers alone then delivers once", () => {
		const requestsBefore = ws.requests().length;
		const run = runPrint(ws, ["-c", "--answers", '["billing"]', ATTACHED, "call it orders"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("--answers");
		expect(run.stderr).toContain(ATTACHED);
		expect(ws.requests().length).toBe(requestsBefore);
		expect(readFileSync(ws.pendingPath(), "utf8")).toContain("Name the service?");

		const again = runPrint(ws, ["-c", "--answers", '["billing"]']);
		expect(again.code, again.stderr).toBe(0);
		expect(deliveriesInLastUserMessage()).toBe(1);
	});

	it("a filled-in file and @file with other words: refused, both named", () => {
		fillPendingFile("billing");
		const requestsBefore = ws.requests().length;
		const run = runPrint(ws, ["-c", ATTACHED, "call it orders"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("filled into");
		expect(run.stderr).toContain(ATTACHED);
		expect(ws.requests().length).toBe(requestsBefore);
	});

	it("a filled-in file named with @file and no words: the same answers, delivered once", () => {
		fillPendingFile("billing");
		const run = runPrint(ws, ["-c", ATTACHED]);
		expect(run.code, run.stderr).toBe(0);
		expect(deliveriesInLastUserMessage()).toBe(1);
	});
});
