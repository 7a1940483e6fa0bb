/**
 * What the package costs the tool calls of a real session: the real pi runs `pi -p` with the scripted model making
 * 200 `read` tool calls (BENCH_TOOL_CALLS), with `-e <the package>/dist/index.js` and without it, alternated, several
 * rounds; the figure is the pi process's own CPU time (user + system, all its threads, at exit:
 * bench/lib/usage-at-exit.cjs), a ratio of medians with ÷ without and the difference per call. CPU time, not wall
 * time: other processes on a busy machine stretch the wall time, not pi's work. The session's CPU includes pi's
 * start, so the ratio holds what loading the package costs as well as what each call costs.
 * Scenarios (BENCH_TOOL_CALL_SCENARIOS, a comma list of their keys): `0` an empty `.pi` folder, `10` and `1000`
 * pending files in the project's `.pi`, `8x1000` none in the project and 1 000 in each of 8 other projects this user's
 * pi asked in lately (the asks record names them, newest last, as eight pis asking in turn would leave it). Every
 * pending file is a copy of one real ask's file, session and asks line (bench/lib/pending-copies.ts).
 * Knobs: BENCH_TOOL_CALL_ROUNDS (7), BENCH_TOOL_CALLS (200), BENCH_TOOL_CALL_SCENARIOS (0,10,1000,8x1000),
 * BENCH_TOOL_CALL_WARMUP (1 pair of sessions not counted), BENCH_OWN_WORK_RUNS (3 sessions counting the package's own work),
 * BENCH_PACKAGE_DIR (a folder holding another build, package.json + dist/, to measure instead of the checkout's),
 * BENCH_TOOL_CALLS_ENFORCE=1 (a missed target fails the benchmark, after one more set of rounds).
 * The pi it runs is the tests' (PI_ASK_USER_TEST_PI, see test/pi-versions/pi.ts): bench/run.mjs runs it once on each
 * pi line installed.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createWorkspace, PI, ROOT, SCRIPTED_MODEL, type Workspace } from "../test/e2e/harness.js";
import { realAsk } from "./lib/pending-copies.js";
import { snapshotPackage } from "./lib/snapshot.js";
import { type BenchReport, emit, fmt, now, spread, table } from "./lib/stats.js";

const ROUNDS = Number(process.env.BENCH_TOOL_CALL_ROUNDS ?? 7);
/** Pairs of sessions run first and not counted (the file system cache, the records a first run writes). */
const WARMUP = Number(process.env.BENCH_TOOL_CALL_WARMUP ?? 1);
const CALLS = Number(process.env.BENCH_TOOL_CALLS ?? 200);
const WANTED = (process.env.BENCH_TOOL_CALL_SCENARIOS ?? "0,10,1000,8x1000").split(",").map((s) => s.trim());
const ENFORCE = process.env.BENCH_TOOL_CALLS_ENFORCE === "1";
const PACKAGE_DIR = process.env.BENCH_PACKAGE_DIR || ROOT;
const USAGE_HOOK = join(ROOT, "bench/lib/usage-at-exit.cjs");
/** Sessions run with the package's own work counted inside pi (bench/lib/own-work.mjs), after one not counted. */
const OWN_RUNS = Number(process.env.BENCH_OWN_WORK_RUNS ?? 3);

interface Scenario {
	key: string;
	label: string;
	/** Session CPU with ÷ without the package, at most. */
	target: number;
	/** Makes the workspace's project (and the other projects it needs, under the workspace's root). */
	fill(ws: Workspace): void;
}

/** The project's `.pi` with `count` pending files (0: the folder alone). */
function pendingHere(count: number) {
	return (ws: Workspace) => {
		mkdirSync(join(ws.cwd, ".pi"), { recursive: true });
		if (count === 0) return;
		const ask = realAsk(ws, pkg.dir);
		for (let n = 2; n <= count; n++) ask.copy(n);
	};
}

/** None in the project; `count` in each of `folders` other projects, their asks recorded in turn (newest last). */
function pendingElsewhere(folders: number, count: number) {
	return (ws: Workspace) => {
		const ask = realAsk(ws, pkg.dir);
		rmSync(ask.pendingPath);
		const others = Array.from({ length: folders }, (_, k) => join(ws.root, `other-project-${k + 1}`));
		for (let i = 0; i < count; i++) {
			for (const [k, folder] of others.entries()) ask.copy(2 + i * folders + k, folder);
		}
	};
}

const SCENARIOS: Scenario[] = [
	{ key: "0", label: "no pending file (an empty `.pi`)", target: 1.02, fill: pendingHere(0) },
	{ key: "10", label: "10 pending files", target: 1.02, fill: pendingHere(10) },
	{ key: "1000", label: "1 000 pending files", target: 1.03, fill: pendingHere(1000) },
	{
		key: "8x1000",
		label: "1 000 pending files in each of 8 other recent projects",
		target: 1.03,
		fill: pendingElsewhere(8, 1000),
	},
];
for (const key of WANTED) {
	if (!SCENARIOS.some((s) => s.key === key)) throw new Error(`unknown scenario ${key} (BENCH_TOOL_CALL_SCENARIOS)`);
}

const pkg = snapshotPackage(PACKAGE_DIR);
process.on("exit", () => pkg.cleanup());
// Beside the entry, under dist/'s package.json (no "type"): pi's jiti compiles it as it does the package, so the
// package it imports resolves pi's modules through pi's own aliases.
const OWN_WORK = join(pkg.dir, "dist/own-work.js");
copyFileSync(join(ROOT, "bench/lib/own-work.mjs"), OWN_WORK);

/** The session: `CALLS` reads of a small file, one a model turn, then a closing text. */
function script(ws: Workspace): void {
	writeFileSync(join(ws.cwd, "notes.txt"), "A small file the model reads.\n");
	ws.script([
		...Array.from({ length: CALLS }, () => ({ toolCall: { name: "read", arguments: { path: "notes.txt" } } })),
		{ text: "done" },
	]);
}

/** What bench/lib/own-work.mjs counted in one session: the package's load and each event's handlers, CPU ms. */
interface OwnWork {
	loadMs: number;
	handlers: Record<string, { calls: number; ms: number }>;
}

/**
 * One `pi -p` session: the pi process's CPU time, its main thread's, and the wall time, in ms. `own`: the package is
 * loaded through bench/lib/own-work.mjs, which counts its own work into `own.file`.
 */
function session(
	ws: Workspace,
	withPackage: boolean,
	own?: { file: string },
): { cpuMs: number; mainMs: number; wallMs: number } {
	script(ws);
	const usageFile = join(ws.root, "usage.json");
	const load = own ? ["-e", OWN_WORK] : withPackage ? ["-e", join(pkg.dir, "dist/index.js")] : [];
	const args = [PI.cli, "-e", SCRIPTED_MODEL, ...load, "--provider", "scripted", "--model", "scripted-1"];
	const env = {
		...ws.env,
		// The model's request log would write every message of every turn again: pi's own work is measured.
		PI_ASK_LOG: undefined,
		NODE_OPTIONS: `${ws.env.NODE_OPTIONS ?? ""} --require ${USAGE_HOOK}`.trim(),
		BENCH_USAGE_FILE: usageFile,
		...(own ? { BENCH_OWN_WORK_ENTRY: join(pkg.dir, "dist/index.js"), BENCH_OWN_WORK_FILE: own.file } : {}),
	};
	const start = now();
	const run = spawnSync(PI.node, [...args, "-p", "read the notes"], { cwd: ws.cwd, env, encoding: "utf8" });
	const wallMs = now() - start;
	if (run.status !== 0 || !run.stdout.includes("done")) {
		throw new Error(`pi -p failed (${run.status}): ${run.stdout.slice(-500)}${run.stderr.slice(-2000)}`);
	}
	const usage = JSON.parse(readFileSync(usageFile, "utf8")) as { cpuMs: number; mainThreadCpuMs: number | null };
	rmSync(usageFile);
	return { cpuMs: usage.cpuMs, mainMs: usage.mainThreadCpuMs ?? Number.NaN, wallMs };
}

/**
 * The package's own work in `OWN_RUNS` sessions, counted inside pi: each figure is the least of the sessions (what
 * else runs meanwhile, V8's compiler and collector threads among it, only ever adds); `undefined` with no sessions.
 */
function ownWork(ws: Workspace): { loadMs: number; handlerMs: number; events: string } | undefined {
	if (OWN_RUNS < 1) return undefined;
	const runs: OwnWork[] = [];
	const file = join(ws.root, "own-work.json");
	for (let i = 0; i <= OWN_RUNS; i++) {
		session(ws, true, { file });
		const counted = JSON.parse(readFileSync(file, "utf8")) as OwnWork;
		rmSync(file);
		// The first compiles the counting extension into jiti's cache.
		if (i > 0) runs.push(counted);
	}
	const least = (values: number[]) => Math.min(...values);
	const names = [...new Set(runs.flatMap((run) => Object.keys(run.handlers)))];
	const byEvent = names.map((name) => ({ name, ms: least(runs.map((run) => run.handlers[name]?.ms ?? 0)) }));
	return {
		loadMs: least(runs.map((run) => run.loadMs)),
		handlerMs: byEvent.reduce((sum, event) => sum + event.ms, 0),
		events: byEvent
			.filter((event) => event.ms >= 0.5)
			.sort((a, b) => b.ms - a.ms)
			.map((event) => `${event.name} ${fmt(event.ms)}`)
			.join(", "),
	};
}

interface Measured {
	own: ReturnType<typeof ownWork>;
	scenario: Scenario;
	without: number[];
	with: number[];
	mainWithout: number[];
	mainWith: number[];
	wallWithout: number[];
	wallWith: number[];
}

const ratio = (m: Measured) => spread(m.with).median / spread(m.without).median;
const perCall = (m: Measured) => (spread(m.with).median - spread(m.without).median) / CALLS;

function measure(scenario: Scenario, ws: Workspace, m: Measured): void {
	for (let i = 0; i < ROUNDS; i++) {
		// Alternate which goes first so that a drift in the machine's load hits both alike.
		for (const withPackage of i % 2 === 0 ? [false, true] : [true, false]) {
			const s = session(ws, withPackage);
			(withPackage ? m.with : m.without).push(s.cpuMs);
			(withPackage ? m.mainWith : m.mainWithout).push(s.mainMs);
			(withPackage ? m.wallWith : m.wallWithout).push(s.wallMs);
		}
		process.stderr.write(`tool calls, ${scenario.label}: ${i + 1}/${ROUNDS}\r`);
	}
}

const results: Measured[] = [];
const started = now();
for (const scenario of SCENARIOS.filter((s) => WANTED.includes(s.key))) {
	const ws = createWorkspace();
	try {
		scenario.fill(ws);
		for (let i = 0; i < WARMUP; i++) {
			session(ws, true);
			session(ws, false);
		}
		const m: Measured = {
			own: ownWork(ws),
			scenario,
			without: [],
			with: [],
			mainWithout: [],
			mainWith: [],
			wallWithout: [],
			wallWith: [],
		};
		measure(scenario, ws, m);
		// Enforced on a shared machine: a miss is measured again once (the medians of all rounds count) before it fails.
		if (ENFORCE && ratio(m) > scenario.target) measure(scenario, ws, m);
		results.push(m);
		process.stderr.write(
			`\ntool calls, ${scenario.label}: ${fmt(ratio(m))}× (${fmt(perCall(m))} ms a call; main thread ${fmt(spread(m.mainWith).median / spread(m.mainWithout).median)}×), ${fmt((now() - started) / 1000)} s so far\n`,
		);
	} finally {
		ws.cleanup();
	}
}

const built = PACKAGE_DIR === ROOT ? "the checkout's build" : `the build in ${PACKAGE_DIR}`;
const signed = (ms: number) => `${ms >= 0 ? "+" : "−"}${fmt(Math.abs(ms))} ms`;
const rows = results.map((m) => {
	const without = spread(m.without);
	const withPackage = spread(m.with);
	const paired = spread(m.with.map((cpu, i) => cpu - (m.without[i] ?? cpu)));
	const own = m.own === undefined ? undefined : m.own.loadMs + m.own.handlerMs;
	return [
		m.scenario.label,
		`${fmt(without.median)} ms (IQR ${fmt(without.q1)}–${fmt(without.q3)})`,
		`${fmt(withPackage.median)} ms (IQR ${fmt(withPackage.q1)}–${fmt(withPackage.q3)})`,
		`${fmt(ratio(m))}×`,
		`${signed(perCall(m))} (paired: ${signed(paired.median / CALLS)})`,
		`${fmt(spread(m.mainWith).median / spread(m.mainWithout).median)}× (${fmt(spread(m.mainWithout).median)} ms without)`,
		`${fmt(spread(m.wallWithout).median)} / ${fmt(spread(m.wallWith).median)} ms`,
		`≤ ${m.scenario.target}× ${ratio(m) <= m.scenario.target ? "✅" : "❌"}`,
		m.own === undefined || own === undefined
			? "—"
			: `${fmt(own)} ms = ${fmt((own / without.median) * 100)} % (load ${fmt(m.own.loadMs)}; handlers ${fmt(m.own.handlerMs)}: ${m.own.events})`,
	];
});
const report: BenchReport = {
	title: `Tool calls in a real session, on pi ${PI.version}`,
	summary: results.map((m) => ({
		what: `A ${CALLS}-call \`pi -p\` session on pi ${PI.version}, ${m.scenario.label}: pi's CPU time, with ÷ without the package (median)`,
		ours: `${fmt(ratio(m))}× (${signed(perCall(m))} a call)${m.own === undefined ? "" : `; its own work inside pi ${fmt(((m.own.loadMs + m.own.handlerMs) / spread(m.without).median) * 100)} % of the session`}`,
		reference: `${fmt(spread(m.without).median)} ms without`,
		target: `≤ ${m.scenario.target}×`,
		met: ratio(m) <= m.scenario.target,
	})),
	markdown: `The real pi ${PI.version} (under Node at ${PI.node}) runs \`pi -p\` with the scripted model making ${CALLS} \`read\`
tool calls, one a model turn, then a closing text: with \`-e dist/index.js\` of ${built} and without it, alternated,
${ROUNDS} rounds after ${WARMUP} warm-up pair${WARMUP === 1 ? "" : "s"}. The figure is the pi process's own CPU time (user + system, all threads, at exit),
the median of the rounds; the ratio is with ÷ without and includes what loading the package costs pi's start; a
call's share is the difference of the medians ÷ ${CALLS} (paired: the median of each round's difference ÷ ${CALLS}).
The main thread's CPU time alone (the scheduler's account, to within a tick) is shown beside it: V8's helper threads (parallel garbage collection,
compilation) work beside the main thread, and on a busy machine their share grows with the load, not with the work.
Pending files are copies of one real ask's file, session and asks line, each its own session and tool call.
The last column is measured inside pi (bench/lib/own-work.mjs, the least of ${OWN_RUNS} more sessions, each figure on its
own): the CPU time of the package's own code, its import and factory, and every handler it gives pi (by event; a
second handler of one event is \`event#2\`), from its call until it settles, ÷ the session's CPU without the package.
It names where the package's cost is, which the ratio cannot. Its per-call handlers vary little with the machine's
load; its load and start handlers vary with it (V8's compiler threads count in their windows). It leaves out what pi
does for the package in pi's own
code (one more tool declared at every turn, its events dispatched).

${table(["project", "CPU without", "CPU with", "with ÷ without", "a call", "main thread's CPU, with ÷ without", "wall (median, without / with)", "target", "the package's own work inside pi"], rows)}
`,
};
emit(report);
const missed = results.filter((m) => ratio(m) > m.scenario.target);
if (ENFORCE && missed.length > 0) {
	process.stderr.write(`missed a target: ${missed.map((m) => `${m.scenario.label} ${fmt(ratio(m))}×`).join("; ")}\n`);
	process.exit(1);
}
process.exit(0);
