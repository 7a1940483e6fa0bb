/**
 * Imported for its effect: a test file that answers an MCP client's file in process (pi's and the page's writer record
 * the person's answers in the agent folder of the run) keeps that record in a temp folder, never in ~/.pi; the
 * processes it starts inherit it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

if (process.env.PI_CODING_AGENT_DIR === undefined) {
	process.env.PI_CODING_AGENT_DIR = mkdtempSync(join(tmpdir(), "pi-ask-test-agent-"));
}

export const TEST_AGENT_DIR = process.env.PI_CODING_AGENT_DIR;
