/**
 * The live asks' bookkeeping, pure: the caps of one connection and of all connections together, and that answering,
 * closing or a connection ending gives back what it held.
 */
import { describe, expect, it } from "vitest";
import { createLiveAsks, LIVE_ASK_LIMITS } from "../../src/remote/live-asks.js";
import type { QuestionEventPayload } from "../../src/remote/protocol.js";

const payload = (questionId: string): QuestionEventPayload => ({
	sessionKey: "k",
	agentId: "a",
	questionId,
	questions: [{ question: "Which?", header: "", options: [{ label: "A", description: "" }], multiSelect: false }],
});

function liveAsks() {
	let next = 1;
	return createLiveAsks(() => String(next++));
}

describe("live asks", () => {
	it("all connections together hold at most 48 MB: the ask past it is refused naming the cap; an answer frees room", () => {
		const asks = liveAsks();
		const big = 1_000_200;
		for (let connection = 1; connection <= 25; connection++) {
			for (const id of ["a", "b"]) expect(asks.add(connection, payload(id), 0, big).kind).toBe("added");
		}
		expect(LIVE_ASK_LIMITS.totalBytes).toBe(48 * 2 ** 20);
		expect(asks.add(26, payload("c"), 0, big)).toEqual({
			kind: "refused",
			reason: expect.stringMatching(/all agents would exceed 48 MB/),
		});
		const first = asks.list()[0];
		expect(asks.take(first?.id ?? "")).toBeDefined();
		expect(asks.add(26, payload("c"), 0, big).kind).toBe("added");
		expect(asks.dropConnection(2)).toBe(true);
		expect(asks.add(27, payload("d"), 0, big).kind).toBe("added");
		expect(asks.add(27, payload("e"), 0, big).kind).toBe("added");
		expect(asks.add(28, payload("f"), 0, big).kind).toBe("refused");
		expect(asks.close(27, "e")?.questions[0]?.question).toBe("Which?");
		expect(asks.add(28, payload("f"), 0, big).kind).toBe("added");
	});

	it("keeps the folder the agent says it works in, as one line, to name the project; none without it", () => {
		const asks = liveAsks();
		const added = asks.add(1, { ...payload("a"), asker: { cwd: "/home/me/shop\u001b[2J\n" } }, 0, 10);
		expect(added.kind === "added" && added.ask.folder).toBe("/home/me/shop");
		const plain = asks.add(1, payload("b"), 0, 10);
		expect(plain.kind === "added" && plain.ask.folder).toBeUndefined();
	});

	it("all connections together hold at most 200 asks; one connection at most 20", () => {
		const asks = liveAsks();
		for (let connection = 1; connection <= 10; connection++) {
			for (let n = 0; n < 20; n++) expect(asks.add(connection, payload(`q${n}`), 0, 100).kind).toBe("added");
			expect(asks.add(connection, payload("q20"), 0, 100)).toEqual({
				kind: "refused",
				reason: expect.stringMatching(/this connection already has 20 open questions/),
			});
		}
		expect(asks.add(11, payload("q"), 0, 100)).toEqual({
			kind: "refused",
			reason: expect.stringMatching(/already holds 200 open questions from all agents/),
		});
		expect(asks.add(1, payload("q0"), 0, 100)).toEqual({ kind: "repeat" });
		asks.dropConnection(3);
		expect(asks.add(11, payload("q"), 0, 100).kind).toBe("added");
	});
});
