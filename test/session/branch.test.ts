/** What is read back from the session branch: the task, interrupted asks, typed answers for ↑ recall. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SessionEntry } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { DELIVERED_ANSWERS_TYPE } from "../../src/core/delivered-answers.js";
import { lastUserText, sessionHolds, typedAnswerHistory } from "../../src/session/branch.js";

let id = 0;
function entry(message: Record<string, unknown>): SessionEntry {
	id++;
	return { type: "message", id: `e${id}`, parentId: null, timestamp: "", message } as unknown as SessionEntry;
}
const user = (text: string) => entry({ role: "user", content: [{ type: "text", text }] });
const askCall = (callId: string) =>
	entry({
		role: "assistant",
		content: [{ type: "toolCall", id: callId, name: "ask_user", arguments: { questions: [] } }],
	});
const askResult = (callId: string, answers: unknown) =>
	entry({ role: "toolResult", toolCallId: callId, toolName: "ask_user", content: [], details: { answers } });

describe("session branch", () => {
	it("finds the newest user request", () => {
		expect(lastUserText([user("first"), user("set up the service"), askCall("a")])).toBe("set up the service");
		expect(lastUserText([])).toBeUndefined();
	});

	it("recalls only what the person typed, skipping chosen options and broken records", () => {
		const branch = [
			askResult("a", [
				{ question: "Name?", answer: "order-processor", wasCustom: true },
				{ question: "DB?", answer: "SQLite", selectedOption: "SQLite", wasCustom: false },
				{ question: "Features?", answer: ["Auth", "GraphQL"], selectedOption: ["Auth"], wasCustom: true },
				null,
				{ answer: 42, wasCustom: true },
			]),
			askResult("b", "not an array"),
		];
		expect(typedAnswerHistory(branch)).toEqual(["order-processor", "GraphQL"]);
	});
});

describe("sessionHolds: the delivered answers a session holds", () => {
	const text = '<ask_user_answers toolCallId="call_1">\n…\n</ask_user_answers>';
	const delivered = {
		type: "custom_message",
		id: "d1",
		parentId: null,
		timestamp: "",
		customType: DELIVERED_ANSWERS_TYPE,
		content: text,
		display: true,
	} as unknown as SessionEntry;
	const foreign = { ...delivered, customType: "someone-else" } as unknown as SessionEntry;

	function inFile(entries: SessionEntry[], check: (file: string) => void) {
		const folder = mkdtempSync(join(tmpdir(), "pi-ask-branch-"));
		try {
			const file = join(folder, "session.jsonl");
			writeFileSync(file, `${entries.map((e) => JSON.stringify(e)).join("\n")}\n{"type":"message","mess`);
			check(file);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	}

	it("an older session's user message and our custom message both count, on disk and in memory", () => {
		for (const branch of [[user(text)], [delivered]]) {
			expect(sessionHolds(undefined, () => branch, text)).toBe(true);
			inFile(branch, (file) => expect(sessionHolds(file, () => [], text)).toBe(true));
		}
	});

	it("another extension's custom message with the same text does not, nor a session without it", () => {
		for (const branch of [[foreign], [user("set up the service")]]) {
			expect(sessionHolds(undefined, () => branch, text)).toBe(false);
			inFile(branch, (file) => expect(sessionHolds(file, () => [], text)).toBe(false));
		}
	});

	it("delivered answers are not the person's task", () => {
		expect(lastUserText([user("set up the service"), delivered])).toBe("set up the service");
	});
});
