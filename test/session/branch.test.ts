/** What is read back from the session branch: the task, interrupted asks, typed answers for ↑ recall. */
import type { SessionEntry } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { lastUserText, typedAnswerHistory } from "../../src/session/branch.js";

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
