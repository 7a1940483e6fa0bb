/**
 * Hostile input against the real pi: escape sequences from the model never reach the terminal (TUI and
 * print mode), huge calls fail fast with the caps' errors, and two pi processes asking at once in one
 * project both keep their questions.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { canMakeImmutable, whileImmutable } from "../immutable.js";
import { patient } from "../patience.js";
import {
	createWorkspace,
	KEYS,
	piArgs,
	runPiAsync,
	runPrint,
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

/** Each payload is unique, so finding it in pi's output means it passed through unfiltered. */
const OSC_TITLE = "\x1b]0;PWNED-TITLE\x07";
const CSI_COLOUR = "\x1b[38;5;99m";
const CSI_CLEAR = "\x1b[3J\x1b[H";
const C1_CSI = "\u009b7m";
const BIDI = "\u202e";
const HOSTILE = `${OSC_TITLE}${CSI_COLOUR}${C1_CSI}${BIDI}x\u200b${CSI_CLEAR}\x07\x00`;

const INJECTION_CALL = {
	questions: [
		{
			question: `Pick one ${HOSTILE} — with wide 漢字漢字 and emoji 👩‍👩‍👧 text`,
			header: `Hdr${HOSTILE}`,
			options: [
				{
					label: `Alpha${HOSTILE}`,
					description: `Desc ${HOSTILE}`,
					preview: `# Preview ${HOSTILE}\n\`\`\`\ncode ${HOSTILE}\n\`\`\``,
				},
				{ label: "Beta", description: "漢".repeat(300) },
			],
		},
	],
};

function expectNoInjection(output: string) {
	for (const payload of [OSC_TITLE, "PWNED-TITLE", CSI_COLOUR, C1_CSI, BIDI, "\u009b"]) {
		expect(output.includes(payload), `terminal output contains ${JSON.stringify(payload)}`).toBe(false);
	}
}

describe("terminal injection", () => {
	it("TUI: no escape sequence from the model reaches the terminal, at 40 and 120 columns", async () => {
		for (const cols of [40, 120]) {
			ws.script([{ toolCall: { name: "ask_user", arguments: INJECTION_CALL } }, { text: "done" }]);
			const t = startTui(ws, ["go"], { cols, rows: 40 });
			tui = t;
			await t.waitFor("Beta", 40_000);
			t.type(KEYS.down);
			await t.waitFor(/> 2\. Beta/);
			t.type(KEYS.up);
			await t.waitFor(/> 1\. Alpha/);
			t.type(KEYS.enter);
			const result = await waitForToolResult(ws);
			expect(result.isError).toBe(false);
			expect(result.text).toContain('"selectedOption":"Alphax');
			expectNoInjection(t.raw());
			// pi-tui stops with "exceeds terminal width" on any line wider than the terminal.
			expect(t.raw()).not.toContain("exceeds terminal width");
			t.kill();
			tui = undefined;
		}
	});

	it("print mode: the questions printed for the person are clean, and so is the pending file", () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: INJECTION_CALL } }]);
		const run = runPrint(ws, ["go"]);
		expect(run.stdout).toContain("Pick one");
		expectNoInjection(run.stdout);
		expectNoInjection(run.stderr);
		// Every string in the file, decoded (JSON would otherwise hide control characters as \u escapes).
		const strings: string[] = [];
		JSON.parse(readFileSync(ws.pendingPath(), "utf8"), (_key, value: unknown) => {
			if (typeof value === "string") strings.push(value);
			return value;
		});
		expectNoInjection(strings.join("\n"));
	});
});

describe("huge input", () => {
	it("a 1 MB question, 100 000 options and 500 questions are clear errors, at once", () => {
		const calls = [
			{ questions: [{ question: "x".repeat(1_000_000) }] },
			{ questions: [{ question: "many?", options: Array.from({ length: 100_000 }, (_, i) => `o${i}`) }] },
			{ questions: Array.from({ length: 500 }, (_, i) => ({ question: `q${i}?` })) },
		];
		// One run: the scripted model makes the three calls in turn, each answered by an error.
		ws.script(calls.map((args) => ({ toolCall: { name: "ask_user", arguments: args } })));
		const started = Date.now();
		runPrint(ws, ["go"]);
		// Every result the model received (pi ≥0.84 may compact the first call away before the next request).
		const results = [
			...new Map(
				ws.requests().flatMap((r) => r.messages.filter((m) => m.role === "toolResult").map((m) => [m.text, m])),
			).values(),
		];
		expect(results.map((r) => r.isError)).toEqual([true, true, true]);
		expect(results[0]?.text).toContain("questions[0].question is 1000000 characters; the limit is 10000");
		expect(results[1]?.text).toContain("questions[0].options has 100000 entries; the limit is 1000");
		expect(results[2]?.text).toContain("questions has 500 entries; the limit is 50");
		expect(Date.now() - started).toBeLessThan(patient(60_000));
	});
});

describe("files", () => {
	it("two pi processes asking at the same time in one project both keep their questions", async () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Same time?" }] } } }]);
		// Each process needs its own script cursor, so give the second its own copy of the scripted model's state.
		const second = createWorkspace();
		second.script([{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Also now?" }] } } }]);
		try {
			const env2 = { PI_ASK_SCRIPT: second.env.PI_ASK_SCRIPT, PI_ASK_LOG: second.env.PI_ASK_LOG };
			const runs = await Promise.all([
				runPiAsync(ws, piArgs(["-p", "one"])),
				runPiAsync(ws, piArgs(["-p", "two"]), { env: env2 }),
			]);
			expect(runs.map((r) => r.code)).toEqual([0, 0]);
			const names = readdirSync(`${ws.cwd}/.pi`)
				.filter((n) => n.endsWith(".json"))
				.sort();
			expect(names).toEqual(["pending-questions-2.json", "pending-questions.json"]);
			const questions = names
				.map((n) => JSON.parse(readFileSync(`${ws.cwd}/.pi/${n}`, "utf8")).questions[0].question)
				.sort();
			expect(questions).toEqual(["Also now?", "Same time?"]);
		} finally {
			second.cleanup();
		}
	});
});

describe("a project folder that turns read-only while the dialog is open", () => {
	it.skipIf(!canMakeImmutable())(
		"the person's answer still reaches the model, and pi says the questions' file could not be removed",
		async () => {
			ws.script([{ toolCall: { name: "ask_user", arguments: INJECTION_CALL } }, { text: "done" }]);
			const t = startTui(ws, ["go"], { cols: 120, rows: 40 });
			tui = t;
			await t.waitFor("Beta", 40_000);
			const folder = join(ws.cwd, ".pi");
			expect(readdirSync(folder).some((name) => name.startsWith("pending-questions"))).toBe(true);
			// Root ignores file modes; an immutable folder refuses even root's unlink.
			await whileImmutable(folder, async () => {
				t.type(KEYS.down);
				await t.waitFor(/> 2\. Beta/);
				t.type(KEYS.enter);
				const result = await waitForToolResult(ws);
				expect(result.isError).toBe(false);
				expect(result.text).toContain('"selectedOption":"Beta"');
				await t.waitFor("could not remove");
			});
		},
		patient(90_000),
	);
});
