/**
 * What loading the package costs every pi start: wall time and peak memory (max RSS, from
 * /usr/bin/time) of `pi -p` with the scripted model answering one text reply, without and with
 * `-e <this package>`, alternated; then where the extension's load time goes (bench/startup-probe.mjs).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createWorkspace, piArgs, ROOT, type Workspace } from "../test/e2e/harness.js";
import { snapshotPackage } from "./lib/snapshot.js";
import { type BenchReport, emit, fmt, now, type Spread, spread, table } from "./lib/stats.js";

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 15);
const PROBE_RUNS = Number(process.env.BENCH_PROBE_RUNS ?? 8);
const WARMUP = 2;
const TIME = "/usr/bin/time";

interface Sample {
	wallMs: number;
	maxRssMb: number;
}

const pkg = snapshotPackage();
process.on("exit", () => pkg.cleanup());

function runOnce(ws: Workspace, loadPackage: boolean): Sample {
	ws.script([{ text: "ok" }]);
	const rssFile = join(ws.root, "maxrss.txt");
	const args = piArgs(["-p", "hi"], { loadPackage: false, extensions: loadPackage ? [pkg.dir] : [] });
	const useTime = existsSync(TIME);
	const start = now();
	const run = useTime
		? spawnSync(TIME, ["-f", "%M", "-o", rssFile, process.execPath, ...args], {
				cwd: ws.cwd,
				env: ws.env,
				stdio: "pipe",
			})
		: spawnSync(process.execPath, args, { cwd: ws.cwd, env: ws.env, stdio: "pipe" });
	const wallMs = now() - start;
	if (run.status !== 0 || !run.stdout.toString().includes("ok")) {
		throw new Error(`pi -p failed (${run.status}): ${run.stderr.toString()}`);
	}
	const maxRssMb = useTime ? Number(readFileSync(rssFile, "utf8").trim().split("\n").at(-1)) / 1024 : Number.NaN;
	rmSync(rssFile, { force: true });
	return { wallMs, maxRssMb };
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

const ws = createWorkspace();
const samples: Record<"without" | "with", Sample[]> = { without: [], with: [] };
try {
	for (let i = 0; i < WARMUP; i++) {
		runOnce(ws, false);
		runOnce(ws, true);
	}
	for (let i = 0; i < RUNS; i++) {
		// Alternate which goes first so that a drift in machine load hits both alike.
		const order = i % 2 === 0 ? [false, true] : [true, false];
		for (const loadPackage of order) samples[loadPackage ? "with" : "without"].push(runOnce(ws, loadPackage));
		process.stderr.write(`startup ${i + 1}/${RUNS}\r`);
	}
} finally {
	ws.cleanup();
}
const wall = { without: spread(samples.without.map((s) => s.wallMs)), with: spread(samples.with.map((s) => s.wallMs)) };
const rss = {
	without: spread(samples.without.map((s) => s.maxRssMb)),
	with: spread(samples.with.map((s) => s.maxRssMb)),
};
// Paired differences (run i with vs run i without) are steadier than a difference of medians.
const pairedWall = spread(samples.with.map((s, i) => s.wallMs - (samples.without[i]?.wallMs ?? Number.NaN)));
const wallRatio = wall.with.median / wall.without.median;
const rssRatio = rss.with.median / rss.without.median;

// -------------------------------------------------------------------------------------------- breakdown

const totals: number[] = [];
for (let i = 0; i < PROBE_RUNS; i++) {
	totals.push(probe("total").total ?? Number.NaN);
	process.stderr.write(`startup breakdown ${i + 1}/${PROBE_RUNS}\r`);
}
const loadSpread = spread(totals);
const report: BenchReport = {
	title: "Startup cost",
	summary: [
		{
			what: "`pi -p` wall time, without → with the package (median)",
			ours: `${fmt(wall.with.median)} ms (${percent(wallRatio)}, paired Δ ${fmt(pairedWall.median)} ms)`,
			reference: `${fmt(wall.without.median)} ms without`,
			target: "< 5% more",
			met: wallRatio < 1.05,
		},
		{
			what: "`pi -p` peak memory (max RSS, median)",
			ours: `${fmt(rss.with.median)} MB (${percent(rssRatio)})`,
			reference: `${fmt(rss.without.median)} MB without`,
			target: "—",
			met: undefined,
		},
		{
			what: "Extension load inside pi (jiti import + factory, median)",
			ours: `${fmt(loadSpread.median)} ms`,
			reference: "—",
			target: "—",
			met: undefined,
		},
	],
	markdown: `### \`pi -p\` with and without the package

\`pi -e examples/scripted-model.ts [-e <package>] --provider scripted --model scripted-1 -p hi\`, stdin closed,
a temporary \`PI_CODING_AGENT_DIR\`, \`PI_OFFLINE=1\`; the scripted model replies "ok". ${RUNS} runs each after
${WARMUP} warm-up runs each, alternated (without/with, then with/without). Wall time is measured around the
child process; peak memory is \`/usr/bin/time\`'s maximum resident set size.

${table(
	["", "without the package", "with the package", "with / without"],
	[
		["wall time", spreadCell(wall.without, "ms"), spreadCell(wall.with, "ms"), `${fmt(wallRatio, 4)}×`],
		["max RSS", spreadCell(rss.without, "MB"), spreadCell(rss.with, "MB"), `${fmt(rssRatio, 4)}×`],
	],
)}

Paired difference in wall time (run *i* with − run *i* without): ${spreadCell(pairedWall, "ms")}.

### Where the extension's load time goes

Fresh \`node\` processes (${PROBE_RUNS}) that first import pi's own modules, as \`pi\` has done before it loads
extensions, then time pi's extension loader (\`loadExtensions\`, jiti, with pi's import aliases) loading the
package directory: import plus factory. The dialog, RPC mode and the remote bridge are not part of it; they
load when first used.

Total extension load: ${spreadCell(loadSpread, "ms")}.
`,
};
emit(report);
