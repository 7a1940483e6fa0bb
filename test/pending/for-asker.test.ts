/**
 * Answers written into an MCP client's pending file for it: each answer lands on the question it answers, whatever
 * order the answers come in; nothing is dropped, nothing invented, an outcome that answers nothing writes nothing; the
 * line the person reads is in their language. Real files in a temp folder.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { normalizeArguments } from "../../src/core/normalize.js";
import type { Answer, AskOutcome } from "../../src/core/types.js";
import { validateRequest } from "../../src/core/validate.js";
import { de } from "../../src/i18n/cli/de.js";
import { type Claim, type ClaimsDeps, createClaims } from "../../src/pending/claims.js";
import { writeForAsker } from "../../src/pending/for-asker.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import { createPendingFile, savePendingFile } from "../../src/pending/pending-file.js";
import type { PendingVerdict } from "../../src/pending/trust.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

/** This user's record, in the agent folder the test runs with (its MCP server reads the same one). */
const GIVEN = givenRecord(TEST_AGENT_DIR as string);
const ASKER = { kind: "mcp", client: "Claude Code" } as const;
/** What the rule's verdict says of an MCP client's file: no session of this user's pi asked it. */
const MCP_FILE = (): PendingVerdict => ({ trusted: false, kind: "unknown", because: "no-session-file" });
/** The client's server holds its file (a live claim, as pending/claims.ts reads it). */
const HELD = (): Claim => ({ toolCallId: "ask-1", host: "h", pid: 7, started: "1", at: 0, holder: "mcp" });
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
		expect(
			writeForAsker({ path }, "ask-1", ASKER, answered(answers), {
				judge: MCP_FILE,
				heldElsewhere: HELD,
				given: GIVEN,
			}),
		).toBe("answered for Claude Code through pi-ask-anywhere mcp");
		expect(answersIn(path)).toEqual(["SQLite", "8080"]);
	});

	it("one question answered, the other left out: the other stays unanswered", () => {
		const path = save();
		writeForAsker({ path }, "ask-1", ASKER, answered([PORT]), { judge: MCP_FILE, heldElsewhere: HELD, given: GIVEN });
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
		expect(() =>
			writeForAsker({ path }, "ask-1", ASKER, answered(answers), {
				judge: MCP_FILE,
				heldElsewhere: HELD,
				given: GIVEN,
			}),
		).toThrow(message);
		expect(readFileSync(path, "utf8")).toBe(before);
	});

	it("a file answered already is not written again, and says whose answers they are", () => {
		const path = save();
		writeForAsker({ path }, "ask-1", ASKER, answered([DATABASE]), {
			judge: MCP_FILE,
			heldElsewhere: HELD,
			given: GIVEN,
		});
		expect(() =>
			writeForAsker({ path }, "ask-1", ASKER, answered([PORT]), { judge: MCP_FILE, heldElsewhere: HELD, given: GIVEN }),
		).toThrow("pending-questions.json is answered already; Claude Code takes those answers. Nothing was written");
		expect(answersIn(path)).toEqual(["SQLite", null]);
	});

	it("a file no longer marked as the client's is nobody's to answer for it: refused, named as the person knows it", () => {
		const path = save();
		const { asker: _mark, ...unmarked } = JSON.parse(readFileSync(path, "utf8"));
		writeFileSync(path, JSON.stringify(unmarked));
		const before = readFileSync(path, "utf8");
		expect(() =>
			writeForAsker({ path, shown: ".pi/pending-questions.json" }, "ask-1", ASKER, answered([DATABASE]), {
				judge: MCP_FILE,
				heldElsewhere: () => undefined,
				given: GIVEN,
			}),
		).toThrow(/^\.pi\/pending-questions\.json holds questions Claude Code asked .*nothing was sent or written/);
		expect(readFileSync(path, "utf8")).toBe(before);
	});

	it("says what it did in the person's language", () => {
		const path = save();
		expect(
			writeForAsker(
				{ path },
				"ask-1",
				ASKER,
				answered([DATABASE]),
				{ judge: MCP_FILE, heldElsewhere: HELD, given: GIVEN },
				de,
			),
		).toBe("für Claude Code über pi-ask-anywhere mcp beantwortet");
		expect(() =>
			writeForAsker(
				{ path },
				"ask-1",
				ASKER,
				answered([PORT]),
				{ judge: MCP_FILE, heldElsewhere: HELD, given: GIVEN },
				de,
			),
		).toThrow("pending-questions.json ist schon beantwortet");
	});
});

describe("the MCP server lets go of the ask before the person's answers are written", () => {
	// Two processes on one host: the server that holds the client's file, and the pi that answers it.
	const server = { pid: 101, started: "1" };
	const pi = { pid: 202, started: "2" };
	const deps = (self: typeof server, alive: () => (typeof server)[]): ClaimsDeps => ({
		host: "here",
		self,
		now: Date.now,
		isRunning: (p) => alive().some((a) => a.pid === p.pid && a.started === p.started),
		every: () => () => {},
		onExit: () => {},
	});

	it("while it holds the ask, the answers are written for its client", () => {
		const path = save();
		const running = [server, pi];
		createClaims({ ...deps(server, () => running), holder: "mcp", records: process.env.PI_CODING_AGENT_DIR }).claim(
			path,
			"ask-1",
		);
		const piClaims = createClaims(deps(pi, () => running));
		expect(
			writeForAsker({ path }, "ask-1", ASKER, answered([DATABASE]), {
				judge: MCP_FILE,
				heldElsewhere: piClaims.heldElsewhere,
				given: GIVEN,
			}),
		).toBe("answered for Claude Code through pi-ask-anywhere mcp");
		expect(answersIn(path)).toEqual(["SQLite", null]);
	});

	it.each([
		["it removed its claim (its client went away, the server ended)", "released"],
		["its process ended without removing its claim", "died"],
	])("%s: nothing is written and the person is not told the client has the answers", (_name, how) => {
		const path = save();
		let running = [server, pi];
		const serverClaims = createClaims({
			...deps(server, () => running),
			holder: "mcp",
			records: process.env.PI_CODING_AGENT_DIR,
		});
		const piClaims = createClaims(deps(pi, () => running));
		const release = serverClaims.claim(path, "ask-1");
		expect(piClaims.heldElsewhere(path, "ask-1")).toMatchObject({ holder: "mcp" });
		// The dialog was opened while the server held the ask; it lets go before the person's answer is written.
		if (how === "released") release?.();
		else running = [pi];
		const before = readFileSync(path, "utf8");
		expect(() =>
			writeForAsker({ path }, "ask-1", ASKER, answered([DATABASE]), {
				judge: MCP_FILE,
				heldElsewhere: piClaims.heldElsewhere,
				given: GIVEN,
			}),
		).toThrow("no pi-ask-anywhere mcp waits for their answers now: nothing was sent or written");
		expect(readFileSync(path, "utf8")).toBe(before);
	});
});
