/**
 * What a start looks at in the project's pending files (a folder of a thousand must not make
 * every start slow): a new session lists none, and `--answers` judges from the newest back to the newest one this
 * user's pi wrote.
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { validateRequest } from "../../src/core/validate.js";
import {
	type FindingsDeps,
	findForeignPending,
	findOpenAsks,
	findStartup,
} from "../../src/lifecycle/startup-findings.js";
import type { Claim } from "../../src/pending/claims.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import {
	createPendingFile,
	type PendingEntry,
	type PendingFile,
	savePendingFile,
} from "../../src/pending/pending-file.js";
import type { PendingVerdict } from "../../src/pending/trust.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

const ctx = {
	cwd: "/project",
	sessionManager: { getSessionId: () => "this-session", getBranch: () => [] },
} as unknown as ExtensionContext;

function entry(n: number): PendingEntry {
	const file = createPendingFile({
		request: validateRequest({ questions: [{ question: `Question ${n}?` }] }),
		sessionId: `session-${n}`,
		toolCallId: `call_${n}`,
		now: new Date(Date.UTC(2026, 0, 1, 0, n)),
	});
	return { path: `/project/.pi/pending-questions-${n}.json`, file };
}

describe("a start", () => {
	it("lists no pending file for a session with no open ask", () => {
		let listed = 0;
		const deps = { settledElsewhere: () => () => false } as unknown as FindingsDeps;
		expect(
			findOpenAsks(
				ctx,
				() => {
					listed++;
					return [];
				},
				deps,
			),
		).toEqual([]);
		expect(listed).toBe(0);
	});

	it("--answers: judges from the newest back to the newest trusted one, and keeps oldest-first order", () => {
		const entries = [1, 2, 3, 4, 5].map(entry);
		const judged: string[] = [];
		const trust = (file: PendingFile): PendingVerdict => {
			judged.push(file.toolCallId);
			return file.toolCallId === "call_3"
				? { trusted: true }
				: { trusted: false, kind: "unknown", because: "no-session-file" };
		};
		const found = findForeignPending(ctx, entries, [], { trust });
		expect(judged).toEqual(["call_5", "call_4", "call_3"]);
		expect(found.map((f) => [f.toolCallId, f.trust.trusted])).toEqual([
			["call_3", true],
			["call_4", false],
			["call_5", false],
		]);
	});
});

describe("pi -c: other sessions' files the person filled in", () => {
	const SERVER: Claim = { toolCallId: "", host: "h", pid: 7, started: "1", at: 0, holder: "mcp" };
	const FOREIGN: PendingVerdict = { trusted: false, kind: "unknown", because: "no-session-file" };

	it("delivers pi's own; an MCP client's is its server's (or nobody's, said): never delivered, never written", () => {
		const cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-findings-"));
		try {
			const save = (n: number, options: { asker?: boolean; sessionId?: string } = {}) => {
				const created = createPendingFile({
					request: validateRequest({ questions: [{ question: `Question ${n}?` }] }),
					sessionId: options.sessionId ?? `session-${n}`,
					toolCallId: `call_${n}`,
					now: new Date(Date.UTC(2026, 0, 1, 0, n)),
					...(options.asker ? { asker: { kind: "mcp", client: "Claude Code" } as const } : {}),
				});
				const file = { ...created, questions: created.questions.map((q) => ({ ...q, answer: `answer ${n}` })) };
				return savePendingFile(cwd, file);
			};
			const own = save(1);
			const held = save(2, { asker: true, sessionId: "mcp-1" });
			save(3, { asker: true, sessionId: "mcp-1" });
			save(4);
			const before = readFileSync(held, "utf8");
			const deps = {
				settledElsewhere: () => () => false,
				trust: (file: PendingFile): PendingVerdict =>
					file.asker ? FOREIGN : file.toolCallId === "call_4" ? { trusted: false, kind: "settled" } : { trusted: true },
				readImage: () => ({ ok: false, reason: "none", problem: { kind: "not-image", name: "x" } }),
				answersWrittenByTool: () => false,
				given: givenRecord(TEST_AGENT_DIR as string),
				heldBy: (path: string, toolCallId: string) => (path === held ? { ...SERVER, toolCallId } : undefined),
			} as unknown as FindingsDeps;
			const found = findStartup(
				{ ...ctx, cwd } as ExtensionContext,
				{ frontEnd: "print", prompt: false, continued: true, answersFlag: undefined },
				deps,
			);
			expect(found.filledElsewhere.map((f) => f.path)).toEqual([own]);
			// The file its server holds is said nothing of here: the server takes its answers.
			expect(found.ignored).toEqual([
				expect.stringMatching(
					/^\.pi\/pending-questions-3\.json holds questions Claude Code asked .* no pi-ask-anywhere mcp waits/,
				),
				expect.stringMatching(/^\.pi\/pending-questions-4\.json holds questions already answered/),
			]);
			expect(readFileSync(held, "utf8")).toBe(before);
		} finally {
			rmSync(cwd, { recursive: true, force: true });
		}
	});
});
