/**
 * The real Claude Code (`claude -p`), set up as docs/mcp.md says (`claude mcp add ask -e PI_CODING_AGENT_DIR=… --
 * node dist/bin.mjs mcp`), asks through its model: the stand-in model loads the deferred MCP tool with ToolSearch
 * and calls `mcp__ask__ask_user`; the person answers with the real `pi -p --answers` in the same folder; Claude's
 * model receives those answers, and the server ends with Claude.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createWorkspace, expectSuccess, patient, piArgs, runPiAsync } from "../e2e/harness.js";
import { pendingFile, waitFor } from "../mcp/mcp-client.js";
import {
	agentBin,
	agentVersion,
	alive,
	ended,
	notInstalled,
	resultSeen,
	runAgent,
	SERVER,
	serverPid,
} from "./agent.js";

const bin = agentBin("claude");
const ws = createWorkspace();
const home = mkdtempSync(join(tmpdir(), "pi-ask-agents-claude-home-"));
afterAll(() => {
	ws.cleanup();
	rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!bin)(`Claude Code ${agentVersion("claude")} (${bin ? "installed" : notInstalled("claude")})`, () => {
	it("`claude -p`: its model asks, the person answers with `pi -p --answers`, and Claude's model gets exactly that; the server ends with Claude", async () => {
		const env = {
			PATH: process.env.PATH,
			HOME: home,
			ANTHROPIC_API_KEY: "sk-ant-stand-in",
			DISABLE_TELEMETRY: "1",
			CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
		};
		// The docs' line, with the checkout's server in place of npx.
		const add = spawnSync(
			bin as string,
			[
				"mcp",
				"add",
				"ask",
				"-e",
				`PI_CODING_AGENT_DIR=${ws.agentDir}`,
				"--",
				process.execPath,
				SERVER,
				"mcp",
				"--web",
				"off",
			],
			{ cwd: ws.cwd, env, encoding: "utf8", timeout: patient(30_000) },
		);
		expect(add.status, add.stderr).toBe(0);
		const run = await runAgent({
			bin: bin as string,
			args: ["-p", "Ask me which database to use.", "--allowedTools", "mcp__ask__ask_user"],
			cwd: ws.cwd,
			env,
			wire: "anthropic",
			isAskTool: (name) => name === "mcp__ask__ask_user",
			find: { tool: "ToolSearch", input: { query: "select:mcp__ask__ask_user,mcp__ask__ask_user_wait" } },
			modelEnv: (url) => ({ ANTHROPIC_BASE_URL: url }),
		});
		try {
			const { path } = await pendingFile(ws.cwd).catch((error: Error) => {
				throw new Error(`${error.message}; Claude's output:\n${run.output()}`);
			});
			const pid = serverPid(path);
			expect(run.model.called()).toBe("mcp__ask__ask_user");

			const answered = expectSuccess(await runPiAsync(ws, piArgs(["-p", "--answers", '["SQLite"]', "what next?"])));
			expect(answered.stdout + answered.stderr).toContain("through pi-ask-anywhere mcp");

			expect(await ended(run, 60_000), run.output()).toBe(0);
			const result = resultSeen(run.model);
			expect(result).toMatchObject({ answered: true, cancelled: false, timedOut: false });
			expect(result.answers).toEqual([expect.objectContaining({ questionId: "q_1", values: ["SQLite"] })]);
			expect(run.output()).toContain("Noted.");
			await waitFor(() => (alive(pid) ? undefined : true), `the server (pid ${pid}) to end with Claude`, 10_000);
		} finally {
			run.child.kill("SIGKILL");
			await run.model.close();
		}
	});
});
