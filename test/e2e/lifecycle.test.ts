/**
 * The ask lifecycle against the real pi, in print and RPC mode: an interrupted ask is recovered once and never
 * again, the rules for `--answers`, hand-edited files and a prompt given while
 * answers wait.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createWorkspace,
	expectSuccess,
	type LoggedMessage,
	piAtLeast,
	readJson,
	runPrint,
	SPEC_EXAMPLE,
	SPEC_RESULT,
	startRpc,
	type Workspace,
} from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

const SPEC_ANSWERS = '["PostgreSQL (Recommended)", "order-processor"]';
const DROP_DATABASE = { questions: [{ question: "Drop the production database now?", options: ["Yes", "No"] }] };

let ws: Workspace;

/** A new workspace for each test of the describe block it is called in. */
function freshWorkspaceEachTest(): void {
	beforeEach(() => {
		ws = createWorkspace();
	});
	afterEach(() => ws.cleanup());
}

/** The spec's questions left pending by `pi -p`, made once for the whole file and put back before each test. */
const pending = workspaceFromSetup((made) => {
	ws = made;
	leavePending();
});

/** For each test of the describe block it is called in: the workspace `pending` holds. */
function pendingWorkspaceEachTest(): void {
	beforeEach(() => {
		ws = pending();
	});
}

function userMessages(): LoggedMessage[] {
	return ws.lastMessages().filter((m) => m.role === "user");
}

/** The AskUserResult JSON inside the newest delivered answers. */
function deliveredResult(): Record<string, unknown> {
	const text = userMessages().at(-1)?.text ?? "";
	expect(text).toContain("<ask_user_answers");
	const json = text.split("\n").find((line) => line.startsWith('{"answered"'));
	return JSON.parse(json ?? "null") as Record<string, unknown>;
}

/** Whether the newest session ends with a turn pi aborted (pi's print mode then exits 1 unless a new turn runs). */
function lastTurnAborted(): boolean {
	const folder = join(ws.agentDir, "sessions");
	const newest = readdirSync(folder, { recursive: true, encoding: "utf8" })
		.filter((f) => f.endsWith(".jsonl"))
		.sort()
		.at(-1);
	const messages = readFileSync(join(folder, newest ?? ""), "utf8")
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line) as { type: string; message?: { role: string; stopReason?: string } })
		.filter((entry) => entry.type === "message");
	const last = messages.at(-1)?.message;
	return last?.role === "assistant" && last.stopReason === "aborted";
}

/** `pi -p` leaves the spec's questions pending in a session. */
function leavePending(): void {
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
	expectSuccess(runPrint(ws, ["set up the service"]));
	expect(existsSync(ws.pendingPath())).toBe(true);
}

/** An RPC client that goes away while the spec's question is open: the session keeps a call with no result. */
async function interruptOverRpc(): Promise<void> {
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
	const rpc = startRpc(ws);
	rpc.send({ type: "prompt", message: "set up the service" });
	await rpc.waitFor((l) => l.type === "extension_ui_request" && l.method === "select", 30_000);
	rpc.close();
	await rpc.exited;
}

describe("an interrupted ask is recovered once, never again", () => {
	// Before each test: an RPC client went away mid-question (once, the workspace put back for each test).
	const interrupted = workspaceFromSetup(async (made) => {
		ws = made;
		await interruptOverRpc();
	});
	beforeEach(() => {
		ws = interrupted();
	});

	it("RPC client lost mid-question; pi -p -c --answers answers it once; later starts never bring it back", async () => {
		const first = runPrint(ws, ["-c", `--answers=${SPEC_ANSWERS}`]);
		expect(first.code, first.stderr).toBe(0);
		expect(deliveredResult()).toEqual(SPEC_RESULT);
		expect(existsSync(ws.pendingPath())).toBe(false);

		const later = runPrint(ws, ["-c", "and now?"]);
		expect(later.code, later.stderr).toBe(0);
		expect(userMessages().at(-1)?.text).toBe("and now?");
		expect(existsSync(ws.pendingPath())).toBe(false);

		const requests = ws.requests().length;
		const again = runPrint(ws, ["-c", `--answers=${SPEC_ANSWERS}`]);
		expect(again.code).toBe(1);
		expect(again.stderr).toContain("no pending questions");
		expect(ws.requests()).toHaveLength(requests);
	});

	it("a pending ask cleared with /questions clear is not recovered by the next start", async () => {
		const aborted = lastTurnAborted();
		const clear = runPrint(ws, ["-c", "/questions clear"]);
		// pi 1.x saves the turn it aborted when the client went away; a print run that adds no turn of its own (a
		// command only) then reports that turn's abort and exits 1. That is pi's report, not this package's.
		expect(clear.code, clear.stderr).toBe(aborted ? 1 : 0);
		expect(existsSync(ws.pendingPath())).toBe(false);
		const later = runPrint(ws, ["-c", "go on"]);
		expect(later.code, later.stderr).toBe(0);
		expect(existsSync(ws.pendingPath())).toBe(false);
		expect(userMessages().at(-1)?.text).toBe("go on");
	});
});

describe("when --answers is used", () => {
	pendingWorkspaceEachTest();

	it("with -c and nothing pending it is an error before the model is called, never the answer to a later ask", () => {
		expectSuccess(runPrint(ws, ["-c", `--answers=${SPEC_ANSWERS}`]));
		ws.script([{ toolCall: { name: "ask_user", arguments: DROP_DATABASE } }]);
		const requests = ws.requests().length;
		const run = runPrint(ws, ["-c", '--answers=["Yes"]', "continue again"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("--answers: this session has no pending questions");
		expect(ws.requests()).toHaveLength(requests);
	});

	it("the spec's Option C without -c answers the project's pending questions in a new session, with the task", () => {
		const run = runPrint(ws, ["--answers", SPEC_ANSWERS]);
		expect(run.code, run.stderr).toBe(0);
		expect(deliveredResult()).toEqual(SPEC_RESULT);
		expect(userMessages().at(-1)?.text).toContain('The task they had given you: "set up the service"');
		expect(run.stderr).toContain("Which database should we use?");
		expect(existsSync(ws.pendingPath())).toBe(false);
	});

	it("a pending file this user's pi did not write is never used implicitly", () => {
		const planted = readJson(ws.pendingPath()) as Record<string, unknown>;
		writeFileSync(ws.pendingPath(), JSON.stringify({ ...planted, sessionId: "someone-else", toolCallId: "x" }));
		ws.script([{ text: "should not run" }]);
		const requests = ws.requests().length;
		const run = runPrint(ws, ["--answers", SPEC_ANSWERS]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("pending-questions.json");
		expect(run.stderr).toMatch(/not written by this user's pi|cannot be trusted|not trusted/);
		expect(ws.requests()).toHaveLength(requests);
		expect(existsSync(ws.pendingPath())).toBe(true);
	});
});

describe("when --answers is given up front", () => {
	freshWorkspaceEachTest();

	it("up front, answers that do not fit the first ask answer nothing: the questions are asked normally", () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		const run = runPrint(ws, ['--answers=["Yes"]', "set up the service"]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stderr).toContain("--answers does not fit these questions");
		// Asked normally: in print mode the questions wait in a pending file, unanswered.
		expect(run.stdout).toContain("Which database should we use?");
		const pending = readJson(ws.pendingPath()) as { questions: { answer: unknown }[] };
		expect(pending.questions.map((q) => q.answer)).toEqual([null, null]);
	});
});

describe("hand-edited pending files", () => {
	pendingWorkspaceEachTest();

	function edit(change: (text: string) => string): string {
		const text = change(readFileSync(ws.pendingPath(), "utf8"));
		writeFileSync(ws.pendingPath(), text);
		return text;
	}

	it('a number or boolean is an answer ("8080")', () => {
		edit((text) => {
			const file = JSON.parse(text) as { questions: { answer: unknown }[] };
			(file.questions[0] as { answer: unknown }).answer = true;
			(file.questions[1] as { answer: unknown }).answer = 8080;
			return JSON.stringify(file, null, 2);
		});
		const run = runPrint(ws, ["-c", "continue"]);
		expect(run.code, run.stderr).toBe(0);
		expect(deliveredResult()).toMatchObject({
			answered: true,
			answers: [
				{ answer: "true", wasCustom: true },
				{ answer: "8080", wasCustom: true },
			],
		});
	});

	it("a trailing comma is a clear error naming the file; the run stops before the model and the file is kept", () => {
		const text = edit((t) => t.replace('"answer": null', '"answer": "SQLite",'));
		const requests = ws.requests().length;
		const run = runPrint(ws, ["-c", "continue"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("pending-questions.json");
		expect(run.stderr).toContain("not valid JSON");
		expect(ws.requests()).toHaveLength(requests);
		expect(readFileSync(ws.pendingPath(), "utf8")).toBe(text);
	});

	it("an added question is a clear error; the run stops before the model and the file is kept", () => {
		edit((text) => {
			const file = JSON.parse(text) as { questions: unknown[] };
			file.questions.push({ question: "And a third?", answer: "yes" });
			return JSON.stringify(file, null, 2);
		});
		const requests = ws.requests().length;
		const run = runPrint(ws, ["-c", "continue"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("pending-questions.json");
		expect(run.stderr).toMatch(/3 .*2|2 .*3/);
		expect(ws.requests()).toHaveLength(requests);
		expect(existsSync(ws.pendingPath())).toBe(true);
	});

	it("an answer that cannot be used names the field", () => {
		edit((text) => {
			const file = JSON.parse(text) as { questions: { answer: unknown }[] };
			(file.questions[1] as { answer: unknown }).answer = { name: "svc" };
			return JSON.stringify(file, null, 2);
		});
		const run = runPrint(ws, ["-c", "continue"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("pending-questions.json");
		expect(run.stderr).toContain("questions[1].answer");
		expect(existsSync(ws.pendingPath())).toBe(true);
	});

	it("the spec's Option B (short question texts, no sessionId or timestamp) is matched by position", () => {
		edit(() =>
			JSON.stringify({
				questions: [
					{ question: "Which database?", answer: "PostgreSQL (Recommended)" },
					{ question: "Service name?", answer: "order-processor" },
				],
			}),
		);
		const run = runPrint(ws, ["-c", "continue"]);
		expect(run.code, run.stderr).toBe(0);
		expect(deliveredResult()).toEqual(SPEC_RESULT);
		expect(userMessages().at(-1)?.text).toContain("continue");
		expect(existsSync(ws.pendingPath())).toBe(false);
	});
});

/** The flags around the prompt in `pi -p -c … "thanks, go on" …` that pi 0.73.1 knows. */
const FLAG_TABLE_073: { name: string; args: string[] }[] = [
	{ name: "--answers before the prompt", args: ["-c", "--answers", SPEC_ANSWERS, "thanks, go on"] },
	{ name: "--answers= after the prompt", args: ["-c", "thanks, go on", `--answers=${SPEC_ANSWERS}`] },
	{ name: "--no-builtin-tools", args: ["-c", "--no-builtin-tools", "thanks, go on", `--answers=${SPEC_ANSWERS}`] },
	{ name: "-nbt", args: ["-c", "-nbt", "thanks, go on", `--answers=${SPEC_ANSWERS}`] },
	{ name: "--thinking off", args: ["-c", "--thinking", "off", "thanks, go on", `--answers=${SPEC_ANSWERS}`] },
	{ name: "--verbose", args: ["--verbose", "-c", "thanks, go on", `--answers=${SPEC_ANSWERS}`] },
];

/** Flags that newer pi added (0.84.3 for `--`); each misled the old copy of pi's argument parser. */
const FLAG_TABLE_087: { name: string; args: string[] }[] = [
	{ name: "--approve", args: ["-c", "--approve", "thanks, go on", `--answers=${SPEC_ANSWERS}`] },
	{ name: "-a", args: ["-c", "-a", "thanks, go on", `--answers=${SPEC_ANSWERS}`] },
	{ name: "-n name", args: ["-c", "-n", "my-run", "thanks, go on", `--answers=${SPEC_ANSWERS}`] },
	{ name: "-xt bash", args: ["-c", "-xt", "bash", "thanks, go on", `--answers=${SPEC_ANSWERS}`] },
	{ name: "-- before the prompt", args: ["-c", `--answers=${SPEC_ANSWERS}`, "--", "thanks, go on"] },
];

/** The flag table for the pi under test: 0.73.1's flags everywhere, the newer ones where pi knows them. */
const FLAG_TABLE = piAtLeast("0.84.3") ? [...FLAG_TABLE_073, ...FLAG_TABLE_087] : FLAG_TABLE_073;

describe("answers and the person's prompt travel together in one turn (print mode)", () => {
	pendingWorkspaceEachTest();

	it.each(FLAG_TABLE)("$name", ({ args }) => {
		const before = ws.requests().length;
		const run = runPrint(ws, args);
		expect(run.code, run.stderr).toBe(0);
		// One model call, with both the answers and the prompt in its last user message.
		expect(ws.requests()).toHaveLength(before + 1);
		expect(deliveredResult()).toEqual(SPEC_RESULT);
		expect(userMessages().at(-1)?.text).toContain("thanks, go on");
	});
});
