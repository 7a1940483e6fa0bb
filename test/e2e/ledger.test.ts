/**
 * The settled-elsewhere ledger against the real pi: when its last line was cut short by a
 * crash, answers delivered in another session are still recorded there, so the ask's own session does not bring
 * its questions back.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROJECT_LEDGER } from "../../src/records/store.js";
import { canMakeImmutable, whileImmutable } from "../immutable.js";
import { patient } from "../patience.js";
import {
	createWorkspace,
	piArgs,
	readJson,
	runPi,
	runPrint,
	SPEC_EXAMPLE,
	startRpc,
	type Workspace,
} from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

const SPEC_ANSWERS = '["PostgreSQL (Recommended)", "order-processor"]';

let ws: Workspace;

/** A new workspace for each test of the describe block it is called in. */
function freshWorkspaceEachTest(): void {
	beforeEach(() => {
		ws = createWorkspace();
	});
	afterEach(() => ws.cleanup());
}

/** Every session file pi wrote for this project. */
function sessionFiles(): string[] {
	const folder = join(ws.agentDir, "sessions");
	return readdirSync(folder).flatMap((project) =>
		readdirSync(join(folder, project)).map((name) => join(folder, project, name)),
	);
}

/** An RPC client that goes away while the spec's question is open: the session keeps a call with no result. */
async function interruptOverRpcIn(made: Workspace): Promise<void> {
	ws = made;
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
	const rpc = startRpc(ws);
	rpc.send({ type: "prompt", message: "set up the service" });
	await rpc.waitFor((l) => l.type === "extension_ui_request" && l.method === "select", 30_000);
	rpc.close();
	await rpc.exited;
}

describe("after an RPC client went away mid-question", () => {
	// Before each test: the interrupted ask (made once, the workspace put back for each test).
	const interrupted = workspaceFromSetup(interruptOverRpcIn);
	beforeEach(() => {
		ws = interrupted();
	});

	describe("a torn ledger line", () => {
		it("answers delivered into a new session are not brought back by the ask's own session", async () => {
			expect(existsSync(ws.pendingPath())).toBe(true);
			const [asked] = sessionFiles();
			if (!asked) throw new Error("no session file");
			mkdirSync(join(ws.agentDir, "pi-ask-user"), { recursive: true });
			writeFileSync(
				join(ws.agentDir, "pi-ask-user", "settled-elsewhere.jsonl"),
				'{"sessionId":"crashed","toolCallId":"call_x","st',
			);

			const delivered = runPrint(ws, ["--answers", SPEC_ANSWERS]);
			expect(delivered.code, delivered.stderr).toBe(0);
			expect(existsSync(ws.pendingPath())).toBe(false);

			const later = runPrint(ws, ["--session", asked, "and now?"]);
			expect(later.code, later.stderr).toBe(0);
			expect(existsSync(ws.pendingPath()), later.stderr).toBe(false);
			const last = ws
				.lastMessages()
				.filter((m) => m.role === "user")
				.at(-1);
			expect(last?.text).toBe("and now?");
		});
	});

	describe("a ledger that cannot be written", () => {
		it.skipIf(!canMakeImmutable())(
			"the answers are delivered once, with no stack trace, and the ask's own session does not bring them back",
			async () => {
				expect(existsSync(ws.pendingPath())).toBe(true);
				const [asked] = sessionFiles();
				if (!asked) throw new Error("no session file");
				const records = join(ws.agentDir, "pi-ask-user");
				// Root ignores file modes: the folder and every record in it are made immutable, as a read-only disk is.
				const paths = [records, ...readdirSync(records).map((name) => join(records, name))];
				const delivered = paths.reduce<() => ReturnType<typeof runPrint>>(
					(inner, path) => () => whileImmutable(path, inner),
					() => runPrint(ws, ["--answers", SPEC_ANSWERS, "go on"]),
				)();
				expect(delivered.code, delivered.stderr).toBe(0);
				expect(delivered.stderr).not.toMatch(/\n\s+at /);
				expect(existsSync(ws.pendingPath())).toBe(false);
				const answered = ws.lastMessages().filter((m) => m.role === "user" && m.text.includes("<ask_user_answers"));
				expect(answered).toHaveLength(1);

				const later = runPrint(ws, ["--session", asked, "and now?"]);
				expect(later.code, later.stderr).toBe(0);
				expect(existsSync(ws.pendingPath()), later.stderr).toBe(false);
				const delivers = ws
					.requests()
					.flatMap((r) => r.messages)
					.filter((m) => m.role === "user" && m.text.includes("<ask_user_answers"));
				expect(new Set(delivers.map((m) => m.text)).size).toBe(1);
			},
			patient(120_000),
		);
	});
});

describe("a project ledger that is not a plain file (it can come with a cloned repository)", () => {
	freshWorkspaceEachTest();

	it("a FIFO or a symlink in its place is passed over: pi starts, answers and ends", () => {
		mkdirSync(join(ws.cwd, ".pi"), { recursive: true });
		execFileSync("mkfifo", [join(ws.cwd, PROJECT_LEDGER)]);
		ws.script([{ text: "hello back" }]);
		const run = runPi(ws, piArgs(["-p", "hello"]), { timeoutMs: 20_000 });
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain("hello back");
	});
});

describe("pending files that cannot be removed", () => {
	freshWorkspaceEachTest();

	it.skipIf(!canMakeImmutable())(
		"two answers delivered at once are both recorded, and the next run delivers neither again",
		() => {
			ws.script([
				{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Q1 from session one?" }] } } },
				{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Q2 from session two?" }] } } },
				{ text: "got them" },
				{ text: "and again" },
			]);
			expect(runPrint(ws, ["task one"]).code).toBe(0);
			expect(runPrint(ws, ["task two"]).code).toBe(0);
			const fill = (name: string, answer: string) => {
				const data = readJson(ws.pendingPath(name)) as { questions: { answer: string | null }[] };
				for (const question of data.questions) question.answer = answer;
				writeFileSync(ws.pendingPath(name), JSON.stringify(data, null, 2));
			};
			fill("pending-questions.json", "answer-one");
			fill("pending-questions-2.json", "answer-two");
			// Root ignores file modes; an immutable folder refuses even root's unlink.
			const runs = whileImmutable(join(ws.cwd, ".pi"), () => [runPrint(ws, ["-c"]), runPrint(ws, ["-c"])]);
			for (const run of runs) expect(run.code, run.stderr).toBe(0);
			expect(runs[0]?.stderr).not.toMatch(/\n\s+at /);
			const given = ws
				.lastMessages()
				.filter((m) => m.role === "user")
				.map((m) => m.text);
			expect(given.filter((text) => text.includes("answer-one"))).toHaveLength(1);
			expect(given.filter((text) => text.includes("answer-two"))).toHaveLength(1);
		},
		patient(120_000),
	);
});
