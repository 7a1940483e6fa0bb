/**
 * The real Codex (`codex exec`), set up as docs/mcp.md's block says (`default_tools_approval_mode = "approve"`,
 * `--return-after`, `tool_timeout_sec`), against a stand-in Responses API: its model calls `ask_user` in the
 * `mcp__ask` namespace. `codex exec` runs with `approval_policy = "never"` and declines the server's form within a
 * millisecond: that is nobody's cancel, so the questions wait in the pending file. Codex passes its server only a few
 * variables, so without the block's `env` the server reads the agent folder under HOME while the person's pi uses
 * PI_CODING_AGENT_DIR: that pi writes nothing and says so; a pi on the server's folder answers, and Codex's model
 * gets the answer with `formDeclinedByClient`. The server ends with Codex.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import xterm from "@xterm/headless";
import * as pty from "node-pty";
import { afterAll, describe, expect, it } from "vitest";
import { createWorkspace, expectSuccess, patient, piArgs, runPiAsync, sleep } from "../e2e/harness.js";
import { pendingFile, waitFor } from "../mcp/mcp-client.js";
import {
	agentBin,
	agentVersion,
	alive,
	DATABASE,
	ended,
	homeFolder,
	notInstalled,
	resultSeen,
	runAgent,
	SERVER,
	serverPid,
} from "./agent.js";
import { startStandInModel } from "./stand-in-model.js";

const bin = agentBin("codex");
const ws = createWorkspace();
const home = mkdtempSync(join(tmpdir(), "pi-ask-agents-codex-home-"));
const tuiWs = createWorkspace();
const tuiHome = mkdtempSync(join(tmpdir(), "pi-ask-agents-codex-tui-home-"));
afterAll(() => {
	endProcessesOf(tuiHome);
	ws.cleanup();
	tuiWs.cleanup();
	rmSync(home, { recursive: true, force: true });
	rmSync(tuiHome, { recursive: true, force: true });
});

/** The processes whose command line names `home` (Codex's app-server daemon runs from under its CODEX_HOME). */
function processesOf(home: string): number[] {
	return readdirSync("/proc")
		.filter((entry) => /^\d+$/.test(entry))
		.filter((pid) => {
			try {
				return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(home);
			} catch {
				return false;
			}
		})
		.map(Number);
}

/** Ends, by pid, the processes this test's Codex left running under `home` (its daemon and the daemon's helper). */
function endProcessesOf(home: string): void {
	for (const pid of processesOf(home)) {
		try {
			process.kill(pid, "SIGKILL");
		} catch {
			// gone already
		}
	}
}

function daemonOf(home: string): number | undefined {
	return processesOf(home).find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--managed-daemon"));
}

function parentOf(pid: number): number {
	// /proc/<pid>/stat: "pid (name) state ppid …"; the name may hold spaces, so read after its last ")".
	const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
	return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/** docs/mcp.md's Codex block, with the checkout's server in place of npx, and a provider for the stand-in model. */
function codexConfig(modelUrl: string, env: string, project = ""): string {
	return `model = "gpt-5"
model_provider = "stand-in"
approval_policy = "on-request"

[model_providers.stand-in]
name = "stand-in"
base_url = "${modelUrl}/v1"
wire_api = "responses"
env_key = "STAND_IN_API_KEY"
${project ? `\n[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n` : ""}
[mcp_servers.ask]
command = ${JSON.stringify(process.execPath)}
args = [${JSON.stringify(SERVER)}, "mcp", "--web", "off", "--return-after", "590"]
tool_timeout_sec = 600
default_tools_approval_mode = "approve"
${env}`;
}

describe.skipIf(!bin)(`Codex ${agentVersion("codex")} (${bin ? "installed" : notInstalled("codex")})`, () => {
	it("`codex exec` declines the form at once: not a cancel; a pi on another agent folder writes nothing and says so; a pi on the server's folder answers and Codex's model gets it; the server ends with Codex", async () => {
		const codexHome = homeFolder(home, ".codex");
		// The server's agent folder: what it finds under the HOME Codex passes it, with no `env` in the block.
		const serverAgentDir = join(home, ".pi", "agent");
		const run = await runAgent({
			bin: bin as string,
			// `codex exec` runs with approval_policy "never" whatever the file says; -c makes it explicit.
			args: ["exec", "--skip-git-repo-check", "-c", 'approval_policy="never"', "Ask me which database to use."],
			cwd: ws.cwd,
			// The person's shell sets PI_CODING_AGENT_DIR; Codex does not pass it to its servers.
			env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: codexHome, PI_CODING_AGENT_DIR: ws.agentDir },
			wire: "openai",
			isAskTool: (name) => name === "mcp__ask__ask_user",
			modelEnv: () => ({ STAND_IN_API_KEY: "stand-in" }),
			before: (url) => writeFileSync(join(codexHome, "config.toml"), codexConfig(url, "")),
		});
		try {
			const { path } = await pendingFile(ws.cwd).catch((error: Error) => {
				throw new Error(`${error.message}; Codex's output:\n${run.output()}`);
			});
			const pid = serverPid(path);
			// Codex's instant decline cancelled nothing: the call still waits, its questions open in the file.
			await new Promise((done) => setTimeout(done, 2_500));
			expect(run.model.results).toEqual([]);
			expect(JSON.parse(readFileSync(path, "utf8")).questions[0].answer).toBeNull();

			// The person's pi records in another agent folder than the server reads: nothing is written, and it says so.
			const elsewhere = await runPiAsync(ws, piArgs(["-p", "--answers", '["PostgreSQL"]', "what next?"]));
			expect(elsewhere.stdout + elsewhere.stderr).not.toContain("through pi-ask-anywhere mcp");
			expect(elsewhere.stderr).toContain(serverAgentDir);
			expect(elsewhere.stderr).toContain("PI_CODING_AGENT_DIR");
			expect(JSON.parse(readFileSync(path, "utf8")).questions[0].answer).toBeNull();

			// A pi on the server's agent folder answers: Codex's model gets exactly that, not a cancel.
			const answered = expectSuccess(
				await runPiAsync(ws, piArgs(["-p", "--answers", '["SQLite"]', "what next?"]), {
					env: { PI_CODING_AGENT_DIR: serverAgentDir },
				}),
			);
			expect(answered.stdout + answered.stderr).toContain("through pi-ask-anywhere mcp");
			expect(await ended(run, 60_000), run.output()).toBe(0);
			const result = resultSeen(run.model);
			expect(result).toMatchObject({ answered: true, cancelled: false, timedOut: false, formDeclinedByClient: true });
			expect(result.answers).toEqual([expect.objectContaining({ questionId: "q_1", values: ["SQLite"] })]);
			expect(run.output()).toContain("Noted.");
			await waitFor(() => (alive(pid) ? undefined : true), `the server (pid ${pid}) to end with Codex`, 10_000);
		} finally {
			run.child.kill("SIGKILL");
			await run.model.close();
		}
	});

	it("Codex's TUI (`approval_policy = \"on-request\"`) shows the form; the person picks SQLite and submits, and Codex's model gets SQLite; the server ends with Codex", async () => {
		const codexHome = homeFolder(tuiHome, ".codex");
		const model = await startStandInModel("openai", {
			tool: (name) => name === "mcp__ask__ask_user",
			arguments: { questions: [DATABASE] },
		});
		writeFileSync(
			join(codexHome, "config.toml"),
			codexConfig(model.url, `env = { PI_CODING_AGENT_DIR = ${JSON.stringify(tuiWs.agentDir)} }\n`, tuiWs.cwd),
		);
		const rows = 40;
		const term = new xterm.Terminal({ cols: 110, rows, allowProposedApi: true });
		const codex = pty.spawn(bin as string, ["Ask me which database to use."], {
			cols: 110,
			rows,
			cwd: tuiWs.cwd,
			env: {
				PATH: process.env.PATH ?? "",
				HOME: tuiHome,
				CODEX_HOME: codexHome,
				STAND_IN_API_KEY: "stand-in",
				TERM: "xterm-256color",
			},
		});
		codex.onData((data) => term.write(data));
		const exited = new Promise<number>((done) => codex.onExit(({ exitCode }) => done(exitCode)));
		const screen = () => {
			const buffer = term.buffer.active;
			return Array.from(
				{ length: rows },
				(_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? "",
			).join("\n");
		};
		const shows = (pattern: RegExp, what: string, ms = 30_000) =>
			waitFor(() => (pattern.test(screen()) ? true : undefined), `${what}; screen:\n${screen()}`, ms);
		try {
			await shows(/Field 1\/2/, "Codex's form");
			const pid = serverPid((await pendingFile(tuiWs.cwd)).path);
			// To the choice: past the optional "Other" field when the form shows it first (Ctrl+N: next field).
			// (Sent again until the form, drawn before it takes keys, moves on.)
			let lastKey = 0;
			await waitFor(
				() => {
					if (/› 1\. PostgreSQL/.test(screen())) return true;
					if (/Type your answer/.test(screen()) && Date.now() - lastKey > 1_000) {
						codex.write("\x0e");
						lastKey = Date.now();
					}
					return undefined;
				},
				`the choice focused; screen:\n${screen()}`,
				20_000,
			);
			codex.write("\x1b[B");
			await shows(/› 2\. SQLite/, "SQLite picked");
			await sleep(300);
			codex.write("\r");
			await waitFor(
				() => (model.results.length > 0 ? true : undefined),
				`the answer to reach Codex's model; screen:\n${screen()}`,
				20_000,
			);
			const result = resultSeen(model);
			expect(result).toMatchObject({ answered: true, cancelled: false, timedOut: false });
			expect(result.answers).toEqual([expect.objectContaining({ questionId: "q_1", values: ["SQLite"] })]);
			expect(result).not.toHaveProperty("formDeclinedByClient");
			await shows(/Noted\./, "the model's last words");
			// The person leaves Codex (its /quit command); its server goes with it.
			codex.write("/quit");
			await sleep(500);
			codex.write("\r");
			const code = await Promise.race([exited, sleep(patient(10_000)).then(() => "running")]);
			expect(code, `Codex after /quit; screen:\n${screen()}`).toBe(0);
			// Codex's TUI leaves its MCP servers to its app-server daemon (`codex app-server --managed-daemon`, which
			// outlives the TUI): the server is that daemon's child and ends when it does, even killed without a word.
			expect(parentOf(pid), "the server's parent is Codex's app-server daemon").toBe(daemonOf(tuiHome));
			endProcessesOf(tuiHome);
			await waitFor(() => (alive(pid) ? undefined : true), `the server (pid ${pid}) to end with Codex`, 10_000);
		} finally {
			codex.kill("SIGKILL");
			endProcessesOf(tuiHome);
			await model.close();
		}
	});
});
