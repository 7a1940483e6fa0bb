/** Each ask's state read from a session branch: an ask the person did not end stays open, whatever pi saved. */
import type { SessionEntry } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { DELIVERED_ANSWERS_TYPE } from "../../src/core/delivered-answers.js";
import { buildDetails } from "../../src/core/result.js";
import type { AskOutcome } from "../../src/core/types.js";
import { asksOnBranch, openAsks, reopenableAsks } from "../../src/records/ask-records.js";
import { SPEC_EXAMPLE } from "../fixtures.js";

function call(id: string, timestamp?: number): SessionEntry {
	return {
		type: "message",
		message: {
			role: "assistant",
			content: [{ type: "toolCall", id, name: "ask_user", arguments: SPEC_EXAMPLE }],
			...(timestamp !== undefined ? { timestamp } : {}),
		},
	} as unknown as SessionEntry;
}

/** The ledger's view of a session where `id` was settled elsewhere at `settledAt`. */
const settledAt = (id: string, at: number) => (toolCallId: string, askedAt?: number) =>
	toolCallId === id && (askedAt === undefined || askedAt <= at);
const nothingSettled = () => false;

function result(id: string, outcome: AskOutcome, mode: "interactive" | "rpc" | "remote" = "interactive"): SessionEntry {
	return {
		type: "message",
		message: {
			role: "toolResult",
			toolName: "ask_user",
			toolCallId: id,
			content: [],
			details: buildDetails(SPEC_EXAMPLE, outcome, mode, 0),
		},
	} as unknown as SessionEntry;
}

const states = (branch: SessionEntry[]) => asksOnBranch(branch).map((ask) => ask.state);

describe("asksOnBranch", () => {
	it("a call without a result is interrupted (pi before 1.x exits with the call open)", () => {
		expect(states([call("a")])).toEqual(["interrupted"]);
	});

	it("an interrupted result (pi 1.x saves one on shutdown, /new, an abort) stays open, whatever the model read", () => {
		const branch = [
			call("tui"),
			result("tui", { kind: "interrupted" }),
			call("rpc"),
			result("rpc", { kind: "interrupted", reportedAs: "connectionLost" }, "rpc"),
		];
		expect(states(branch)).toEqual(["interrupted", "interrupted"]);
		expect(openAsks(asksOnBranch(branch), nothingSettled).map((ask) => ask.toolCallId)).toEqual(["tui", "rpc"]);
	});

	it("the person's cancel and a remote backend's lost connection are settled", () => {
		const branch = [
			call("cancel"),
			result("cancel", { kind: "cancelled" }),
			call("remote"),
			result("remote", { kind: "connectionLost" }, "remote"),
		];
		expect(states(branch)).toEqual(["settled", "settled"]);
		expect(openAsks(asksOnBranch(branch), nothingSettled)).toEqual([]);
	});
});

describe("a reused tool-call id (some providers reuse ids across turns)", () => {
	it("is a new ask: what follows the second call is about it, and the first one's settlement elsewhere is not", () => {
		const branch = [
			call("same", 1_000),
			result("same", { kind: "pending", pendingFile: ".pi/pending-questions.json" }),
			call("same", 3_000),
		];
		expect(asksOnBranch(branch)).toMatchObject([
			{ toolCallId: "same", state: "pending", askedAt: 1_000, pendingFile: ".pi/pending-questions.json" },
			{ toolCallId: "same", state: "interrupted", askedAt: 3_000 },
		]);
		// Settled elsewhere at 2 000: the first ask, made at 1 000, not the second.
		expect(openAsks(asksOnBranch(branch), settledAt("same", 2_000))).toMatchObject([{ askedAt: 3_000 }]);
		expect(openAsks(asksOnBranch(branch.slice(0, 2)), settledAt("same", 2_000))).toEqual([]);
	});

	it("a call without a time (a session written by something else) counts as settled by any line for its id", () => {
		expect(openAsks(asksOnBranch([call("same")]), settledAt("same", 2_000))).toEqual([]);
	});

	it("answers the session holds settle their ask, in either shape: a user message (older sessions) or our message", () => {
		const block = (id: string) => `<ask_user_answers toolCallId="${id}">\n…\n</ask_user_answers>`;
		const branch = [
			call("old"),
			result("old", { kind: "pending", pendingFile: ".pi/pending-questions.json" }),
			{ type: "message", message: { role: "user", content: [{ type: "text", text: block("old") }] } },
			call("new"),
			result("new", { kind: "pending", pendingFile: ".pi/pending-questions.json" }),
			{ type: "custom_message", customType: DELIVERED_ANSWERS_TYPE, content: block("new"), display: true },
			call("forged"),
			result("forged", { kind: "pending", pendingFile: ".pi/pending-questions.json" }),
			// Another extension's message is not our delivery, whatever it says.
			{ type: "custom_message", customType: "someone-else", content: block("forged"), display: true },
		] as unknown as SessionEntry[];
		expect(states(branch)).toEqual(["delivered", "delivered", "pending"]);
	});
});

describe("two asks of one session waiting under one id", () => {
	const pending = (file: string) => ({ kind: "pending", pendingFile: file }) as const;
	const branch = [
		call("same", 1_000),
		result("same", pending(".pi/pending-questions.json")),
		call("same", 3_000),
		result("same", pending(".pi/pending-questions-2.json")),
	];
	const record = (data: Record<string, unknown>) =>
		({ type: "custom", customType: "ask_user-record", data }) as unknown as SessionEntry;
	const userText = (text: string) =>
		({ type: "message", message: { role: "user", content: text } }) as unknown as SessionEntry;
	const tag = (askedAt?: number) =>
		`<ask_user_answers toolCallId="same"${askedAt === undefined ? "" : ` askedAt="${new Date(askedAt).toISOString()}"`}>\n…\n</ask_user_answers>`;

	it("each keeps its own file; a result goes to the call it answers", () => {
		expect(asksOnBranch(branch).map((a) => [a.state, a.pendingFile])).toEqual([
			["pending", ".pi/pending-questions.json"],
			["pending", ".pi/pending-questions-2.json"],
		]);
	});

	it("a record or a delivery naming the ask's time settles that ask only", () => {
		expect(states([...branch, record({ toolCallId: "same", askedAt: 1_000, state: "delivered" })])).toEqual([
			"delivered",
			"pending",
		]);
		expect(states([...branch, userText(`${tag(3_000)}\n\ngo on`)])).toEqual(["pending", "delivered"]);
	});

	it("one without a time (written before they said when) settles every ask with the id: refusing is safe", () => {
		expect(states([...branch, record({ toolCallId: "same", state: "cleared" })])).toEqual(["cleared", "cleared"]);
		expect(states([...branch, userText(tag())])).toEqual(["delivered", "delivered"]);
		// A pending record without a time is about the newest ask with the id, as before.
		expect(states([...branch, record({ toolCallId: "same", state: "pending" })])).toEqual(["pending", "pending"]);
	});

	it("a block the person pasted after their own words, or with a time that is not one, settles nothing", () => {
		expect(states([...branch, userText(`look at this:\n${tag(1_000)}`)])).toEqual(["pending", "pending"]);
		expect(states([...branch, userText(tag(1_000).replace(/askedAt="[^"]*"/, 'askedAt="soon"'))])).toEqual([
			"pending",
			"pending",
		]);
	});
});

describe("reopenableAsks", () => {
	function delivered(id: string): SessionEntry {
		return {
			type: "message",
			message: { role: "user", content: `<ask_user_answers toolCallId="${id}">\n…\n</ask_user_answers>` },
		} as unknown as SessionEntry;
	}

	it("the asks the person cancelled, newest first; answered, pending and already reopened ones are not", () => {
		const branch = [
			call("old"),
			result("old", { kind: "cancelled" }),
			call("answered"),
			result("answered", { kind: "answered", answers: [] }),
			call("reopened"),
			result("reopened", { kind: "cancelled" }),
			delivered("reopened"),
			call("new"),
			result("new", { kind: "cancelled" }),
			call("timed"),
			result("timed", { kind: "timedOut" }),
		];
		expect(reopenableAsks(branch).map((ask) => ask.toolCallId)).toEqual(["new", "old"]);
	});
});
