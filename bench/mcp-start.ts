/**
 * How soon `pi-ask-anywhere mcp` answers a client that does not wait: the CPU time (user + system, from
 * /proc/<pid>/stat, Linux) of the built bin (dist/bin.mjs) from spawn to its answer to `tools/list`, against a bare
 * Node start measured the same way in the same run, runs alternated. `codex exec` offers a server only if it answered
 * within about half a second. The figure is the ratio of the medians, so a busy machine slows both sides alike.
 * Throws when the ratio is above the target (so `--quick` in CI fails). Knob: BENCH_MCP_START_RUNS (15).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../test/e2e/harness.js";
import { type BenchReport, emit, fmt, spread, table } from "./lib/stats.js";

const RUNS = Number(process.env.BENCH_MCP_START_RUNS ?? (process.env.BENCH_IDLE_RUNS === "1" ? 5 : 15));
const TARGET_RATIO = 3;
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
const BIN = join(ROOT, "dist/bin.mjs");

function cpuSeconds(pid: number): number {
	const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const HANDSHAKE = [
	{
		jsonrpc: "2.0",
		id: 1,
		method: "initialize",
		params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
	},
	{ jsonrpc: "2.0", method: "notifications/initialized" },
	{ jsonrpc: "2.0", id: 2, method: "tools/list" },
]
	.map((message) => `${JSON.stringify(message)}\n`)
	.join("");

/** Spawns `args`, writes `input`, and reads the process's CPU time when its stdout first contains `until`. */
function cpuUntil(args: string[], input: string, until: string, cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
	return new Promise((done, fail) => {
		const child = spawn(process.execPath, args, { cwd, env, stdio: ["pipe", "pipe", "ignore"] });
		let out = "";
		child.stdout.on("data", (chunk: Buffer) => {
			out += chunk.toString("utf8");
			if (!out.includes(until) || child.pid === undefined) return;
			const cpu = cpuSeconds(child.pid);
			child.kill("SIGKILL");
			done(cpu);
		});
		child.on("error", fail);
		child.on("exit", (code) => {
			if (!out.includes(until)) fail(new Error(`${args.join(" ")} ended (${code}) before writing ${until}`));
		});
		child.stdin.on("error", () => undefined);
		child.stdin.write(input);
	});
}

const folder = mkdtempSync(join(tmpdir(), "bench-mcp-start-"));
const env = { ...process.env, PI_CODING_AGENT_DIR: join(folder, "agent") };
const bare: number[] = [];
const ours: number[] = [];
try {
	for (let run = 0; run < RUNS; run++) {
		// A bare start, kept alive only until it says so (as `node -e 0` with one write).
		bare.push(
			await cpuUntil(["-e", "process.stdout.write('ready'); process.stdin.resume()"], "", "ready", folder, env),
		);
		ours.push(await cpuUntil([BIN, "mcp", "--web", "off"], HANDSHAKE, '"tools"', folder, env));
	}
} finally {
	rmSync(folder, { recursive: true, force: true });
}
const bareSpread = spread(bare);
const oursSpread = spread(ours);
const ratio = oursSpread.median / bareSpread.median;
const met = ratio <= TARGET_RATIO;
process.stderr.write(
	`mcp to tools/list ${fmt(oursSpread.median)} s CPU, bare node ${fmt(bareSpread.median)} s: ×${fmt(ratio)}\n`,
);
const report: BenchReport = {
	title: "MCP server: start to tools/list",
	summary: [
		{
			what: "pi-ask-anywhere mcp (stdio): CPU from spawn to the tools/list answer, against a bare node start",
			ours: `×${fmt(ratio)} (${fmt(oursSpread.median * 1000)} ms vs ${fmt(bareSpread.median * 1000)} ms)`,
			reference: "×8 when the MCP SDK loaded before the handshake",
			target: `≤ ×${TARGET_RATIO}`,
			met,
		},
	],
	markdown: `The built bin (\`dist/bin.mjs mcp --web off\`) is sent initialize, initialized and tools/list at once; its CPU time
(user + system, from /proc) is read when the tools/list answer arrives. The reference is a bare \`node -e\` that writes
one word, measured the same way; ${RUNS} runs each, alternated.

${table(
	["measure", "median", "q1–q3"],
	[
		[
			"mcp: CPU to tools/list",
			`${fmt(oursSpread.median * 1000)} ms`,
			`${fmt(oursSpread.q1 * 1000)}–${fmt(oursSpread.q3 * 1000)} ms`,
		],
		[
			"bare node: CPU to its first write",
			`${fmt(bareSpread.median * 1000)} ms`,
			`${fmt(bareSpread.q1 * 1000)}–${fmt(bareSpread.q3 * 1000)} ms`,
		],
		["ratio of the medians", `×${fmt(ratio)}`, ""],
	],
)}
`,
};
emit(report);
if (!met)
	throw new Error(
		`pi-ask-anywhere mcp answers tools/list after ×${fmt(ratio)} a bare node start's CPU (target ≤ ×${TARGET_RATIO})`,
	);
process.exit(0);
