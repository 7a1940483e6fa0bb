/**
 * Print mode when stdout cannot take the questions (a full disk, a reader that went away, a reader slow for a
 * moment): the questions are saved before anything is shown, so the ask is pending whatever happens to the terminal
 * text — the run ends at it, and the person's later answer reaches the model once.
 */
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createWorkspace,
	expectSuccess,
	type LoggedMessage,
	PI,
	patient,
	piArgs,
	resultJson,
	runPrint,
	type Workspace,
} from "./harness.js";

const ASK = {
	questions: [{ question: "Run the test suite first?", header: "Tests", options: [{ label: "Yes" }, { label: "No" }] }],
};

/** About 97 KB of questions: more than a pipe holds (64 KB), so a reader that waits makes the writes wait. */
const LONG_ASK = {
	questions: Array.from({ length: 12 }, (_, i) => ({
		question: `Question ${i}: ${"Please review this paragraph carefully. ".repeat(200)}`,
		header: `Q${i}`,
		options: [{ label: "Yes" }, { label: "No" }],
	})),
};

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
});
afterEach(() => ws.cleanup());

/** `pi -p "set up"` with its stdout going into `stdout` (a shell redirection or pipe) and its stderr into a file. */
function runInShell(stdout: string): { code: number | null; stderr: string } {
	const stderrPath = join(ws.root, "run.err");
	const command = `"$0" "$@" </dev/null 2>${JSON.stringify(stderrPath)} ${stdout}`;
	const run = spawnSync("sh", ["-c", command, PI.node, ...piArgs(["-p", "set up"])], {
		cwd: ws.cwd,
		env: ws.env,
		stdio: "ignore",
		timeout: patient(60_000),
		killSignal: "SIGKILL",
	});
	return { code: run.status, stderr: existsSync(stderrPath) ? readFileSync(stderrPath, "utf8") : "" };
}

function toolResults(messages: LoggedMessage[]): LoggedMessage[] {
	return messages.filter((m) => m.role === "toolResult");
}

/** The ask ended the run: the model was asked once, and never saw a tool error for the ask. */
function expectRunEndedAtTheAsk(): void {
	expect(ws.requests(), "the model was called again after the ask").toHaveLength(1);
}

/** `pi -p -c --answers '["Yes"]'`: the model reads the ask's pending result, then the answers once, as the person's. */
function expectAnswerDeliveredOnce(answers: string[] = ["Yes"]): void {
	ws.script([{ text: "ok" }]);
	const run = expectSuccess(runPrint(ws, ["-c", "--answers", JSON.stringify(answers)]));
	const messages = ws.lastMessages();
	const [result, ...others] = toolResults(messages);
	expect(others).toEqual([]);
	expect(result?.isError, result?.text).toBeFalsy();
	expect(resultJson(result?.text)).toMatchObject({
		answered: false,
		pendingFile: expect.stringContaining(".pi/pending-questions"),
	});
	const delivered = messages.filter((m) => m.role === "user" && m.text.includes("<ask_user_answers"));
	expect(delivered, run.stderr).toHaveLength(1);
	const json = delivered[0]?.text.split("\n").find((line) => line.startsWith('{"answered"'));
	const given = JSON.parse(json ?? "null") as { answered: boolean; answers: { answer: unknown }[] };
	expect(given.answered).toBe(true);
	expect(given.answers.map((a) => a.answer)).toEqual(answers);
	expect(existsSync(ws.pendingPath())).toBe(false);
}

describe("print mode whose stdout fails", () => {
	it("stdout on a full disk (/dev/full): the ask is pending, the run ends, and the answer is delivered once", () => {
		ws.script([{ toolCall: { name: "ask_user", id: "call_0", arguments: ASK } }, { text: "I go ahead unasked." }]);
		const full = openSync("/dev/full", "w");
		let run: ReturnType<typeof spawnSync>;
		try {
			run = spawnSync(PI.node, piArgs(["-p", "set up"]), {
				cwd: ws.cwd,
				env: ws.env,
				stdio: ["ignore", full, "pipe"],
				encoding: "utf8",
				timeout: patient(60_000),
				killSignal: "SIGKILL",
			});
		} finally {
			closeSync(full);
		}
		const stderr = String(run.stderr);
		expectRunEndedAtTheAsk();
		expect(existsSync(ws.pendingPath())).toBe(true);
		// The person is told, on stderr, where the questions are.
		expect(stderr).toContain(".pi/pending-questions.json");
		expectAnswerDeliveredOnce();
	});

	it("stdout a pipe whose reader is gone: the ask is pending, the run ends, and the answer is delivered once", () => {
		ws.script([{ toolCall: { name: "ask_user", id: "call_0", arguments: ASK } }, { text: "I go ahead unasked." }]);
		const run = runInShell("| true");
		expectRunEndedAtTheAsk();
		expect(existsSync(ws.pendingPath()), run.stderr).toBe(true);
		expect(run.stderr).toContain(".pi/pending-questions.json");
		expectAnswerDeliveredOnce();
	});

	it("stdout a pipe to a reader that waits a moment: every byte of ~97 KB of questions reaches it", () => {
		ws.script([{ toolCall: { name: "ask_user", id: "call_0", arguments: LONG_ASK } }, { text: "I go ahead unasked." }]);
		const out = join(ws.root, "stdout.txt");
		// The reader starts reading a second after the questions were saved: the writes meet a full pipe first.
		const run = runInShell(
			`| (while [ ! -e .pi/pending-questions.json ]; do sleep 0.05; done; sleep 1; cat > ${JSON.stringify(out)})`,
		);
		expect(run.code, run.stderr).toBe(0);
		const shown = readFileSync(out, "utf8");
		expect(shown.length).toBeGreaterThan(90_000);
		expect(shown).toContain("Question 11: Please review");
		expect(shown).toContain("pi -p @.pi/pending-questions.json");
		expect(shown.trimEnd()).toMatch(/Questions saved to: \.pi\/pending-questions\.json$/);
		expectRunEndedAtTheAsk();
		expectAnswerDeliveredOnce(LONG_ASK.questions.map(() => "Yes"));
	});

	it("two asks in one message to a reader that waits: both are pending, neither is an error", () => {
		ws.script([
			{
				toolCalls: [
					{ name: "ask_user", id: "call_0", arguments: LONG_ASK },
					{
						name: "ask_user",
						id: "call_1",
						arguments: {
							questions: [{ question: "Which port?", header: "Port", options: [{ label: "8080" }, { label: "9090" }] }],
						},
					},
				],
			},
			{ text: "I go ahead unasked." },
		]);
		const out = join(ws.root, "stdout.txt");
		const run = runInShell(
			`| (while [ ! -e .pi/pending-questions.json ]; do sleep 0.05; done; sleep 1; cat > ${JSON.stringify(out)})`,
		);
		expect(run.code, run.stderr).toBe(0);
		expectRunEndedAtTheAsk();
		expect(readFileSync(out, "utf8")).toContain("Which port?");
		// The next run's model reads both results: each a pending outcome, not an error.
		ws.script([{ text: "ok" }]);
		expectSuccess(runPrint(ws, ["-c", "go on"]));
		const results = toolResults(ws.lastMessages());
		expect(results).toHaveLength(2);
		for (const result of results) {
			expect(result.isError, result.text).toBeFalsy();
			expect(resultJson(result.text)).toMatchObject({
				answered: false,
				pendingFile: expect.stringContaining(".pi/pending-questions"),
			});
		}
	});
});
