/**
 * What watching for tool-written answers (src/records/tool-writes.ts) adds to every tool call of a run: the
 * `tool_call` and `tool_result` handlers together, for a project without a `.pi` folder, with a `.pi` folder and no
 * pending file, and with 10, 999 (the most a pi writes) and 10 000 pending files none of which the call changed. Each
 * call's main-thread time, median over the rounds.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toolWriteGuard } from "../src/records/tool-writes.js";
import { type BenchReport, emit, fmt, now, spread, table } from "./lib/stats.js";

const ROUNDS = Number(process.env.BENCH_TOOL_WRITE_ROUNDS ?? 200);
const LARGEST = Number(process.env.BENCH_SCALE_FILES ?? 10_000);

interface Case {
	label: string;
	files: number;
	withFolder: boolean;
}

const CASES: Case[] = [
	{ label: "no .pi folder", files: 0, withFolder: false },
	{ label: ".pi folder, no pending file", files: 0, withFolder: true },
	{ label: "10 pending files", files: 10, withFolder: true },
	{ label: "999 pending files", files: 999, withFolder: true },
	{ label: `${LARGEST.toLocaleString("en-US")} pending files`, files: LARGEST, withFolder: true },
];

function project(root: string, c: Case): string {
	const cwd = join(root, c.label.replace(/\W+/g, "-"));
	mkdirSync(cwd);
	if (!c.withFolder) return cwd;
	const dir = join(cwd, ".pi");
	mkdirSync(dir);
	// A project's .pi holds other things too.
	writeFileSync(join(dir, "settings.json"), "{}\n");
	for (let n = 1; n <= c.files; n++) {
		const path = join(dir, n === 1 ? "pending-questions.json" : `pending-questions-${n}.json`);
		writeFileSync(path, '{"version":1,"questions":[]}\n');
	}
	return cwd;
}

const root = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-bench-tool-writes-"));
const rows: string[][] = [];
const medians = new Map<Case, number>();
try {
	const agentDir = join(root, "agent");
	mkdirSync(agentDir);
	const guard = toolWriteGuard(agentDir, "ask_user", (text) => {
		throw new Error(`unexpected warning: ${text}`);
	});
	const projects = new Map(CASES.map((c) => [c, project(root, c)]));
	// Files are judged by their status-change time, which cannot be set back: the calls measured start more than the
	// check's second of slack after the files were written, so the calls change none of them and none is read (the
	// common case).
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_500);
	for (const [c, cwd] of projects) {
		const times: number[] = [];
		for (let round = 0; round < ROUNDS + 5; round++) {
			const event = { toolCallId: `call_${round}`, toolName: "bash", input: { command: "ls" } };
			const start = now();
			guard.toolCall(event, cwd);
			guard.toolResult(event, cwd);
			// The first rounds warm up the code paths.
			if (round >= 5) times.push(now() - start);
		}
		const s = spread(times);
		medians.set(c, s.median);
		rows.push([c.label, `${fmt(s.median * 1000)} µs`, `${fmt(s.p95 * 1000)} µs`]);
		process.stderr.write(`tool writes: ${c.label}\n`);
	}
} finally {
	rmSync(root, { recursive: true, force: true });
}

const at = (files: number) => [...medians].find(([c]) => c.withFolder && c.files === files)?.[1] ?? Number.NaN;
const report: BenchReport = {
	title: "Tool calls: watching for tool-written answers",
	summary: [
		{
			what: `One tool call's tool-written-answers check (tool_call + tool_result), median: 0 / 10 / 999 / ${LARGEST.toLocaleString("en-US")} pending files`,
			ours: [0, 10, 999, LARGEST].map((n) => `${fmt(at(n) * 1000)} µs`).join(" / "),
			reference: `${fmt(((at(LARGEST) - at(0)) / LARGEST) * 1000)} µs a pending file (one lstat each)`,
			target: "—",
			met: undefined,
		},
	],
	markdown: `After every tool call but ask_user, \`src/records/tool-writes.ts\` looks for pending files the call changed (a
shell command can write a file it never names) and fingerprints the answers in them. Timed here: its
\`tool_call\` and \`tool_result\` handlers for one call of a \`bash\` tool, main thread, ${ROUNDS} calls each, in a
project whose pending files were written an hour before (the call changed none, so none is read). The work is one
\`readdir\` of \`.pi\` and one \`lstat\` per pending file: a tool call can rewrite any of them in place, which
changes neither the folder nor the names, so each file's modification time is the only witness.

${table(["project", "median", "p95"], rows)}
`,
};
emit(report);
