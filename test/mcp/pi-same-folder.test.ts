/**
 * An MCP client's ask and a real pi in the same project folder: the person answers the MCP server's pending file with
 * pi (`--answers`, `@file` with words, `/questions answer` in the TUI) and the answers go to the MCP client that asked,
 * exactly once, never to pi's model; `pi -c` never delivers an MCP file's answers to pi's model either. The official
 * MCP client holds the ask over real stdio; pi runs with the scripted model, which logs every context it received.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { normalizeArguments } from "../../src/core/normalize.js";
import { validateRequest } from "../../src/core/validate.js";
import { claimPathOf } from "../../src/pending/claims.js";
import { createPendingFile, savePendingFile, writePendingAnswers } from "../../src/pending/pending-file.js";
import { answersInText, openAskStore } from "../../src/records/store.js";
import {
	createWorkspace,
	expectSuccess,
	KEYS,
	PI,
	patient,
	piArgs,
	runPi,
	runPrint,
	runTuiCommand,
	startTui,
	type TuiSession,
	type Workspace,
} from "../e2e/harness.js";
import {
	answerAsThePerson,
	CLI,
	type McpSession,
	pendingFile,
	pendingFiles,
	resultJson,
	startMcp,
	waitFor,
} from "./mcp-client.js";

const DATABASE = { question: "Which database should we use?", options: ["PostgreSQL", "SQLite"], type: "select" };
const CLIENT = "pi-ask-anywhere-test";
const FOR_CLIENT = `answered for ${CLIENT} through pi-ask-anywhere mcp`;

let ws: Workspace;
let mcp: McpSession | undefined;
let tui: TuiSession | undefined;

beforeEach(() => {
	ws = createWorkspace();
	ws.script([{ text: "Noted." }]);
});
afterEach(async () => {
	tui?.kill();
	tui = undefined;
	await mcp?.close();
	mcp = undefined;
	ws.cleanup();
});

/** The MCP client asks in pi's project folder (the server's folder; the client names no root). */
async function askThroughMcp(serverAgentDir = ws.agentDir) {
	mcp = await startMcp({ folder: ws.cwd, env: { PI_CODING_AGENT_DIR: serverAgentDir } });
	const call = mcp.client.callTool({ name: "ask_user", arguments: { questions: [DATABASE] } }, undefined, {
		timeout: patient(120_000),
	});
	// A test that fails early ends the client with the call still waiting: that rejection is no second failure.
	call.catch(() => undefined);
	const file = await pendingFile(ws.cwd);
	// The server claims its file, then records the saved ask: once both are there, it has written what it writes (a case
	// that plants something at the fact log must not race its append).
	await waitFor(() => (existsSync(claimPathOf(file.path)) ? true : undefined), "the server's claim");
	const log = join(serverAgentDir, "pi-ask-user", "facts.jsonl");
	await waitFor(
		() => (existsSync(log) && readFileSync(log, "utf8").includes('"fact":"saved"') ? true : undefined),
		"the server's saved fact",
	);
	return { call, file };
}

/** Everything pi's model received, as one text. */
function modelSaw(): string {
	return JSON.stringify(ws.requests());
}

async function expectClientGot(call: Promise<unknown>, values: string[]): Promise<void> {
	const result = resultJson((await call) as never);
	expect(result).toMatchObject({ answered: true, cancelled: false, timedOut: false });
	expect(result.answers).toEqual([expect.objectContaining({ questionId: "q_1", values })]);
	// Exactly once: handed out, the file is gone, so nobody answers these questions again.
	await waitFor(() => (pendingFiles(ws.cwd).length === 0 ? true : undefined), "the file to go", 15_000);
}

describe("an MCP client's ask answered with a pi in the same folder", () => {
	it("`pi -p --answers` writes the answers for the MCP client; pi's model never sees them", async () => {
		const { call } = await askThroughMcp();
		const run = expectSuccess(runPrint(ws, ["--answers", '["SQLite"]', "what next?"]));
		expect(run.stdout + run.stderr).toContain(FOR_CLIENT);
		await expectClientGot(call, ["SQLite"]);
		// The person's prompt still reached pi's model, without the answers or the questions.
		expect(modelSaw()).toContain("what next?");
		expect(modelSaw()).not.toContain("SQLite");
		expect(modelSaw()).not.toContain("ask_user_answers");
	});

	it.each([
		["a FIFO", (path: string) => execFileSync("mkfifo", [path])],
		["a symlink to another file", (path: string) => symlinkSync(join(ws.root, "bashrc"), path)],
	])(
		"%s planted at the fact log (the record of answers given for an MCP client): `pi -p --answers` ends, writes nothing through it and says so",
		async (_what, plant) => {
			const { call } = await askThroughMcp();
			writeFileSync(join(ws.root, "bashrc"), "alias ll='ls -l'\n");
			mkdirSync(join(ws.agentDir, "pi-ask-user"), { recursive: true });
			const record = join(ws.agentDir, "pi-ask-user", "facts.jsonl");
			// The log the server's ask was saved in is replaced by what is planted.
			rmSync(record, { force: true });
			plant(record);
			const run = spawnSync(PI.node, piArgs(["-p", "--answers", '["SQLite"]', "what next?"]), {
				cwd: ws.cwd,
				env: ws.env,
				stdio: ["ignore", "pipe", "pipe"],
				encoding: "utf8",
				timeout: patient(30_000),
				killSignal: "SIGKILL",
			});
			expect(run.signal, run.stderr).toBeNull();
			expect(readFileSync(join(ws.root, "bashrc"), "utf8")).toBe("alias ll='ls -l'\n");
			expect(run.stdout + run.stderr).not.toContain(FOR_CLIENT);
			expect(run.stderr).toContain("nothing written, the answers could not be recorded as yours");
			// Nothing was given for the client: its call still waits, and the file still holds the questions.
			expect(pendingFiles(ws.cwd)).toHaveLength(1);
			await expect(
				Promise.race([call.then(() => "answered"), new Promise((r) => setTimeout(() => r("waiting"), 1_500))]),
			).resolves.toBe("waiting");
		},
	);

	it("a server that keeps its records in another agent folder (a client that passes it no PI_CODING_AGENT_DIR): `pi -p --answers` writes nothing and says where the server looks", async () => {
		const serverFolder = join(ws.root, "server-agent");
		mkdirSync(serverFolder);
		const { call } = await askThroughMcp(serverFolder);
		const run = runPrint(ws, ["--answers", '["SQLite"]', "what next?"]);
		expect(run.stdout + run.stderr).not.toContain(FOR_CLIENT);
		expect(run.stderr).toContain(serverFolder);
		expect(run.stderr).toContain("PI_CODING_AGENT_DIR");
		expect(JSON.parse(readFileSync((await pendingFile(ws.cwd)).path, "utf8")).questions[0].answer).toBeNull();
		await expect(
			Promise.race([call.then(() => "answered"), new Promise((r) => setTimeout(() => r("waiting"), 1_500))]),
		).resolves.toBe("waiting");
	});

	it('`pi -p @file "words"` writes the words as the answers for the MCP client; pi\'s model is not called', async () => {
		const { call } = await askThroughMcp();
		const run = expectSuccess(runPrint(ws, ["@.pi/pending-questions.json", "SQLite"]));
		expect(run.stdout + run.stderr).toContain(FOR_CLIENT);
		await expectClientGot(call, ["SQLite"]);
		expect(ws.requests()).toEqual([]);
	});

	it("TUI `/questions answer` asks in pi's dialog and writes the answers for the MCP client", async () => {
		const { call } = await askThroughMcp();
		tui = startTui(ws, [], { env: { PI_ASK_USER_NOTIFY: "0" } });
		await runTuiCommand(tui, "/questions answer");
		await tui.waitFor("Other (type your answer)", 40_000);
		// The client takes no notes: the note key is neither named nor acts (a note would make pi refuse every answer).
		expect(tui.screen().join("\n")).not.toContain("Ctrl+N");
		tui.type(KEYS.ctrlN);
		tui.type(KEYS.down);
		tui.type(KEYS.enter);
		await tui.waitFor(FOR_CLIENT, 20_000);
		await expectClientGot(call, ["SQLite"]);
		expect(modelSaw()).not.toContain("SQLite");
		expect(ws.requests()).toEqual([]);
	});

	// A background ask the person decided while the client has not asked for the decision yet: the server has it, and
	// pi must neither say the answers went nowhere nor write others.
	async function decidedInBackground(elicit?: NonNullable<Parameters<typeof startMcp>[0]>["elicit"]) {
		mcp = await startMcp({ folder: ws.cwd, env: { PI_CODING_AGENT_DIR: ws.agentDir }, ...(elicit ? { elicit } : {}) });
		const first = resultJson(
			(await mcp.client.callTool({
				name: "ask_user",
				arguments: { questions: [DATABASE], background: true },
			})) as never,
		);
		return { session: mcp, askId: String(first.askId) };
	}

	it.each([
		["in the file (by pi or the page)", undefined],
		["in the client's dialog", async () => ({ action: "accept" as const, content: { q1: "SQLite" } })],
	])("answered %s, not yet fetched: `pi --answers` neither says nothing was sent nor writes", async (_how, elicit) => {
		const { session, askId } = await decidedInBackground(elicit);
		// Decided in the client's dialog at once, the file may be saved and removed before a first look: only the file's
		// case reads it.
		const path = elicit ? undefined : (await pendingFile(ws.cwd)).path;
		// A hand edit is no answer (test/mcp/model-fills.test.ts): pi's and the page's writer, recording it as the person's.
		if (path !== undefined) answerAsThePerson(path, ["SQLite"], ws.agentDir);
		// The server has taken the decision (it polls the file every 300 ms, the dialog answers at once): it says so.
		await waitFor(
			() => (session.stderr().includes(`ask ${askId}: answered through`) ? true : undefined),
			"the server to take the decision",
			15_000,
		);
		// Decided in the client's dialog, the file holds none of the answers and the server removes it (a pi must not
		// answer it again); decided in the file, it stays until the client has them.
		if (elicit) {
			await waitFor(
				() => (pendingFiles(ws.cwd).length === 0 ? true : undefined),
				"the server to remove the file",
				15_000,
			);
		}
		const before = path !== undefined && pendingFiles(ws.cwd).length > 0 ? readFileSync(path, "utf8") : undefined;
		expect(before === undefined).toBe(elicit !== undefined);
		const run = runPrint(ws, ["--answers", '["PostgreSQL"]']);
		expect(run.stdout + run.stderr).not.toContain("nothing was sent");
		expect(run.stdout + run.stderr).not.toContain(FOR_CLIENT);
		if (!elicit) expect(run.stdout + run.stderr).toContain("answered already");
		if (path !== undefined && before !== undefined) expect(readFileSync(path, "utf8")).toBe(before);
		const waited = resultJson(
			(await session.client.callTool({ name: "ask_user_wait", arguments: { askId } })) as never,
		);
		expect(waited.answers).toEqual([expect.objectContaining({ questionId: "q_1", values: ["SQLite"] })]);
		expect(ws.requests().length).toBeLessThanOrEqual(1);
		expect(modelSaw()).not.toContain("SQLite");
	});

	it("a cloned repository's file that says an MCP client asked it: nothing is written or sent, and pi says why", () => {
		const planted = createPendingFile({
			request: validateRequest(normalizeArguments({ questions: [DATABASE] })),
			sessionId: "mcp-0b9e4c2a",
			toolCallId: "call_planted",
			asker: { kind: "mcp", client: "Claude Code" },
			now: new Date("2026-02-04T22:16:32Z"),
		});
		const path = savePendingFile(ws.cwd, planted);
		// A claim beside it, as a cloned repository could carry: its process is not running here.
		const claim = { toolCallId: "call_planted", host: hostname(), pid: 999_999, started: "1", refreshedAt: Date.now() };
		writeFileSync(claimPathOf(path), JSON.stringify({ ...claim, holder: "mcp", file: path }));
		const before = readFileSync(path, "utf8");
		for (const args of [
			["@.pi/pending-questions.json", "SQLite"],
			["--answers", '["SQLite"]'],
		]) {
			const run = runPrint(ws, args);
			expect(run.code).not.toBe(0);
			expect(run.stderr).toContain("no pi-ask-anywhere mcp waits for their answers now");
		}
		expect(ws.requests()).toEqual([]);
		expect(readFileSync(path, "utf8")).toBe(before);
	});

	it("a client that dies without a signal: its server ends when its input ends, and pi says nobody waits for the answers", async () => {
		// Raw stdio, as a client's process leaves it when it dies: the pipe closes, no signal reaches the server.
		const server = spawn(process.execPath, [CLI, "mcp", "--web", "off"], {
			cwd: ws.cwd,
			env: { ...process.env, PI_CODING_AGENT_DIR: ws.agentDir },
			stdio: ["pipe", "ignore", "ignore"],
		});
		const ended = new Promise<number | null>((done) => server.on("exit", (code) => done(code)));
		try {
			const send = (message: object): boolean =>
				server.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
			send({
				id: 1,
				method: "initialize",
				params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: CLIENT, version: "1" } },
			});
			send({ method: "notifications/initialized" });
			send({
				id: 2,
				method: "tools/call",
				params: { name: "ask_user", arguments: { questions: [DATABASE], background: true } },
			});
			await pendingFile(ws.cwd);
			server.stdin.end();
			const code = await Promise.race([
				ended,
				new Promise((done) => setTimeout(() => done("still running"), patient(5_000))),
			]);
			expect(code).toBe(0);
			// The questions stay in the file (nothing cancelled), but nobody reads answers there now: pi says so.
			expect(pendingFiles(ws.cwd)).toHaveLength(1);
			const run = runPrint(ws, ["--answers", '["SQLite"]']);
			expect(run.stdout + run.stderr).not.toContain(FOR_CLIENT);
			expect(run.stderr).toContain("no pi-ask-anywhere mcp waits for their answers now");
			expect(ws.requests()).toEqual([]);
		} finally {
			server.kill("SIGKILL");
		}
	});

	it("`pi -c` never delivers an MCP file's answers to pi's model, even ones given on the page", async () => {
		const { file, call } = await askThroughMcp();
		// The client went away: its server ends and the questions stay in the file, asked by nobody here.
		await mcp?.close();
		mcp = undefined;
		await call.catch(() => undefined);
		writePendingAnswers(file.path, String(file.data.toolCallId), ["SQLite"]);
		// As the web page records answers the person confirmed for a file their pi did not write.
		const written = answersInText(readFileSync(file.path, "utf8"));
		if (!written) throw new Error("the answered file does not parse");
		openAskStore(ws.agentDir).give("page", written);
		expectSuccess(runPi(ws, piArgs(["-p", "-c", "go on"])));
		expect(modelSaw()).toContain("go on");
		expect(modelSaw()).not.toContain("SQLite");
		expect(modelSaw()).not.toContain("ask_user_answers");
	});
});
