/**
 * Lines a person reads outside the dialog, rendered with another language's words: the chat's summary of an ask_user
 * call and of answers delivered later, a subagent's label in the parent's dialog, who holds a pending file, and the
 * line while questions set aside wait. English is what a run speaks until a language is chosen.
 */
import { describe, expect, it } from "vitest";
import { askerLabel } from "../../src/children/child-question.js";
import type { AskRequest } from "../../src/core/types.js";
import { CLI_TABLES } from "../../src/i18n/tables.js";
import { waitingLine } from "../../src/lifecycle/background-asks.js";
import { describeClaim } from "../../src/pending/claims.js";
import { formatStructuredDelivery, formatWordsDelivery } from "../../src/pending/delivery.js";
import { summarizeCall, summarizeDelivered, summarizeResult } from "../../src/tool/chat-rendering.js";
import { SPEC_EXAMPLE } from "../fixtures.js";

const de = CLI_TABLES.de;
const RESULT = { questions: [], answers: [] };

describe("German outside the dialog", () => {
	it("the chat's summary of a call and its result", () => {
		const call = { questions: [{ question: "Welche Datenbank?" }, { question: "Welcher Port?" }] };
		expect(summarizeCall(call, de.chat)).toBe("Welche Datenbank? (+1 weitere)");
		expect(summarizeResult({ ...RESULT, outcome: "cancelled" } as never, false, de.chat).lines).toEqual([
			"Vom Benutzer abgebrochen (/questions reopen fragt erneut)",
		]);
		const answered = {
			...RESULT,
			outcome: "answered",
			answers: [{ question: "Welche Datenbank?", answer: "SQLite", note: "schnell" }],
			unanswered: ["Welcher Port?"],
			note: "danke",
		};
		expect(summarizeResult(answered as never, false, de.chat).lines).toEqual([
			"Welche Datenbank? → SQLite — Notiz: schnell",
			"Welcher Port? → (übersprungen)",
			"Notiz für alle: danke",
		]);
	});

	it("answers delivered later: dismissed, or given in the person's own words", () => {
		const ask = { toolCallId: "call_1", request: SPEC_EXAMPLE as AskRequest };
		const dismissed = formatStructuredDelivery(ask, { kind: "cancelled" }, true);
		expect(summarizeDelivered(dismissed, false, de.chat)?.lines).toEqual(["Ohne Antwort verworfen"]);
		const words = formatWordsDelivery(ask, "sqlite", true);
		expect(summarizeDelivered(words, false, de.chat)?.lines.at(-1)).toBe('In eigenen Worten beantwortet: "sqlite"');
	});

	it("a subagent's label, who holds a file, and the line while questions set aside wait", () => {
		expect(askerLabel(undefined, undefined, de.subagent)).toBe("Subagent · keine Aufgabe angegeben");
		expect(askerLabel({ task: "migrieren", cwd: "/w/b" }, "/w/a", de.subagent)).toBe("Subagent · migrieren · in /w/b");
		const claim = { toolCallId: "c", host: "box", pid: 7, started: "", at: 0 };
		expect(describeClaim({ ...claim, holder: "mcp", file: "/x" }, de.claim)).toBe(
			"von pi-ask-anywhere mcp gehalten (PID 7 auf box)",
		);
		expect(describeClaim(claim, de.claim)).toBe("in einem anderen pi offen (PID 7 auf box)");
		expect(waitingLine(2, de.notices)).toBe(
			"2 zurückgestellte Fragerunden warten auf deine Antworten: /questions answer",
		);
	});
});
