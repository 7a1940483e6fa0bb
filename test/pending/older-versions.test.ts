/**
 * Pending files written by earlier releases stay readable: the fixture holds what version 1 (this
 * repository in November 2026) wrote for the spec's example (indented by the formatter), so a later format change
 * that stops reading such files fails here.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateRequest } from "../../src/core/validate.js";
import { editedAnswers } from "../../src/lifecycle/edited-answers.js";
import { answersFromPendingFile } from "../../src/pending/delivery.js";
import { listPendingFiles, parsePendingFile, readPendingText } from "../../src/pending/pending-file.js";
import { SPEC_EXAMPLE } from "../fixtures.js";

const FIXTURE = join(import.meta.dirname, "fixtures", "pending-questions-v1.json");

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-older-"));
	mkdirSync(join(cwd, ".pi"));
	copyFileSync(FIXTURE, join(cwd, ".pi", "pending-questions.json"));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

/** The fixture's text with these answers filled in. */
function answered(...answers: (string | null)[]): string {
	const data = JSON.parse(readFileSync(FIXTURE, "utf8"));
	data.questions.forEach((q: { answer: unknown }, i: number) => {
		q.answer = answers[i] ?? null;
	});
	return JSON.stringify(data, null, 2);
}

describe("a version 1 pending file", () => {
	it("is read, listed and parsed with its request, task and session", () => {
		const path = join(cwd, ".pi", "pending-questions.json");
		expect(readPendingText(cwd, path)?.kind).toBe("readable");
		const [entry] = listPendingFiles(cwd);
		expect(entry?.error).toBeUndefined();
		expect(entry?.file?.version).toBe(1);
		expect(entry?.file?.request).toEqual(validateRequest(SPEC_EXAMPLE));
		expect(entry?.file?.task).toBe("set up the service");
		expect(entry?.file?.toolCallId).toBe("call_mwuenjab_0");
	});

	it("gives the answers filled into it, whole (edited JSON) and by position (the session's ask)", () => {
		const text = answered("SQLite", "order-processor");
		const file = parsePendingFile(text, ".pi/pending-questions.json");
		const outcome = answersFromPendingFile(file, undefined, "the file");
		expect(outcome?.answers.map((a) => a.answer)).toEqual(["SQLite", "order-processor"]);
		const edited = editedAnswers(text, ".pi/pending-questions.json", file.toolCallId, file.request.questions);
		expect(edited.kind === "answered" && edited.outcome.answers.map((a) => a.answer)).toEqual([
			"SQLite",
			"order-processor",
		]);
	});
});
