/**
 * Preloaded with `node --require` (through NODE_OPTIONS) into each `pi -p` that bench/startup.ts measures: when the
 * process exits, writes its CPU time (user + system, microsecond resolution) and peak memory (max RSS) as JSON to the
 * file BENCH_USAGE_FILE names. /usr/bin/time prints CPU time in 10 ms steps, about 1.3 % of a pi 1.x start, too coarse
 * for a 5 % target; its figure (which also counts child processes) stays beside this one as a check.
 */
const { writeFileSync } = require("node:fs");

const file = process.env.BENCH_USAGE_FILE;
// A process pi starts inherits NODE_OPTIONS, not the file: only pi itself writes it.
delete process.env.BENCH_USAGE_FILE;
if (file) {
	process.on("exit", () => {
		const cpu = process.cpuUsage();
		const usage = { cpuMs: (cpu.user + cpu.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024 };
		writeFileSync(file, JSON.stringify(usage));
	});
}
