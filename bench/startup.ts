/**
 * What loading the package costs every pi start, on each pi line installed here (0.73.1, and pi 1.x when
 * test/pi-versions/1.x is installed): CPU time (user + system) and peak memory (max RSS) as the pi process reports
 * them at exit (bench/lib/usage-at-exit.cjs), wall time, and /usr/bin/time's CPU time as a check, of `pi -p` with the
 * scripted model answering one text reply, without and with `-e <this package>`,
 * alternated; then where the extension's load time goes on 0.73.1 (bench/startup-probe.mjs) and what pi 1.x's jiti
 * spends importing the package (bench/jiti-import-probe.mjs). CPU time is the figure
 * the target is checked on: other processes on a busy machine stretch the wall time, not pi's work.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createWorkspace, ROOT, SCRIPTED_MODEL, type Workspace } from "../test/e2e/harness.js";
import { findPi, type PiUnderTest, versionAtLeast } from "../test/pi-versions/pi.js";
import { snapshotPackage } from "./lib/snapshot.js";
import { type BenchReport, emit, fmt, now, type Spread, spread, table } from "./lib/stats.js";

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 15);
const PROBE_RUNS = Number(process.env.BENCH_PROBE_RUNS ?? 8);
const WARMUP = 2;
const TIME = "/usr/bin/time";
/** With ÷ without the package, CPU time and peak memory. */
const TARGET_RATIO = 1.05;

interface Sample {
	/** The pi process's own CPU time at exit (bench/lib/usage-at-exit.cjs). */
	cpuMs: number;
	/** User + system from /usr/bin/time: 10 ms steps, child processes included. */
	timeCpuMs: number;
	wallMs: number;
	maxRssMb: number;
}

const USAGE_HOOK = join(ROOT, "bench/lib/usage-at-exit.cjs");

const pkg = snapshotPackage();
process.on("exit", () => pkg.cleanup());

/** The pi lines to measure: the repository's, and pi 1.x when it is installed. */
const PIS: PiUnderTest[] = [
	findPi(undefined),
	...(existsSync(join(ROOT, "test/pi-versions/1.x/node_modules")) ? [findPi("test/pi-versions/1.x")] : []),
];

function runOnce(ws: Workspace, pi: PiUnderTest, loadPackage: boolean): Sample {
	ws.script([{ text: "ok" }]);
	const rssFile = join(ws.root, "maxrss.txt");
	const usageFile = join(ws.root, "usage.json");
	const load = loadPackage ? ["-e", pkg.dir] : [];
	const args = [pi.cli, "-e", SCRIPTED_MODEL, ...load, "--provider", "scripted", "--model", "scripted-1", "-p", "hi"];
	const env = {
		...ws.env,
		NODE_OPTIONS: `${ws.env.NODE_OPTIONS ?? ""} --require ${USAGE_HOOK}`.trim(),
		BENCH_USAGE_FILE: usageFile,
	};
	const useTime = existsSync(TIME);
	const start = now();
	const run = useTime
		? spawnSync(TIME, ["-f", "%U %S %M", "-o", rssFile, pi.node, ...args], { cwd: ws.cwd, env, stdio: "pipe" })
		: spawnSync(pi.node, args, { cwd: ws.cwd, env, stdio: "pipe" });
	const wallMs = now() - start;
	if (run.status !== 0 || !run.stdout.toString().includes("ok")) {
		throw new Error(`pi -p failed (${run.status}): ${run.stderr.toString()}`);
	}
	const [user, system] = useTime
		? (readFileSync(rssFile, "utf8").trim().split("\n").at(-1) ?? "").split(" ").map(Number)
		: [Number.NaN, Number.NaN];
	const usage = JSON.parse(readFileSync(usageFile, "utf8")) as { cpuMs: number; maxRssMb: number };
	rmSync(rssFile, { force: true });
	rmSync(usageFile, { force: true });
	return {
		cpuMs: usage.cpuMs,
		timeCpuMs: ((user ?? Number.NaN) + (system ?? Number.NaN)) * 1000,
		wallMs,
		maxRssMb: usage.maxRssMb,
	};
}

function probe(mode: "total"): Record<string, number> {
	const run = spawnSync(process.execPath, [join(ROOT, "bench/startup-probe.mjs"), mode, pkg.dir], {
		cwd: ROOT,
		stdio: "pipe",
	});
	if (run.status !== 0) throw new Error(`startup probe failed: ${run.stderr.toString()}`);
	return JSON.parse(run.stdout.toString()) as Record<string, number>;
}

/** A ratio as a signed percentage change: 1.066 → "+6.6%". */
const percent = (ratio: number) => `${ratio >= 1 ? "+" : "−"}${fmt(Math.abs(100 * (ratio - 1)), 2)}%`;

const spreadCell = (s: Spread, unit: string) =>
	`${fmt(s.median)} ${unit} (IQR ${fmt(s.q1)}–${fmt(s.q3)}, min ${fmt(s.min)}, max ${fmt(s.max)})`;

// ------------------------------------------------------------------------------------- pi -p, alternated

interface LineResult {
	pi: PiUnderTest;
	figures: { name: string; unit: string; without: Spread; with: Spread; ratio: number; paired: Spread }[];
}

function measureLine(pi: PiUnderTest): LineResult {
	const ws = createWorkspace();
	const samples: Record<"without" | "with", Sample[]> = { without: [], with: [] };
	try {
		for (let i = 0; i < WARMUP; i++) {
			runOnce(ws, pi, false);
			runOnce(ws, pi, true);
		}
		for (let i = 0; i < RUNS; i++) {
			// Alternate which goes first so that a drift in machine load hits both alike.
			const order = i % 2 === 0 ? [false, true] : [true, false];
			for (const load of order) samples[load ? "with" : "without"].push(runOnce(ws, pi, load));
			process.stderr.write(`startup pi ${pi.version} ${i + 1}/${RUNS}\r`);
		}
	} finally {
		ws.cleanup();
	}
	const figure = (name: string, unit: string, of: (s: Sample) => number) => {
		const without = spread(samples.without.map(of));
		const withPackage = spread(samples.with.map(of));
		// Paired differences (run i with vs run i without) are steadier than a difference of medians.
		const paired = spread(samples.with.map((s, i) => of(s) - of(samples.without[i] ?? s)));
		return { name, unit, without, with: withPackage, ratio: withPackage.median / without.median, paired };
	};
	return {
		pi,
		figures: [
			figure("CPU time", "ms", (s) => s.cpuMs),
			figure("max RSS", "MB", (s) => s.maxRssMb),
			figure("wall time", "ms", (s) => s.wallMs),
			figure(TIME_CPU, "ms", (s) => s.timeCpuMs),
		],
	};
}

/** The cross-check column: CPU time as /usr/bin/time reports it. */
const TIME_CPU = "CPU time, /usr/bin/time";
const lines = PIS.map(measureLine);
const piName = (pi: PiUnderTest) => `pi ${pi.version}`;

// -------------------------------------------------------------------------------------------- breakdown

const totals: number[] = [];
for (let i = 0; i < PROBE_RUNS; i++) {
	totals.push(probe("total").total ?? Number.NaN);
	process.stderr.write(`startup breakdown ${i + 1}/${PROBE_RUNS}\r`);
}
const loadSpread = spread(totals);

/**
 * pi 1.x's jiti importing the package (bench/jiti-import-probe.mjs, under that line's Node): CPU time, after one
 * warm-up import that fills jiti's cache for this copy of the package.
 */
function jitiImport(pi: PiUnderTest): Spread | undefined {
	// pi 0.73.1 sets jiti up otherwise (import aliases, native import first); its load is the breakdown above.
	if (!versionAtLeast(pi.version, "1.0.0")) return undefined;
	const once = () => {
		const run = spawnSync(pi.node, [join(ROOT, "bench/jiti-import-probe.mjs"), pi.folder, pkg.dir], { stdio: "pipe" });
		if (run.status !== 0) throw new Error(`jiti import probe failed: ${run.stderr.toString()}`);
		return (JSON.parse(run.stdout.toString()) as { cpuMs: number }).cpuMs;
	};
	once();
	return spread(Array.from({ length: PROBE_RUNS }, once));
}
const jitiImports = PIS.flatMap((pi) => {
	const cpu = jitiImport(pi);
	return cpu ? [{ pi, cpu }] : [];
});
const lineRows = lines.flatMap(({ pi, figures }) =>
	figures.map((f) => [
		`${piName(pi)}: ${f.name}`,
		spreadCell(f.without, f.unit),
		spreadCell(f.with, f.unit),
		`${fmt(f.ratio, 4)}×`,
		`${fmt(f.paired.median)} ${f.unit} (IQR ${fmt(f.paired.q1)}–${fmt(f.paired.q3)})`,
	]),
);
const report: BenchReport = {
	title: "Startup cost",
	summary: [
		...lines.flatMap(({ pi, figures }) =>
			figures
				.filter((f) => f.name !== TIME_CPU)
				.map((f) => ({
					what: `\`pi -p\` on ${piName(pi)}: ${f.name}, with ÷ without the package (median)`,
					ours: `${fmt(f.ratio, 3)}× (${percent(f.ratio)}, paired Δ ${fmt(f.paired.median)} ${f.unit})`,
					reference: `${fmt(f.without.median)} ${f.unit} without`,
					target: f.name === "wall time" ? "—" : `≤ ${TARGET_RATIO}×`,
					met: f.name === "wall time" ? undefined : f.ratio <= TARGET_RATIO,
				})),
		),
		...jitiImports.map(({ pi, cpu }) => ({
			what: `Import of dist/index.js and its chunks by ${piName(pi)}'s jiti (CPU time, median)`,
			ours: `${fmt(cpu.median)} ms`,
			reference: "—",
			target: "—",
			met: undefined,
		})),
		{
			what: "Extension load inside pi 0.73.1 (jiti import + factory, median)",
			ours: `${fmt(loadSpread.median)} ms`,
			reference: "—",
			target: "—",
			met: undefined,
		},
	],
	markdown: `### \`pi -p\` with and without the package

\`pi -e examples/scripted-model.ts [-e <package>] --provider scripted --model scripted-1 -p hi\`, stdin closed,
a temporary \`PI_CODING_AGENT_DIR\`, \`PI_OFFLINE=1\`; the scripted model replies "ok". On each pi line installed
(${lines.map(({ pi }) => `${piName(pi)} under Node at ${pi.node}`).join("; ")}): ${RUNS} runs each after ${WARMUP}
warm-up runs each, alternated (without/with, then with/without). CPU time (user + system) and peak memory (maximum
resident set size) are the pi process's own at exit (\`bench/lib/usage-at-exit.cjs\`, microsecond resolution);
\`/usr/bin/time\`'s CPU time (10 ms steps, child processes included) is the last row of each line, as a check. CPU
time is what the target is checked on, since a busy machine stretches wall time, not pi's work. The paired Δ is
run i with the package minus run i without, its median and interquartile range. A start loads no \`ws\` and none of the lazy chunks
(\`test/e2e/startup-loads.test.ts\` checks it on every pi line).

${table(["", "without the package", "with the package", "with ÷ without", "paired Δ (median)"], lineRows)}

### Where the extension's load time goes

Fresh \`node\` processes (${PROBE_RUNS}) that first import pi 0.73.1's own modules, as \`pi\` has done before it
loads extensions, then time pi's extension loader (\`loadExtensions\`, jiti, with pi's import aliases) loading the
package directory: import plus factory. The dialog, RPC mode and the remote bridge are not part of it; they
load when first used.

Total extension load: ${spreadCell(loadSpread, "ms")}.
${jitiImports
	.map(
		({ pi, cpu }) => `
${piName(pi)}'s jiti importing \`dist/index.js\` as that pi's bundle sets jiti up (\`bench/jiti-import-probe.mjs\`, ${PROBE_RUNS}
fresh processes after one that fills jiti's cache; CPU time): ${spreadCell(cpu, "ms")}. Each file a start imports is
resolved, read from jiti's cache and compiled (test/e2e/startup-loads.test.ts keeps them to the entry and one chunk).
`,
	)
	.join("")}`,
};
emit(report);
