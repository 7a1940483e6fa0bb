/**
 * A project with 1 000 pending files: what the package adds to every pi start and to `/questions` there. One real
 * `pi -p` ask makes the first pending file, its session and its line in the asks record; 999 copies of all three
 * (each its own session and tool call, as 1 000 runs that each asked once would leave) fill the project. Then the
 * real pi (scripted model) runs `pi -p hi`, `pi -p /questions` and `pi -p "/questions json"` in that project and in an
 * empty one, alternated; the figure is the difference in the CPU time pi used (user + system, the least of the runs:
 * other processes on a busy machine stretch the wall time, not pi's work), with wall-time medians beside it. The
 * target is the issue's: under 0.5 s each.
 * With BENCH_SCALE_ENFORCE=1 (`node bench/run.mjs --quick`, which CI runs) a missed target fails the benchmark.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createWorkspace, PI, piArgs, runPrint, SPEC_EXAMPLE, type Workspace } from "../test/e2e/harness.js";
import { type BenchReport, emit, fmt, now, spread, table } from "./lib/stats.js";

const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 7);
const FILES = Number(process.env.BENCH_SCALE_FILES ?? 1000);
const ENFORCE = process.env.BENCH_SCALE_ENFORCE === "1";
const TARGET_MS = 500;

/** A project holding `count` pending files from `count` sessions of this user's pi. */
function filledProject(count: number): Workspace {
	const ws = createWorkspace();
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
	const asked = runPrint(ws, ["set up the services"]);
	if (asked.code !== 0) throw new Error(`pi -p failed (${asked.code}): ${asked.stderr}`);
	const pendingText = readFileSync(ws.pendingPath(), "utf8");
	const pending = JSON.parse(pendingText) as { sessionId: string; toolCallId: string; sessionFile: string };
	const sessionText = readFileSync(pending.sessionFile, "utf8");
	const asksPath = join(ws.agentDir, "pi-ask-user", "asks.jsonl");
	const askLine = readFileSync(asksPath, "utf8");
	for (let n = 2; n <= count; n++) {
		const sessionId = `${pending.sessionId.slice(0, -6)}${String(n).padStart(6, "0")}`;
		const toolCallId = `${pending.toolCallId}_${n}`;
		const copy = (text: string) =>
			text.replaceAll(pending.sessionId, sessionId).replaceAll(pending.toolCallId, toolCallId);
		writeFileSync(copy(pending.sessionFile), copy(sessionText));
		writeFileSync(ws.pendingPath(`pending-questions-${n}.json`), copy(pendingText));
		appendFileSync(asksPath, copy(askLine));
	}
	return ws;
}

const TIME = "/usr/bin/time";

/**
 * One `pi -p <prompt>` in the project: its wall time and the CPU time pi used (user + system, from /usr/bin/time;
 * the wall time where that is missing). CPU time is what the target is checked on: other processes on a busy machine
 * stretch the wall time, not the work pi does. The run must succeed and print something.
 */
function timedRun(ws: Workspace, prompt: string): { wall: number; cpu: number } {
	ws.script([{ text: "ok" }]);
	const times = join(ws.root, "times.txt");
	const args = piArgs(["-p", prompt]);
	const useTime = existsSync(TIME);
	const start = now();
	const run = useTime
		? spawnSync(TIME, ["-f", "%U %S", "-o", times, PI.node, ...args], { cwd: ws.cwd, env: ws.env, encoding: "utf8" })
		: spawnSync(PI.node, args, { cwd: ws.cwd, env: ws.env, encoding: "utf8" });
	const wall = now() - start;
	if (run.status !== 0 || run.stdout.trim() === "") {
		throw new Error(`pi -p ${prompt} failed (${run.status}): ${run.stderr}`);
	}
	if (!useTime) return { wall, cpu: wall };
	const [user, system] = (readFileSync(times, "utf8").trim().split("\n").at(-1) ?? "").split(" ").map(Number);
	return { wall, cpu: ((user ?? Number.NaN) + (system ?? Number.NaN)) * 1000 };
}

const PROMPTS = [
	{ prompt: "hi", what: "a pi start (`pi -p hi`)" },
	{ prompt: "/questions", what: "`/questions`" },
	{ prompt: "/questions json", what: "`/questions json`" },
];

const full = filledProject(FILES);
const empty = createWorkspace();
const rows: string[][] = [];
const summary: BenchReport["summary"] = [];
const missed: string[] = [];
try {
	for (const { prompt, what } of PROMPTS) {
		timedRun(full, prompt); // warm-up: the file system cache
		timedRun(empty, prompt);
		const samples = { full: [] as { wall: number; cpu: number }[], empty: [] as { wall: number; cpu: number }[] };
		const measure = () => {
			for (let i = 0; i < RUNS; i++) {
				const order = i % 2 === 0 ? (["full", "empty"] as const) : (["empty", "full"] as const);
				for (const which of order) samples[which].push(timedRun(which === "full" ? full : empty, prompt));
				process.stderr.write(`${prompt} ${i + 1}/${RUNS}\r`);
			}
		};
		const leastAdded = () => Math.min(...samples.full.map((s) => s.cpu)) - Math.min(...samples.empty.map((s) => s.cpu));
		measure();
		// Enforced on a shared machine: a miss is measured again once (the least of all runs counts) before it fails.
		if (ENFORCE && leastAdded() >= TARGET_MS) measure();
		const cpu = { full: spread(samples.full.map((s) => s.cpu)), empty: spread(samples.empty.map((s) => s.cpu)) };
		const wall = { full: spread(samples.full.map((s) => s.wall)), empty: spread(samples.empty.map((s) => s.wall)) };
		const added = cpu.full.min - cpu.empty.min;
		const met = added < TARGET_MS;
		const addedText = `${added >= 0 ? "+" : "−"}${fmt(Math.abs(added))} ms`;
		if (!met) missed.push(`${what}: ${addedText}`);
		rows.push([
			what,
			`${fmt(cpu.empty.min)} ms CPU (wall median ${fmt(wall.empty.median)})`,
			`${fmt(cpu.full.min)} ms CPU (wall median ${fmt(wall.full.median)})`,
			addedText,
			met ? "✅" : "❌",
		]);
		summary.push({
			what: `${what} with ${FILES.toLocaleString("en-US")} pending files, CPU time added (least of the runs)`,
			ours: addedText,
			reference: `${fmt(cpu.empty.min)} ms CPU with none`,
			target: `< ${TARGET_MS} ms`,
			met,
		});
	}
} finally {
	full.cleanup();
	empty.cleanup();
}

emit({
	title: `A project with ${FILES.toLocaleString("en-US")} pending files`,
	summary,
	markdown: `One real \`pi -p\` ask, then ${(FILES - 1).toLocaleString("en-US")} copies of its pending file, session and asks-record
line (each its own session and tool call): every file is this user's and trusted, the most work a listing can
take. The real pi (scripted model, the package from \`dist/\`) in that project and in an empty one, alternated,
${RUNS} runs each after a warm-up; the added time is the difference in CPU time (user + system, the least of the
runs), which a busy machine does not stretch as it stretches wall time.

${table(["run", "no pending files", `${FILES.toLocaleString("en-US")} pending files`, "added", `< ${TARGET_MS} ms`], rows)}
`,
});
process.stderr.write(`\n${rows.map((row) => row.join(" | ")).join("\n")}\n`);
if (ENFORCE && missed.length > 0) {
	process.stderr.write(`missed the ${TARGET_MS} ms target: ${missed.join("; ")}\n`);
	process.exit(1);
}
process.exit(0);
