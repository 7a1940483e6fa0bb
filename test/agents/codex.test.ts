/**
 * The real Codex (`codex exec`), set up as docs/mcp.md's block says (`default_tools_approval_mode = "approve"`,
 * `--return-after`, `tool_timeout_sec`), against a stand-in Responses API: its model calls `ask_user` in the
 * `mcp__ask` namespace. `codex exec` runs with `approval_policy = "never"` and declines the server's form within a
 * millisecond: that is nobody's cancel, so the questions wait in the pending file. Codex passes its server only a few
 * variables, so without the block's `env` the server reads the agent folder under HOME while the person's pi uses
 * PI_CODING_AGENT_DIR: that pi writes nothing and says so; a pi on the server's folder answers, and Codex's model
 * gets the answer with `formDeclinedByClient`. The server ends with Codex.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createWorkspace, expectSuccess, piArgs, runPiAsync } from "../e2e/harness.js";
import { pendingFile, waitFor } from "../mcp/mcp-client.js";
import {
	agentBin,
	agentVersion,
	alive,
	ended,
	homeFolder,
	notInstalled,
	resultSeen,
	runAgent,
	SERVER,
	serverPid,
} from "./agent.js";

const bin = agentBin("codex");
const ws = createWorkspace();
const home = mkdtempSync(join(tmpdir(), "pi-ask-agents-codex-home-"));
afterAll(() => {
	ws.cleanup();
	rmSync(home, { recursive: true, force: true });
});

/** docs/mcp.md's Codex block, with the checkout's server in place of npx, and a provider for the stand-in model. */
function codexConfig(modelUrl: string, env: string): string {
	return `model = "gpt-5"
model_provider = "stand-in"
approval_policy = "on-request"

[model_providers.stand-in]
name = "stand-in"
base_url = "${modelUrl}/v1"
wire_api = "responses"
env_key = "STAND_IN_API_KEY"

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
});
