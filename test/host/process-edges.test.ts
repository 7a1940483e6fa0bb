/** Writing every byte to a file descriptor: partial writes, a full non-blocking pipe, a reader that went away. */
import { describe, expect, it } from "vitest";
import { type FdWriter, writeAll } from "../../src/host/process-edges.js";

function errno(code: string, message: string): NodeJS.ErrnoException {
	return Object.assign(new Error(`${code}: ${message}, write`), { code });
}

/**
 * A file descriptor that takes what each step says: a byte count (at most what is offered) or an error; the clock
 * moves only when the writer pauses.
 */
function fakeFd(steps: (number | NodeJS.ErrnoException)[]) {
	const received: Buffer[] = [];
	const pauses: number[] = [];
	let clock = 0;
	let step = 0;
	const writer: FdWriter = {
		writeSync: (_fd, buffer, offset, length) => {
			const next = steps[Math.min(step++, steps.length - 1)] ?? length;
			if (typeof next !== "number") throw next;
			const took = Math.min(next, length);
			received.push(Buffer.from(buffer.subarray(offset, offset + took)));
			return took;
		},
		pause: (ms) => {
			pauses.push(ms);
			clock += ms;
		},
		now: () => clock,
	};
	return { writer, pauses, text: () => Buffer.concat(received).toString("utf8") };
}

const TEXT = "Which database should we use? — PostgreSQL, SQLite (日本語 too)\n";

describe("writeAll", () => {
	it("writes what a partial write left, until every byte is out (a character split across writes too)", () => {
		const fd = fakeFd([5, 1, 30, Number.MAX_SAFE_INTEGER]);
		writeAll(1, TEXT, fd.writer);
		expect(fd.text()).toBe(TEXT);
		expect(fd.pauses).toEqual([]);
	});

	it("a full pipe (EAGAIN) is waited for and then written, nothing lost or repeated", () => {
		const eagain = errno("EAGAIN", "resource temporarily unavailable");
		const fd = fakeFd([10, eagain, eagain, 0, Number.MAX_SAFE_INTEGER]);
		writeAll(1, TEXT, fd.writer);
		expect(fd.text()).toBe(TEXT);
		expect(fd.pauses.length).toBe(3);
	});

	it("a pipe that stays full gives up after the patience, saying how much went out", () => {
		const fd = fakeFd([10, errno("EAGAIN", "resource temporarily unavailable")]);
		let thrown: unknown;
		try {
			writeAll(1, TEXT, fd.writer, 1_000);
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toMatchObject({ code: "EAGAIN" });
		expect((thrown as Error).message).toContain(`(10 of ${Buffer.byteLength(TEXT)} bytes written)`);
		expect(fd.pauses.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1_000);
		expect(fd.pauses.reduce((a, b) => a + b, 0)).toBeLessThan(1_100);
	});

	it("a reader that went away (EPIPE) or a full disk (ENOSPC) is an error at once, not retried", () => {
		for (const error of [errno("EPIPE", "broken pipe"), errno("ENOSPC", "no space left on device")]) {
			const fd = fakeFd([error]);
			expect(() => writeAll(1, TEXT, fd.writer)).toThrow(error.message);
			expect(fd.pauses).toEqual([]);
		}
	});

	it("an empty text writes nothing", () => {
		const fd = fakeFd([errno("EPIPE", "broken pipe")]);
		writeAll(2, "", fd.writer);
		expect(fd.text()).toBe("");
	});
});
