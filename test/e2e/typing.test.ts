/**
 * A question that opens while the person types into pi's editor, in the real pi TUI: it waits folded beside the
 * editor, so every key typed at any pace, Enter and Esc keep their meaning for pi, until the person opens it with the
 * hide key; the editor keeps all that was typed. Also what Ctrl+C and Ctrl+D do while
 * a dialog is open: Ctrl+C interrupts (the questions stay pending), twice quits pi, Ctrl+D on the list quits pi.
 */
import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import {
	createWorkspace,
	KEYS,
	resultJson,
	sleep,
	startTui,
	type TuiSession,
	until,
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

const REGION = {
	questions: [
		{
			question: "Which region should we deploy to?",
			header: "Region",
			options: [{ label: "us-east" }, { label: "eu-west" }],
		},
	],
};
/**
 * The key guard on (the other TUI tests type faster than a person and turn it off), longer than the default 400 ms so
 * that a loaded machine's late sleep between two of the typist's keys is not a pause; a real pause is then longer.
 */
const PERSON = { PI_ASK_USER_NOTIFY: "0", PI_ASK_USER_KEY_GUARD: "1500" };
/** A pause the guard takes as the person looking up, stretched on a loaded machine (keys may reach pi late). */
const PAUSE_MS = 2_500;
/** A typist's pace: a key every 60 ms. */
const KEY_GAP_MS = 60;

/**
 * Types `before` into pi's editor a key at a time until `opened` is on screen (the question opened mid-sentence),
 * then `after` at the same pace, as a person who has not looked up yet would.
 */
async function typeThrough(t: TuiSession, opened: string, before: string, after: string): Promise<void> {
	for (let i = 0; !t.screen().join("\n").includes(opened); i++) {
		if (i > 400) throw new Error(`the question never opened; screen:\n${t.screen().join("\n")}`);
		t.type(before[i % before.length] ?? " ");
		await sleep(KEY_GAP_MS);
	}
	await typeKeys(t, after);
}

/** Types `text` a key at a time at a typist's pace. */
async function typeKeys(t: TuiSession, text: string): Promise<void> {
	for (const key of text) {
		t.type(key);
		await sleep(KEY_GAP_MS);
	}
}

/** Every user message the model received, in any request. */
const userTexts = (w: Workspace) =>
	w.requests().flatMap((r) => r.messages.filter((m) => m.role === "user").map((m) => m.text));

describe("a question that opens while the person types", () => {
	it("a blocking ask waits beside the editor: every key, at any pace, and Enter stay the message's; the hide key opens it", async () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: REGION }, thinkMs: 2_500 }, { echo: true }, { echo: true }]);
		tui = startTui(ws, ["go"], { cols: 100, rows: 32, env: PERSON });
		await tui.waitFor("scripted-1", 40_000);
		await typeThrough(tui, "question waiting", "deploy the ", "endpoint ");
		// The person looks away for a moment, then finishes the sentence and sends it.
		await sleep(patient(PAUSE_MS));
		await typeKeys(tui, "and-finish");
		await sleep(patient(PAUSE_MS));
		expect(tui.screen().join("\n")).toContain("endpoint and-finish");
		expect(tui.screen().join("\n")).not.toContain("Other (type your answer)");
		// Enter sends the message (pi queues it while the agent works; pi 1.x shows it as "Steering: …").
		tui.type(KEYS.enter);
		await sleep(patient(PAUSE_MS));
		expect(ws.lastToolResult()).toBeUndefined();
		// The deliberate move: the hide key the folded line names opens the dialog, and its keys count at once.
		await tui.waitFor("Alt+O");
		tui.type("\x1bo");
		await tui.waitFor("Other (type your answer)");
		tui.type("2");
		const result = await waitForToolResult(ws);
		expect(resultJson(result.text)).toMatchObject({ answered: true, answers: [{ answer: "eu-west" }] });
		// The message sent meanwhile reaches the model whole.
		await until(
			() => userTexts(ws).some((t) => t.includes("deploy the") && t.includes("endpoint and-finish")),
			30_000,
			"the message sent while the question waited",
		);
	});

	it("a background ask never takes the editor: typing and sending go on, Esc stops the agent, and the editor keeps all after answering", async () => {
		ws.script([
			{ toolCall: { name: "ask_user", arguments: { ...REGION, background: true } }, thinkMs: 2_500 },
			{ text: "Going on meanwhile.", thinkMs: 120_000 },
			{ echo: true },
			{ echo: true },
		]);
		tui = startTui(ws, ["go"], { cols: 100, rows: 32, env: PERSON });
		await tui.waitFor("scripted-1", 40_000);
		await typeThrough(tui, "question waiting", "deploy the ", "endpoint ");
		await sleep(patient(PAUSE_MS));
		await typeKeys(tui, "and-finish");
		await tui.waitFor("endpoint and-finish");
		expect(tui.screen().join("\n")).toContain("1 question waiting");
		expect(tui.screen().join("\n")).not.toContain("Other (type your answer)");
		// Esc keeps its meaning: it stops the running agent (the model was still thinking).
		tui.type(KEYS.escape);
		await tui.waitFor("aborted");
		// Enter sends the message.
		tui.type(KEYS.enter);
		await until(() => userTexts(ws).some((t) => t.includes("endpoint and-finish")), 30_000, "the message sent");
		expect(tui.screen().join("\n")).toContain("1 question waiting");
		// A new half-typed message; the hide key opens the question, and after the answer the editor holds it all.
		await typeKeys(tui, "half typed");
		await tui.waitFor("half typed");
		tui.type("\x1bo");
		await tui.waitFor("Other (type your answer)");
		tui.type("2");
		const delivered = await waitForDelivery(ws);
		expect(delivered).toContain('"answer":"eu-west"');
		await tui.waitFor("half typed");
		await tui.waitForGone("question waiting");
	});
});

describe("Ctrl+C and Ctrl+D while a question is open", () => {
	const QUICK = { PI_ASK_USER_NOTIFY: "0" };

	it("Ctrl+C interrupts: the turn stops, the questions stay pending, and the model reads interrupted", async () => {
		// After the call the model repeats what it received (pi 0.73.1 still makes the aborted request; 1.x does not).
		ws.script([{ toolCall: { name: "ask_user", arguments: REGION } }]);
		tui = startTui(ws, ["go"], { env: QUICK });
		await tui.waitFor("Other (type your answer)", 40_000);
		tui.type(KEYS.ctrlC);
		await tui.waitForGone("Other (type your answer)");
		await sleep(1_500);
		expect(existsSync(ws.pendingPath())).toBe(true);
		// The turn stopped: the model did not go on.
		expect(tui.screen().join("\n")).not.toContain("The model received");
		// The next prompt shows what the model read for the ask.
		tui.type("what now?");
		await tui.waitFor("what now?");
		tui.type(KEYS.enter);
		await tui.waitFor("The model received");
		const result = ws.lastToolResult();
		expect(resultJson(result?.text)).toEqual({ answered: false, answers: [], interrupted: true });
	});

	it("Ctrl+C twice quits pi; pi -c asks the questions again", async () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: REGION } }, { text: "Thanks, noted." }]);
		tui = startTui(ws, ["go"], { env: QUICK });
		await tui.waitFor("Other (type your answer)", 40_000);
		tui.type(KEYS.ctrlC);
		tui.type(KEYS.ctrlC);
		const code = await Promise.race([tui.exited, sleep(patient(10_000)).then(() => "still running")]);
		expect(code).not.toBe("still running");
		expect(existsSync(ws.pendingPath())).toBe(true);
		tui = startTui(ws, ["-c"], { env: QUICK });
		await tui.waitFor("Which region should we deploy to?", 40_000);
		await tui.waitFor("Other (type your answer)", 40_000);
	});

	it("Ctrl+D on the list quits pi, as on pi's empty editor", async () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: REGION } }, { text: "Thanks, noted." }]);
		tui = startTui(ws, ["go"], { env: QUICK });
		await tui.waitFor("Other (type your answer)", 40_000);
		tui.type("\x04");
		const code = await Promise.race([tui.exited, sleep(patient(10_000)).then(() => "still running")]);
		expect(code).not.toBe("still running");
		expect(existsSync(ws.pendingPath())).toBe(true);
	});
});
