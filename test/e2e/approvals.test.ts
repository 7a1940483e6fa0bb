/**
 * Approvals and other extensions' asks against the real pi, the scripted model calling the real tools: a call that
 * matches the person's rule waits for their yes wherever they answer questions (RPC's standard dialogs, the TUI,
 * print mode's pending file), and only their Allow lets it run. A second extension (examples/deploy-confirm) asks
 * through pi's event bus and gets the same answer the model would.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createWorkspace,
	expectSuccess,
	KEYS,
	type LoggedMessage,
	piArgs,
	ROOT,
	type RpcSession,
	runPi,
	startRpc,
	startTui,
	type TuiSession,
	until,
	type Workspace,
} from "./harness.js";
import { rpcClient, stopRpc } from "./rpc-client.js";

const DEPLOY = join(ROOT, "examples/deploy-confirm");

let ws: Workspace;
let rpc: RpcSession | undefined;
let tui: TuiSession | undefined;

beforeEach(() => {
	ws = createWorkspace();
	mkdirSync(join(ws.agentDir, "pi-ask-user"), { recursive: true });
	writeFileSync(
		join(ws.agentDir, "pi-ask-user", "settings.json"),
		JSON.stringify({
			approvals: [
				{ tool: "bash", command: "echo approved*" },
				{ tool: "bash", command: "echo session*" },
				{ tool: "bash", cmd: "a bad rule" },
			],
		}),
	);
});
afterEach(async () => {
	if (rpc) await stopRpc(rpc);
	rpc = undefined;
	tui?.kill();
	tui = undefined;
	ws.cleanup();
});

const bash = (command: string) => ({ toolCall: { name: "bash", arguments: { command } } });

/** The tool results the model read, in order. */
function toolResults(): LoggedMessage[] {
	return ws.lastMessages().filter((m) => m.role === "toolResult");
}

describe("approvals and the ask bus over RPC (pi's standard dialogs)", () => {
	it("Allow runs the call; Deny with a note blocks it; Allow for this session covers the rule; other calls and the second extension's ask go through", async () => {
		ws.script([
			bash("echo approved-1"),
			bash("echo approved-2"),
			bash("echo session-1"),
			bash("echo session-2"),
			bash("echo not-held"),
			{ toolCall: { name: "deploy", arguments: { target: "production" } } },
			{ text: "done" },
		]);
		rpc = startRpc(ws, ["-e", DEPLOY]);
		const ui = rpcClient(rpc);
		rpc.send({ type: "prompt", message: "ship it" });

		const first = await ui.dialog("select");
		expect(first.title).toContain("Allow bash: `echo approved-1`?");
		expect(first.options).toEqual(["Allow", "Allow for this session", "Deny", "Other (type your answer)"]);
		ui.value(first, "Allow");

		const second = await ui.dialog("select");
		expect(second.title).toContain("echo approved-2");
		ui.value(second, "Other (type your answer)");
		ui.value(await ui.dialog("input"), "not on a Friday");

		const third = await ui.dialog("select");
		expect(third.title).toContain("echo session-1");
		ui.value(third, "Allow for this session");

		// session-2 and not-held run without a dialog: the next one is the deploy tool's own question.
		const deploy = await ui.dialog("select");
		expect(deploy.title).toContain("Deploy to production?");
		ui.value(deploy, deploy.options ? String((deploy.options as string[])[0]) : "");
		await ui.finished();

		const results = toolResults();
		expect(results.map((r) => r.toolName)).toEqual(["bash", "bash", "bash", "bash", "bash", "deploy"]);
		expect(results[0]?.text.trim()).toBe("approved-1");
		expect(results[1]?.isError).toBe(true);
		expect(results[1]?.text).toContain("The person denied this bash call");
		expect(results[1]?.text).toContain("not on a Friday");
		expect(results[2]?.text.trim()).toBe("session-1");
		expect(results[3]?.text.trim()).toBe("session-2");
		expect(results[4]?.text.trim()).toBe("not-held");
		expect(results[5]?.text).toBe("Deployed to production.");
		// The bad rule is said once at the start; the good ones counted.
		const said = rpc.lines.filter((l) => l.method === "notify" && String(l.message).includes('no field "cmd"'));
		expect(said).toHaveLength(1);
	});
});
