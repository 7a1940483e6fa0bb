/**
 * pi killed while a question is open: the questions are not lost. They are on disk while the dialog is
 * open, and rebuilt from the session if that file is gone too. On `pi -c` the dialog shows them again and
 * the answers reach the model.
 */
import { rmSync } from "node:fs";
import { afterEach, beforeEach, expect, it } from "vitest";
import {
	answerSpecExampleInTui,
	createWorkspace,
	goneSoon,
	readJson,
	SPEC_EXAMPLE,
	startTui,
	type TuiSession,
	type Workspace,
} from "./harness.js";

let ws: Workspace;
let tui: TuiSession | undefined;
beforeEach(() => {
	ws = createWorkspace();
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, { echo: true }]);
});
afterEach(() => {
	tui?.kill();
	tui = undefined;
	ws.cleanup();
});

const ENV = { PI_ASK_USER_NOTIFY: "0" };

async function openThenKill(signal: string): Promise<void> {
	const first = startTui(ws, ["set up the service"], { env: ENV });
	tui = first;
	await first.waitFor("Other (type your answer)", 40_000);
	first.kill(signal);
	await first.exited;
	tui = undefined;
}

async function answerAgainWithContinue(): Promise<void> {
	const again = startTui(ws, ["-c"], { env: ENV });
	tui = again;
	const delivered = await answerSpecExampleInTui(ws, again, "resumed-svc");
	expect(delivered).toContain('"answer":"SQLite","selectedOption":"SQLite","wasCustom":false');
	expect(delivered).toContain('"answer":"resumed-svc","wasCustom":true');
	expect(await goneSoon(ws.pendingPath())).toBe(true);
}

it("SIGTERM mid-question saves the questions; pi -c asks them again", async () => {
	await openThenKill("SIGTERM");
	expect((readJson(ws.pendingPath()) as { questions: unknown[] }).questions).toHaveLength(2);
	await answerAgainWithContinue();
});

it("SIGKILL mid-question: the questions were already on disk; pi -c asks them again", async () => {
	await openThenKill("SIGKILL");
	expect((readJson(ws.pendingPath()) as { questions: unknown[] }).questions).toHaveLength(2);
	await answerAgainWithContinue();
});

it("SIGKILL and the pending file lost too: pi -c rebuilds the questions from the session", async () => {
	await openThenKill("SIGKILL");
	rmSync(ws.pendingPath());
	await answerAgainWithContinue();
});
