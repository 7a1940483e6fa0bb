/**
 * The real Gemini CLI (`gemini -p`), set up as docs/mcp.md's `settings.json` says (`--ask-tool ask_person`, since a
 * built-in `ask_user` hides an MCP tool of that name; `trust`, without which `gemini -p` offers no MCP tool; `env`),
 * against a stand-in generateContent API: its model calls `mcp_ask_ask_person`; the person answers with the real
 * `pi -p @file "SQLite"`; Gemini's model receives that answer, and the server ends with Gemini.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
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

const bin = agentBin("gemini");
const ws = createWorkspace();
const home = mkdtempSync(join(tmpdir(), "pi-ask-agents-gemini-home-"));
afterAll(() => {
	ws.cleanup();
	rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!bin)(`Gemini CLI ${agentVersion("gemini")} (${bin ? "installed" : notInstalled("gemini")})`, () => {
	it('`gemini -p`: its model is offered the renamed ask tool and asks; the person answers with `pi -p @file "SQLite"`; Gemini\'s model gets it; the server ends with Gemini', async () => {
		// docs/mcp.md's block, with the checkout's server in place of npx.
		const settings = {
			security: { auth: { selectedType: "gemini-api-key" } },
			mcpServers: {
				ask: {
					command: process.execPath,
					args: [SERVER, "mcp", "--web", "off", "--ask-tool", "ask_person", "--return-after", "590"],
					timeout: 600000,
					trust: true,
					env: { PI_CODING_AGENT_DIR: ws.agentDir },
				},
			},
		};
		writeFileSync(join(homeFolder(home, ".gemini"), "settings.json"), JSON.stringify(settings, null, 2));
		const run = await runAgent({
			bin: bin as string,
			args: ["-p", "Ask me which database to use.", "--skip-trust"],
			cwd: ws.cwd,
			env: { PATH: process.env.PATH, HOME: home },
			wire: "gemini",
			isAskTool: (name) => name === "mcp_ask_ask_person",
			modelEnv: (url) => ({ GOOGLE_GEMINI_BASE_URL: url, GEMINI_API_KEY: "stand-in" }),
		});
		try {
			const { path } = await pendingFile(ws.cwd).catch((error: Error) => {
				throw new Error(`${error.message}; Gemini's output:\n${run.output()}`);
			});
			const pid = serverPid(path);
			// Gemini's own `ask_user` is offered beside it; the server's ask tool under its new name is offered too.
			expect(run.model.offered.flat()).toContain("mcp_ask_ask_person");

			const answered = expectSuccess(await runPiAsync(ws, piArgs(["-p", `@${relative(ws.cwd, path)}`, "SQLite"])));
			expect(answered.stdout + answered.stderr).toContain("through pi-ask-anywhere mcp");

			expect(await ended(run, 60_000), run.output()).toBe(0);
			const result = resultSeen(run.model);
			expect(result).toMatchObject({ answered: true, cancelled: false, timedOut: false });
			expect(result.answers).toEqual([expect.objectContaining({ questionId: "q_1", values: ["SQLite"] })]);
			expect(run.output()).toContain("Noted.");
			await waitFor(() => (alive(pid) ? undefined : true), `the server (pid ${pid}) to end with Gemini`, 10_000);
		} finally {
			run.child.kill("SIGKILL");
			await run.model.close();
		}
	});
});
