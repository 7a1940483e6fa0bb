/**
 * Pending questions in the real TUI: `/questions answer` in the dialog, `/questions clear` after a confirmation,
 * and an edited pending file delivered by interactive `pi -c` — with the person's prompt in the same turn.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import {
	answerSpecExampleInTui,
	goneSoon,
	KEYS,
	runPrint,
	runTuiCommand,
	SPEC_EXAMPLE,
	sleep,
	startTui,
	type TuiSession,
	type Workspace,
	waitForDelivery,
} from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

let ws: Workspace;
let tui: TuiSession | undefined;
workspaceFromSetup((made) => {
	ws = made;
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
	runPrint(ws, ["set up the service"]);
	expect(existsSync(ws.pendingPath())).toBe(true);
});
afterEach(() => {
	tui?.kill();
	tui = undefined;
});

/** Fills answers into the spec's pending file by hand, one per question (`null` leaves one unanswered). */
function fillPending(answers: (string | null)[]) {
	const pending = JSON.parse(readFileSync(ws.pendingPath(), "utf8")) as { questions: { answer: unknown }[] };
	pending.questions = pending.questions.map((q, i) => ({ ...q, answer: answers[i] ?? null }));
	writeFileSync(ws.pendingPath(), JSON.stringify(pending, null, 2));
}

async function command(text: string): Promise<TuiSession> {
	const t = startTui(ws, [], { env: { PI_ASK_USER_NOTIFY: "0" } });
	tui = t;
	await runTuiCommand(t, text);
	return t;
}

it("/questions answer: the dialog answers another session's pending questions; the model gets them with the task", async () => {
	const t = await command("/questions answer");
	const delivered = await answerSpecExampleInTui(ws, t, "svc-from-tui");
	expect(delivered).toContain('"answer":"SQLite","selectedOption":"SQLite","wasCustom":false');
	expect(delivered).toContain('"answer":"svc-from-tui","wasCustom":true');
	expect(delivered).toContain('The task they had given you: "set up the service"');
	// The file goes once the session holds the answers, a moment after the model has them.
	expect(await goneSoon(ws.pendingPath())).toBe(true);
});

it("/questions answer starts from the answers filled into the pending file: Enter submits exactly them", async () => {
	fillPending(["SQLite", "filled-svc"]);
	const t = await command("/questions answer");
	// Every question holds its filled-in answer: the dialog opens on the Review, showing them.
	await t.waitFor("Review your answers", 40_000);
	await t.waitFor("filled-svc");
	expect(t.screen().join("\n")).toContain("SQLite");
	t.type(KEYS.enter);
	const delivered = await waitForDelivery(ws);
	expect(delivered).toContain('"answer":"SQLite","selectedOption":"SQLite","wasCustom":false');
	expect(delivered).toContain('"answer":"filled-svc","wasCustom":true');
	expect(await goneSoon(ws.pendingPath())).toBe(true);
});

it("/questions answer with one answer filled in opens on the question left, the other one kept", async () => {
	fillPending(["MongoDB", null]);
	const t = await command("/questions answer");
	await t.waitFor("What should we name this service?", 40_000);
	t.type("typed-now");
	await t.waitFor("typed-now");
	t.type(KEYS.enter);
	await t.waitFor("Review your answers");
	t.type(KEYS.enter);
	const delivered = await waitForDelivery(ws);
	expect(delivered).toContain('"answer":"MongoDB","selectedOption":"MongoDB","wasCustom":false');
	expect(delivered).toContain('"answer":"typed-now","wasCustom":true');
});

it("/questions json typed in full runs on the first Enter (the completion menu does not take it)", async () => {
	const t = startTui(ws, [], { env: { PI_ASK_USER_NOTIFY: "0" } });
	tui = t;
	await t.waitFor("scripted-1", 40_000);
	await sleep(500);
	t.type("/questions json");
	await t.waitFor("/questions json", 20_000);
	await sleep(500);
	t.type(KEYS.enter);
	await t.waitFor('"type":"ask_user_pending"', 20_000);
});

it("/questions clear asks first, then deletes", async () => {
	const t = await command("/questions clear");
	await t.waitFor("Delete 2 pending questions in 1 file?", 40_000);
	// No is preselected: Enter by habit keeps them.
	t.type(KEYS.enter);
	await t.waitFor("Kept the pending questions.");
	expect(existsSync(ws.pendingPath())).toBe(true);
	await t.waitForGone("Yes, delete them");
	await runTuiCommand(t, "/questions clear");
	await t.waitFor("Yes, delete them", 40_000);
	t.type(KEYS.down);
	t.type(KEYS.enter);
	await t.waitFor("Cleared 2 pending questions.");
	expect(existsSync(ws.pendingPath())).toBe(false);
});

it("interactive pi -c delivers the answers filled into the pending file", async () => {
	fillPending(["MongoDB", "edited-svc"]);
	tui = startTui(ws, ["-c"], { env: { PI_ASK_USER_NOTIFY: "0" } });
	const delivered = await waitForDelivery(ws);
	expect(delivered).toContain('"answer":"MongoDB","selectedOption":"MongoDB","wasCustom":false');
	expect(delivered).toContain('"answer":"edited-svc","wasCustom":true');
	expect(delivered).not.toContain("The task they had given you");
	expect(await goneSoon(ws.pendingPath())).toBe(true);
});

/** The user message that carried the answers, once the model has received it. */
async function deliveredWith(prompt: string): Promise<string> {
	const delivered = await waitForDelivery(ws);
	const users = ws.lastMessages().filter((m) => m.role === "user");
	// One turn: the answers and the person's prompt are the same user message, and no other message carries either.
	expect(users.filter((m) => m.text.includes("<ask_user_answers")).length).toBe(1);
	expect(users.filter((m) => m.text.includes(prompt)).length).toBe(1);
	return delivered;
}

it('interactive pi -c "and go on" with a filled pending file: the answers and the prompt travel in one turn', async () => {
	fillPending(["MongoDB", "edited-svc"]);
	ws.script([{ text: "going on" }, { text: "spare" }]);
	tui = startTui(ws, ["-c", "and go on"], { env: { PI_ASK_USER_NOTIFY: "0" } });
	const delivered = await deliveredWith("and go on");
	expect(delivered).toContain('"answer":"MongoDB"');
	expect(delivered).toContain("and go on");
	await tui.waitFor("going on");
	expect(await goneSoon(ws.pendingPath())).toBe(true);
});

it('interactive pi -c --answers … "and go on": the answers and the prompt travel in one turn', async () => {
	ws.script([{ text: "going on" }, { text: "spare" }]);
	tui = startTui(ws, ["-c", "--answers", '["SQLite", "tui-svc"]', "and go on"], { env: { PI_ASK_USER_NOTIFY: "0" } });
	const delivered = await deliveredWith("and go on");
	expect(delivered).toContain('"answer":"SQLite","selectedOption":"SQLite","wasCustom":false');
	expect(delivered).toContain('"answer":"tui-svc","wasCustom":true');
	expect(delivered).toContain("and go on");
	await tui.waitFor("going on");
});

it("answers sent as their own turn that never reach the session keep their pending file; a later pi -c delivers them", async () => {
	fillPending(["MongoDB", "kept-svc"]);
	const crash = join(dirname(fileURLToPath(import.meta.url)), "fixtures/end-before-stored.ts");
	tui = startTui(ws, ["-c"], { env: { PI_ASK_USER_NOTIFY: "0" }, extensions: [crash] });
	await tui.exited;
	tui = undefined;
	expect(existsSync(ws.pendingPath())).toBe(true);
	ws.script([{ text: "thanks" }]);
	const run = runPrint(ws, ["-c", "go on"]);
	expect(run.code, run.stderr).toBe(0);
	const delivered = await waitForDelivery(ws);
	expect(delivered).toContain('"answer":"kept-svc","wasCustom":true');
	expect(existsSync(ws.pendingPath())).toBe(false);
});
