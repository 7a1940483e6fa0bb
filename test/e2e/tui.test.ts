/**
 * The real pi TUI under a pseudo-terminal with the scripted model: real keys in, the exact tool result
 * the model receives out. Every wait is on screen text that only the dialog draws.
 */

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE, NAME } from "../fixtures.js";
import { patient } from "../patience.js";
import { FEATURES, KEYS, resultJson, SPEC_EXAMPLE, SPEC_RESULT, startTui, waitForToolResult } from "./harness.js";
import { tuiPerTest, tuiShared } from "./tui-session.js";

const session = tuiPerTest();
/** One TUI (100×32) for the cases that answer or cancel one ask, in turn. */
const shared = tuiShared();
const DIALOG_TIMEOUT = 40_000;
const ask = (args: unknown, rows = 32, cols = 100) => session.ask(args, { rows, cols });

/** The `details` of the newest ask_user result in the session files under the agent folder, once one is written. */
async function savedDetails(agentDir: string): Promise<Record<string, unknown>> {
	const started = Date.now();
	for (;;) {
		const files = readdirSync(join(agentDir, "sessions"), { recursive: true, encoding: "utf8" }).filter((f) =>
			f.endsWith(".jsonl"),
		);
		for (const file of files) {
			const entries = readFileSync(join(agentDir, "sessions", file), "utf8")
				.split("\n")
				.filter(Boolean)
				.map((line) => JSON.parse(line) as { message?: { role?: string; toolName?: string; details?: unknown } });
			const result = entries.findLast((e) => e.message?.role === "toolResult" && e.message.toolName === "ask_user");
			if (result?.message?.details) return result.message.details as Record<string, unknown>;
		}
		if (Date.now() - started > patient(15_000)) throw new Error("no ask_user result in the session files");
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

describe("ask_user in pi's TUI", () => {
	it("answers the spec's example: PostgreSQL, then a typed service name, then Submit", async () => {
		const t = await shared.ask(SPEC_EXAMPLE);
		await t.waitFor("Other (type your answer)", DIALOG_TIMEOUT);
		t.type(KEYS.enter);
		await t.waitFor("Enter review • Tab/←→ questions");
		t.type("order-processor");
		await t.waitFor("order-processor");
		t.type(KEYS.enter);
		await t.waitFor("Review your answers");
		t.type(KEYS.enter);
		const result = await shared.toolResult();
		expect(result.isError).toBe(false);
		expect(resultJson(result.text)).toEqual(SPEC_RESULT);
	});

	it("multi-select: ticks an option and a typed Other", async () => {
		const t = await shared.ask({
			questions: [FEATURES],
		});
		await t.waitFor("[ ] Other (type your answer)", DIALOG_TIMEOUT);
		t.type(KEYS.space);
		await t.waitFor("[x] Authentication");
		t.type("0");
		await t.waitFor("> 4. [ ] Other");
		t.type(KEYS.space);
		await t.waitFor("Your answer:");
		t.type("GraphQL");
		await t.waitFor("GraphQL");
		t.type(KEYS.enter);
		await t.waitFor("[x] Other: GraphQL");
		t.type(KEYS.enter);
		const result = await shared.toolResult();
		expect(resultJson(result.text)).toEqual({
			answered: true,
			answers: [
				{
					question: "Which features should we include?",
					answer: ["Authentication", "GraphQL"],
					selectedOption: ["Authentication"],
					wasCustom: true,
				},
			],
		});
	});

	it("Other then Esc goes back to the options, and a typed answer is custom", async () => {
		const t = await shared.ask({ questions: [SPEC_EXAMPLE.questions[0]] });
		await t.waitFor("Other (type your answer)", DIALOG_TIMEOUT);
		t.type("0");
		await t.waitFor("> 4. Other");
		t.type(KEYS.enter);
		await t.waitFor("Your answer:");
		t.type(KEYS.escape);
		await t.waitForGone("Your answer:");
		await t.waitFor("↑↓ move");
		t.type(KEYS.enter);
		await t.waitFor("Your answer:");
		t.type("I want to use DynamoDB");
		await t.waitFor("DynamoDB");
		t.type(KEYS.enter);
		const result = await shared.toolResult();
		expect(resultJson(result.text)).toEqual({
			answered: true,
			answers: [{ question: "Which database should we use?", answer: "I want to use DynamoDB", wasCustom: true }],
		});
	});

	it("cancels after confirming the discard of answers", async () => {
		const t = await shared.ask(SPEC_EXAMPLE);
		await t.waitFor("Other (type your answer)", DIALOG_TIMEOUT);
		t.type(KEYS.enter);
		await t.waitFor("Enter review • Tab/←→ questions");
		t.type(KEYS.escape);
		await t.waitFor("Discard 1 answer?");
		t.type("n");
		await t.waitForGone("Discard 1 answer?");
		t.type(KEYS.escape);
		await t.waitFor("Discard 1 answer?");
		t.type("y");
		const result = await shared.toolResult();
		expect(resultJson(result.text)).toEqual({ answered: false, answers: [], cancelled: true });
	});

	it("scrolls a 12-option list in a short terminal and quick-selects a number on screen", async () => {
		const options = Array.from({ length: 12 }, (_, i) => ({ label: `Framework ${i + 1}` }));
		const t = ask({ questions: [{ question: "Which framework should we use?", header: "Frameworks", options }] }, 16);
		await t.waitFor(/↓ \d+ more/, DIALOG_TIMEOUT);
		for (let i = 0; i < 7; i++) t.type(KEYS.down);
		await t.waitFor(/↑ \d+ more/);
		await t.waitFor(">  8. Framework 8");
		t.type(KEYS.up);
		await t.waitFor(">  7. Framework 7");
		t.type("6");
		const result = await waitForToolResult(session.ws());
		expect(resultJson(result.text)).toEqual({
			answered: true,
			answers: [
				{
					question: "Which framework should we use?",
					answer: "Framework 6",
					selectedOption: "Framework 6",
					wasCustom: false,
				},
			],
		});
	});

	it("filters a long list with / and selects a match", async () => {
		const names = ["Express", "Fastify", "Hono", "Koa", "NestJS", "Next.js", "Nuxt", "Remix", "SvelteKit", "Astro"];
		const t = await shared.ask({
			questions: [{ question: "Which framework?", options: names.map((label) => ({ label })) }],
		});
		await t.waitFor("Other (type your answer)", DIALOG_TIMEOUT);
		t.type("/");
		await t.waitFor("Filter:");
		t.type("nu");
		await t.waitFor(">  7. Nuxt");
		t.type(KEYS.enter);
		const result = await shared.toolResult();
		expect(resultJson(result.text)).toMatchObject({
			answered: true,
			answers: [{ answer: "Nuxt", selectedOption: "Nuxt" }],
		});
	});

	it("Ctrl+N on the Review tab adds a note for the whole set: the model reads it as note, the session keeps it", async () => {
		const note = 'Both are for the prototype, ask again before launch; "quotes" stay';
		const t = await shared.ask(SPEC_EXAMPLE);
		await t.waitFor("Other (type your answer)", DIALOG_TIMEOUT);
		t.type(KEYS.enter);
		await t.waitFor("Enter review • Tab/←→ questions");
		t.type("order-processor");
		await t.waitFor("order-processor");
		t.type(KEYS.enter);
		await t.waitFor("Ctrl+N note for all");
		t.type(KEYS.ctrlN);
		await t.waitFor("Note for all answers:");
		t.type(note);
		await t.waitFor("ask again before launch");
		t.type(KEYS.enter);
		await t.waitFor("Note for all: Both are for the prototype");
		t.type(KEYS.enter);
		const result = await shared.toolResult();
		expect(resultJson(result.text)).toEqual({ ...SPEC_RESULT, note });
		expect(await savedDetails(shared.ws().agentDir)).toMatchObject({ outcome: "answered", note });
	});

	it("Alt+O folds the dialog to one line so the conversation shows, and brings it back with what was typed", async () => {
		const ws = session.ws();
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, { text: "Thanks, noted." }]);
		const prompt = Array.from({ length: 30 }, (_, i) => `chat line ${String(i + 1).padStart(2, "0")}`).join("\n\n");
		const t = startTui(ws, [prompt], { cols: 80, rows: 24, env: { PI_ASK_USER_NOTIFY: "0" } });
		try {
			await t.waitFor("Other (type your answer)", DIALOG_TIMEOUT);
			await t.waitFor("Alt+O hide");
			t.type("I want Dynamo");
			await t.waitFor("I want Dynamo");
			expect(t.screen().join("\n")).not.toContain("chat line 27");
			t.type("\x1bo");
			await t.waitFor("(hidden) • Alt+O show");
			// The rows the dialog gave up show the conversation above it.
			await t.waitFor("chat line 27");
			expect(t.screen().join("\n")).not.toContain("Which database should we use?");
			// Folded, pi's editor is the person's: keys typed go into it, not into the answer.
			t.type("zzz");
			await t.waitFor("zzz");
			t.type("\x1bo");
			await t.waitFor("Which database should we use?");
			await t.waitFor("I want Dynamo");
			expect(t.screen().join("\n")).not.toContain("zzz");
			t.type(KEYS.enter);
			await t.waitFor("Enter review • Tab/←→ questions");
			t.type("svc");
			await t.waitFor("svc");
			t.type(KEYS.enter);
			await t.waitFor("Review your answers");
			t.type(KEYS.enter);
			const result = await waitForToolResult(ws);
			expect(resultJson(result.text)).toEqual({
				answered: true,
				answers: [
					{ question: "Which database should we use?", answer: "I want Dynamo", wasCustom: true },
					{ question: "What should we name this service?", answer: "svc", wasCustom: true },
				],
			});
			// What was typed into pi's editor while the dialog was folded is still there.
			await t.waitFor("zzz");
		} finally {
			t.kill();
		}
	});

	it("fits an 80×24 terminal: the whole tabbed dialog is on screen at once", async () => {
		const t = ask(SPEC_EXAMPLE, 24, 80);
		await t.waitFor("Other (type your answer)", DIALOG_TIMEOUT);
		await t.waitFor(/Database Selection[\s\S]*Which database should we use\?[\s\S]*Esc cancel/);
		expect(t.screen().every((line) => line.length <= 80)).toBe(true);
		t.type(KEYS.escape);
		const result = await waitForToolResult(session.ws());
		expect(resultJson(result.text)).toEqual({ answered: false, answers: [], cancelled: true });
	});

	it("PI_ASK_USER_SCREEN_READER=1: plain lines in words, a focus change on one line, the answer as given", async () => {
		const t = session.ask({ questions: [DATABASE] }, { cols: 80, rows: 24 }, { PI_ASK_USER_SCREEN_READER: "1" });
		await t.waitFor("Focus: 1 of 4, PostgreSQL (Recommended)", DIALOG_TIMEOUT);
		const screen = t.screen().join("\n");
		expect(screen, screen).toContain("1. PostgreSQL (Recommended). Battle-tested relational DB");
		expect(screen, screen).toContain("4. Other, type your own answer");
		// The dialog's own lines: no rule, pointer or glyph.
		const dialog = t
			.screen()
			.filter((line) => /^(Database Selection|Which database|\d\. |Focus:| Up and Down)/.test(line));
		expect(dialog.length, screen).toBeGreaterThanOrEqual(7);
		for (const line of dialog) expect(line).not.toMatch(/[\u2500-\u259f\u2190-\u21ff\u25a0-\u25ff\u2713\u2022]|^ *> /);
		expect(t.screen()).not.toContain("─".repeat(80));
		t.type(KEYS.down);
		await t.waitFor("Focus: 2 of 4, SQLite");
		t.type(KEYS.enter);
		const result = await waitForToolResult(session.ws());
		expect(resultJson(result.text)).toEqual({
			answered: true,
			answers: [{ question: DATABASE.question, answer: "SQLite", selectedOption: "SQLite", wasCustom: false }],
		});
	});

	it("Tab completes a ./ path in a free-text answer from the working folder; the answer is the text as typed", async () => {
		writeFileSync(join(shared.ws().cwd, "release-notes.md"), "# notes\n");
		const t = await shared.ask({ questions: [NAME, DATABASE] });
		await t.waitFor(NAME.question, DIALOG_TIMEOUT);
		t.type("see ./release-n");
		await t.waitFor("see ./release-n");
		t.type(KEYS.tab);
		await t.waitFor("see ./release-notes.md");
		expect(t.screen().join("\n")).toContain("1/2");
		t.type(KEYS.enter);
		await t.waitFor(/> +1\. PostgreSQL/);
		t.type(KEYS.enter);
		await t.waitFor("Review your answers");
		t.type(KEYS.enter);
		const result = await shared.toolResult();
		expect(resultJson(result.text)).toMatchObject({
			answers: [
				{ question: NAME.question, answer: "see ./release-notes.md", wasCustom: true },
				{ answer: DATABASE.options?.[0]?.label },
			],
		});
	});
});
