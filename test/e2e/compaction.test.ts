/** Compaction keeps user decisions: every question and answer in the compacted span reaches the summary. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createWorkspace, SPEC_EXAMPLE, startRpc, type Workspace } from "./harness.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
	// Keep nothing recent, so the whole conversation is compacted.
	writeFileSync(join(ws.agentDir, "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 1 } }));
});
afterEach(() => ws.cleanup());

it("the compaction summary lists every ask_user question with its answer", async () => {
	ws.script([
		{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } },
		{ text: "Noted." },
		{ text: "Later work." },
		{ text: "SUMMARY FROM THE MODEL" },
	]);
	const rpc = startRpc(ws, ["--answers", '["PostgreSQL (Recommended)", "order-processor"]']);
	try {
		rpc.send({ type: "prompt", message: "set up the service" });
		await rpc.waitFor((l) => l.type === "agent_end");
		const mark = rpc.lines.length;
		rpc.send({ type: "prompt", message: "more work" });
		await rpc.waitFor((l) => l.type === "agent_end", 20_000, mark);
		rpc.send({ type: "compact", id: "c1" });
		const response = (await rpc.waitFor((l) => l.type === "response" && l.command === "compact")) as {
			success: boolean;
			data?: { summary: string };
			error?: string;
		};
		expect(response.success, response.error).toBe(true);
		const summary = response.data?.summary ?? "";
		expect(summary).toContain("SUMMARY FROM THE MODEL");
		expect(summary).toContain("## User decisions (ask_user)");
		expect(summary).toContain('- Q: Which database should we use? → A: "PostgreSQL (Recommended)" (chosen option)');
		expect(summary).toContain('- Q: What should we name this service? → A: "order-processor" (typed by the user)');
	} finally {
		rpc.close();
		await rpc.exited;
	}
});
