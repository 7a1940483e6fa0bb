/**
 * The dialog in the real pi under a pseudo-terminal at several sizes: it fits the screen with
 * its tab bar, question, focused row and hint at once; it stays quiet while it waits (bytes pi writes to
 * the terminal); typing on the option list is an Other answer; the number beside Other opens it; a long
 * code preview is readable in full; Ctrl+G edits an answer in $VISUAL/$EDITOR.
 */
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE, NAME } from "../fixtures.js";
import { patient } from "../patience.js";
import {
	FEATURES,
	KEYS,
	ROOT,
	resultJson,
	type ScriptStep,
	sleep,
	type TuiSession,
	waitForToolResult,
} from "./harness.js";
import { tuiPerTest, tuiShared } from "./tui-session.js";

const session = tuiPerTest();
/** One TUI (100×32) for the cases that answer one ask there, in turn; its $EDITOR is `editorIn`'s. */
const shared = tuiShared((ws) => ({ EDITOR: editorIn(ws.root), VISUAL: "" }));

/**
 * Writes into the folder an editor that replaces the file with a known text that keeps what was there, so the round
 * trip shows.
 */
function editorIn(folder: string): string {
	const editor = join(folder, "editor.sh");
	writeFileSync(editor, '#!/bin/sh\nold=$(cat "$1")\nprintf \'edited[%s]\\n\' "$old" > "$1"\n');
	chmodSync(editor, 0o755);
	return editor;
}
const DIALOG_TIMEOUT = 40_000;
/** At most this many bytes may reach the terminal in `IDLE_MS` while the dialog waits. */
const IDLE_BYTES = 20_000;
const IDLE_MS = 3_000;

interface DemoArgs {
	questions: { question: string; header?: string }[];
}
const DEMO = (JSON.parse(readFileSync(join(ROOT, "examples/demo-script.json"), "utf8")) as { steps: ScriptStep[] })
	.steps;
const DEMO_ARGS = DEMO[0]?.toolCall?.arguments as DemoArgs;

const ask = session.ask;

/** What pi's own working indicator writes in 500 ms is far below this; a redraw of the dialog is far above. */
const SETTLED_BYTES_PER_HALF_SECOND = 2_000;

/**
 * Bytes pi writes to the terminal while nobody touches it, counted once the first drawing is over (less than a
 * redraw written in 500 ms; pi's working indicator never lets it be nothing): a loaded machine may finish a full
 * redraw late, and that redraw is not the idle dialog's doing.
 */
async function idleBytes(t: TuiSession): Promise<number> {
	for (const started = Date.now(); Date.now() - started < patient(10_000); ) {
		const length = Buffer.byteLength(t.raw());
		await sleep(500);
		if (Buffer.byteLength(t.raw()) - length < SETTLED_BYTES_PER_HALF_SECOND) break;
	}
	const before = Buffer.byteLength(t.raw());
	await sleep(IDLE_MS);
	return Buffer.byteLength(t.raw()) - before;
}

function screenText(t: TuiSession): string {
	return t.screen().join("\n");
}

const SIZES = [
	{ cols: 80, rows: 24 },
	{ cols: 60, rows: 20 },
	{ cols: 40, rows: 15 },
	{ cols: 200, rows: 50 },
];

describe("the demo's dialog fits the terminal and stays quiet", () => {
	for (const size of SIZES) {
		it(`${size.cols}×${size.rows}: tab bar, question, focused row and hint on screen; ≤ 20 KB in 3 s idle`, async () => {
			const t = ask(DEMO_ARGS, size);
			const [db, name, features] = DEMO_ARGS.questions;
			await t.waitFor(/> +1\./, DIALOG_TIMEOUT);
			const bytes = await idleBytes(t);
			const checks: { question: string; focus: RegExp }[] = [
				{ question: db?.question ?? "", focus: /> +1\. PostgreSQL/ },
				{ question: name?.question ?? "", focus: /─{3,}/ },
				{ question: features?.question ?? "", focus: /> +1\. \[ \] Authentication/ },
			];
			for (const [tab, check] of checks.entries()) {
				if (tab > 0) t.type(KEYS.tab);
				// The question may wrap at 40 columns: its first words are enough to recognise it.
				const words = check.question.split(" ").slice(0, 3).join(" ");
				await t.waitFor(words);
				// A frame may reach the terminal in pieces under load: its last line (the hint) is there once Esc is.
				await t.waitFor(/Esc/);
				const screen = screenText(t);
				expect(screen, screen).toMatch(new RegExp(`${tab + 1}/3`));
				expect(screen, screen).toMatch(check.focus);
				expect(screen, screen).toMatch(/Esc/);
				expect(t.screen().every((line) => line.length <= size.cols)).toBe(true);
				// PostgreSQL's SQL preview has no room at 40×15: the line the list leaves says so.
				if (size.cols === 40 && tab === 0) await t.waitFor("Preview hidden: widen the terminal");
			}
			console.log(`idle bytes at ${size.cols}×${size.rows}: ${bytes}`);
			expect(bytes).toBeLessThanOrEqual(IDLE_BYTES);
		});
	}

	it("a 500-word question at 60×20 still shows the focused row and the hint", async () => {
		const words = Array.from({ length: 500 }, (_, i) => `word${i}`).join(" ");
		const t = ask({ questions: [{ ...DATABASE, question: `${words}?` }] }, { cols: 60, rows: 20 });
		await t.waitFor(/> +1\. PostgreSQL/, DIALOG_TIMEOUT);
		// A frame may reach the terminal in pieces under load: wait for its hint before reading it whole.
		await t.waitFor(/Esc/);
		const screen = screenText(t);
		expect(screen, screen).toMatch(/word0 /);
		expect(screen, screen).toMatch(/> +1\. PostgreSQL/);
		expect(screen, screen).toMatch(/Esc/);
		expect(await idleBytes(t)).toBeLessThanOrEqual(IDLE_BYTES);
	});
});

describe("typing on the option list", () => {
	it("a sentence typed on the list is exactly that custom answer, with no note", async () => {
		const t = await shared.ask({ questions: [DATABASE] });
		await t.waitFor(/> +1\. PostgreSQL/, DIALOG_TIMEOUT);
		t.type("I want DynamoDB");
		await t.waitFor("I want DynamoDB");
		t.type(KEYS.enter);
		const result = await shared.toolResult();
		expect(resultJson(result.text)).toEqual({
			answered: true,
			answers: [{ question: DATABASE.question, answer: "I want DynamoDB", wasCustom: true }],
		});
	});

	it("in multi-select, typed text is one custom item next to the ticked ones", async () => {
		const t = await shared.ask({ questions: [FEATURES] });
		await t.waitFor("Authentication", DIALOG_TIMEOUT);
		t.type(KEYS.space);
		await t.waitFor("[x] Authentication");
		t.type("GraphQL, gRPC");
		await t.waitFor("GraphQL, gRPC");
		t.type(KEYS.enter);
		await t.waitFor(/\[x\] Other.*GraphQL, gRPC/);
		t.type(KEYS.enter);
		const result = await shared.toolResult();
		expect(resultJson(result.text)).toEqual({
			answered: true,
			answers: [
				{
					question: FEATURES.question,
					answer: ["Authentication", "GraphQL, gRPC"],
					selectedOption: ["Authentication"],
					wasCustom: true,
				},
			],
		});
	});

	it("at 40×15, a digit whose row is scrolled out of view picks that row; nothing is typed into Other", async () => {
		const labels = ["Logging", "Metrics", "Alerts", "Dashboards", "Tracing"];
		const question = {
			question: "Which would you add?",
			header: "Observability",
			multiSelect: true,
			options: labels.map((label) => ({ label, description: `${label} for the service` })),
		};
		const t = ask({ questions: [question] }, { cols: 40, rows: 15 });
		await t.waitFor(/> +1\. \[ \] Logging/, DIALOG_TIMEOUT);
		// The case at hand: row 5 is not on screen when 5 is pressed.
		expect(screenText(t)).not.toContain("Tracing");
		expect(screenText(t)).toContain("1-6 pick");
		t.type("5");
		await t.waitFor(/> +5\. \[x\] Tracing/);
		expect(screenText(t)).not.toContain("Your answer:");
		t.type(KEYS.enter);
		const result = await waitForToolResult(session.ws());
		expect(resultJson(result.text)).toEqual({
			answered: true,
			answers: [{ question: question.question, answer: ["Tracing"], selectedOption: ["Tracing"], wasCustom: false }],
		});
	});

	it("the number beside Other opens it", async () => {
		const t = await shared.ask({ questions: [DATABASE] });
		await t.waitFor("4. Other", DIALOG_TIMEOUT);
		t.type("4");
		await t.waitFor("Your answer:");
		t.type("Cassandra");
		await t.waitFor("Cassandra");
		t.type(KEYS.enter);
		const result = await shared.toolResult();
		expect(resultJson(result.text)).toMatchObject({ answers: [{ answer: "Cassandra", wasCustom: true }] });
	});
});

describe("previews", () => {
	it("a 13-line code preview is readable in full at 200×50", async () => {
		const code = Array.from({ length: 13 }, (_, i) => `const line${i + 1} = ${i + 1}; // preview line ${i + 1}`);
		const question = {
			question: "Which setup file should we keep?",
			header: "Setup",
			options: [
				{ label: "Long setup", description: "thirteen lines", preview: `\`\`\`ts\n${code.join("\n")}\n\`\`\`` },
				{ label: "Short setup", preview: "```ts\nconst a = 1;\n```" },
			],
		};
		const t = ask({ questions: [question] }, { cols: 200, rows: 50 });
		await t.waitFor(/> +1\. Long setup/, DIALOG_TIMEOUT);
		// The frame may reach the terminal in pieces: wait for its last code line before reading it.
		await t.waitFor(code.at(-1) ?? "");
		const screen = screenText(t);
		for (const line of code) expect(screen, screen).toContain(line);
	});
});

describe("small terminals", () => {
	it("60×20: the demo's SQL preview is readable beside the options, without code-fence lines", async () => {
		const t = ask(DEMO_ARGS, { cols: 60, rows: 20 });
		await t.waitFor(/> +1\. PostgreSQL/, DIALOG_TIMEOUT);
		await t.waitFor("CREATE TABLE orders (");
		const screen = screenText(t);
		expect(screen, screen).toContain("id bigserial PRIMARY KEY,");
		expect(screen, screen).not.toContain("```");
		expect(t.screen().every((line) => line.length <= 60)).toBe(true);
	});

	it("40×15: a ticked Other shows the text typed for it", async () => {
		const t = ask({ questions: [FEATURES] }, { cols: 40, rows: 15 });
		await t.waitFor(/> +1\. \[ \] Authentication/, DIALOG_TIMEOUT);
		t.type("GraphQL and gRPC");
		await t.waitFor("Your answer:");
		t.type(KEYS.enter);
		await t.waitForGone("Your answer:");
		await t.waitFor(/\[x\] Other: GraphQL and gRPC/);
		t.type(KEYS.enter);
		const result = await waitForToolResult(session.ws());
		expect(resultJson(result.text)).toMatchObject({ answers: [{ answer: ["GraphQL and gRPC"], wasCustom: true }] });
	});
});

describe("Ctrl+G opens $EDITOR", () => {
	it("in the Other input, the free-text input and the note input", async () => {
		const t = await shared.ask({ questions: [DATABASE, NAME, FEATURES] });
		await t.waitFor("4. Other", DIALOG_TIMEOUT);
		t.type("4");
		await t.waitFor("Your answer:");
		t.type("abc");
		await t.waitFor("abc");
		t.type("\x07");
		await t.waitFor("edited[abc]");
		t.type(KEYS.enter);
		await t.waitFor(NAME.question);
		t.type("\x07");
		await t.waitFor("edited[]");
		t.type(KEYS.enter);
		// The question's own row (its text may be in the conversation above, from an earlier case's answer).
		await t.waitFor(/> +1\. \[ \] Authentication/);
		t.type("\x0e");
		await t.waitFor("Note:");
		t.type("\x07");
		await t.waitFor("edited[]");
		t.type(KEYS.enter);
		t.type(KEYS.enter);
		await t.waitFor("Review your answers");
		t.type(KEYS.enter);
		const result = await shared.toolResult();
		expect(resultJson(result.text)).toMatchObject({
			answers: [
				{ answer: "edited[abc]", wasCustom: true },
				{ answer: "edited[]", wasCustom: true },
				{ answer: ["Authentication"], note: "edited[]" },
			],
		});
	});
});

describe("the answered call in the chat", () => {
	it("a collapsed result cut at 200 characters says which key expands it", async () => {
		const long = `${"a long typed answer ".repeat(14)}end`;
		const t = ask({ questions: [DATABASE] }, { cols: 100, rows: 40 });
		await t.waitFor(/> +1\. PostgreSQL/, DIALOG_TIMEOUT);
		t.type(`\x1b[200~${long}\x1b[201~`);
		await t.waitFor("Your answer:");
		t.type(KEYS.enter);
		await waitForToolResult(session.ws());
		await t.waitFor("Thanks, noted.");
		const screen = screenText(t);
		expect(screen).toContain("…");
		expect(screen).toMatch(/ctrl\+o to expand/);
	});
});
