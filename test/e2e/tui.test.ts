/**
 * The real pi TUI under a pseudo-terminal with the scripted model: real keys in, the exact tool result
 * the model receives out. Every wait is on screen text that only the dialog draws.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createWorkspace,
	KEYS,
	resultJson,
	type ScriptStep,
	SPEC_EXAMPLE,
	startTui,
	type TuiSession,
	type Workspace,
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

const DIALOG_TIMEOUT = 40_000;

function ask(args: unknown, rows = 32, cols = 100): TuiSession {
	const steps: ScriptStep[] = [{ toolCall: { name: "ask_user", arguments: args } }, { text: "Thanks, noted." }];
	ws.script(steps);
	tui = startTui(ws, ["go"], { rows, cols, env: { PI_ASK_USER_NOTIFY: "0" } });
	return tui;
}

describe("ask_user in pi's TUI", () => {
	it("answers the spec's example: PostgreSQL, then a typed service name, then Submit", async () => {
		const t = ask(SPEC_EXAMPLE);
		await t.waitFor("Other (type your answer)", DIALOG_TIMEOUT);
		t.type(KEYS.enter);
		await t.waitFor("Enter to submit • Tab switch");
		t.type("order-processor");
		await t.waitFor("order-processor");
		t.type(KEYS.enter);
		await t.waitFor("Review your answers");
		t.type(KEYS.enter);
		const result = await waitForToolResult(ws);
		expect(result.isError).toBe(false);
		expect(resultJson(result.text)).toEqual({
			answered: true,
			answers: [
				{
					question: "Which database should we use?",
					answer: "PostgreSQL (Recommended)",
					selectedOption: "PostgreSQL (Recommended)",
					wasCustom: false,
				},
				{ question: "What should we name this service?", answer: "order-processor", wasCustom: true },
			],
		});
	});
});
