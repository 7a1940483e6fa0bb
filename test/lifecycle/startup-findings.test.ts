/**
 * What a start looks at in the project's pending files (a folder of a thousand must not make
 * every start slow): a new session lists none, and `--answers` judges from the newest back to the newest one this
 * user's pi wrote.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { validateRequest } from "../../src/core/validate.js";
import { type FindingsDeps, findForeignPending, findOpenAsks } from "../../src/lifecycle/startup-findings.js";
import { createPendingFile, type PendingEntry, type PendingFile } from "../../src/pending/pending-file.js";
import type { PendingVerdict } from "../../src/pending/trust.js";

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
		const deps = { settledElsewhere: () => ({ has: () => false }) } as unknown as FindingsDeps;
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
