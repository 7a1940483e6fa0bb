/** The print-mode two-pass workflow against the real `pi -p`: pending file, then every way of answering. */
import { chmodSync, existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createWorkspace,
	decisionLog,
	expectSuccess,
	type LoggedMessage,
	readJson,
	resultJson,
	runPrint,
	SPEC_EXAMPLE,
	SPEC_RESULT,
	type Workspace,
} from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

let ws: Workspace;

interface PendingJson {
	version: number;
	sessionId: string;
	toolCallId: string;
	timestamp: string;
	task?: string;
	questions: { question: string; options?: string[]; answer: unknown; header?: string }[];
}

/** What pass 1's `pi -p` printed, in the workspace `passOneEachTest` set up. */
let passOneStdout = "";

/**
 * For each test: pass 1 done, `pi -p` left the spec's questions pending (run
 * once, the workspace put back before each test).
 */
function passOneEachTest(): void {
	const saved = workspaceFromSetup((made) => {
		ws = made;
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		const run = runPrint(ws, ["set up the service"]);
		expectSuccess(run);
		passOneStdout = run.stdout;
	});
	beforeEach(() => {
		ws = saved();
	});
}

passOneEachTest();

/** Pass 1's output and its pending file, in this test's workspace. */
function passOne(): { stdout: string; pending: PendingJson } {
	return { stdout: passOneStdout, pending: readJson(ws.pendingPath()) as PendingJson };
}

/** The user message of the newest model request. */
function lastUserMessage(): LoggedMessage | undefined {
	return ws
		.lastMessages()
		.filter((m) => m.role === "user")
		.at(-1);
}

function deliveredResult(): Record<string, unknown> {
	const text = lastUserMessage()?.text ?? "";
	expect(text).toContain("<ask_user_answers");
	const json = text.split("\n").find((line) => line.startsWith('{"answered"'));
	return JSON.parse(json ?? "null") as Record<string, unknown>;
}

describe("pass 1: questions pending", () => {
	it("writes the spec's pending file, owner-only, shows the questions and commands, and ends the run", () => {
		const { stdout, pending } = passOne();
		expect(pending).toMatchObject({
			version: 1,
			task: "set up the service",
			questions: [
				{
					question: "Which database should we use?",
					options: ["PostgreSQL (Recommended)", "SQLite", "MongoDB"],
					answer: null,
				},
				{ question: "What should we name this service?", answer: null },
			],
		});
		expect(typeof pending.sessionId).toBe("string");
		expect(typeof pending.toolCallId).toBe("string");
		expect(statSync(ws.pendingPath()).mode & 0o777).toBe(0o600);
		expect(stdout).toContain("Which database should we use?");
		expect(stdout).toContain("pi -p @.pi/pending-questions.json");
		expect(stdout).toContain("pi -c");
		// The run ended at the question: the model was asked once and never saw its own pending result.
		expect(ws.requests()).toHaveLength(1);
	});

	it("never replaces a pending file that is still waiting: a second ask gets its own file", () => {
		const first = readJson(ws.pendingPath()) as PendingJson;
		ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Deploy where?" }] } } }]);
		const run = runPrint(ws, ["another task"]);
		expect(run.stdout).toContain(".pi/pending-questions-2.json");
		expect(readJson(ws.pendingPath())).toEqual(first);
		expect((readJson(ws.pendingPath("pending-questions-2.json")) as PendingJson).questions[0]?.question).toBe(
			"Deploy where?",
		);
	});
});

/** The spec example's questions as the decision log keeps them. */
const QUESTIONS = [
	{ header: "Database Selection", question: "Which database should we use?" },
	{ header: "Service Setup", question: "What should we name this service?" },
];

describe("pass 2: every way of answering", () => {
	it("natural language with -c: the model gets its questions and the person's words, framed as answers", () => {
		const run = runPrint(ws, ["-c", "@.pi/pending-questions.json", "use postgres, call it order-processor"]);
		expectSuccess(run);
		const text = lastUserMessage()?.text ?? "";
		expect(text).toContain("You asked the user these questions with ask_user earlier");
		expect(text).toContain("Which database should we use?");
		expect(text).toContain('"use postgres, call it order-processor"');
		expect(text).not.toContain("The task they had given you");
		expect(existsSync(ws.pendingPath())).toBe(false);
		// The decision log: the person's words after @file, in this project.
		expect(decisionLog(ws)).toMatchObject([
			{
				fact: "decided",
				by: "file",
				outcome: "answered",
				project: ws.cwd,
				answers: ["use postgres, call it order-processor"],
			},
		]);
	});

	it("natural language without -c: a fresh session also gets the task to continue", () => {
		runPrint(ws, ["@.pi/pending-questions.json", "use postgres, call it order-processor"]);
		const messages = ws.lastMessages();
		expect(messages.filter((m) => m.role === "assistant")).toHaveLength(0);
		expect(lastUserMessage()?.text).toContain('The task they had given you: "set up the service"');
	});

	it("edited JSON, then pi -p -c: the model gets the structured AskUserResult, once", () => {
		const { pending } = passOne();
		pending.questions[0] = {
			...(pending.questions[0] as PendingJson["questions"][number]),
			answer: "PostgreSQL (Recommended)",
		};
		pending.questions[1] = { ...(pending.questions[1] as PendingJson["questions"][number]), answer: "order-processor" };
		writeFileSync(ws.pendingPath(), JSON.stringify(pending, null, 2));
		runPrint(ws, ["-c", "continue"]);
		expect(deliveredResult()).toEqual(SPEC_RESULT);
		expect(lastUserMessage()?.text).toContain("continue");
		expect(existsSync(ws.pendingPath())).toBe(false);
		// Delivered once: the next run carries no answers.
		runPrint(ws, ["-c", "and now?"]);
		expect(lastUserMessage()?.text).toBe("and now?");
		// One decision, the filled-in file's, in the decision log.
		expect(decisionLog(ws)).toMatchObject([{ by: "edited", answers: ["PostgreSQL (Recommended)", "order-processor"] }]);
	});

	it("inline --answers with -c and no prompt: delivered as its own turn", () => {
		const run = runPrint(ws, ["-c", "--answers", '["PostgreSQL (Recommended)", "order-processor"]']);
		expectSuccess(run);
		expect(deliveredResult()).toEqual(SPEC_RESULT);
		expect(run.stdout).toContain("order-processor");
		expect(decisionLog(ws)).toMatchObject([{ by: "answers", outcome: "answered" }]);
	});

	it("inline --answers as an object keyed by header or question text", () => {
		runPrint(ws, [
			"-c",
			"--answers",
			'{"Database Selection": "SQLite", "What should we name this service?": "svc"}',
			"go on",
		]);
		expect(deliveredResult()).toMatchObject({
			answered: true,
			answers: [
				{ answer: "SQLite", selectedOption: "SQLite", wasCustom: false },
				{ answer: "svc", wasCustom: true },
			],
		});
	});

	it("a wrong count is a clear error and consumes nothing", () => {
		const before = readJson(ws.pendingPath());
		const run = runPrint(ws, ["-c", "--answers", '["only one"]']);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("--answers has 1 answer but 2 questions were asked");
		expect(readJson(ws.pendingPath())).toEqual(before);
		const bad = runPrint(ws, ["-c", "--answers", "[not json", "continue"]);
		expect(bad.stderr).toContain("--answers is not valid JSON");
		expect(readJson(ws.pendingPath())).toEqual(before);
	});
});

describe("up front: answers given before any question", () => {
	// A workspace of its own: no questions pending.
	beforeEach(() => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
	});
	afterEach(() => ws.cleanup());

	it("up front: --answers answers ask_user immediately, no pending file", () => {
		runPrint(ws, ["--answers", '["PostgreSQL (Recommended)", "order-processor"]', "set up the service"]);
		expect(resultJson(ws.lastToolResult()?.text)).toEqual(SPEC_RESULT);
		expect(existsSync(ws.pendingPath())).toBe(false);
		// Who answered (--answers), where (this project, this session's call), what: read by `pi-ask-anywhere log`.
		const [decided, ...more] = decisionLog(ws);
		expect(more).toEqual([]);
		expect(decided).toMatchObject({
			fact: "decided",
			by: "answers",
			outcome: "answered",
			project: ws.cwd,
			questions: QUESTIONS,
			answers: ["PostgreSQL (Recommended)", "order-processor"],
		});
		expect(decided?.sessionId).toEqual(expect.any(String));
		expect(decided?.toolCallId).toEqual(expect.any(String));
		expect(decisionLog(ws, ["--project", ws.root])).toEqual([]);
	});

	it("multi-select accepts a comma-separated string", () => {
		ws.script([
			{
				toolCall: {
					name: "ask_user",
					arguments: {
						questions: [{ question: "Features?", multiSelect: true, options: ["Auth", "REST API", "Admin"] }],
					},
				},
			},
		]);
		runPrint(ws, ["--answers", '["Auth, Admin, GraphQL"]', "go"]);
		expect(resultJson(ws.lastToolResult()?.text)).toEqual({
			answered: true,
			answers: [
				{
					question: "Features?",
					answer: ["Auth", "Admin", "GraphQL"],
					selectedOption: ["Auth", "Admin"],
					wasCustom: true,
				},
			],
		});
	});
});

describe("/questions in print mode", () => {
	it("lists, and clears, the pending questions", () => {
		const list = runPrint(ws, ["/questions"]);
		expect(list.stdout).toContain("Which database should we use?");
		const clear = runPrint(ws, ["/questions clear"]);
		expect(clear.stdout).toContain("Cleared 2 pending questions.");
		expect(readdirSync(`${ws.cwd}/.pi`).filter((n) => n.endsWith(".json"))).toEqual([]);
	});

	it("names a broken file and leaves it untouched", () => {
		writeFileSync(ws.pendingPath(), "{ broken");
		chmodSync(ws.pendingPath(), 0o600);
		const list = runPrint(ws, ["/questions"]);
		expect(list.stdout).toContain("pending-questions.json: cannot be read");
		expect(list.stdout).toContain("not valid JSON");
		runPrint(ws, ["/questions clear"]);
		expect(existsSync(ws.pendingPath())).toBe(true);
	});
});
