/**
 * The running process as the package writes to and ends it: the real file descriptors (pi redirects
 * `process.stdout` to stderr in print and RPC mode, so fd 1 is written directly), a line on stderr, and the exit code.
 */
import { writeSync } from "node:fs";

/** How bytes reach a file descriptor: `writeSync` and a synchronous pause (injected in tests). */
export interface FdWriter {
	writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
	/** Blocks the thread for `ms` (the caller is synchronous, and a write must not interleave with pi's own). */
	pause(ms: number): void;
	now(): number;
}

const pauseCell = new Int32Array(new SharedArrayBuffer(4));

const realWriter: FdWriter = {
	writeSync: (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length),
	pause: (ms) => {
		Atomics.wait(pauseCell, 0, 0, ms);
	},
	now: () => Date.now(),
};

/**
 * How long a write waits for a pipe whose reader is slow (a pager, `tee`, a CI log reader) before it gives up: pi
 * makes a piped stdout non-blocking, so a full pipe answers EAGAIN instead of waiting.
 */
const FULL_PIPE_PATIENCE_MS = 10_000;
const RETRY_MS = 20;

/**
 * Writes every byte of `text` to `fd`: a write may take only part of it, and a full non-blocking pipe takes nothing
 * for a moment (EAGAIN; retried for up to `patienceMs` in all). Throws the write's error (EPIPE, ENOSPC, an EAGAIN
 * that outlasted the patience), saying how much of the text did not go out.
 */
export function writeAll(
	fd: number,
	text: string,
	writer: FdWriter = realWriter,
	patienceMs: number = FULL_PIPE_PATIENCE_MS,
): void {
	const bytes = Buffer.from(text, "utf8");
	const started = writer.now();
	let written = 0;
	while (written < bytes.length) {
		let took = 0;
		try {
			took = writer.writeSync(fd, bytes, written, bytes.length - written);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code !== "EAGAIN" || writer.now() - started >= patienceMs) throw notWritten(error, written, bytes.length);
		}
		if (took > 0) written += took;
		else if (writer.now() - started >= patienceMs)
			throw notWritten(new Error("the write took no bytes"), written, bytes.length);
		else writer.pause(RETRY_MS);
	}
}

function notWritten(error: unknown, written: number, total: number): Error {
	const message = error instanceof Error ? error.message : String(error);
	const shown = new Error(written > 0 ? `${message} (${written} of ${total} bytes written)` : message, {
		cause: error,
	});
	const code = (error as NodeJS.ErrnoException).code;
	if (code) (shown as NodeJS.ErrnoException).code = code;
	return shown;
}

export const processEdges = {
	/** Throws when the text cannot all be written (the reader went away, the disk is full). */
	write: (fd: 1 | 2, text: string): void => {
		writeAll(fd, text);
	},
	/** One line on stderr, outside pi's screen; best effort: a stderr that takes nothing must not end what called. */
	stderrLine: (text: string): void => {
		try {
			writeAll(2, `${text}\n`);
		} catch {
			// Nowhere left to say it.
		}
	},
	failExit: (): void => {
		process.exitCode = 1;
	},
	/** Ends the process now with exit code 1 (questions that could not be saved must not reach the model). */
	exitNow: (): never => process.exit(1),
};
