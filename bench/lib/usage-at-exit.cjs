/**
 * Preloaded with `node --require` (through NODE_OPTIONS) into each `pi -p` that bench/startup.ts measures: when the
 * process exits, writes its CPU time (user + system, microsecond resolution) and peak memory (max RSS) as JSON to the
 * file BENCH_USAGE_FILE names. /usr/bin/time prints CPU time in 10 ms steps, about 1.3 % of a pi 1.x start, too coarse
 * for a 5 % target; its figure (which also counts child processes) stays beside this one as a check.
 */
const { readFileSync, writeFileSync } = require("node:fs");

/**
 * The CPU time of the main thread alone in 10 ms ticks (user + system, from /proc; `null` elsewhere), where the
 * scheduler's account below is missing: V8's helper threads (parallel garbage collection, compilation) work beside
 * it, and on a busy machine their share grows with the load, not with the work.
 */
function mainThreadCpuMs() {
	try {
		const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		// After the command name: state is field 3, utime 14 and stime 15 (clock ticks, 100 a second on Linux).
		return (Number(fields[11]) + Number(fields[12])) * 10;
	} catch {
		return null;
	}
}

/**
 * The main thread's CPU time in nanoseconds, from the scheduler's own account (/proc/self/task/<pid>/schedstat, its
 * first field, brought up to date at each tick); `null` where there is none.
 */
function mainThreadCpuNs() {
	try {
		const ns = Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]);
		return Number.isFinite(ns) ? ns : null;
	} catch {
		return null;
	}
}

const file = process.env.BENCH_USAGE_FILE;
// A process pi starts inherits NODE_OPTIONS, not the file: only pi itself writes it.
delete process.env.BENCH_USAGE_FILE;
if (file) {
	process.on("exit", () => {
		const cpu = process.cpuUsage();
		const mainNs = mainThreadCpuNs();
		const usage = {
			cpuMs: (cpu.user + cpu.system) / 1000,
			mainThreadCpuMs: mainNs === null ? mainThreadCpuMs() : mainNs / 1e6,
			maxRssMb: process.resourceUsage().maxRSS / 1024,
		};
		writeFileSync(file, JSON.stringify(usage));
	});
}
