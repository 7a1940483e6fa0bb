/**
 * The order of a project's pending files without reading or statting them: a new file's name says it is the newest
 * (the number after the highest in the folder), so a listing that shows a few asks sorts the folder's names and
 * touches only what it shows. Names older versions wrote (the first free number) are still listed and read.
 */
import * as fs from "node:fs";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createPendingFile,
	listPendingNames,
	type PendingListFs,
	readPendingEntry,
	removePendingFile,
	savePendingFile,
} from "../../src/pending/pending-file.js";

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-pending-names-"));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const save = (n: number) =>
	savePendingFile(
		cwd,
		createPendingFile({
			request: { questions: [{ question: `Question ${n}?` }] },
			sessionId: "s1",
			toolCallId: `call_${n}`,
			now: new Date(),
		}),
	);

const names = () => listPendingNames(cwd).map((path) => basename(path));

describe("a new pending file's name", () => {
	it("is pending-questions.json in an empty folder, as the specification shows", () => {
		expect(basename(save(1))).toBe("pending-questions.json");
	});

	it("takes the number after the highest, not a freed one, so that its name says it is the newest", () => {
		save(1);
		const second = save(2);
		save(3);
		removePendingFile(second);
		expect(basename(save(4))).toBe("pending-questions-4.json");
		expect(names()).toEqual(["pending-questions-4.json", "pending-questions-3.json", "pending-questions.json"]);
	});

	it("starts again from pending-questions.json once every file is gone", () => {
		const paths = [save(1), save(2)];
		for (const path of paths) removePendingFile(path);
		expect(basename(save(3))).toBe("pending-questions.json");
	});

	it("passes over a name planted with a number too large to count on, and still lists it", () => {
		mkdirSync(join(cwd, ".pi"));
		writeFileSync(join(cwd, ".pi", "pending-questions-99999999999999999999.json"), "{}");
		expect(basename(save(1))).toBe("pending-questions.json");
		expect(basename(save(2))).toBe("pending-questions-2.json");
		expect(names()).toContain("pending-questions-99999999999999999999.json");
	});
});

describe("listing the pending files newest first", () => {
	it("follows the names, not the modification times (an answer written into an older file keeps its place)", () => {
		const paths = [save(1), save(2), save(3)];
		const later = new Date(Date.now() + 60_000);
		utimesSync(paths[0] as string, later, later);
		expect(names()).toEqual(["pending-questions-3.json", "pending-questions-2.json", "pending-questions.json"]);
	});

	it("lists names older versions wrote, and a name only a read can tell is no file is skipped when read", () => {
		mkdirSync(join(cwd, ".pi"));
		for (const n of [2, 5, 7]) writeFileSync(join(cwd, ".pi", `pending-questions-${n}.json`), "{}");
		writeFileSync(join(cwd, ".pi", "pending-questions.json"), "{}");
		mkdirSync(join(cwd, ".pi", "pending-questions-6.json"));
		writeFileSync(join(cwd, ".pi", "notes.json"), "{}");
		const listed = listPendingNames(cwd);
		expect(listed.map((path) => basename(path))).toEqual([
			"pending-questions-7.json",
			"pending-questions-6.json",
			"pending-questions-5.json",
			"pending-questions-2.json",
			"pending-questions.json",
		]);
		expect(listed.map((path) => readPendingEntry(path) !== undefined)).toEqual([true, false, true, true, true]);
	});

	it("in a folder of 1 200 pending files stats only the folder and lists it once, whatever the count", () => {
		mkdirSync(join(cwd, ".pi"));
		for (let n = 1; n <= 1200; n++) {
			writeFileSync(join(cwd, ".pi", n === 1 ? "pending-questions.json" : `pending-questions-${n}.json`), "{}");
		}
		const calls = { lstat: 0, readdir: 0 };
		const counted: PendingListFs = {
			lstatSync: ((...args: Parameters<typeof fs.lstatSync>) => {
				calls.lstat++;
				return fs.lstatSync(...args);
			}) as typeof fs.lstatSync,
			readdirSync: ((...args: Parameters<typeof fs.readdirSync>) => {
				calls.readdir++;
				return fs.readdirSync(...args);
			}) as typeof fs.readdirSync,
		};
		const listed = listPendingNames(cwd, counted);
		expect(listed).toHaveLength(1200);
		expect(basename(listed[0] as string)).toBe("pending-questions-1200.json");
		expect(basename(listed.at(-1) as string)).toBe("pending-questions.json");
		expect(calls).toEqual({ lstat: 1, readdir: 1 });
	});
});
