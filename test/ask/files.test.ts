/**
 * The one guarded reader and writers every record of an ask goes through, on real files: a log read from its end
 * gives the lines a forward read gives, newest first, across chunk boundaries and torn last lines; a planted FIFO or
 * symlink is never read, appended to or written through; a temp writer leaves nothing behind.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendLine, readLinesFromEnd, readRegularFile, writeFileAtomically } from "../../src/ask/files.js";

let folder: string;
beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-files-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const backwards = (path: string) => {
	const lines: string[] = [];
	const read = readLinesFromEnd(path, (line) => {
		lines.push(line);
		return true;
	});
	return { read, lines };
};

describe("readLinesFromEnd", () => {
	it("gives every line a forward read gives, newest first, however long the lines", () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.string({ minLength: 1, maxLength: 40_000 }).map((s) => s.replace(/\s/g, "x")),
					{ maxLength: 12 },
				),
				(lines) => {
					const path = join(folder, "log.jsonl");
					writeFileSync(path, lines.map((line) => `${line}\n`).join(""));
					expect(backwards(path)).toEqual({ read: "read", lines: [...lines].reverse() });
				},
			),
			{ numRuns: 40 },
		);
	});

	it("skips a torn last line and stops when told", () => {
		const path = join(folder, "log.jsonl");
		writeFileSync(path, 'one\ntwo\nthree\n{"torn');
		expect(backwards(path).lines).toEqual(["three", "two", "one"]);
		const seen: string[] = [];
		readLinesFromEnd(path, (line) => seen.push(line) < 2);
		expect(seen).toEqual(["three", "two"]);
	});

	it("tells a missing file from one that cannot be read: a FIFO or symlink planted there is never opened", () => {
		expect(backwards(join(folder, "none.jsonl")).read).toBe("absent");
		const fifo = join(folder, "fifo.jsonl");
		execFileSync("mkfifo", [fifo]);
		expect(backwards(fifo).read).toBe("unreadable");
		const link = join(folder, "link.jsonl");
		writeFileSync(join(folder, "target"), "secret\n");
		symlinkSync(join(folder, "target"), link);
		expect(backwards(link)).toEqual({ read: "unreadable", lines: [] });
	});
});

describe("the writers", () => {
	it("appendLine starts a line of its own after a torn one, and never writes through a symlink or into a FIFO", () => {
		const path = join(folder, "log.jsonl");
		writeFileSync(path, '{"torn');
		appendLine(path, '{"a":1}');
		expect(readFileSync(path, "utf8")).toBe('{"torn\n{"a":1}\n');
		const link = join(folder, "link.jsonl");
		symlinkSync(join(folder, "bashrc"), link);
		expect(() => appendLine(link, "x")).toThrow();
		expect(existsSync(join(folder, "bashrc"))).toBe(false);
		const fifo = join(folder, "fifo.jsonl");
		execFileSync("mkfifo", [fifo]);
		expect(() => appendLine(fifo, "x")).toThrow(/not a regular file/);
	});

	it("writeFileAtomically replaces whole, or only takes a free name; no temp file stays", () => {
		const path = join(folder, "lease.json");
		expect(writeFileAtomically(path, "one\n")).toBe(true);
		expect(writeFileAtomically(path, "two\n", { replace: false })).toBe(false);
		expect(readRegularFile(path)).toBe("one\n");
		expect(writeFileAtomically(path, "three\n")).toBe(true);
		expect(readRegularFile(path)).toBe("three\n");
		expect(readdirSync(folder)).toEqual(["lease.json"]);
	});
});
