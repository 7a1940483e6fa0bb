/**
 * A pending file of a newer version: written by a newer pi-ask-anywhere, so this one cannot
 * know what its fields mean. Every path refuses it with a message naming the file and its version, and never
 * deletes or overwrites it. Against the real pi.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkspace, expectSuccess, ROOT, runPrint, type Workspace } from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

const ONE_QUESTION = { questions: [{ question: "Drop the production database now?", options: ["Yes", "No"] }] };

let ws: Workspace;

/**
 * The question `pi -p` left pending (run once, in a workspace put back before each test), marked as written by a
 * newer version.
 */
function leaveNewerFile(answer: string | null): string {
	const file = JSON.parse(readFileSync(ws.pendingPath(), "utf8"));
	file.version = 99;
	file.questions[0].answer = answer;
	const text = `${JSON.stringify(file, null, 2)}\n`;
	writeFileSync(ws.pendingPath(), text);
	return text;
}

function expectRefused(run: { stdout: string; stderr: string }) {
	const output = `${run.stdout}\n${run.stderr}`;
	expect(output).toContain("pending-questions.json has version 99");
	expect(output).toContain("update pi-ask-anywhere");
}

describe("a pending file of a newer version is refused and kept", () => {
	const pending = workspaceFromSetup((made) => {
		ws = made;
		ws.script([{ toolCall: { name: "ask_user", arguments: ONE_QUESTION } }]);
		expectSuccess(runPrint(ws, ["go"]));
	});
	beforeEach(() => {
		ws = pending();
	});

	it("pi -p -c: answers filled into it are not delivered", () => {
		const text = leaveNewerFile("Yes");
		const requests = ws.requests().length;
		const run = runPrint(ws, ["-c"]);
		expectRefused(run);
		expect(readFileSync(ws.pendingPath(), "utf8")).toBe(text);
		expect(ws.requests()).toHaveLength(requests);
	});

	it("pi -p -c --answers: nothing is answered", () => {
		const text = leaveNewerFile(null);
		const requests = ws.requests().length;
		const run = runPrint(ws, ["-c", '--answers=["x"]', "go"]);
		expect(run.code).toBe(1);
		expectRefused(run);
		expect(readFileSync(ws.pendingPath(), "utf8")).toBe(text);
		expect(ws.requests()).toHaveLength(requests);
	});

	it("pi -p --answers in a new session: nothing is answered", () => {
		const text = leaveNewerFile(null);
		const requests = ws.requests().length;
		const run = runPrint(ws, ['--answers=["x"]', "go"]);
		expect(run.code).toBe(1);
		expectRefused(run);
		expect(readFileSync(ws.pendingPath(), "utf8")).toBe(text);
		expect(ws.requests()).toHaveLength(requests);
	});

	it("pi -p @file: not answered from", () => {
		const text = leaveNewerFile(null);
		const requests = ws.requests().length;
		const run = runPrint(ws, ["@.pi/pending-questions.json", "Yes"]);
		expectRefused(run);
		expect(readFileSync(ws.pendingPath(), "utf8")).toBe(text);
		expect(ws.requests()).toHaveLength(requests);
	});

	it("/questions lists it as refused, and /questions clear leaves it", () => {
		const text = leaveNewerFile(null);
		expectRefused(runPrint(ws, ["/questions"]));
		expectRefused(runPrint(ws, ["/questions clear"]));
		expect(readFileSync(ws.pendingPath(), "utf8")).toBe(text);
	});
});

describe("a pending file of an earlier version is still answered", () => {
	beforeEach(() => {
		ws = createWorkspace();
	});
	afterEach(() => ws.cleanup());

	it("pi -p @file answers a version 1 file with the person's words, and removes it (a file not written by this pi: its own answers do not count)", () => {
		const fixture = JSON.parse(readFileSync(join(ROOT, "test/pending/fixtures/pending-questions-v1.json"), "utf8"));
		fixture.questions[0].answer = "SQLite";
		fixture.questions[1].answer = "svc-v1";
		mkdirSync(join(ws.cwd, ".pi"));
		writeFileSync(ws.pendingPath(), JSON.stringify(fixture, null, 2));
		ws.script([{ text: "Thanks." }]);
		const run = runPrint(ws, ["@.pi/pending-questions.json", "use SQLite, call it svc-words"]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stderr).toContain("were ignored");
		const delivered = ws
			.lastMessages()
			.filter((m) => m.role === "user")
			.at(-1)?.text;
		expect(delivered).toContain("<ask_user_answers");
		expect(delivered).toContain("use SQLite, call it svc-words");
		expect(delivered).not.toContain("svc-v1");
		expect(existsSync(ws.pendingPath())).toBe(false);
	});
});
