/**
 * An abort the person did not give is never reported as their cancel, against the real pi:
 * an RPC `abort` while a question is open, an SDK app's `session.abort()`, pi stopped by SIGTERM in the TUI (pi 1.x
 * saves the aborted call's result before exiting; older pi leaves the call open). The model reads `connectionLost`
 * (RPC) or `interrupted` (TUI, SDK), never `cancelled`, and the ask stays open: `pi -p -c --answers` answers it, once.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import {
	createWorkspace,
	type LoggedMessage,
	PI,
	piAtLeast,
	ROOT,
	type RpcSession,
	resultJson,
	runPi,
	runPrint,
	SCRIPTED_MODEL,
	SPEC_EXAMPLE,
	SPEC_RESULT,
	startTui,
	type TuiSession,
	type Workspace,
} from "./harness.js";
import { startAsking, stopRpc } from "./rpc-client.js";

const SPEC_ANSWERS = '["PostgreSQL (Recommended)", "order-processor"]';
const KEPT =
	/interrupted before the user answered \(the user did not cancel\)\. They stay pending: the next prompt does not ask them again/;

let ws: Workspace;
let rpc: RpcSession | undefined;
let tui: TuiSession | undefined;
beforeEach(() => {
	ws = createWorkspace();
});
afterEach(async () => {
	tui?.kill();
	tui = undefined;
	if (rpc) await stopRpc(rpc);
	rpc = undefined;
	ws.cleanup();
});

/** Every ask_user result the model received in any request, and every delivery of answers it got. */
function whatTheModelRead(): { results: LoggedMessage[]; deliveries: LoggedMessage[] } {
	const last = ws.lastMessages();
	return {
		results: ws.requests().flatMap((r) => r.messages.filter((m) => m.role === "toolResult")),
		deliveries: last.filter((m) => m.role === "user" && m.text.includes("<ask_user_answers")),
	};
}

/** `pi -p -c --answers` answers the interrupted ask: the model gets the answers once and never read a cancel. */
function answerWithContinue(): void {
	const run = runPrint(ws, ["-c", `--answers=${SPEC_ANSWERS}`]);
	expect(run.code, run.stderr).toBe(0);
	const { results, deliveries } = whatTheModelRead();
	expect(deliveries).toHaveLength(1);
	const json = deliveries[0]?.text.split("\n").find((line) => line.startsWith('{"answered"'));
	expect(JSON.parse(json ?? "null")).toEqual(SPEC_RESULT);
	for (const result of results) expect(resultJson(result.text)).not.toHaveProperty("cancelled");
	expect(existsSync(ws.pendingPath())).toBe(false);
}

it("an RPC abort while the question is open: the model reads connectionLost, not a cancel; --answers answers it later", async () => {
	const started = startAsking(ws, SPEC_EXAMPLE);
	rpc = started.rpc;
	await started.ui.dialog("select");
	rpc.send({ type: "abort" });
	const { blocks } = await started.ui.resultBlocks();
	expect(JSON.parse(blocks[0] ?? "")).toEqual({ answered: false, answers: [], connectionLost: true });
	expect(blocks[1]).toMatch(KEPT);
	expect(existsSync(ws.pendingPath())).toBe(true);
	const gone = rpc;
	rpc = undefined;
	await stopRpc(gone);
	answerWithContinue();
});

it("an RPC abort: the app's next prompt does not ask the questions again; /questions answer does", async () => {
	const started = startAsking(ws, SPEC_EXAMPLE);
	rpc = started.rpc;
	await started.ui.dialog("select");
	rpc.send({ type: "abort" });
	await started.ui.resultBlocks();
	const afterAbort = rpc.lines.length;
	ws.script([{ text: "Noted." }]);
	rpc.send({ type: "prompt", message: "what next?" });
	await rpc.waitFor((l) => l.type === "agent_end", 30_000, afterAbort);
	const asked = (from: number) =>
		rpc?.lines.slice(from).some((l) => l.type === "extension_ui_request" && l.method === "select") ?? false;
	expect(asked(afterAbort)).toBe(false);
	const beforeCommand = rpc.lines.length;
	rpc.send({ type: "prompt", message: "/questions answer" });
	const dialog = await rpc.waitFor(
		(l) => l.type === "extension_ui_request" && l.method === "select",
		30_000,
		beforeCommand,
	);
	expect(String(dialog.title)).toContain("Which database should we use?");
});

it("an RPC client that goes away mid-question: pi -p -c --answers answers it, once, and the model never read a cancel", async () => {
	const started = startAsking(ws, SPEC_EXAMPLE);
	await started.ui.dialog("select");
	await stopRpc(started.rpc);
	expect(existsSync(ws.pendingPath())).toBe(true);
	answerWithContinue();
});

it("an SDK app's session.abort() while a dialog is open: the model reads interrupted (connectionLost on pi 0.73.1), no cancel", () => {
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
	const entry = join(
		PI.folder,
		"node_modules",
		PI.packageName,
		piAtLeast("1.0.0") ? "dist/bundle" : "dist",
		"index.js",
	);
	const app = join(ROOT, "test/e2e/fixtures/sdk-abort-app.mjs");
	const run = runPi(ws, [app, entry, ROOT, SCRIPTED_MODEL]);
	expect(run.code, run.stderr).toBe(0);
	const [json, sentence] = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "[]") as string[];
	// pi before 0.78.1 has no ctx.mode: an app without themes of its own is taken for an RPC client there.
	const read = piAtLeast("0.78.1") ? { interrupted: true } : { connectionLost: true };
	expect(JSON.parse(json ?? "")).toEqual({ answered: false, answers: [], ...read });
	expect(sentence).toMatch(KEPT);
	expect(existsSync(ws.pendingPath())).toBe(true);
});

it("SIGTERM in the TUI mid-question: never a cancel; pi -p -c --answers answers the questions", async () => {
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, { echo: true }]);
	const first = startTui(ws, ["set up the service"], { env: { PI_ASK_USER_NOTIFY: "0" } });
	tui = first;
	await first.waitFor("Other (type your answer)", 40_000);
	first.kill("SIGTERM");
	await first.exited;
	tui = undefined;
	expect(existsSync(ws.pendingPath())).toBe(true);
	answerWithContinue();
});
