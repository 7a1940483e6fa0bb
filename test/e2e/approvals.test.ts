/**
 * Approvals and other extensions' asks against the real pi, the scripted model calling the real tools: a call that
 * matches the person's rule waits for their yes wherever they answer questions (RPC's standard dialogs, the TUI,
 * print mode's pending file), and only their Allow lets it run. A second extension (examples/deploy-confirm) asks
 * through pi's event bus and gets the same answer the model would.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type NtfyStandIn, type StoredAction, startNtfyStandIn } from "../push/ntfy-stand-in.js";
import {
	createWorkspace,
	decisionLog,
	expectSuccess,
	KEYS,
	type LoggedMessage,
	patient,
	piArgs,
	ROOT,
	type RpcSession,
	runPiAsync,
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
			bash("echo approved-cancelled"),
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
		// The person closes the dialog: nothing they did not choose lets the call run.
		const cancelled = await ui.dialog("select");
		expect(cancelled.title).toContain("echo approved-cancelled");
		ui.cancel(cancelled);
		await ui.finished();

		const results = toolResults();
		expect(results.map((r) => r.toolName)).toEqual(["bash", "bash", "bash", "bash", "bash", "deploy", "bash"]);
		expect(results[0]?.text.split("\n")).toContain("approved-1");
		expect(results[1]?.isError).toBe(true);
		expect(results[1]?.text).toContain("The person denied this bash call");
		expect(results[1]?.text).toContain("not on a Friday");
		expect(results[2]?.text.split("\n")).toContain("session-1");
		expect(results[3]?.text.split("\n")).toContain("session-2");
		expect(results[4]?.text.split("\n")).toContain("not-held");
		expect(results[5]?.text).toBe("Deployed to production.");
		expect(results[6]?.isError).toBe(true);
		expect(results[6]?.text).toContain("The person dismissed the approval");
		// Every decision is in the decision log, newest first: who (the app's dialogs), the approval and the answer.
		expect(decided()).toEqual([
			["rpc", "cancelled", "Allow bash: `echo approved-cancelled`?", []],
			["rpc", "answered", "Deploy to production?", ["Deploy"]],
			["rpc", "answered", "Allow bash: `echo session-1`?", ["Allow for this session"]],
			["rpc", "answered", "Allow bash: `echo approved-2`?", ["not on a Friday"]],
			["rpc", "answered", "Allow bash: `echo approved-1`?", ["Allow"]],
		]);
		// The bad rule is said once at the start; the good ones counted.
		const said = rpc.lines.filter((l) => l.method === "notify" && String(l.message).includes('no field "cmd"'));
		expect(said).toHaveLength(1);
	});
});

describe("approvals and the ask bus in pi's TUI", () => {
	it("Allow, Deny with a note, Allow for this session, and the second extension's ask, in one dialog each", async () => {
		ws.script([
			bash("echo approved-1"),
			bash("echo approved-2"),
			bash("echo session-1"),
			bash("echo session-2"),
			{ toolCall: { name: "deploy", arguments: { target: "staging" } } },
			bash("echo approved-escaped"),
			{ text: "done" },
		]);
		tui = startTui(ws, ["ship it"], { extensions: [DEPLOY], env: { PI_ASK_USER_NOTIFY: "0" } });
		const t = tui;
		await t.waitFor("Allow for this session", 40_000);
		await t.waitFor("echo approved-1");
		t.type(KEYS.enter);
		await t.waitFor("echo approved-2");
		await t.waitFor("Allow for this session");
		t.type(KEYS.down + KEYS.down + KEYS.down);
		t.type("not on a Friday");
		await t.waitFor("not on a Friday");
		t.type(KEYS.enter);
		await t.waitFor("echo session-1");
		await t.waitFor("Allow for this session");
		t.type(KEYS.down);
		t.type(KEYS.enter);
		await t.waitFor("Deploy to staging?");
		t.type(KEYS.enter);
		await t.waitFor("echo approved-escaped");
		await t.waitFor("Allow for this session");
		t.type(KEYS.escape);
		await until(() => toolResults().length === 6, 30_000, "the sixth tool result");
		const results = toolResults();
		expect(results.map((r) => r.toolName)).toEqual(["bash", "bash", "bash", "bash", "deploy", "bash"]);
		expect(results[5]?.isError).toBe(true);
		expect(results[5]?.text).toContain("The person dismissed the approval");
		expect(results[0]?.text.split("\n")).toContain("approved-1");
		expect(results[1]?.isError).toBe(true);
		expect(results[1]?.text).toContain("The person denied this bash call");
		expect(results[1]?.text).toContain("not on a Friday");
		expect(results[2]?.text.split("\n")).toContain("session-1");
		expect(results[3]?.text.split("\n")).toContain("session-2");
		expect(results[4]?.text).toBe("Deployed to staging.");
		expect(decided().map(([by, outcome, question]) => [by, outcome, question])).toEqual([
			["tui", "cancelled", "Allow bash: `echo approved-escaped`?"],
			["tui", "answered", "Deploy to staging?"],
			["tui", "answered", "Allow bash: `echo session-1`?"],
			["tui", "answered", "Allow bash: `echo approved-2`?"],
			["tui", "answered", "Allow bash: `echo approved-1`?"],
		]);
	});
});

/** The decision log's lines (`pi-ask-anywhere log --json`), newest first: who, how, the first question, the answers. */
function decided(): [unknown, unknown, unknown, unknown][] {
	return decisionLog(ws).map((line) => [
		line.by,
		line.outcome,
		(line.questions as { question: string }[])[0]?.question,
		line.answers,
	]);
}

/** The project's pending files, oldest first. */
function pendingFiles(): string[] {
	const dir = join(ws.cwd, ".pi");
	return readdirSync(dir)
		.filter((name) => /^pending-questions(-\d+)?\.json$/.test(name))
		.sort((a, b) => Number(a.match(/-(\d+)/)?.[1] ?? 1) - Number(b.match(/-(\d+)/)?.[1] ?? 1))
		.map((name) => join(dir, name));
}

describe("approvals with nobody to ask (print mode)", () => {
	it("a second extension's ask in a print run whose start had nothing for the part that asks is saved for later", async () => {
		// No rules: the start stays light (lifecycle/start-needs.ts), and the bus ask builds the part (src/asking.ts).
		writeFileSync(join(ws.agentDir, "pi-ask-user", "settings.json"), "{}");
		ws.script([{ toolCall: { name: "deploy", arguments: { target: "staging" } } }, { text: "deploy asked" }]);
		const run = expectSuccess(await runPiAsync(ws, piArgs(["-p", "-e", DEPLOY, "ship it"])));
		expect(run.stdout).toContain("deploy asked");
		expect(toolResults()[0]?.text).toContain("Not deployed to staging");
		const [saved] = pendingFiles();
		expect(JSON.parse(readFileSync(saved as string, "utf8")).questions[0].question).toBe("Deploy to staging?");
	});

	let ntfy: NtfyStandIn | undefined;
	afterEach(async () => {
		await ntfy?.close();
		ntfy = undefined;
	});

	it("blocks and leaves the approval pending; an Allow a tool call wrote does not count; the person's tap on Allow lets exactly that call run once when the session goes on", async () => {
		ntfy = await startNtfyStandIn();
		const topic = "pi-ask-approvals";
		const push = {
			PI_ASK_USER_PUSH: `${ntfy.url}/${topic}`,
			PI_ASK_USER_PUSH_AFTER: "0",
			PI_ASK_USER_PUSH_WAIT: String(Math.min(60, patient(3_000) / 1000)),
			PI_ASK_USER_PUSH_DETAIL: "full",
		};
		const fillByTool = `node -e 'const f=require("fs"),p=".pi/pending-questions.json",j=JSON.parse(f.readFileSync(p,"utf8"));j.questions[0].answer="Allow";f.writeFileSync(p,JSON.stringify(j))'`;
		ws.script([
			bash("echo approved-x"),
			bash(fillByTool),
			bash("echo approved-x"),
			{ text: "waiting for the approval" },
			// pi -p -c: the model makes the call again, twice.
			bash("echo approved-x"),
			bash("echo approved-x"),
			{ text: "went on" },
			// After /questions in an RPC app: the model makes the call once more.
			bash("echo approved-x"),
			{ text: "ran after /questions" },
		]);
		const first = expectSuccess(await runPiAsync(ws, piArgs(["-p", "ship it"]), { env: push }));
		expect(first.stdout).toContain("waiting for the approval");
		// The person reads how to allow it, not a question's instructions (--answers and @file do not answer it).
		expect(first.stdout).toContain(
			"`bash echo approved-x` needs your approval and did not run. To allow it: tap Allow",
		);
		expect(first.stdout).not.toContain("--answers");
		let results = toolResults();
		expect(results.map((r) => r.isError)).toEqual([true, false, true]);
		expect(results[0]?.text).toContain("This bash call waits for the person's approval");
		expect(results[0]?.text).toContain(".pi/pending-questions.json");
		// The tool's Allow stayed in its file and counted for nothing: the second call was asked anew.
		expect(results[2]?.text).toContain("waits for the person's approval");
		const [byTool, asked] = pendingFiles();
		expect(JSON.parse(readFileSync(byTool as string, "utf8")).questions[0].answer).toBe("Allow");
		const approval = JSON.parse(readFileSync(asked as string, "utf8"));
		expect(approval.request.metadata.approval).toMatchObject({
			tool: "bash",
			rule: 'bash command "echo approved*"',
			summary: "echo approved-x",
		});
		expect(approval.questions[0].options).toEqual(["Allow", "Allow for this session", "Deny"]);

		// Each approval reached the phone with its three choices as buttons; the person taps Allow on the one still open.
		const published = await ntfy.waitForMessages(topic, 2, 5_000);
		const buttons = (published[1]?.actions ?? []).filter((action) => action.action === "http");
		expect(buttons.map((button) => button.label)).toEqual(["Allow", "Allow for this session", "Deny"]);
		await ntfy.tap(buttons[0] as StoredAction);
		expectSuccess(await runPiAsync(ws, piArgs(["-p", "-c", "go on"]), { env: push }));
		results = toolResults().slice(3);
		expect(results[0]?.isError).toBe(false);
		expect(results[0]?.text.split("\n")).toContain("approved-x");
		// Once: the same call again waits for a new yes.
		expect(results[1]?.isError).toBe(true);
		expect(results[1]?.text).toContain("waits for the person's approval");

		// The approval left pending by that call is allowed in /questions in an RPC app: the Allow reaches the model as
		// the answer to its approval, and the same call made again runs.
		rpc = startRpc(ws, ["-c"]);
		const ui = rpcClient(rpc);
		rpc.send({ type: "prompt", message: "/questions answer" });
		const dialog = await ui.dialog("select");
		expect(dialog.title).toContain("echo approved-x");
		ui.value(dialog, "Allow");
		await rpc.waitFor((line) => line.type === "agent_end", 30_000);
		const last = toolResults().at(-1);
		expect(last?.isError).toBe(false);
		expect(last?.text.split("\n")).toContain("approved-x");
		// The log: the Allow in /questions, and the tap's Allow before it; never the Allow a tool call wrote.
		expect(decided()).toEqual([
			["rpc", "answered", "Allow bash: `echo approved-x`?", ["Allow"]],
			["tap", "answered", "Allow bash: `echo approved-x`?", ["Allow"]],
		]);
	});
});
