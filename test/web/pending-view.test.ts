/**
 * Which pending files are a live ask's own questions (shown once, as the live ask); an MCP client's file answered from
 * the page for that client; a file another pi takes while the page is answering it.
 */

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { normalizeArguments } from "../../src/core/normalize.js";
import { validateRequest } from "../../src/core/validate.js";
import { type Claim, createClaims } from "../../src/pending/claims.js";
import { writeForAsker } from "../../src/pending/for-asker.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import { createPendingFile, removePendingFile, savePendingFile } from "../../src/pending/pending-file.js";
import type { LiveAsk } from "../../src/remote/live-asks.js";
import type { WireQuestion } from "../../src/remote/protocol.js";
import { answerPendingFile, filesOfLiveAsks, listPendingViews, type PendingView } from "../../src/web/pending-view.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

/** This user's record, in the agent folder the test runs with. */
const GIVEN = givenRecord(TEST_AGENT_DIR as string);

const question = (text: string): WireQuestion => ({ question: text, header: "", options: [], multiSelect: false });

const view = (name: string, sessionId: string, text: string): PendingView => ({
	name,
	sessionId,
	toolCallId: `call-${name}`,
	questions: [question(text)],
	trusted: true,
	filled: false,
});

const ask = (id: string, sessionKey: string, text: string): LiveAsk => ({
	id,
	agentId: "pi",
	sessionKey,
	questions: [question(text)],
	accepts: { exact: true, notes: true, closes: true, images: false, source: true },
	askedAt: 0,
});

describe("filesOfLiveAsks", () => {
	it.each([
		["the same session and questions", [view("a.json", "s1", "Name?")], [ask("1", "s1", "Name?")], ["a.json"]],
		["another session", [view("a.json", "s1", "Name?")], [ask("1", "s2", "Name?")], []],
		["other questions", [view("a.json", "s1", "Name?")], [ask("1", "s1", "Port?")], []],
		["no live ask", [view("a.json", "s1", "Name?")], [], []],
		[
			"one file per ask, two files with the same questions",
			[view("a.json", "s1", "Name?"), view("b.json", "s1", "Name?")],
			[ask("1", "s1", "Name?")],
			["a.json"],
		],
	])("%s", (_name, views, asks, names) => {
		expect([...filesOfLiveAsks(views, asks)]).toEqual(names);
	});
});

describe("an MCP client's pending file on the page", () => {
	let folder: string | undefined;
	afterEach(() => {
		if (folder) rmSync(folder, { recursive: true, force: true });
	});
	const FOREIGN = { trusted: false, kind: "unknown", because: "no-session-file" } as const;
	const SERVER: Claim = { toolCallId: "ask-1", host: "h", pid: 7, started: "1", at: 0, holder: "mcp" };

	function save(): string {
		folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-page-mcp-"));
		const request = validateRequest(
			normalizeArguments({ questions: [{ question: "Which database?", options: ["PostgreSQL", "SQLite"] }] }),
		);
		const file = createPendingFile({
			request,
			sessionId: "mcp-1234abcd",
			toolCallId: "ask-1",
			asker: { kind: "mcp", client: "Claude Code" },
			now: new Date(),
		});
		return savePendingFile(folder, file);
	}
	const answer = {
		name: "pending-questions.json",
		toolCallId: "ask-1",
		answers: [{ chosen: ["SQLite"], typed: "", note: "" }],
		confirmed: false,
	};

	it("held by its live server: shown for that client, written without asking to confirm", () => {
		const path = save();
		const cwd = folder as string;
		const [view] = listPendingViews(
			cwd,
			() => FOREIGN,
			() => SERVER,
			GIVEN,
		);
		expect(view).toMatchObject({ asker: "Claude Code", task: "Claude Code (MCP)", trusted: false, filled: false });
		expect(view?.distrust).toBeUndefined();
		expect(view?.heldBy).toBeUndefined();
		const answerFromPage = () =>
			answerPendingFile(
				cwd,
				() => FOREIGN,
				() => SERVER,
				answer,
				GIVEN,
			);
		expect(answerFromPage()).toEqual({ ok: true });
		expect(JSON.parse(readFileSync(path, "utf8")).questions[0].answer).toBe("SQLite");
		// The first answer wins: the client takes those answers; a second page does not overwrite them.
		expect(answerFromPage()).toMatchObject({ ok: false, code: "pending-answered" });
	});

	it("answered by a pi first: the page is told what pi would say, and writes nothing", () => {
		const path = save();
		const cwd = folder as string;
		const outcome = {
			kind: "answered" as const,
			answers: [{ question: "Which database?", answer: "PostgreSQL", wasCustom: false }],
		};
		writeForAsker({ path }, "ask-1", { kind: "mcp", client: "Claude Code" }, outcome, {
			judge: () => FOREIGN,
			heldElsewhere: () => SERVER,
			given: GIVEN,
		});
		const after = readFileSync(path, "utf8");
		const result = answerPendingFile(
			cwd,
			() => FOREIGN,
			() => SERVER,
			answer,
			GIVEN,
		);
		expect(result).toMatchObject({ ok: false, status: 409, code: "pending-answered" });
		expect(JSON.stringify(result)).toContain(
			`${basename(path)} is answered already; Claude Code takes those answers. Nothing was written`,
		);
		expect(readFileSync(path, "utf8")).toBe(after);
	});

	it("a note the file cannot carry to the client is refused, not dropped", () => {
		const path = save();
		const before = readFileSync(path, "utf8");
		const result = answerPendingFile(
			folder as string,
			() => FOREIGN,
			() => SERVER,
			{ ...answer, answers: [{ chosen: ["SQLite"], typed: "", note: "only if it is small" }] },
			GIVEN,
		);
		expect(result).toMatchObject({ ok: false, status: 400 });
		expect(JSON.stringify(result)).toContain("notes cannot be passed to an MCP client");
		expect(readFileSync(path, "utf8")).toBe(before);
	});

	it("held by nobody: not written, and the page is told why", () => {
		const path = save();
		const before = readFileSync(path, "utf8");
		const result = answerPendingFile(
			folder as string,
			() => FOREIGN,
			() => undefined,
			{ ...answer, confirmed: true },
			GIVEN,
		);
		expect(result).toMatchObject({ ok: false, status: 409, code: "pending-not-yours" });
		expect(JSON.stringify(result)).toContain("no pi-ask-anywhere mcp waits for their answers now");
		expect(readFileSync(path, "utf8")).toBe(before);
	});
});

describe("a pending file another pi takes while the page answers it", () => {
	const FIXTURE = fileURLToPath(new URL("./fixtures/claim-while-locked.ts", import.meta.url));
	let folder: string | undefined;
	afterEach(() => {
		if (folder) rmSync(folder, { recursive: true, force: true });
	});

	it("is not written: the claim is checked under the file's lock, at the write", async () => {
		folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-page-claimed-"));
		const request = validateRequest(
			normalizeArguments({ questions: [{ question: "Which database?", options: ["PostgreSQL", "SQLite"] }] }),
		);
		const file = createPendingFile({ request, sessionId: "s1", toolCallId: "call-1", now: new Date() });
		const path = savePendingFile(folder, file);
		const before = readFileSync(path, "utf8");
		// Another process (a pi opening the file's dialog) holds the lock; it claims the file once this page has checked.
		const other = spawn(process.execPath, ["--import", "tsx", FIXTURE, path, "call-1"], { stdio: "pipe" });
		const lines = createInterface({ input: other.stdout })[Symbol.asyncIterator]();
		try {
			expect((await lines.next()).value).toBe("locked");
			const result = answerPendingFile(
				folder,
				() => ({ trusted: true }),
				createClaims().heldElsewhere,
				{
					name: basename(path),
					toolCallId: "call-1",
					answers: [{ chosen: ["SQLite"], typed: "", note: "" }],
					confirmed: false,
				},
				GIVEN,
			);
			expect((await lines.next()).value).toBe("claimed");
			expect(result).toMatchObject({ ok: false, status: 409, code: "pending-held" });
			expect(readFileSync(path, "utf8")).toBe(before);
		} finally {
			other.stdin.end();
			await new Promise((resolve) => other.once("exit", resolve));
		}
	}, 30_000);
});

describe("a page's answer to questions a later ask replaced under the same file name and tool-call id", () => {
	it("is refused as changed, and the later questions keep no answer", () => {
		const cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-page-replaced-"));
		try {
			const yesNo = [{ label: "Yes" }, { label: "No" }];
			const make = (text: string, now: Date) =>
				createPendingFile({
					request: { questions: [{ question: text, options: yesNo }] },
					sessionId: "s1",
					toolCallId: "call_0",
					now,
				});
			const first = savePendingFile(cwd, make("Run the test suite first?", new Date(Date.now() - 1_000)));
			const shown = listPendingViews(
				cwd,
				() => ({ trusted: true }),
				() => undefined,
				GIVEN,
			)[0];
			if (!shown) throw new Error("no view");
			// The first questions were answered elsewhere; the model's next call, with the same id, took the same name.
			removePendingFile(first, { toolCallId: "call_0" });
			savePendingFile(cwd, make("Drop the production database?", new Date()));
			const result = answerPendingFile(
				cwd,
				() => ({ trusted: true }),
				() => undefined,
				{
					name: shown.name,
					toolCallId: shown.toolCallId,
					timestamp: shown.timestamp,
					answers: [{ chosen: ["Yes"], typed: "", note: "" }],
					confirmed: false,
				},
				GIVEN,
			);
			expect(result).toMatchObject({ ok: false, status: 409, code: "pending-changed" });
			const [now] = listPendingViews(
				cwd,
				() => ({ trusted: true }),
				() => undefined,
				GIVEN,
			);
			expect(now?.questions[0]?.question).toBe("Drop the production database?");
			expect(readFileSync(join(cwd, ".pi", shown.name), "utf8")).not.toContain('"answer": "Yes"');
		} finally {
			rmSync(cwd, { recursive: true, force: true });
		}
	});
});
