/**
 * The approvals' decisions with the ask handler played by a test: only the person's Allow (or Allow for this session)
 * lets a call run; a denial, a cancel, an abort, the time limit, nobody to ask, an answer that is no option and a
 * failing ask all block it. And the event bus: every ask gets exactly one reply, and garbage never throws.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { type ApprovalSettings, parseApprovals } from "../../src/core/approval-rules.js";
import type { AskOutcome } from "../../src/core/types.js";
import { en } from "../../src/i18n/cli/en.js";
import { createApprovals, type PendingApprovals, takePendingFile } from "../../src/lifecycle/approvals.js";
import { askBusHandler } from "../../src/lifecycle/ask-bus.js";
import { createPendingFile, type PendingFile } from "../../src/pending/pending-file.js";
import type { Ask, AskHandler } from "../../src/tool/ask-user-tool.js";

const ctx = {
	cwd: "/project",
	signal: undefined,
	sessionManager: { getSessionId: () => "s1" },
} as unknown as ExtensionContext;

const SETTINGS: ApprovalSettings = {
	rules: parseApprovals([{ tool: "bash", command: "git push*" }], "s.json").rules,
	timeoutMs: 5_000,
};

function approvalsAnswering(outcomes: (AskOutcome | Error)[], pending: Partial<PendingApprovals> = {}) {
	const asked: Ask[] = [];
	const ask: AskHandler = async (request) => {
		asked.push(request);
		const next = outcomes.shift() ?? { kind: "interrupted" };
		if (next instanceof Error) throw next;
		return { outcome: next, mode: "interactive" };
	};
	const approvals = createApprovals({
		settings: () => SETTINGS,
		ask,
		labels: () => en.approval,
		pending: {
			list: () => [],
			read: () => undefined,
			trust: () => ({ trusted: true }),
			answersWrittenByTool: () => false,
			given: { given: () => undefined },
			claims: { heldElsewhere: () => undefined },
			take: () => true,
			...pending,
		},
	});
	return { approvals, asked };
}

const answered = (answer: string, wasCustom = false): AskOutcome => ({
	kind: "answered",
	answers: [{ question: "Allow?", answer, wasCustom }],
});
const push = (id = "call_1", command = "git push origin main") => ({
	toolCallId: id,
	toolName: "bash",
	input: { command },
});

describe("approvals", () => {
	it("a call no rule names goes on without an ask", async () => {
		const { approvals, asked } = approvalsAnswering([]);
		expect(await approvals.toolCall({ toolCallId: "c", toolName: "bash", input: { command: "ls" } }, ctx)).toBe(
			undefined,
		);
		expect(asked).toEqual([]);
	});

	it("Allow runs the call, asked once as an outside ask with the approvals' time limit", async () => {
		const { approvals, asked } = approvalsAnswering([answered("Allow")]);
		expect(await approvals.toolCall(push(), ctx)).toBe(undefined);
		expect(asked).toHaveLength(1);
		expect(asked[0]?.toolCallId).toBe("call_1");
		expect(asked[0]?.outside?.timeoutMs).toBe(5_000);
		expect(asked[0]?.outside?.savedText?.(".pi/pending-questions.json")).toMatch(
			/^`bash git push origin main` needs your approval.*"answer": "Allow" in \.pi\/pending-questions\.json/,
		);
		expect(asked[0]?.request.metadata?.approval).toMatchObject({ tool: "bash", summary: "git push origin main" });
	});

	it("Allow for this session covers later calls of the rule until the next session", async () => {
		const { approvals, asked } = approvalsAnswering([answered("Allow for this session"), answered("Deny")]);
		expect(await approvals.toolCall(push("a"), ctx)).toBe(undefined);
		expect(await approvals.toolCall(push("b", "git push --tags"), ctx)).toBe(undefined);
		expect(asked).toHaveLength(1);
		approvals.sessionStart();
		expect(await approvals.toolCall(push("c"), ctx)).toMatchObject({ block: true });
		expect(asked).toHaveLength(2);
	});

	it.each<[string, AskOutcome | Error, RegExp]>([
		["Deny", answered("Deny"), /The person denied this bash call/],
		["a typed note", answered("use a branch", true), /denied.*Their note: use a branch/],
		["a cancel", { kind: "cancelled" }, /dismissed the approval/],
		["an abort", { kind: "interrupted" }, /interrupted before the person decided/],
		[
			"the time limit",
			{ kind: "timedOut", pendingFile: ".pi/pending-questions.json" },
			/waits for the person's approval/,
		],
		["nobody to ask", { kind: "pending", pendingFile: ".pi/pending-questions.json" }, /pending in \.pi\/pending-q/],
		["a lost connection", { kind: "connectionLost" }, /interrupted/],
		["an answer that is no option", answered("allow"), /not one of its options/],
		[
			"two answers",
			{
				kind: "answered",
				answers: [
					{ question: "q", answer: "Allow", wasCustom: false },
					{ question: "q2", answer: "Allow", wasCustom: false },
				],
			},
			/not one of its options/,
		],
		["a failing ask", new Error("disk full"), /could not be asked \(disk full\)/],
	])("%s blocks the call, saying why", async (_name, outcome, reason) => {
		const { approvals } = approvalsAnswering([outcome]);
		const verdict = await approvals.toolCall(push(), ctx);
		expect(verdict?.block).toBe(true);
		expect(verdict?.reason).toMatch(reason);
	});

	it("an Allow the person gave after its turn lets exactly that call run once", async () => {
		const { approvals, asked } = approvalsAnswering([]);
		// The request an approval of this call asks, as a dialog shown after its turn has it.
		const probe = approvalsAnswering([answered("Deny")]);
		await probe.approvals.toolCall(push(), ctx);
		const { request } = probe.asked[0] as Ask;
		approvals.answeredLate({ request }, answered("Allow"));
		expect(await approvals.toolCall(push("again"), ctx)).toBe(undefined);
		expect(asked).toHaveLength(0);
		// Once: the same call again is asked (and here blocked: the handler has no more answers).
		expect(await approvals.toolCall(push("third"), ctx)).toMatchObject({ block: true });
		// Another input is another call.
		approvals.answeredLate({ request }, answered("Allow"));
		expect(await approvals.toolCall(push("other", "git push --force"), ctx)).toMatchObject({ block: true });
		// A late Deny, or an ask that is no approval, allows nothing.
		approvals.answeredLate({ request }, answered("Deny"));
		approvals.answeredLate({ request: { metadata: {} } }, answered("Allow"));
	});
});

describe("approvals answered in their pending file after their turn", () => {
	/** The pending file of the approval of `git push origin main` in session s1, with `answer` filled in. */
	function fileAnswered(answer: string | null): { path: string; file: PendingFile; text: string } {
		const probe = approvalsAnswering([{ kind: "cancelled" }]);
		void probe.approvals.toolCall(push(), ctx);
		const request = (probe.asked[0] as Ask).request;
		const file = createPendingFile({
			request,
			toolCallId: "call_0",
			sessionId: "s1",
			sessionFile: "/sessions/s1.jsonl",
			task: undefined,
			now: new Date(),
		});
		const text = JSON.stringify({
			...file,
			questions: file.questions.map((question) => ({ ...question, answer })),
		});
		return { path: "/project/.pi/pending-questions.json", file, text };
	}

	function withFile(answer: string | null, pending: Partial<PendingApprovals> = {}) {
		const entry = fileAnswered(answer);
		const removed: string[] = [];
		const setup = approvalsAnswering([{ kind: "pending", pendingFile: ".pi/pending-questions-2.json" }], {
			list: () => [{ path: entry.path, file: entry.file }],
			read: () => entry.text,
			take: (path: string) => {
				removed.push(path);
				return true;
			},
			...pending,
		});
		return { ...setup, removed };
	}

	it("the person's Allow runs the call without asking, and the file is taken", async () => {
		const { approvals, asked, removed } = withFile("Allow");
		expect(await approvals.toolCall(push("again"), ctx)).toBe(undefined);
		expect(asked).toEqual([]);
		expect(removed).toEqual(["/project/.pi/pending-questions.json"]);
	});

	it("the person's Deny with their words blocks it as denied, and the file is taken", async () => {
		const { approvals, asked, removed } = withFile("not before the release");
		const verdict = await approvals.toolCall(push("again"), ctx);
		expect(verdict?.reason).toMatch(/denied.*Their note: not before the release/);
		expect(asked).toEqual([]);
		expect(removed).toHaveLength(1);
	});

	it.each<[string, Partial<PendingApprovals>]>([
		["a tool call wrote it", { answersWrittenByTool: () => true }],
		[
			"another session's pi did not write it",
			{ trust: () => ({ trusted: false, kind: "unknown", reason: "", because: "no-ask-call" }) },
		],
		["another pi took the file first, or it changed", { take: () => false }],
	])("an Allow counts for nothing when %s: the call is asked anew", async (_name, pending) => {
		const { approvals, asked } = withFile("Allow", pending);
		expect(await approvals.toolCall(push("again"), ctx)).toMatchObject({ block: true });
		expect(asked).toHaveLength(1);
	});

	it("an Allow for another input allows nothing; an unanswered file of the same call is superseded", async () => {
		const other = withFile("Allow");
		expect(await other.approvals.toolCall(push("x", "git push --force"), ctx)).toMatchObject({ block: true });
		expect(other.removed).toEqual([]);
		const unanswered = withFile(null);
		expect(await unanswered.approvals.toolCall(push("again"), ctx)).toMatchObject({ block: true });
		expect(unanswered.asked).toHaveLength(1);
		expect(unanswered.removed).toEqual(["/project/.pi/pending-questions.json"]);
	});
});

describe("takePendingFile", () => {
	it("takes a file once, and only while it reads what was judged", () => {
		const dir = mkdtempSync(join(tmpdir(), "approval-take-"));
		try {
			mkdirSync(join(dir, ".pi"));
			const path = join(dir, ".pi", "pending-questions.json");
			writeFileSync(path, '{"a":1}');
			expect(takePendingFile(path, '{"a":2}')).toBe(false);
			expect(existsSync(path)).toBe(true);
			expect(takePendingFile(path, '{"a":1}')).toBe(true);
			expect(takePendingFile(path, '{"a":1}')).toBe(false);
			expect(readdirSync(join(dir, ".pi"))).toEqual([]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe("the ask bus", () => {
	const ask: AskHandler = async ({ request }) => ({
		outcome: {
			kind: "answered",
			answers: [{ question: request.questions[0]?.question ?? "", answer: "Yes", wasCustom: false }],
		},
		mode: "interactive",
	});
	const REQUEST = { questions: [{ question: "Deploy?", options: [{ label: "Yes" }, { label: "No" }] }] };

	it("replies with the AskUserResult the model would get", async () => {
		const replies: unknown[] = [];
		await askBusHandler({ ctx: () => ctx, ask, warn: () => undefined })({
			id: "deploy-1",
			request: REQUEST,
			reply: (result: unknown) => replies.push(result),
		});
		expect(replies).toEqual([{ answered: true, answers: [{ question: "Deploy?", answer: "Yes", wasCustom: false }] }]);
	});

	it("refuses garbage with one error reply where it can, never throwing", async () => {
		const warned: string[] = [];
		const handler = askBusHandler({ ctx: () => ctx, ask, warn: (text) => warned.push(text) });
		const replies: unknown[] = [];
		const reply = (result: unknown) => replies.push(result);
		for (const payload of [
			undefined,
			null,
			42,
			"ask",
			[],
			{ request: REQUEST, reply },
			{ id: "", request: REQUEST, reply },
			{ id: "x".repeat(201), request: REQUEST, reply },
			{ id: "a", request: { questions: [] }, reply },
			{ id: "a", request: "Deploy?", reply },
			{ id: "a", request: REQUEST, reply, signal: "abort" },
			{ id: "a", request: REQUEST },
			{ id: "a", request: REQUEST, reply: "not a function" },
		])
			await expect(handler(payload)).resolves.toBeUndefined();
		expect(replies).toHaveLength(6);
		for (const result of replies)
			expect(result).toMatchObject({ answered: false, answers: [], error: expect.any(String) });
		expect(warned.length).toBeGreaterThanOrEqual(13);
	});

	it("a reply that throws, an ask that fails, and no session yet: one reply each, nothing thrown", async () => {
		const throwing = askBusHandler({ ctx: () => ctx, ask, warn: () => undefined });
		await expect(
			throwing({
				id: "a",
				request: REQUEST,
				reply: () => {
					throw new Error("boom");
				},
			}),
		).resolves.toBeUndefined();
		const replies: unknown[] = [];
		const failing = askBusHandler({
			ctx: () => ctx,
			ask: async () => {
				throw new Error("no dialog");
			},
			warn: () => undefined,
		});
		await failing({ id: "a", request: REQUEST, reply: (r: unknown) => replies.push(r) });
		const noSession = askBusHandler({ ctx: () => undefined, ask, warn: () => undefined });
		await noSession({ id: "a", request: REQUEST, reply: (r: unknown) => replies.push(r) });
		expect(replies).toEqual([
			{ answered: false, answers: [], error: "no dialog" },
			{ answered: false, answers: [], error: "no session is running" },
		]);
	});

	it("a cancel reads as the model's cancel", async () => {
		const replies: unknown[] = [];
		await askBusHandler({
			ctx: () => ctx,
			ask: async () => ({ outcome: { kind: "cancelled" }, mode: "interactive" }),
			warn: () => undefined,
		})({ id: "a", request: REQUEST, reply: (r: unknown) => replies.push(r) });
		expect(replies).toEqual([{ answered: false, answers: [], cancelled: true }]);
	});
});
