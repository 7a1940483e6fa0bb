/**
 * Run before every test file (vitest.config.ts setupFiles), and imported for its effect by files that need the folder:
 * a test keeps what pi, the web command or an MCP server records in the agent folder in a temp folder, never in
 * ~/.pi; the processes it starts inherit it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

if (process.env.PI_CODING_AGENT_DIR === undefined) {
	process.env.PI_CODING_AGENT_DIR = mkdtempSync(join(tmpdir(), "pi-ask-test-agent-"));
}

export const TEST_AGENT_DIR = process.env.PI_CODING_AGENT_DIR;
