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
		removePendingFile(second, { toolCallId: "call_2" });
		expect(basename(save(4))).toBe("pending-questions-4.json");
		expect(names()).toEqual(["pending-questions-4.json", "pending-questions-3.json", "pending-questions.json"]);
	});

	it("starts again from pending-questions.json once every file is gone", () => {
		removePendingFile(save(1), { toolCallId: "call_1" });
		removePendingFile(save(2), { toolCallId: "call_2" });
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

describe("removing a pending file", () => {
	const ask = (sessionId: string, toolCallId: string, at: string) =>
		createPendingFile({
			request: { questions: [{ question: `Asked by ${sessionId} at ${at}?` }] },
			sessionId,
			toolCallId,
			now: new Date(at),
		});
	const earlier = ask("s1", "call_1", "2026-01-01T10:00:00.000Z");
	const rows: [string, ReturnType<typeof ask>][] = [
		["another tool call", ask("s1", "call_2", "2026-01-01T10:00:05.000Z")],
		["another session's ask with the same id", ask("s2", "call_1", "2026-01-01T10:00:05.000Z")],
		["a later ask of the session reusing the id", ask("s1", "call_1", "2026-01-01T10:00:00.001Z")],
	];
	for (const [name, later] of rows) {
		it(`a late removal of an ask leaves ${name} that took its freed name`, () => {
			const path = save(1);
			const first = savePendingFile(cwd, earlier);
			expect(basename(first)).toBe("pending-questions-2.json");
			// Delivered and removed elsewhere; the next ask takes the freed number.
			fs.rmSync(first);
			expect(savePendingFile(cwd, later)).toBe(first);
			removePendingFile(first, earlier);
			expect(readPendingEntry(first)?.file?.request).toEqual(later.request);
			// Named by its own identity (or its tool call alone, where that is all the remover knows), it goes.
			removePendingFile(first, later);
			expect(fs.existsSync(first)).toBe(false);
			removePendingFile(path, { toolCallId: "call_1" });
			expect(fs.existsSync(path)).toBe(false);
		});
	}
	it("leaves a file that is not a pending file this package can read for the ask (broken, or another ask's)", () => {
		mkdirSync(join(cwd, ".pi"));
		const path = join(cwd, ".pi", "pending-questions.json");
		writeFileSync(path, "{not json");
		removePendingFile(path, { toolCallId: "call_1" });
		expect(fs.existsSync(path)).toBe(true);
	});

	it("removes a hand-written file that names no ask (the specification's Option B, matched by position)", () => {
		mkdirSync(join(cwd, ".pi"));
		const path = join(cwd, ".pi", "pending-questions.json");
		writeFileSync(path, JSON.stringify({ questions: [{ question: "Which database?", answer: "PostgreSQL" }] }));
		removePendingFile(path, { toolCallId: "call_1", sessionId: "s1", timestamp: "2026-01-01T10:00:00.000Z" });
		expect(fs.existsSync(path)).toBe(false);
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
