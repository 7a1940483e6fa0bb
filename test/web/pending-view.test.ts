/** Which pending files are a live ask's own questions (shown once, as the live ask). */
import { describe, expect, it } from "vitest";
import type { LiveAsk } from "../../src/remote/live-asks.js";
import type { WireQuestion } from "../../src/remote/protocol.js";
import { filesOfLiveAsks, type PendingView } from "../../src/web/pending-view.js";

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
	accepts: { exact: true, notes: true, closes: true, images: false },
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
