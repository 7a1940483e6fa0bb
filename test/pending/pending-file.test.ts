/** The pending file on disk: atomic, owner-only, never overwritten, never written through a symlink. */

import * as fs from "node:fs";
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveQuestionsForLater } from "../../src/modes/print.js";
import {
	createPendingFile,
	formatPendingQuestions,
	listPendingFiles,
	PendingFileError,
	type PendingWriteFs,
	parsePendingFile,
	savePendingFile,
} from "../../src/pending/pending-file.js";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-pending-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(question = "Which database?") {
	return createPendingFile({
		request: { questions: [{ question, options: [{ label: "SQLite", description: "small" }] }] },
		sessionId: "s1",
		toolCallId: "call_1",
		task: "set up",
		now: new Date("2026-02-04T22:16:32Z"),
	});
}

describe("saving", () => {
	it("writes the spec's shape with owner-only permissions and leaves no temp file", () => {
		const path = savePendingFile(dir, file());
		expect(path).toBe(join(dir, ".pi/pending-questions.json"));
		expect(statSync(path).mode & 0o777).toBe(0o600);
		expect(statSync(join(dir, ".pi")).mode & 0o777).toBe(0o700);
		const data = JSON.parse(readFileSync(path, "utf8"));
		expect(data).toMatchObject({
			version: 1,
			sessionId: "s1",
			timestamp: "2026-02-04T22:16:32.000Z",
			questions: [
				{ question: "Which database?", options: ["SQLite"], optionDescriptions: { SQLite: "small" }, answer: null },
			],
		});
		expect(listPendingFiles(dir).map((e) => e.path)).toEqual([path]);
		expect(readFileSync(path, "utf8")).not.toContain(".tmp");
	});

	it("never overwrites: many saves in a row each claim their own file", () => {
		const paths = Array.from({ length: 20 }, (_, i) => savePendingFile(dir, file(`Q${i}?`)));
		expect(new Set(paths).size).toBe(20);
		expect(
			listPendingFiles(dir)
				.map((e) => e.file?.questions[0]?.question)
				.sort(),
		).toEqual(Array.from({ length: 20 }, (_, i) => `Q${i}?`).sort());
	});

	it("lists oldest first, and of files written at one time the older name (the lower number) first", () => {
		const at = (question: string, iso: string) => ({ ...file(question), timestamp: iso });
		savePendingFile(dir, at("Later?", "2026-01-01T10:00:01.000Z"));
		savePendingFile(dir, at("First?", "2026-01-01T10:00:00.000Z"));
		savePendingFile(dir, at("Second?", "2026-01-01T10:00:00.000Z"));
		expect(listPendingFiles(dir).map((e) => e.file?.questions[0]?.question)).toEqual(["First?", "Second?", "Later?"]);
	});

	it("does not follow a symlink planted at the pending path", () => {
		mkdirSync(join(dir, ".pi"));
		const victim = join(dir, "victim.txt");
		writeFileSync(victim, "precious");
		symlinkSync(victim, join(dir, ".pi/pending-questions.json"));
		const path = savePendingFile(dir, file());
		expect(path).toBe(join(dir, ".pi/pending-questions-2.json"));
		expect(readFileSync(victim, "utf8")).toBe("precious");
		// A symlink is never listed as a pending file either.
		expect(listPendingFiles(dir).map((e) => e.path)).toEqual([path]);
	});

	it("refuses a .pi folder that is a symlink", () => {
		const elsewhere = join(dir, "elsewhere");
		mkdirSync(elsewhere);
		symlinkSync(elsewhere, join(dir, ".pi"));
		expect(() => savePendingFile(dir, file())).toThrow(/is a symlink; refusing/);
		expect(existsSync(join(elsewhere, "pending-questions.json"))).toBe(false);
	});

	it("a writer that crashed mid-write leaves only a temp file, which is never read as pending", () => {
		const path = savePendingFile(dir, file());
		const before = readFileSync(path, "utf8");
		writeFileSync(join(dir, ".pi/.pending-999-abc.tmp"), '{"version":1,"questions":[');
		expect(listPendingFiles(dir).map((e) => e.path)).toEqual([path]);
		expect(readFileSync(path, "utf8")).toBe(before);
	});
});

describe("a disk that fills up while saving", () => {
	it("fails with one clear error and leaves no .pending-*.tmp behind", () => {
		const full: PendingWriteFs = {
			...fs,
			writeSync: () => {
				throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
			},
		};
		expect(() => savePendingFile(dir, file(), full)).toThrow(PendingFileError);
		expect(() => savePendingFile(dir, file(), full)).toThrow(/cannot write in .*\.pi: ENOSPC: no space left on device/);
		expect(fs.readdirSync(join(dir, ".pi"))).toEqual([]);
	});

	it("keeps writing after a short write, so a slow disk still gets the whole file", () => {
		const short: PendingWriteFs = {
			...fs,
			writeSync: ((fd: number, buffer: Buffer, offset: number) =>
				fs.writeSync(fd, buffer, offset, Math.min(7, buffer.length - offset))) as PendingWriteFs["writeSync"],
		};
		const path = savePendingFile(dir, file(), short);
		expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({ toolCallId: "call_1" });
	});

	it("print mode shows the questions and why they could not be saved", () => {
		const full: PendingWriteFs = {
			...fs,
			writeSync: () => {
				throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
			},
		};
		const printed = saveQuestionsForLater(dir, file(), full);
		expect(printed.saved).toBe(false);
		expect(printed.terminalText).toContain("could not be saved");
		expect(printed.terminalText).toContain("no space left on device");
		expect(printed.terminalText).toContain("Which database?");
		expect(fs.readdirSync(join(dir, ".pi"))).toEqual([]);
	});
});

describe("reading", () => {
	it("refuses a file from a newer version clearly instead of misreading it", () => {
		const text = JSON.stringify({ ...file(), version: 2 });
		expect(() => parsePendingFile(text, "/p/.pi/pending-questions.json")).toThrow(
			"pending-questions.json has version 2, newer than this pi-ask-anywhere understands (1)",
		);
	});

	it("names the file and the problem for a hand-broken file", () => {
		expect(() => parsePendingFile("{ nope", "/p/.pi/pending-questions.json")).toThrow(PendingFileError);
		expect(() => parsePendingFile("{ nope", "/p/.pi/pending-questions.json")).toThrow(
			/pending-questions.json is not valid JSON/,
		);
		const extra = { ...file(), questions: [...file().questions, { question: "new?", answer: "x" }] };
		expect(() => parsePendingFile(JSON.stringify(extra), "/p/.pi/pending-questions.json")).toThrow(
			/"questions" has 2 entries but 1 were asked/,
		);
		const badAnswer = { ...file(), questions: [{ question: "Which database?", answer: 5 }] };
		expect(() => parsePendingFile(JSON.stringify(badAnswer), "/p/.pi/pending-questions.json")).toThrow(
			/questions\[0\]\.answer must be a string/,
		);
	});

	it("makes what it shows safe for a terminal: the fields around the questions and its own error messages", () => {
		const planted = {
			...file(),
			sessionId: "\u001b]8;;https://evil/\u0007s1",
			timestamp: "2026\u001b]52;c;aGk=\u0007",
			sessionFile: "/x\u009b2J.jsonl",
			task: "set up\u202e the service",
		};
		const read = parsePendingFile(JSON.stringify(planted), "/p/.pi/pending-questions.json");
		expect([read.sessionId, read.timestamp, read.sessionFile, read.task]).toEqual([
			"s1",
			"2026",
			"/x.jsonl",
			"set up the service",
		]);
		let message = "";
		try {
			parsePendingFile("\u001b]52;c;aGk=\u0007", "/p/.pi/pending-questions.json");
		} catch (error) {
			message = (error as Error).message;
		}
		expect(message).toContain("pending-questions.json is not valid JSON");
		expect(message).not.toContain("\u001b");
	});

	it("reads an MCP client's mark as untrusted input: only its own shape, the name made safe and short", () => {
		const read = (asker: unknown) =>
			parsePendingFile(JSON.stringify({ ...file(), asker }), "/p/.pi/pending-questions.json").asker;
		expect(read({ kind: "mcp", client: "Claude Code" })).toEqual({ kind: "mcp", client: "Claude Code" });
		expect(read({ kind: "mcp", client: "\u001b]52;c;aGk=\u0007Codex\u202e" })).toEqual({
			kind: "mcp",
			client: "Codex",
		});
		expect(read({ kind: "mcp", client: "x".repeat(500) })?.client).toHaveLength(100);
		for (const broken of [
			{ kind: "pi", client: "x" },
			{ kind: "mcp" },
			{ kind: "mcp", client: " " },
			"mcp",
			[1],
			null,
		]) {
			expect(read(broken)).toBeUndefined();
		}
	});
});

describe("showing the questions", () => {
	it("shows the model's context for the person under its question, sanitised", () => {
		const withContext = createPendingFile({
			request: {
				questions: [
					{ question: "Which database?", context: "We need **transactions**.\nSee docs/db.md\u001b]52;c;Zm9v\u0007" },
					{ question: "Name?" },
				],
			},
			sessionId: "s1",
			toolCallId: "call_1",
			now: new Date("2026-02-04T22:16:32Z"),
		});
		expect(formatPendingQuestions(withContext)).toBe(
			"1. Which database?\n   We need **transactions**.\n   See docs/db.md\n2. Name?",
		);
	});
});
