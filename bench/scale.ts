/**
 * A project with 10 000 pending files (1 000 in `--quick`): what the package adds to every pi start and to
 * `/questions` there. One real `pi -p` ask makes the first pending file, its session and its line in the asks
 * record; copies of all three (each its own session and tool call, as runs that each asked once would leave) fill
 * the project. Then the
 * real pi (scripted model) runs in that project and in an empty one, alternated, and the figure is the difference
 * in CPU time (user + system, the least of the runs: other processes on a busy machine stretch the wall time, not
 * pi's work):
 *   - a start: `pi -p hi`, the whole process;
 *   - `/questions` and `/questions json`: the command alone, the first one a freshly started `pi --mode rpc` runs
 *     (its code as cold as in `pi -p "/questions"`), the CPU time of pi's main thread (where the command runs; what
 *     the person waits for) from just before the command is sent to just after its answer arrives. A whole `pi -p` run costs about 2 s of CPU, and its spread on a busy machine
 *     is as large as what is measured; the command alone is not.
 * The targets: a start under 0.5 s; each command under 0.1 s of main-thread CPU at any count (it reads only the
 * asks it shows: a page of `/questions json`, the newest 20 of `/questions`).
 * With BENCH_SCALE_ENFORCE=1 (`node bench/run.mjs --quick`, which CI runs) a missed target fails the benchmark.
 * The pi it runs is the tests' (PI_ASK_USER_TEST_PI, see test/pi-versions/pi.ts): bench/run.mjs runs it once on each
 * pi line installed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createWorkspace, PI, piArgs, sleep, startRpc, type Workspace } from "../test/e2e/harness.js";
import { realAsk } from "./lib/pending-copies.js";
import { type BenchReport, emit, fmt, now, spread, table } from "./lib/stats.js";

const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 7);
const FILES = Number(process.env.BENCH_SCALE_FILES ?? 10_000);
const ENFORCE = process.env.BENCH_SCALE_ENFORCE === "1";

/** A project holding `count` pending files from `count` sessions of this user's pi. */
function filledProject(count: number): Workspace {
	const ws = createWorkspace();
	const ask = realAsk(ws);
	for (let n = 2; n <= count; n++) ask.copy(n);
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

/**
 * The CPU time (user + system) pi's main thread has used so far, from /proc; in ms. The main thread is where the
 * command runs and what the person waits for; V8's helper threads (parallel garbage collection, compilation) work
 * beside it, and on a busy machine their share grows with the load, not with the command's work.
 */
function mainThreadCpu(pid: number): number {
	const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ").at(-1)?.split(" ") ?? [];
	// After the command name: state is field 3, utime 14 and stime 15 (in clock ticks, 100 a second on Linux).
	return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One `/questions …` in a freshly started `pi --mode rpc`: the CPU time the command took, from /proc. */
async function commandCpu(ws: Workspace, command: string): Promise<{ wall: number; cpu: number }> {
	ws.script([{ text: "ok" }]);
	const rpc = startRpc(ws);
	try {
		rpc.send({ type: "get_state", id: "ready" });
		await rpc.waitFor((line) => line.id === "ready", 60_000);
		await sleep(300); // whatever the start left running
		const from = rpc.lines.length;
		const cpuBefore = mainThreadCpu(rpc.child.pid ?? 0);
		const start = now();
		rpc.send({ type: "prompt", id: "command", message: command });
		await rpc.waitFor((line) => line.type === "extension_ui_request" && line.method === "notify", 60_000, from);
		const wall = now() - start;
		return { wall, cpu: mainThreadCpu(rpc.child.pid ?? 0) - cpuBefore };
	} finally {
		rpc.close();
		await rpc.exited;
	}
}

type Sample = { wall: number; cpu: number };
const MEASURES: { what: string; targetMs: number; run: (ws: Workspace) => Sample | Promise<Sample> }[] = [
	{ what: "a pi start (`pi -p hi`, the whole process)", targetMs: 500, run: (ws) => timedRun(ws, "hi") },
	{ what: "`/questions` (the command)", targetMs: 100, run: (ws) => commandCpu(ws, "/questions") },
	{ what: "`/questions json` (the command)", targetMs: 100, run: (ws) => commandCpu(ws, "/questions json") },
];

const full = filledProject(FILES);
const empty = createWorkspace();
const rows: string[][] = [];
const summary: BenchReport["summary"] = [];
const missed: string[] = [];
try {
	for (const { what, targetMs, run } of MEASURES) {
		await run(full); // warm-up: the file system cache
		await run(empty);
		const samples = { full: [] as Sample[], empty: [] as Sample[] };
		const measure = async () => {
			for (let i = 0; i < RUNS; i++) {
				const order = i % 2 === 0 ? (["full", "empty"] as const) : (["empty", "full"] as const);
				for (const which of order) samples[which].push(await run(which === "full" ? full : empty));
				process.stderr.write(`${what} ${i + 1}/${RUNS}\r`);
			}
		};
		const leastAdded = () => Math.min(...samples.full.map((s) => s.cpu)) - Math.min(...samples.empty.map((s) => s.cpu));
		await measure();
		// Enforced on a shared machine: a miss is measured again once (the least of all runs counts) before it fails.
		if (ENFORCE && leastAdded() >= targetMs) await measure();
		const cpu = { full: spread(samples.full.map((s) => s.cpu)), empty: spread(samples.empty.map((s) => s.cpu)) };
		const wall = { full: spread(samples.full.map((s) => s.wall)), empty: spread(samples.empty.map((s) => s.wall)) };
		const added = Math.round(cpu.full.min - cpu.empty.min); // whole ms: CPU times come in 10 ms ticks
		const met = added < targetMs;
		const addedText = `${added >= 0 ? "+" : "−"}${fmt(Math.abs(added))} ms`;
		if (!met) missed.push(`${what}: ${addedText}`);
		rows.push([
			what,
			`${fmt(cpu.empty.min)} ms CPU (wall median ${fmt(wall.empty.median)})`,
			`${fmt(cpu.full.min)} ms CPU (wall median ${fmt(wall.full.median)})`,
			addedText,
			`< ${targetMs} ms ${met ? "✅" : "❌"}`,
		]);
		summary.push({
			what: `${what} on pi ${PI.version} with ${FILES.toLocaleString("en-US")} pending files, CPU time added (least of the runs)`,
			ours: addedText,
			reference: `${fmt(cpu.empty.min)} ms CPU with none`,
			target: `< ${targetMs} ms`,
			met,
		});
	}
} finally {
	full.cleanup();
	empty.cleanup();
}

emit({
	title: `A project with ${FILES.toLocaleString("en-US")} pending files, on pi ${PI.version}`,
	summary,
	markdown: `One real \`pi -p\` ask, then ${(FILES - 1).toLocaleString("en-US")} copies of its pending file, session and asks-record
line (each its own session and tool call): every file is this user's and trusted, the most work a listing can
take. The real pi ${PI.version} (scripted model, the package from \`dist/\`; under Node at ${PI.node}) in that project and in an empty one, alternated,
${RUNS} runs each after a warm-up; the added time is the difference in CPU time (user + system, the least of the
runs), which a busy machine does not stretch as it stretches wall time. A start is a whole \`pi -p hi\`; a command is
the first one a fresh \`pi --mode rpc\` runs (as cold as in \`pi -p\`), measured alone as the CPU time of pi's main
thread (V8's helper threads work beside it; their share grows with the machine's load): a whole \`pi -p\` costs about
2 s of CPU, and on a busy machine its spread is as large as the command.

${table(["run", "no pending files", `${FILES.toLocaleString("en-US")} pending files`, "added", "target"], rows)}
`,
});
process.stderr.write(`\n${rows.map((row) => row.join(" | ")).join("\n")}\n`);
if (ENFORCE && missed.length > 0) {
	process.stderr.write(`missed a target: ${missed.join("; ")}\n`);
	process.exit(1);
}
process.exit(0);
