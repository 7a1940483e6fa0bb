/**
 * Background questions against the real pi: `background: true` returns at once, the agent goes
 * on, and the person's answers reach the model once, as a user message naming the ask — in the TUI while the agent
 * works or after, after pi was killed and started again, and in print mode (saved; the run goes on).
 */
import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	answerSpecExampleInTui,
	createWorkspace,
	expectSuccess,
	goneSoon,
	KEYS,
	type LoggedMessage,
	runPrint,
	SPEC_EXAMPLE,
	startTui,
	type TuiSession,
	type Workspace,
	waitForDelivery,
	waitForToolResult,
} from "./harness.js";

let ws: Workspace;
let tui: TuiSession | undefined;
beforeEach(() => {
	ws = createWorkspace();
});
afterEach(() => {
	tui?.kill();
	tui = undefined;
	ws.cleanup();
});

const BACKGROUND_ASK = { toolCall: { name: "ask_user", arguments: { ...SPEC_EXAMPLE, background: true } } };
const BACKGROUND_RESULT = '{"answered":false,"answers":[],"background":true}';
const ENV = { PI_ASK_USER_NOTIFY: "0" };

/** The messages of the model's last request that deliver answers (a delivery counts once). */
const deliveriesIn = (messages: LoggedMessage[]) =>
	messages.filter((m) => m.role === "user" && m.text.includes("<ask_user_answers"));

/** The JSON line of a delivered message. */
const deliveredJson = (text: string) => JSON.parse(text.split("\n")[2] ?? "") as Record<string, unknown>;

describe("background asks", () => {
	it("TUI: the call returns at once, the agent goes on, and the answers arrive once as a user message", async () => {
		ws.script([BACKGROUND_ASK, { text: "Meanwhile I wrote the parts that do not depend on it." }, { echo: true }]);
		tui = startTui(ws, ["set up the service"], { env: ENV });
		const result = await waitForToolResult(ws);
		expect(result.text.split("\n")[0]).toBe(BACKGROUND_RESULT);
		expect(result.text).toContain("answers will arrive later as a user message");
		// The model went on while the questions wait in the dialog.
		await tui.waitFor("Meanwhile I wrote the parts", 30_000);
		await tui.waitFor("Other (type your answer)");
		// The dialog says what a background question is.
		await tui.waitFor("The agent keeps working meanwhile; answer when you like.");
		expect(existsSync(ws.pendingPath())).toBe(true);
		const delivered = await answerSpecExampleInTui(ws, tui, "order-processor");
		expect(delivered).toMatch(/^<ask_user_answers toolCallId="call_/);
		expect(deliveredJson(delivered)).toEqual({
			answered: true,
			answers: [
				{ question: SPEC_EXAMPLE.questions[0]?.question, answer: "SQLite", selectedOption: "SQLite", wasCustom: false },
				{ question: SPEC_EXAMPLE.questions[1]?.question, answer: "order-processor", wasCustom: true },
			],
		});
		expect(await goneSoon(ws.pendingPath())).toBe(true);
		expect(deliveriesIn(ws.lastMessages())).toHaveLength(1);
	});

	it("TUI: Esc then 'dismiss' tells the model no answers will come; Esc then 'keep' leaves them pending", async () => {
		ws.script([BACKGROUND_ASK, { text: "Going on." }, { echo: true }]);
		tui = startTui(ws, ["set up the service"], { env: ENV });
		await tui.waitFor("Other (type your answer)", 40_000);
		tui.type(KEYS.escape);
		// The menu's question is the one its first, preselected choice answers.
		await tui.waitFor("Keep these questions for later, or dismiss them?");
		await tui.waitFor("Keep them for later");
		// The first choice keeps them: an Enter by habit loses nothing.
		tui.type(KEYS.enter);
		await tui.waitFor("A question set aside waits for your answers: /questions answer");
		// Said once, by that line: no second line, no warning.
		expect(tui.screen().join("\n")).not.toContain("the questions stay pending");
		expect(existsSync(ws.pendingPath())).toBe(true);
		expect(deliveriesIn(ws.lastMessages())).toHaveLength(0);
		tui.type("/questions answer");
		await tui.waitFor("/questions answer");
		tui.type(KEYS.escape);
		tui.type(KEYS.enter);
		await tui.waitFor("Other (type your answer)", 20_000);
		// The agent finished long ago: the dialog does not say it keeps working.
		expect(tui.screen().join("\n")).not.toContain("The agent keeps working meanwhile");
		tui.type(KEYS.escape);
		await tui.waitFor("Dismiss them");
		tui.type(KEYS.down);
		tui.type(KEYS.enter);
		const delivered = await waitForDelivery(ws);
		expect(delivered).toContain("dismissed the questions");
		expect(deliveredJson(delivered)).toEqual({ answered: false, answers: [], cancelled: true });
		expect(await goneSoon(ws.pendingPath())).toBe(true);
		await tui.waitForGone("A question set aside waits");
	});

	it("pi killed before the person answered: the ask is pending, and pi -c --answers delivers it once", async () => {
		ws.script([BACKGROUND_ASK, { text: "Going on." }, { echo: true }]);
		tui = startTui(ws, ["set up the service"], { env: ENV });
		await waitForToolResult(ws);
		await tui.waitFor("Other (type your answer)", 40_000);
		tui.kill("SIGKILL");
		await tui.exited;
		tui = undefined;
		expect(existsSync(ws.pendingPath())).toBe(true);
		const run = expectSuccess(runPrint(ws, ["-c", "--answers", '["SQLite","late-svc"]']));
		expect(run.code).toBe(0);
		const delivered = deliveriesIn(ws.lastMessages());
		expect(delivered).toHaveLength(1);
		expect(delivered[0]?.text).toContain('"answer":"late-svc","wasCustom":true');
		expect(await goneSoon(ws.pendingPath())).toBe(true);
	});

	it("print mode: the questions are saved for later and the run goes on", () => {
		ws.script([BACKGROUND_ASK, { text: "Went on without the answers." }]);
		const run = expectSuccess(runPrint(ws, ["set up the service"]));
		expect(run.stdout).toContain("Went on without the answers.");
		expect(run.stdout).toContain("Which database should we use?");
		expect(ws.requests()).toHaveLength(2);
		expect(ws.lastToolResult()?.text.split("\n")[0]).toBe(BACKGROUND_RESULT);
		expect(existsSync(ws.pendingPath())).toBe(true);
		expectSuccess(runPrint(ws, ["-c", "--answers", '["SQLite","print-svc"]']));
		expect(deliveriesIn(ws.lastMessages())).toHaveLength(1);
		expect(existsSync(ws.pendingPath())).toBe(false);
	});
});

describe("/questions reopen", () => {
	it("asks questions the person cancelled again; the answers reach the model once, naming the ask", async () => {
		ws.script([
			{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } },
			{ text: "Cancelled, going on." },
			{ echo: true },
		]);
		tui = startTui(ws, ["set up the service"], { env: ENV });
		await tui.waitFor("Other (type your answer)", 40_000);
		tui.type(KEYS.escape);
		const cancelled = await waitForToolResult(ws);
		expect(cancelled.text.split("\n")[0]).toBe('{"answered":false,"answers":[],"cancelled":true}');
		await tui.waitFor("Cancelled, going on.");
		tui.type("/questions reopen");
		await tui.waitFor("/questions reopen");
		tui.type(KEYS.escape);
		tui.type(KEYS.enter);
		const delivered = await answerSpecExampleInTui(ws, tui, "reopened-svc");
		const toolCallId = /toolCallId="([^"]+)"/.exec(delivered)?.[1];
		expect(toolCallId).toMatch(/^call_/);
		expect(deliveredJson(delivered)).toMatchObject({ answered: true });
		expect(delivered).toContain('"answer":"reopened-svc","wasCustom":true');
		expect(deliveriesIn(ws.lastMessages())).toHaveLength(1);
		// Answered now: nothing is left to reopen.
		tui.type("/questions reopen");
		await tui.waitFor("/questions reopen");
		tui.type(KEYS.escape);
		tui.type(KEYS.enter);
		await tui.waitFor("nothing to reopen", 20_000);
	});
});

describe("PI_ASK_USER_TIMEOUT", () => {
	it("counts down its last seconds before it closes the dialog, and any key keeps the dialog open", async () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, { text: "Thanks, noted." }]);
		// 12 s: the countdown shows its last 6; the key goes while 4 or more are left (room for a loaded machine).
		tui = startTui(ws, ["set up the service"], { env: { ...ENV, PI_ASK_USER_TIMEOUT: "12" } });
		await tui.waitFor("Other (type your answer)", 40_000);
		await tui.waitFor(/Closes in [4-6] s for lack of an answer: press any key to keep it open/, 20_000);
		tui.type(KEYS.down);
		await tui.waitForGone("Closes in");
		expect(ws.lastToolResult()).toBeUndefined();
		await tui.waitFor("Closes in", 20_000);
	});

	it("a dialog nobody touches ends timedOut (a key restarts the clock); the questions stay pending and a later answer arrives once", async () => {
		ws.script([
			{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } },
			{ text: "No answer yet, going on." },
			{ echo: true },
		]);
		tui = startTui(ws, ["set up the service"], { env: { ...ENV, PI_ASK_USER_TIMEOUT: "8" } });
		await tui.waitFor("Other (type your answer)", 40_000);
		// A key while the countdown runs (its last 4 s) restarts the clock: the countdown goes, the dialog stays.
		await tui.waitFor(/Closes in [3-4] s/, 20_000);
		tui.type(KEYS.down);
		await tui.waitForGone("Closes in");
		expect(ws.lastToolResult()).toBeUndefined();
		const result = await waitForToolResult(ws, 20_000);
		expect(result.text.split("\n")[0]).toBe('{"answered":false,"answers":[],"timedOut":true}');
		expect(result.text).toContain("The questions stay pending");
		await tui.waitFor("No answer yet, going on.");
		expect(existsSync(ws.pendingPath())).toBe(true);
		tui.type("/questions answer");
		await tui.waitFor("/questions answer");
		tui.type(KEYS.escape);
		tui.type(KEYS.enter);
		const delivered = await answerSpecExampleInTui(ws, tui, "late-svc");
		expect(delivered).toContain('"answer":"late-svc","wasCustom":true');
		expect(deliveriesIn(ws.lastMessages())).toHaveLength(1);
		expect(await goneSoon(ws.pendingPath())).toBe(true);
	});
});
