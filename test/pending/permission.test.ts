/** The one rule for answering a waiting ask, as a table: settled first, then another pi's claim, then where and whose. */
import { describe, expect, it } from "vitest";
import type { Claim } from "../../src/pending/claims.js";
import { type AskFacts, filledAnswersCount, mayAnswerHere } from "../../src/pending/permission.js";
import type { PendingVerdict } from "../../src/pending/trust.js";

const TRUSTED: PendingVerdict = { trusted: true };
const SETTLED: PendingVerdict = { trusted: false, kind: "settled" };
const ELSEWHERE: PendingVerdict = { trusted: false, kind: "elsewhere", folder: "/a" };
const FOREIGN: PendingVerdict = { trusted: false, kind: "unknown", because: "no-session-file" };
const CLAIM: Claim = { toolCallId: "call_1", host: "h", pid: 7, started: "1", at: 0 };
/** A live `pi-ask-anywhere mcp` holding its file for the ask. */
const SERVER: Claim = { ...CLAIM, holder: "mcp" };
/** The file's word that an MCP client asked it. */
const MARK = { kind: "mcp", client: "Claude Code" } as const;

const table: [string, AskFacts, string, boolean][] = [
	["this pi's file, free", { verdict: TRUSTED }, "answer", true],
	["this pi's file, held by another pi", { verdict: TRUSTED, heldBy: CLAIM }, "held", false],
	["this pi's file, answers written by a tool call", { verdict: TRUSTED, answersWrittenByTool: true }, "answer", false],
	["a foreign file (cloned with the repository)", { verdict: FOREIGN }, "answer", false],
	["a foreign file held by another pi", { verdict: FOREIGN, heldBy: CLAIM }, "held", false],
	[
		"a foreign file whose answers the person gave on the page",
		{ verdict: FOREIGN, answersGivenOnPage: true },
		"answer",
		true,
	],
	[
		"answers given on the page, then rewritten by a tool call",
		{ verdict: FOREIGN, answersGivenOnPage: true, answersWrittenByTool: true },
		"answer",
		false,
	],
	[
		"a file from another folder, answers given on the page",
		{ verdict: ELSEWHERE, answersGivenOnPage: true },
		"elsewhere",
		false,
	],
	["settled, answers given on the page", { verdict: SETTLED, answersGivenOnPage: true }, "settled", false],
	["settled anywhere", { verdict: SETTLED }, "settled", false],
	["settled, even while a claim lingers", { verdict: SETTLED, heldBy: CLAIM }, "settled", false],
	["asked in another folder", { verdict: ELSEWHERE }, "elsewhere", false],
	["asked in another folder and held", { verdict: ELSEWHERE, heldBy: CLAIM }, "held", false],
	// An MCP client's ask: written into the file for its server, never delivered here.
	["an MCP client's file its server holds", { verdict: FOREIGN, asker: MARK, heldBy: SERVER }, "for-asker", false],
	[
		"an MCP client's file its server holds, answers given on the page",
		{ verdict: FOREIGN, asker: MARK, heldBy: SERVER, answersGivenOnPage: true },
		"for-asker",
		false,
	],
	["an MCP client's file nobody holds", { verdict: FOREIGN, asker: MARK }, "asker-gone", false],
	[
		"an MCP client's file nobody holds, answers given on the page",
		{ verdict: FOREIGN, asker: MARK, answersGivenOnPage: true },
		"asker-gone",
		false,
	],
	["an MCP client's file a pi's dialog holds", { verdict: FOREIGN, asker: MARK, heldBy: CLAIM }, "held", false],
	["an MCP client's file, settled", { verdict: SETTLED, asker: MARK, heldBy: SERVER }, "settled", false],
	// The mark is the file's own word: it never diverts pi's own ask, nor makes a file nobody marked the server's.
	["a mark on this pi's own file is ignored", { verdict: TRUSTED, asker: MARK }, "answer", true],
	["a mark on this pi's own file, held by a server", { verdict: TRUSTED, asker: MARK, heldBy: SERVER }, "held", false],
	["a server's claim on an unmarked file", { verdict: FOREIGN, heldBy: SERVER }, "held", false],
];

describe("mayAnswerHere", () => {
	it.each(table)("%s", (_name, facts, kind, filled) => {
		const permission = mayAnswerHere(facts);
		expect(permission.kind).toBe(kind);
		expect(filledAnswersCount(permission)).toBe(filled);
	});

	it("says why the filled-in answers are ignored", () => {
		expect(mayAnswerHere({ verdict: FOREIGN })).toMatchObject({ because: "not-this-pi" });
		expect(mayAnswerHere({ verdict: TRUSTED, answersWrittenByTool: true })).toMatchObject({
			because: "written-by-tool",
		});
	});

	it("names the MCP client an answer is written for, and the server holding it", () => {
		expect(mayAnswerHere({ verdict: FOREIGN, asker: MARK, heldBy: SERVER })).toEqual({
			kind: "for-asker",
			asker: MARK,
			holder: SERVER,
		});
		expect(mayAnswerHere({ verdict: FOREIGN, asker: MARK })).toEqual({ kind: "asker-gone", asker: MARK });
	});
});
