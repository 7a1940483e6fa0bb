/**
 * The running process as the package writes to and ends it: the real file descriptors (pi redirects
 * `process.stdout` to stderr in print and RPC mode, so fd 1 is written directly), a line on stderr, and the exit code.
 */
import { writeSync } from "node:fs";

export const processEdges = {
	write: (fd: 1 | 2, text: string): void => {
		writeSync(fd, text);
	},
	/** One line on stderr, outside pi's screen. */
	stderrLine: (text: string): void => {
		writeSync(2, `${text}\n`);
	},
	failExit: (): void => {
		process.exitCode = 1;
	},
	/** Ends the process now with exit code 1 (questions that could not be saved must not reach the model). */
	exitNow: (): never => process.exit(1),
};
