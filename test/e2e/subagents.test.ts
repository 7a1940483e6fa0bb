/**
 * Questions from subagents against the real pi, with pi's own subagent example extension: the
 * parent's model calls `subagent`, pi runs the child as `pi --mode json -p --no-session …` with the parent's
 * environment, the child loads this package from the agent folder's settings (not from the parent's `-e`), and its
 * model calls `ask_user`. The person answers in the parent's TUI or RPC app; the child's model gets exactly that
 * answer and the parent's model the child's output. A parent that dies while its child waits leaves the child
 * `connectionLost`, with no pending file. Parent and child walk one script: they never run their models at once.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import {
	createWorkspace,
	KEYS,
	PI,
	type RpcSession,
	resultJson,
	SPEC_EXAMPLE,
	startRpc,
	startTui,
	type TuiSession,
	type Workspace,
} from "./harness.js";
import { rpcClient, stopRpc } from "./rpc-client.js";
import { installForSubagents, requestAfter, SUBAGENT } from "./subagent-setup.js";

const TASK = "Name the service and pick its database";
const LABEL = `Subagent · Task: ${TASK}`;

let ws: Workspace;
let tui: TuiSession | undefined;
let rpc: RpcSession | undefined;
beforeEach(() => {
	ws = createWorkspace();
	installForSubagents(ws);
});
afterEach(async () => {
	tui?.kill("SIGKILL");
	tui = undefined;
	if (rpc) await stopRpc(rpc);
	rpc = undefined;
	ws.cleanup();
});

const SCRIPT = [
	{ toolCall: { name: "subagent", arguments: { agent: "helper", task: TASK } } }, // the parent
	{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, // the child
	{ echo: true }, // the child: its output is what its model received
	{ echo: true }, // the parent: what it received from the subagent
];

const EXPECTED_ANSWERS = {
	answered: true,
	answers: [
		{ question: SPEC_EXAMPLE.questions[0]?.question, answer: "SQLite", selectedOption: "SQLite", wasCustom: false },
		{ question: SPEC_EXAMPLE.questions[1]?.question, answer: "orders", wasCustom: true },
	],
};

/** The entries of every session file the test's pis wrote. */
function sessionEntries(): Record<string, unknown>[] {
	const sessions = join(ws.agentDir, "sessions");
	const files = existsSync(sessions)
		? readdirSync(sessions, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".jsonl"))
		: [];
	return files
		.flatMap((file) => readFileSync(join(sessions, file), "utf8").split("\n").filter(Boolean))
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The parent's session records that a child asked and what was answered. */
function childRecords(): Record<string, unknown>[] {
	return sessionEntries().filter((entry) => entry.type === "custom" && entry.customType === "ask_user-child");
}

async function expectChildGotAnswers(): Promise<void> {
	const childResult = await requestAfter(ws, "ask_user");
	expect(resultJson(childResult.text)).toEqual(EXPECTED_ANSWERS);
	const parentResult = await requestAfter(ws, "subagent");
	// The child's output (its echo of what its model received) reaches the parent's model.
	expect(parentResult.text).toContain(JSON.stringify(EXPECTED_ANSWERS));
	await expect.poll(() => childRecords().length, { timeout: patient(10_000) }).toBe(1);
	const record = childRecords()[0]?.data as Record<string, unknown>;
	expect(record).toMatchObject({ outcome: "answered", answers: EXPECTED_ANSWERS.answers, delivered: true });
	expect(record.asker).toEqual({ task: `Task: ${TASK}`, cwd: ws.cwd });
	expect(existsSync(ws.pendingPath())).toBe(false);
}

/** The parent's session keeps one chat line of what the person answered for which subagent; its model never reads it. */
async function expectChatLine(): Promise<void> {
	const line = `You answered the subagent “Task: ${TASK}”: Which database should we use? → SQLite; What should we name this service? → "orders"`;
	const lines = () =>
		sessionEntries().filter((e) => e.type === "custom_message" && e.customType === "ask_user-child-line");
	await expect.poll(() => lines().length, { timeout: patient(10_000) }).toBe(1);
	expect(lines()[0]).toMatchObject({ content: line, display: true });
	// The parent's model got the subagent's result (the request after it) without the line.
	expect(ws.requests().flatMap((request) => request.messages.map((m) => m.text))).not.toContain(line);
	expect(JSON.stringify(ws.requests())).not.toContain("You answered the subagent");
}

/** A bash command that runs a child pi in print mode (without a session unless `withSession`), output to a file. */
function childPi(prompt: string, output: string, withSession = false): string {
	const session = withSession ? "" : " --no-session";
	return `"${PI.node}" "${PI.cli}" -p${session} "${prompt}" </dev/null >${output} 2>&1`;
}

/** A process's parent and state, from /proc (pi sets its process title, so its command line says nothing). */
function processStat(pid: number): { ppid: number; state: string } | undefined {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		return { state: fields[0] ?? "", ppid: Number(fields[1]) };
	} catch {
		return undefined;
	}
}

/** The processes `parent` started (the subagent's child pi) that work in this test's project folder. */
function childPids(parent: number): number[] {
	return readdirSync("/proc")
		.filter((name) => /^\d+$/.test(name))
		.map(Number)
		.filter((pid) => {
			try {
				return processStat(pid)?.ppid === parent && readlinkSync(`/proc/${pid}/cwd`) === ws.cwd;
			} catch {
				return false;
			}
		});
}

/** Whether the process still runs (a zombie waiting to be reaped has ended). */
const running = (pid: number): boolean => {
	const state = processStat(pid)?.state;
	return state !== undefined && state !== "Z" && state !== "X";
};

describe("questions from subagents", () => {
	it(
		"TUI parent: the child's question is asked in the parent's dialog, labelled; the answer reaches the child exactly",
		async () => {
			ws.script(SCRIPT);
			tui = startTui(ws, [`run the helper: ${TASK}`], { extensions: [SUBAGENT], cols: 80, rows: 24 });
			await tui.waitFor("Other (type your answer)", 60_000);
			// Who asks, in one line at 80 columns; the child works in the parent's folder, so no folder is named.
			await tui.waitFor(LABEL);
			const screen = tui.screen();
			expect(screen.filter((line) => line.includes("Subagent")).map((line) => line.trim())).toEqual([LABEL]);
			const dialog = screen.slice(
				screen.findIndex((line) => line.startsWith("────")),
				screen.findLastIndex((line) => line.startsWith("────")),
			);
			expect(dialog.join("\n")).not.toContain(ws.cwd);
			tui.type("2");
			await tui.waitFor(/Enter (to )?(submit|review)/);
			tui.type("orders");
			await tui.waitFor("orders");
			tui.type(KEYS.enter);
			await tui.waitFor("Review your answers");
			tui.type(KEYS.enter);
			await expectChildGotAnswers();
			await expectChatLine();
			// Shown in the parent's chat, after the subagent's call.
			await tui.waitFor("You answered the subagent");
			const chat = tui.screen().join(" ").replace(/\s+/g, " ");
			expect(chat).toContain(`You answered the subagent “Task: ${TASK}”: Which database should we use? → SQLite;`);
		},
		patient(120_000),
	);

	it(
		"RPC parent: the app gets the child's question through pi's dialogs; the answer reaches the child exactly; a grandchild's question (the same parent's next prompt) reaches the same person, and the answer reaches the grandchild exactly",
		async () => {
			ws.script([
				...SCRIPT,
				{ toolCall: { name: "bash", arguments: { command: childPi("Task: run your own child", "child.out") } } },
				{ toolCall: { name: "bash", arguments: { command: childPi("Task: the grandchild", "grandchild.out") } } },
				{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, // the grandchild
				{ echo: true }, // the grandchild
				{ echo: true }, // the child
				{ echo: true }, // the parent
			]);
			rpc = startRpc(ws, ["-e", SUBAGENT]);
			const ui = rpcClient(rpc);
			rpc.send({ type: "prompt", message: `run the helper: ${TASK}` });
			const db = await ui.dialog("select");
			expect(String(db.title)).toContain(LABEL);
			ui.value(db, "SQLite — Lightweight, file-based");
			ui.value(await ui.dialog("input"), "orders");
			await expectChildGotAnswers();
			await expectChatLine();
			await ui.finished();

			// The grandchild: the parent runs a child pi with bash, which runs its own.
			const later = rpcClient(rpc, rpc.lines.length);
			const requests = ws.requests().length;
			rpc.send({ type: "prompt", message: "run a child pi" });
			const grandDb = await later.dialog("select");
			expect(String(grandDb.title)).toContain("Subagent · Task: the grandchild");
			later.value(grandDb, "SQLite — Lightweight, file-based");
			later.value(await later.dialog("input"), "orders");
			const grandchildResult = await requestAfter(ws, "ask_user", 60_000, requests);
			expect(resultJson(grandchildResult.text)).toEqual(EXPECTED_ANSWERS);
			await later.finished();
			expect(readFileSync(join(ws.cwd, "grandchild.out"), "utf8")).toContain(JSON.stringify(EXPECTED_ANSWERS));
		},
		patient(180_000),
	);

	it(
		"a parent that dies while its subagent waits: the subagent does not wait forever, and leaves no pending file",
		async () => {
			ws.script(SCRIPT);
			rpc = startRpc(ws, ["-e", SUBAGENT]);
			const ui = rpcClient(rpc);
			rpc.send({ type: "prompt", message: `run the helper: ${TASK}` });
			await ui.dialog("select");
			const children = childPids(rpc.child.pid ?? 0);
			expect(children).toHaveLength(1);
			rpc.child.kill("SIGKILL");
			await rpc.exited;
			rpc = undefined;
			// Its output went to the parent, which is gone: pi ends it at its next write, if it is still waiting.
			await expect.poll(() => children.filter(running), { timeout: patient(30_000) }).toEqual([]);
			expect(readdirSync(ws.cwd)).toEqual([]);
		},
		patient(120_000),
	);

	it(
		"a parent that dies while a child it ran with bash waits: the child's model hears connectionLost and that nobody can answer",
		async () => {
			const command = childPi(`Task: ${TASK}`, "child.out");
			ws.script([
				{ toolCall: { name: "bash", arguments: { command } } }, // the parent
				{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, // the child
				{ echo: true }, // the child
			]);
			rpc = startRpc(ws);
			const ui = rpcClient(rpc);
			rpc.send({ type: "prompt", message: "run a child pi" });
			const db = await ui.dialog("select");
			expect(String(db.title)).toContain(LABEL);
			rpc.child.kill("SIGKILL");
			await rpc.exited;
			rpc = undefined;
			const childResult = await requestAfter(ws, "ask_user", 30_000);
			const [first, second] = childResult.text.split("\n");
			expect(JSON.parse(first ?? "")).toEqual({ answered: false, answers: [], connectionLost: true });
			expect(second).toMatch(/nobody can answer these questions now/);
			// The child ends, and keeps nothing where another session could deliver it.
			await expect
				.poll(() => readFileSync(join(ws.cwd, "child.out"), "utf8"), { timeout: patient(30_000) })
				.toContain("The model received:");
			expect(readFileSync(join(ws.cwd, "child.out"), "utf8")).toContain("no session to keep the questions in");
			expect(readdirSync(ws.cwd)).toEqual(["child.out"]);
		},
		patient(120_000),
	);

	it(
		"a child with a session of its own whose parent dies keeps its questions in its pending file, and says so",
		async () => {
			ws.script([
				{ toolCall: { name: "bash", arguments: { command: childPi("Task: keep them", "child.out", true) } } },
				{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } },
				{ echo: true },
			]);
			rpc = startRpc(ws);
			const ui = rpcClient(rpc);
			rpc.send({ type: "prompt", message: "run a child pi" });
			await ui.dialog("select");
			rpc.child.kill("SIGKILL");
			await rpc.exited;
			rpc = undefined;
			await expect.poll(() => existsSync(ws.pendingPath()), { timeout: patient(30_000) }).toBe(true);
			const pending = JSON.parse(readFileSync(ws.pendingPath(), "utf8")) as { questions: unknown[] };
			expect(pending.questions).toHaveLength(2);
			await expect
				.poll(() => readFileSync(join(ws.cwd, "child.out"), "utf8"), { timeout: patient(30_000) })
				.toContain("saving the questions as pending instead");
		},
		patient(120_000),
	);
});
