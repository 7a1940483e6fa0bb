import { configDefaults, defineConfig } from "vitest/config";
import {
	MOST_PATIENCE,
	mayStartPi,
	measurePiStart,
	PATIENCE_VARIABLE,
	patienceFor,
	workersFor,
} from "./test/machine-speed.js";
import { PI, ROOT } from "./test/pi-versions/pi.js";

/** Whether the command line names test/agents (a filter vitest matches against file paths). */
function namesAgents(argv: readonly string[]): boolean {
	return argv.some((arg) => arg.includes("test/agents") || arg.startsWith("agents"));
}

export default defineConfig(() => {
	// A loaded machine starts pi several times slower (10–25 s instead of 2.5 s on 2 busy cores): one measured start
	// scales every wait and timeout of this run (test/patience.ts), so the suite gets slower instead of red.
	const setting = process.env[PATIENCE_VARIABLE];
	const measured = setting === undefined && mayStartPi(process.argv) ? measurePiStart(PI, ROOT) : undefined;
	const { factor, source } = patienceFor(setting, measured);
	const workers = workersFor(measured);
	if (measured !== undefined || setting !== undefined) {
		process.stderr.write(
			`waits ×${factor} (${source}; at most ×${MOST_PATIENCE}; ${PATIENCE_VARIABLE} sets it); ${workers} files at once\n`,
		);
	}
	return {
		test: {
			include: ["test/**/*.test.ts"],
			// The real agent clients' tests need test/agents/install and run on their own (`npm run test:agents`, CI's
			// agents line): only when named.
			exclude: [...configDefaults.exclude, ...(namesAgents(process.argv) ? [] : ["test/agents/**"])],
			testTimeout: Math.round(60_000 * factor),
			hookTimeout: Math.round(60_000 * factor),
			provide: { patience: factor },
			// No test may read or write the person's own ~/.pi: every test process gets a temp agent folder unless it
			// names one (a web command or MCP server a test starts inherits it).
			setupFiles: ["test/temp-agent-dir.ts"],
			// End-to-end files each start real pi processes: two at a time keeps a 2-core machine responsive, three when a
			// pi start is cheap (test/machine-speed.ts).
			maxWorkers: workers,
			fileParallelism: true,
		},
	};
});
