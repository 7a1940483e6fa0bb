/** The one reader of ask_user in a session's messages: its calls and its results, by the tool's one name. */
import { describe, expect, it } from "vitest";
import { TOOL_NAME } from "../../src/core/prompt.js";
import { askUserCalls, isAskUserResult } from "../../src/session/ask-entries.js";

describe("askUserCalls", () => {
	it("reads the ask_user calls in order and passes over everything else", () => {
		const content = [
			{ type: "text", text: "let me ask" },
			{ type: "toolCall", name: TOOL_NAME, id: "call-1", arguments: { questions: [] } },
			{ type: "toolCall", name: "bash", id: "call-2", arguments: { command: "ls" } },
			null,
			"a string block",
			{ type: "toolCall", name: TOOL_NAME, id: 7, arguments: {} },
			{ type: "toolCall", name: TOOL_NAME, id: "call-3" },
		];
		expect(askUserCalls(content)).toEqual([
			{ id: "call-1", arguments: { questions: [] } },
			{ id: "call-3", arguments: undefined },
		]);
	});

	it("finds none in content that is not a list", () => {
		expect(askUserCalls("text")).toEqual([]);
		expect(askUserCalls(undefined)).toEqual([]);
		expect(askUserCalls({ type: "toolCall", name: TOOL_NAME, id: "x" })).toEqual([]);
	});
});

describe("isAskUserResult", () => {
	it.each([
		[{ role: "toolResult", toolName: TOOL_NAME }, true],
		[{ role: "toolResult", toolName: "bash" }, false],
		[{ role: "toolResult" }, false],
		[{ role: "assistant", toolName: TOOL_NAME }, false],
		[{ role: "user" }, false],
	])("%j → %s", (message, expected) => {
		expect(isAskUserResult(message)).toBe(expected);
	});
});
