/**
 * The fingerprint of a pending file's answers binds them to the whole ask: the same call id and answers for another
 * question, other options, another session or another time never match a record made for the ask the person answered,
 * and the fingerprint the writers record is the one the readers compute from the file's text. Real files in temp folders.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AskRequest, Question } from "../../src/core/types.js";
import { validateRequest } from "../../src/core/validate.js";
import { answersFingerprint, givenRecord } from "../../src/pending/given-for-asker.js";
import {
	createPendingFile,
	type PendingFile,
	savePendingFile,
	writePendingAnswers,
} from "../../src/pending/pending-file.js";
import { answersInText } from "../../src/records/store.js";

const folders: string[] = [];
afterEach(() => {
	for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(): string {
	const folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-fingerprint-"));
	folders.push(folder);
	return folder;
}

const TESTS: Question = {
	question: "Run the test suite first?",
	header: "Tests",
	options: [{ label: "Yes" }, { label: "No" }],
};

/** A file as pi reads it back from its text, asking `question` with id `call_0` and answered "Yes". */
function answered(question: Question, more: Partial<PendingFile> = {}): PendingFile {
	const file = createPendingFile({
		request: validateRequest({ questions: [question] }),
		sessionId: "session-1",
		toolCallId: "call_0",
		task: "set up",
		now: new Date("2026-01-01T10:00:00.000Z"),
	});
	const filled = { ...file, ...more, questions: file.questions.map((q) => ({ ...q, answer: "Yes" })) };
	const read = answersInText(JSON.stringify(filled));
	if (!read) throw new Error("the file does not parse");
	return read as PendingFile;
}

describe("answersFingerprint", () => {
	it("differs for the same id and answers when anything of the ask differs", () => {
		const base = answered(TESTS);
		const others = [
			answered({ ...TESTS, question: "Drop the production database?" }),
			answered({ ...TESTS, header: "Danger" }),
			answered({ ...TESTS, options: [{ label: "Yes" }, { label: "Never" }] }),
			answered({ ...TESTS, options: [{ label: "Yes", description: "drops every table" }, { label: "No" }] }),
			answered({ ...TESTS, options: [{ label: "Yes", preview: "DROP DATABASE prod;" }, { label: "No" }] }),
			answered({ ...TESTS, id: "drop" }),
			answered({ ...TESTS, multiSelect: true }),
			answered(TESTS, { sessionId: "another-session" }),
			answered(TESTS, { timestamp: "2026-01-02T10:00:00.000Z" }),
			answered(TESTS, { task: "drop the database" }),
		];
		const prints = [base, ...others].map(answersFingerprint);
		expect(new Set(prints).size).toBe(prints.length);
		// The same id and answers in each: only the ask tells them apart.
		for (const other of others) {
			expect(other.toolCallId).toBe(base.toolCallId);
			expect(other.questions.map((q) => q.answer)).toEqual(base.questions.map((q) => q.answer));
		}
	});

	it("differs for another answer, and is the same for the same ask written with its keys in another order", () => {
		const base = answered(TESTS);
		const no = { ...base, questions: base.questions.map((q) => ({ ...q, answer: "No" })) };
		expect(answersFingerprint(no)).not.toBe(answersFingerprint(base));
		const reordered = Object.fromEntries(Object.entries(JSON.parse(JSON.stringify(base))).reverse());
		const read = answersInText(JSON.stringify(reordered));
		expect(read && answersFingerprint(read)).toBe(answersFingerprint(base));
	});

	it("recorded by the writer for the ask it read is the one a reader computes from the text written", () => {
		const cwd = tempFolder();
		const request: AskRequest = validateRequest({
			questions: [
				{
					id: "db",
					question: "Which database — Postgres or SQLite?",
					header: "DB",
					options: [
						{ label: "PostgreSQL", description: "the server", preview: "```sql\nSELECT 1;\n```" },
						{ label: "SQLite" },
					],
				},
				{ question: "Which features?", options: [{ label: "auth" }, { label: "billing" }], multiSelect: true },
				{ question: "Name the service?" },
			],
			metadata: { source: "unit" },
		});
		const created = createPendingFile({
			request,
			sessionId: "s-\u202eevil",
			toolCallId: "call_7",
			task: "set up\tthe service",
			now: new Date(),
		});
		const path = savePendingFile(cwd, created);
		const shown = answersInText(readFileSync(path, "utf8"));
		if (!shown) throw new Error("the saved file does not parse");
		const answers = ["SQLite", ["auth", "billing"], null];
		expect(writePendingAnswers(path, "call_7", answers)).toBe("written");
		// As the page and pi record the answers: the file they read, with the answers they wrote.
		const recorded = { ...shown, questions: shown.questions.map((q, i) => ({ ...q, answer: answers[i] ?? null })) };
		const written = answersInText(readFileSync(path, "utf8"));
		expect(written && answersFingerprint(written)).toBe(answersFingerprint(recorded));
	});
});

describe("givenRecord", () => {
	it("holds the answers for the ask recorded, never for another ask with the same id and answers", () => {
		const record = givenRecord(tempFolder());
		const given = (file: typeof base) => record.given("asker", file) !== undefined;
		const base = answered(TESTS);
		expect(given(base)).toBe(false);
		record.give("asker", base);
		expect(given(base)).toBe(true);
		expect(given(answered({ ...TESTS, question: "Drop the production database?" }))).toBe(false);
		expect(given(answered(TESTS, { sessionId: "another-session" }))).toBe(false);
	});
});
