/**
 * Captures the real dialog from pi's TUI under a pseudo-terminal as plain text, for the README and docs:
 * docs/screens/{single,tabs,multi-select,preview,long-preview,narrow,typed,image,german,japanese-narrow}.txt, each
 * at a real terminal size (the dialog fits the rows pi leaves it). Run after `npm run build`:
 *
 *   node examples/capture-screens.mjs            every screen
 *   node examples/capture-screens.mjs image      only those named
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import xterm from "@xterm/headless";
import * as pty from "node-pty";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "docs/screens");

const DB = {
	question: "Which database should we use?",
	header: "Database Selection",
	options: [
		{ label: "PostgreSQL (Recommended)", description: "Battle-tested relational DB" },
		{ label: "SQLite", description: "Lightweight, file-based" },
		{ label: "MongoDB", description: "Document store" },
	],
};
const FEATURES = {
	question: "Which features should we include?",
	header: "Feature Selection",
	multiSelect: true,
	options: [
		{ label: "Authentication", description: "OAuth2 + JWT" },
		{ label: "REST API", description: "OpenAPI spec included" },
		{ label: "Admin Dashboard" },
	],
};
const LIBRARY = {
	question: "Which date library should we use?",
	header: "Dates",
	options: [
		{
			label: "date-fns (Recommended)",
			description: "Modular, tree-shakeable functions",
			preview:
				"```ts\nimport { format, addDays } from 'date-fns';\n\nformat(addDays(new Date(), 3), 'yyyy-MM-dd');\n```",
		},
		{
			label: "Luxon",
			description: "Immutable DateTime objects",
			preview: "```ts\nimport { DateTime } from 'luxon';\n\nDateTime.now().plus({ days: 3 }).toISODate();\n```",
		},
		{ label: "Temporal polyfill", description: "The future standard API" },
	],
};

/** The demo's three questions (one with a SQL preview), as `npm run demo` asks them. */
const DEMO = JSON.parse(readFileSync(join(root, "examples/demo-script.json"), "utf8")).steps[0].toolCall.arguments
	.questions;
const CODE = [
	"import { defineConfig } from 'vitest/config';",
	"",
	"export default defineConfig({",
	"  test: {",
	"    environment: 'node',",
	"    include: ['test/**/*.test.ts'],",
	"    testTimeout: 20_000,",
	"    coverage: {",
	"      provider: 'v8',",
	"      thresholds: { lines: 90 },",
	"    },",
	"  },",
	"});",
];
const SETUP = {
	question: "Which test setup should we keep?",
	header: "Tests",
	options: [
		{ label: "Vitest (Recommended)", description: "Fast, ESM-native", preview: `\`\`\`ts\n${CODE.join("\n")}\n\`\`\`` },
		{
			label: "Jest",
			description: "The long-time default",
			preview: "| | Vitest | Jest |\n| --- | --- | --- |\n| ESM | native | flag |\n| Watch | yes | yes |",
		},
		{ label: "node:test", description: "No dependency" },
	],
};

/** A 2×2 PNG, for the screen with an image attached. */
const TINY_PNG = Buffer.from(
	"iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4z8DwnwGMgRQAH+4D/dJQfRoAAAAASUVORK5CYII=",
	"base64",
);
const ERROR = { question: "What does the error look like? A screenshot helps.", header: "Error" };

const SCREENS = [
	{ name: "single", questions: [DB], waitFor: "Other (type your answer)", keys: [] },
	{ name: "tabs", questions: DEMO, waitFor: "Other (type your answer)", keys: [] },
	{
		name: "multi-select",
		questions: [FEATURES],
		waitFor: "Other (type your answer)",
		keys: [" ", "\x1b[B", "\x1b[B", " "],
	},
	{ name: "preview", questions: [LIBRARY], waitFor: "Other (type your answer)", keys: [], cols: 120, rows: 30 },
	{ name: "long-preview", questions: [SETUP], waitFor: "Other (type your answer)", keys: [], cols: 120, rows: 32 },
	{ name: "narrow", questions: DEMO, waitFor: "PostgreSQL", keys: [], cols: 40, rows: 15 },
	{ name: "typed", questions: [DB], waitFor: "Other (type your answer)", keys: [..."I want DynamoDB"] },
	// A path typed (or dropped) into a free-text answer, then Ctrl+V: the image is attached.
	{
		name: "image",
		questions: [ERROR],
		waitFor: "Error",
		keys: [..."the login dialog, see ./login-error.png", "\x16"],
		files: { "login-error.png": TINY_PNG },
	},
	{ name: "german", questions: [DB], waitFor: "Andere", keys: [], env: { LANG: "de_DE.UTF-8" } },
	{
		name: "japanese-narrow",
		questions: DEMO,
		waitFor: "PostgreSQL",
		keys: [],
		cols: 40,
		rows: 15,
		env: { PI_ASK_USER_LANG: "ja" },
	},
];

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function capture({ questions, waitFor, keys, cols = 80, rows = 24, env = {}, files = {} }) {
	const dir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-screens-"));
	for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
	const script = join(dir, "script.json");
	writeFileSync(script, JSON.stringify({ steps: [{ toolCall: { name: "ask_user", arguments: { questions } } }] }));
	const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
	const proc = pty.spawn(
		process.execPath,
		[
			join(root, "node_modules/@mariozechner/pi-coding-agent/dist/cli.js"),
			"-e",
			join(root, "examples/scripted-model.ts"),
			"-e",
			root,
			"--provider",
			"scripted",
			"--model",
			"scripted-1",
			"go",
		],
		{
			cols,
			rows,
			cwd: dir,
			env: {
				...process.env,
				TERM: "xterm-256color",
				PI_CODING_AGENT_DIR: dir,
				PI_OFFLINE: "1",
				PI_ASK_SCRIPT: script,
				PI_ASK_USER_NOTIFY: "0",
				// The keys below are typed as soon as the dialog shows, faster than the guard for a person allows.
				PI_ASK_USER_KEY_GUARD: "0",
				LANG: "C.UTF-8",
				LC_ALL: "",
				LC_MESSAGES: "",
				PI_ASK_USER_LANG: "",
				...env,
			},
		},
	);
	proc.onData((data) => term.write(data));
	const screen = () => {
		const buffer = term.buffer.active;
		return Array.from({ length: rows }, (_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? "");
	};
	try {
		const started = Date.now();
		while (!screen().join("\n").includes(waitFor)) {
			if (Date.now() - started > 60_000) throw new Error(`timed out waiting for ${waitFor}:\n${screen().join("\n")}`);
			await sleep(100);
		}
		for (const key of keys) {
			proc.write(key);
			await sleep(keys.length > 4 ? 60 : 300);
		}
		await sleep(500);
		const lines = screen().map((line) => line.trimEnd());
		// The dialog is framed by two full-width rules; keep exactly that frame.
		const rule = "─".repeat(cols);
		const bottom = lines.lastIndexOf(rule);
		const top = lines.findLastIndex((line, i) => i < bottom && line === rule);
		return lines.slice(top, bottom + 1).join("\n");
	} finally {
		proc.kill();
		rmSync(dir, { recursive: true, force: true });
	}
}

mkdirSync(outDir, { recursive: true });
const wanted = process.argv.slice(2);
for (const screen of SCREENS.filter((s) => wanted.length === 0 || wanted.includes(s.name))) {
	const text = await capture(screen);
	writeFileSync(join(outDir, `${screen.name}.txt`), `${text}\n`);
	console.log(`docs/screens/${screen.name}.txt\n${text}\n`);
}
