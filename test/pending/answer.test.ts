/**
 * The one way to answer a waiting ask (pending/answer.ts), as a table over real files in a temp folder: who answers
 * (the page, a tap, pi for an MCP client), what the one rule says, what is written and which `given` fact names who.
 */
import "../temp-agent-dir.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { normalizeArguments } from "../../src/core/normalize.js";
import { validateRequest } from "../../src/core/validate.js";
import { type AnswerDeps, type AnsweredBy, answerWaitingAsk } from "../../src/pending/answer.js";
import type { Claim } from "../../src/pending/claims.js";
import { answersFingerprint, type GivenRecord } from "../../src/pending/given-for-asker.js";
import { createPendingFile, type PendingFile, savePendingFile } from "../../src/pending/pending-file.js";
import type { PendingVerdict } from "../../src/pending/trust.js";

const TRUSTED: PendingVerdict = { trusted: true };
const SETTLED: PendingVerdict = { trusted: false, kind: "settled" };
const ELSEWHERE: PendingVerdict = { trusted: false, kind: "elsewhere", folder: "/a" };
const FOREIGN: PendingVerdict = { trusted: false, kind: "unknown", because: "no-session-file" };
const PI: Claim = { toolCallId: "call_1", host: "h", pid: 7, started: "1", at: 0 };
const SERVER: Claim = { ...PI, holder: "mcp" };
const MARK = { kind: "mcp", client: "Claude Code" } as const;

let folder: string | undefined;
afterEach(() => {
	if (folder) rmSync(folder, { recursive: true, force: true });
});

function save(options: { answer?: string; asker?: typeof MARK } = {}): { path: string; file: PendingFile } {
	folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-answer-"));
	const request = validateRequest(normalizeArguments({ questions: [{ question: "Which database?" }] }));
	const created = createPendingFile({
		request,
		sessionId: "s1",
		toolCallId: "call_1",
		now: new Date(),
		...(options.asker ? { asker: options.asker } : {}),
	});
	const file = { ...created, questions: created.questions.map((q) => ({ ...q, answer: options.answer ?? null })) };
	return { path: savePendingFile(folder, file), file };
}

const answerIn = (path: string): unknown => JSON.parse(readFileSync(path, "utf8")).questions[0].answer;

/** Records what each record was given, so that a row can say which `given` fact was made. */
function recorded(verdict: PendingVerdict, holder?: Claim) {
	const facts: string[] = [];
	const given: GivenRecord = {
		agentDir: process.env.PI_CODING_AGENT_DIR ?? "",
		given: () => undefined,
		give: (to) => void facts.push(to),
	};
	const deps: AnswerDeps = {
		judge: () => verdict,
		heldElsewhere: () => holder,
		given,
		wrote: () => void facts.push("file"),
	};
	return { deps, facts };
}

describe("answerWaitingAsk", () => {
	const rows: [string, AnsweredBy, PendingVerdict, Claim | undefined, object, string | null, string[]][] = [
		["the page, this pi's file", "page", TRUSTED, undefined, { kind: "written" }, "SQLite", ["file"]],
		["a tap, this pi's file", "tap", TRUSTED, undefined, { kind: "written" }, "SQLite", ["file"]],
		["a tap, a foreign file", "tap", FOREIGN, undefined, { refusal: { kind: "not-yours" } }, null, []],
		["the page, a foreign file unconfirmed", "page", FOREIGN, undefined, { refusal: { kind: "confirm" } }, null, []],
		["the page, a settled ask", "page", SETTLED, undefined, { refusal: { kind: "settled" } }, null, []],
		["a tap, another folder's ask", "tap", ELSEWHERE, undefined, { refusal: { kind: "elsewhere" } }, null, []],
		[
			"the page, held by another pi",
			"page",
			TRUSTED,
			PI,
			{ kind: "refused", refusal: { kind: "held", holder: PI } },
			null,
			[],
		],
	];
	it.each(rows)("%s", (_name, by, verdict, holder, result, answer, facts) => {
		const ask = save();
		const { deps, facts: made } = recorded(verdict, holder);
		expect(answerWaitingAsk(ask, { by, answers: () => ["SQLite"] }, deps)).toMatchObject(result);
		expect(answerIn(ask.path)).toBe(answer);
		expect(made).toEqual(facts);
	});

	it("the page, a foreign file confirmed: its own answers are written over and the person's recorded as given there", () => {
		const ask = save({ answer: "planted" });
		const { deps, facts } = recorded(FOREIGN);
		const result = answerWaitingAsk(ask, { by: "page", confirmed: true, answers: () => ["SQLite"] }, deps);
		expect(result).toEqual({ kind: "written" });
		expect(answerIn(ask.path)).toBe("SQLite");
		expect(facts).toEqual(["page"]);
	});

	it("the first answer wins: this pi's file already answered is never written over, nor are answers read", () => {
		const ask = save({ answer: "PostgreSQL" });
		const { deps, facts } = recorded(TRUSTED);
		const answers = () => {
			throw new Error("answers read for a file answered already");
		};
		expect(answerWaitingAsk(ask, { by: "page", answers }, deps)).toEqual({ kind: "answered-already" });
		expect(answerIn(ask.path)).toBe("PostgreSQL");
		expect(facts).toEqual([]);
	});

	it("answers that answer nothing, and answers the caller finds invalid, write nothing", () => {
		const ask = save();
		const { deps } = recorded(TRUSTED);
		expect(answerWaitingAsk(ask, { by: "page", answers: () => [null] }, deps)).toMatchObject({
			refusal: { kind: "no-answer" },
		});
		expect(answerWaitingAsk(ask, { by: "page", answers: () => ({ invalid: "bad" }) }, deps)).toEqual({
			kind: "invalid",
			invalid: "bad",
		});
		expect(answerIn(ask.path)).toBe(null);
	});

	it("an MCP client's file its server holds: the page writes for the client, recorded first; a tap leaves it to the server", () => {
		const ask = save({ asker: MARK });
		const { deps, facts } = recorded(FOREIGN, SERVER);
		expect(answerWaitingAsk(ask, { by: "tap", answers: () => ["SQLite"] }, deps)).toMatchObject({
			refusal: { kind: "held" },
		});
		expect(answerIn(ask.path)).toBe(null);
		expect(answerWaitingAsk(ask, { by: "page", answers: () => ["SQLite"] }, deps)).toEqual({
			kind: "written",
			forAsker: MARK,
		});
		expect(answerIn(ask.path)).toBe("SQLite");
		expect(facts).toEqual(["asker"]);
	});

	it("an MCP client's file whose server reads its answers in another agent folder: refused, nothing recorded or written", () => {
		const ask = save({ asker: MARK });
		const { deps, facts } = recorded(FOREIGN, { ...SERVER, records: "/another/agent" });
		expect(answerWaitingAsk(ask, { by: "page", answers: () => ["SQLite"] }, deps)).toEqual({
			kind: "refused",
			refusal: { kind: "records-elsewhere", serverFolder: "/another/agent", agentDir: deps.given?.agentDir },
			forAsker: MARK,
		});
		expect(answerIn(ask.path)).toBe(null);
		expect(facts).toEqual([]);
	});

	it("an MCP client's file nobody holds is answered nowhere", () => {
		const ask = save({ asker: MARK });
		const { deps } = recorded(FOREIGN);
		expect(answerWaitingAsk(ask, { by: "page", answers: () => ["SQLite"] }, deps)).toMatchObject({
			refusal: { kind: "asker-gone", asker: MARK },
		});
		expect(answerIn(ask.path)).toBe(null);
	});

	it("the fact recorded for a confirmed foreign file is the fingerprint of the answers as written", () => {
		const ask = save();
		const given: string[] = [];
		const deps: AnswerDeps = {
			judge: () => FOREIGN,
			heldElsewhere: () => undefined,
			given: { agentDir: "", given: () => undefined, give: (_, file) => void given.push(answersFingerprint(file)) },
		};
		answerWaitingAsk(ask, { by: "page", confirmed: true, answers: () => ["SQLite"] }, deps);
		const written = JSON.parse(readFileSync(ask.path, "utf8")) as PendingFile;
		expect(given).toEqual([answersFingerprint({ ...ask.file, questions: written.questions })]);
	});
});
