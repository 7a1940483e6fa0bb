/**
 * Which files a pending-file path may name: only this project's `.pi/pending-questions*.json`,
 * a regular file with no symlink on the way, is ever read or removed, whatever a session record says. Real files
 * in a temp folder, one row per kind of path.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readRegularFile } from "../../src/ask/files.js";
import {
	isProjectPendingFile,
	listPendingFiles,
	NewerPendingFileError,
	readPendingText,
	removePendingFile,
	writePendingAnswers,
} from "../../src/pending/pending-file.js";

let root: string;
let cwd: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-project-file-"));
	cwd = join(root, "project");
	mkdirSync(join(cwd, ".pi"), { recursive: true });
	mkdirSync(join(root, "other", ".pi"), { recursive: true });
	mkdirSync(join(root, "real-dot-pi"));
	writeFileSync(join(cwd, ".pi", "pending-questions.json"), "{}");
	writeFileSync(join(cwd, ".pi", "pending-questions-2.json"), "{}");
	writeFileSync(join(cwd, ".pi", "notes.json"), "{}");
	writeFileSync(join(root, "notes.json"), '{"questions":[{"answer":null}]}');
	writeFileSync(join(root, "other", ".pi", "pending-questions.json"), "{}");
	writeFileSync(join(root, "real-dot-pi", "pending-questions.json"), "{}");
	symlinkSync(join(root, "notes.json"), join(cwd, ".pi", "pending-questions-3.json"));
	expect(spawnSync("mkfifo", [join(cwd, ".pi", "pending-questions-4.json")]).status).toBe(0);
	mkdirSync(join(cwd, ".pi", "pending-questions-5.json"));
	// A project whose .pi is a symlink to a real folder holding a pending file.
	mkdirSync(join(root, "linked"));
	symlinkSync(join(root, "real-dot-pi"), join(root, "linked", ".pi"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("isProjectPendingFile and readPendingText", () => {
	const rows: [string, () => [string, string], boolean][] = [
		["the project's pending-questions.json", () => [cwd, join(cwd, ".pi/pending-questions.json")], true],
		["the project's pending-questions-2.json", () => [cwd, join(cwd, ".pi/pending-questions-2.json")], true],
		["another name in .pi", () => [cwd, join(cwd, ".pi/notes.json")], false],
		["a JSON file outside .pi", () => [cwd, join(root, "notes.json")], false],
		["another project's pending file", () => [cwd, join(root, "other/.pi/pending-questions.json")], false],
		["a path that only normalises to one", () => [cwd, `${cwd}/.pi/../.pi/pending-questions.json`], false],
		["a relative path", () => [cwd, ".pi/pending-questions.json"], false],
		["a symlink named like one", () => [cwd, join(cwd, ".pi/pending-questions-3.json")], false],
		["a FIFO named like one", () => [cwd, join(cwd, ".pi/pending-questions-4.json")], false],
		["a folder named like one", () => [cwd, join(cwd, ".pi/pending-questions-5.json")], false],
		["a missing one", () => [cwd, join(cwd, ".pi/pending-questions-6.json")], false],
		["one behind a .pi symlink", () => [join(root, "linked"), join(root, "linked/.pi/pending-questions.json")], false],
		["/dev/zero", () => [cwd, "/dev/zero"], false],
		["a device under the cwd /dev", () => ["/dev", "/dev/zero"], false],
	];
	for (const [name, paths, expected] of rows) {
		it(`${name}: ${expected ? "read" : "never opened"}`, () => {
			const [projectDir, path] = paths();
			expect(isProjectPendingFile(projectDir, path)).toBe(expected);
			expect(readPendingText(projectDir, path)).toEqual(expected ? { kind: "readable", text: "{}" } : undefined);
		});
	}
});

describe("removePendingFile", () => {
	it("removes a project's pending file", () => {
		const path = join(cwd, ".pi/pending-questions.json");
		writeFileSync(path, JSON.stringify({ toolCallId: "call_1" }));
		removePendingFile(path, { toolCallId: "call_1" });
		expect(existsSync(path)).toBe(false);
	});

	it("leaves a file outside a .pi folder, a symlink and a FIFO named like one", () => {
		// The symlink's target holds the ask named: only where it is keeps it.
		writeFileSync(join(root, "notes.json"), JSON.stringify({ toolCallId: "call_1" }));
		const paths = [
			join(root, "notes.json"),
			join(cwd, ".pi/pending-questions-3.json"),
			join(cwd, ".pi/pending-questions-4.json"),
		];
		for (const path of paths) removePendingFile(path, { toolCallId: "call_1" });
		for (const path of paths) expect(existsSync(path)).toBe(true);
		expect(existsSync(join(root, "notes.json"))).toBe(true);
	});
});

describe("readRegularFile", () => {
	it("reads a regular file", () => {
		expect(readRegularFile(join(root, "notes.json"))).toBe('{"questions":[{"answer":null}]}');
	});

	it("never reads a FIFO, a device, a symlink, a folder or a missing file", () => {
		for (const path of [
			join(cwd, ".pi/pending-questions-4.json"),
			"/dev/zero",
			join(cwd, ".pi/pending-questions-3.json"),
			join(cwd, ".pi"),
			join(root, "missing.json"),
		]) {
			expect(readRegularFile(path)).toBeUndefined();
		}
	});
});

describe("a pending file of a newer version", () => {
	const newer = () => join(cwd, ".pi/pending-questions.json");
	beforeEach(() => writeFileSync(newer(), JSON.stringify({ version: 99, toolCallId: "call_1", questions: [] })));

	it("is read only as refused, with a message naming the file and its version", () => {
		const read = readPendingText(cwd, newer());
		expect(read?.kind).toBe("newer");
		expect(read?.kind === "newer" && read.error.message).toContain(
			"pending-questions.json has version 99, newer than this pi-ask-anywhere understands (1)",
		);
		expect(listPendingFiles(cwd).find((e) => e.path === newer())?.error).toBeInstanceOf(NewerPendingFileError);
	});

	it("is never removed nor overwritten", () => {
		const before = readFileSync(newer(), "utf8");
		removePendingFile(newer(), { toolCallId: "call_1" });
		expect(() => writePendingAnswers(newer(), "call_1", [])).toThrow(/has version 99/);
		expect(readFileSync(newer(), "utf8")).toBe(before);
	});

	it("older and unversioned files are read as they are", () => {
		writeFileSync(newer(), JSON.stringify({ version: 1 }));
		expect(readPendingText(cwd, newer())).toEqual({ kind: "readable", text: '{"version":1}' });
		writeFileSync(newer(), "{}");
		expect(readPendingText(cwd, newer())).toEqual({ kind: "readable", text: "{}" });
	});
});
