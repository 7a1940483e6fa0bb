/**
 * An MCP client's question on the person's phone: with push set up as for pi (here through the environment, against
 * the local ntfy stand-in), the MCP server publishes the ask with its answer buttons, and a tap answers the client.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { type NtfyStandIn, type StoredAction, startNtfyStandIn } from "../push/ntfy-stand-in.js";
import { type McpSession, resultJson, startMcp } from "./mcp-client.js";

const TOPIC = "pi-ask-mcp-test";
let ntfy: NtfyStandIn | undefined;
let session: McpSession | undefined;
const agentDir = mkdtempSync(join(tmpdir(), "pi-ask-mcp-agent-"));

afterAll(async () => {
	await session?.close();
	await ntfy?.close();
	rmSync(agentDir, { recursive: true, force: true });
});

describe("pi-ask-anywhere mcp with push", () => {
	it(
		"publishes the ask to the phone; a tap on an option answers the waiting client",
		async () => {
			ntfy = await startNtfyStandIn();
			session = await startMcp({
				env: {
					PI_CODING_AGENT_DIR: agentDir,
					PI_ASK_USER_PUSH: `${ntfy.url}/${TOPIC}`,
					PI_ASK_USER_PUSH_AFTER: "0",
					PI_ASK_USER_PUSH_DETAIL: "full",
				},
				name: "codex-mcp-client",
			});
			const call = session.client.callTool({
				name: "ask_user",
				arguments: {
					questions: [{ question: "Deploy now?", type: "select", options: ["Yes, deploy", "Not yet"] }],
				},
			});
			const [published] = await ntfy.waitForMessages(TOPIC, 1);
			expect(published?.message).toContain("Deploy now?");
			const buttons = (published?.actions ?? []).filter((action) => action.action === "http");
			expect(buttons.map((button) => button.label)).toEqual(["Yes, deploy", "Not yet"]);
			expect(await ntfy.tap(buttons[1] as StoredAction)).toBe(200);
			expect(resultJson((await call) as never)).toMatchObject({
				answered: true,
				answers: [{ questionId: "q_1", values: ["Not yet"], selectedOption: "Not yet" }],
			});
			expect(session.stderr()).toContain("through push");
		},
		patient(60_000),
	);
});
