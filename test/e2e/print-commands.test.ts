/**
 * Every command print mode names works where it is printed: the `pi` commands that `pi -p "/questions"`, `pi -p
 * "/questions answer"` and pass 1 print are run as printed (by a shell, `pi` being this pi with the scripted model),
 * against the real pi.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type McpSession, pendingFile, pendingFiles, resultJson, startMcp, waitFor } from "../mcp/mcp-client.js";
import {
	createWorkspace,
	expectSuccess,
	PI,
	patient,
	piArgs,
	type RunResult,
	runPrint,
	SPEC_EXAMPLE,
	type Workspace,
} from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

let ws: Workspace;
let mcp: McpSession | undefined;

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Runs `command` as a person pasting it would: through a shell, `pi` being the pi under test. */
function runAsPrinted(command: string): RunResult {
	const pi = [PI.node, ...piArgs([])].map(shellQuote).join(" ");
	const result = spawnSync("bash", ["-c", `pi() { ${pi} "$@"; }\n${command}`], {
		cwd: ws.cwd,
		env: ws.env,
		stdio: ["ignore", "pipe", "pipe"],
		encoding: "utf8",
		timeout: patient(30_000),
	});
	return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The `pi …` commands a text names, one per line it names them on. */
function piCommands(text: string): string[] {
	return text
		.split("\n")
		.flatMap((line) => [...line.matchAll(/(?:^|[:·]\s*|\s{2,})(pi (?:-p|-c)\b.*?)(?=\s+·|\s*$| — )/g)])
		.map((match) => (match[1] ?? "").trim());
}

describe("print mode names commands that work in print mode", () => {
	/** What pass 1, then `pi -p "/questions"` and `pi -p "/questions answer"`, printed (run once). */
	let pass1: RunResult;
	let list: RunResult;
	let questionsAnswer: RunResult;
	const saved = workspaceFromSetup((made) => {
		ws = made;
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, { text: "Thanks." }]);
		pass1 = runPrint(ws, ["set up the service"]);
		expectSuccess(pass1);
		list = runPrint(ws, ["/questions"]);
		questionsAnswer = runPrint(ws, ["/questions answer"]);
	});
	beforeEach(() => {
		ws = saved();
	});

	it('pi -p "/questions" names no command that needs a UI, says whose session by its id, and its command answers', () => {
		expectSuccess(list);
		expect(list.stdout).not.toContain("/questions answer");
		expect(list.stdout).not.toContain("another session");
		const commands = piCommands(list.stdout);
		const answer = commands.find((command) => command.includes("@.pi/pending-questions.json"));
		expect(answer, list.stdout).toBeDefined();
		expectSuccess(runAsPrinted(answer as string));
		expect(ws.lastMessages().find((m) => m.role === "user")?.text).toContain("Which database should we use?");
		expect(existsSync(ws.pendingPath())).toBe(false);
	});

	it('pi -p "/questions clear", as the listing names it, clears', () => {
		const clear = piCommands(list.stdout).find((command) => command.includes("/questions clear"));
		expect(clear, list.stdout).toBeDefined();
		expectSuccess(runAsPrinted(clear as string));
		expect(existsSync(ws.pendingPath())).toBe(false);
	});

	it('pi -p "/questions answer" says it needs the dialog and names a command that answers here', () => {
		const run = questionsAnswer;
		const commands = piCommands(`${run.stdout}\n${run.stderr}`);
		const answer = commands.find((command) => command.includes("@.pi/pending-questions.json"));
		expect(answer, run.stderr).toBeDefined();
		expectSuccess(runAsPrinted(answer as string));
		expect(existsSync(ws.pendingPath())).toBe(false);
	});

	it("pass 1's --answers example, pasted as printed, sends no placeholder as an answer, nor a near miss of an option", () => {
		const example = piCommands(pass1.stdout).find((command) => command.includes("--answers"));
		expect(example, pass1.stdout).toBeDefined();
		const run = runAsPrinted(example as string);
		expect(run.code).not.toBe(0);
		expect(run.stderr).toContain("…");
		// Nothing was sent, and the questions still wait.
		expect(ws.requests()).toHaveLength(1);
		expect(existsSync(ws.pendingPath())).toBe(true);
		// An answer typed close to an option's label is not sent as the person's own words: the option is offered.
		const near = runPrint(ws, ["-c", "--answers", '["postgres", "order-processor"]']);
		expect(near.code).not.toBe(0);
		expect(near.stderr).toContain('did you mean "PostgreSQL (Recommended)"?');
		expect(ws.requests()).toHaveLength(1);
		expect(existsSync(ws.pendingPath())).toBe(true);
	});
});

describe('pi -p "/questions" on an MCP client\'s questions', () => {
	const DATABASE = { question: "Which database should we use?", options: ["PostgreSQL", "SQLite"], type: "select" };
	const CLIENT = "pi-ask-anywhere-test";
	beforeEach(() => {
		ws = createWorkspace();
	});
	afterEach(async () => {
		await mcp?.close();
		mcp = undefined;
		ws.cleanup();
	});

	/** An MCP client asks in pi's project folder; its call (still waiting), once its pending file is there. */
	async function askThroughMcp() {
		mcp = await startMcp({ folder: ws.cwd, env: { PI_CODING_AGENT_DIR: ws.agentDir } });
		const call = mcp.client.callTool({ name: "ask_user", arguments: { questions: [DATABASE] } }, undefined, {
			timeout: patient(120_000),
		});
		// A test that fails early ends the client with the call still waiting: that rejection is no second failure.
		call.catch(() => undefined);
		await pendingFile(ws.cwd);
		return { call };
	}

	it("names a command that answers them here, for the client that waits (not another place to answer them)", async () => {
		const { call } = await askThroughMcp();
		const list = runPrint(ws, ["/questions"]);
		expectSuccess(list);
		expect(list.stdout).not.toContain("answer it there");
		expect(list.stdout).toContain(CLIENT);
		// An MCP client's file is its server's, not a stranger's: no "was not written by your pi" warning.
		expect(list.stdout).not.toContain("was not written by your pi");
		const answer = piCommands(list.stdout).find((command) => command.includes("@.pi/pending-questions.json"));
		expect(answer, list.stdout).toBeDefined();
		expectSuccess(runAsPrinted((answer as string).replace('"your answers"', "SQLite")));
		const result = resultJson((await call) as never);
		expect(result.answers).toEqual([expect.objectContaining({ questionId: "q_1", values: ["SQLite"] })]);
		await waitFor(() => (pendingFiles(ws.cwd).length === 0 ? true : undefined), "the file to go", patient(15_000));
		expect(ws.requests()).toEqual([]);
	});

	it("names no command for questions whose client went away, and says /questions clear removes them", async () => {
		const { call } = await askThroughMcp();
		// The client goes away: its stdio server ends, and the questions stay in the file, asked by nobody now.
		await mcp?.close();
		mcp = undefined;
		await call.catch(() => undefined);
		const list = runPrint(ws, ["/questions"]);
		expectSuccess(list);
		expect(list.stdout).toContain(CLIENT);
		expect(list.stdout).not.toContain("was not written by your pi");
		expect(piCommands(list.stdout).filter((command) => command.includes("@"))).toEqual([]);
		// Said under the file itself, not only in the listing's footer.
		expect(list.stdout).toContain("no longer waits for the answers: nothing here answers them (/questions clear");
	});
});
