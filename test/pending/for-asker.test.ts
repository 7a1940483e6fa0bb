/**
 * Answers written into an MCP client's pending file for it: each answer lands on the question it answers, whatever
 * order the answers come in; nothing is dropped, nothing invented, an outcome that answers nothing writes nothing; the
 * line the person reads is in their language. Real files in a temp folder.
 */
import "../temp-agent-dir.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { normalizeArguments } from "../../src/core/normalize.js";
import type { Answer, AskOutcome } from "../../src/core/types.js";
import { validateRequest } from "../../src/core/validate.js";
import { de } from "../../src/i18n/cli/de.js";
import { writeForAsker } from "../../src/pending/for-asker.js";
import { createPendingFile, savePendingFile } from "../../src/pending/pending-file.js";

const ASKER = { kind: "mcp", client: "Claude Code" } as const;
const DATABASE: Answer = { question: "Which database?", answer: "SQLite", wasCustom: false, id: "db" };
const PORT: Answer = { question: "Which port?", answer: "8080", wasCustom: true, id: "port" };

let folder: string | undefined;
afterEach(() => {
	if (folder) rmSync(folder, { recursive: true, force: true });
});

function save(): string {
	folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-for-asker-"));
	const request = validateRequest(
		normalizeArguments({
			questions: [
				{ id: "db", question: "Which database?", options: ["PostgreSQL", "SQLite"] },
				{ id: "port", question: "Which port?" },
			],
		}),
	);
	const file = createPendingFile({ request, sessionId: "mcp-1", toolCallId: "ask-1", asker: ASKER, now: new Date() });
	return savePendingFile(folder, file);
}

const answersIn = (path: string): unknown[] =>
	JSON.parse(readFileSync(path, "utf8")).questions.map((question: { answer: unknown }) => question.answer);

const answered = (answers: Answer[]): Extract<AskOutcome, { kind: "answered" }> => ({ kind: "answered", answers });

describe("writeForAsker", () => {
	it.each([
		["in question order", [DATABASE, PORT]],
		["in another order", [PORT, DATABASE]],
		[
			"in another order, matched by text (no ids)",
			[
				{ ...PORT, id: undefined },
				{ ...DATABASE, id: undefined },
			],
		],
	])("answers given %s each land on their own question", (_name, answers) => {
		const path = save();
		expect(writeForAsker(path, "ask-1", ASKER, answered(answers))).toBe(
			"answered for Claude Code through pi-ask-anywhere mcp",
		);
		expect(answersIn(path)).toEqual(["SQLite", "8080"]);
	});

	it("one question answered, the other left out: the other stays unanswered", () => {
		const path = save();
		writeForAsker(path, "ask-1", ASKER, answered([PORT]));
		expect(answersIn(path)).toEqual([null, "8080"]);
	});

	it.each([
		["answers nothing", [], /no answer to any question of pending-questions.json/],
		[
			"answers a question that was not asked",
			[DATABASE, { ...PORT, id: undefined, question: "Which host?" }],
			/a question that was not asked \("Which host\?"\)/,
		],
		["answers one question twice", [DATABASE, { ...DATABASE, answer: "PostgreSQL" }], /two answers to one question/],
	])("an outcome that %s is refused and nothing is written", (_name, answers, message) => {
		const path = save();
		const before = readFileSync(path, "utf8");
		expect(() => writeForAsker(path, "ask-1", ASKER, answered(answers))).toThrow(message);
		expect(readFileSync(path, "utf8")).toBe(before);
	});

	it("a file answered already is not written again, and says whose answers they are", () => {
		const path = save();
		writeForAsker(path, "ask-1", ASKER, answered([DATABASE]));
		expect(() => writeForAsker(path, "ask-1", ASKER, answered([PORT]))).toThrow(
			"pending-questions.json is answered already; Claude Code takes those answers. Nothing was written",
		);
		expect(answersIn(path)).toEqual(["SQLite", null]);
	});

	it("says what it did in the person's language", () => {
		const path = save();
		expect(writeForAsker(path, "ask-1", ASKER, answered([DATABASE]), de.forAsker)).toBe(
			"für Claude Code über pi-ask-anywhere mcp beantwortet",
		);
		expect(() => writeForAsker(path, "ask-1", ASKER, answered([PORT]), de.forAsker)).toThrow(
			"pending-questions.json ist schon beantwortet",
		);
	});
});
