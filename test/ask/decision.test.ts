/**
 * The decision log's writer and reader: a decided fact written bounded, read back as written, a line no writer wrote
 * skipped, and a log that cannot take the fact said once without failing the answer. Real files in a temp folder.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	answerTexts,
	type Decision,
	decidedOutcome,
	decisionRecorder,
	MAX_DECIDED_ITEMS,
	MAX_DECIDED_TEXT,
} from "../../src/ask/decision.js";
import { type Decided, type Fact, factLog } from "../../src/ask/log.js";

let agentDir: string;
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-decision-"));
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

const decision: Decision = {
	sessionId: "s-1",
	toolCallId: "call-1",
	project: "/work/shop",
	by: "tui",
	outcome: "answered",
	questions: [{ header: "DB", question: "Which database?" }],
	answers: ["Postgres"],
};

function decided(log: ReturnType<typeof factLog>): Decided[] {
	const seen: Decided[] = [];
	log.newestFirst((fact: Fact) => {
		if (fact.fact === "decided") seen.push(fact);
		return true;
	});
	return seen;
}

describe("decisions in the fact log", () => {
	it("are read back as written, newest first, beside the tool-ran facts", () => {
		const log = factLog(agentDir);
		const record = decisionRecorder(log, () => 1_000);
		record(decision);
		log.append({ fact: "tool-ran", from: 1, until: 2 });
		record({
			...decision,
			toolCallId: "call-2",
			by: "mcp-form",
			asker: "claude-code",
			outcome: "cancelled",
			answers: [],
		});
		expect(decided(factLog(agentDir))).toEqual([
			{
				...decision,
				fact: "decided",
				at: 1_000,
				toolCallId: "call-2",
				by: "mcp-form",
				asker: "claude-code",
				outcome: "cancelled",
				answers: [],
			},
			{ ...decision, fact: "decided", at: 1_000 },
		]);
	});

	it("keep a line small: long texts are cut, and at most so many questions and answers are kept", () => {
		const log = factLog(agentDir);
		const long = "x".repeat(10_000);
		const many = Array.from({ length: 50 }, (_, i) => ({ question: `${i} ${long}` }));
		decisionRecorder(log)({ ...decision, questions: many, answers: many.map((q) => q.question) });
		const [fact] = decided(log);
		expect(fact?.questions).toHaveLength(MAX_DECIDED_ITEMS);
		expect(fact?.answers).toHaveLength(MAX_DECIDED_ITEMS);
		expect(fact?.questions[0]?.question).toHaveLength(MAX_DECIDED_TEXT);
		expect(fact?.answers[9]?.endsWith("…")).toBe(true);
		expect(JSON.stringify(fact).length).toBeLessThan(2 * MAX_DECIDED_ITEMS * MAX_DECIDED_TEXT + 1_000);
	});

	it("skip a decided line no writer wrote: a wrong field, an unknown 'by', an outcome nobody gives", () => {
		const log = factLog(agentDir);
		decisionRecorder(log, () => 5)(decision);
		const good = { ...decision, fact: "decided", at: 6 };
		const lines = [
			{ ...good, by: "the model" },
			{ ...good, outcome: "interrupted" },
			{ ...good, answers: [1] },
			{ ...good, questions: [{ header: 3, question: "q" }] },
			{ ...good, questions: "q" },
			{ ...good, at: "now" },
			{ ...good, asker: {} },
			{ ...good, project: undefined },
		];
		appendFileSync(log.path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n{"fact":"decided"\n`);
		expect(decided(factLog(agentDir)).map((fact) => fact.at)).toEqual([5]);
	});

	it("never fail the answer: a log that cannot take a fact is said once, and recording goes on", () => {
		// The log's folder is a file: every append fails.
		writeBlocker(agentDir);
		const log = factLog(agentDir);
		const record = decisionRecorder(log);
		const said: string[] = [];
		expect(() => record(decision, (reason) => said.push(reason))).not.toThrow();
		expect(() => record(decision, (reason) => said.push(reason))).not.toThrow();
		expect(said).toHaveLength(1);
		expect(() =>
			decisionRecorder(log)(decision, () => {
				throw new Error("stderr closed");
			}),
		).not.toThrow();
	});

	it("record only outcomes that decide, with the answers as the model got them", () => {
		expect(decidedOutcome({ kind: "cancelled" })).toBe("cancelled");
		expect(decidedOutcome({ kind: "timedOut" })).toBe("timedOut");
		expect(decidedOutcome({ kind: "interrupted" })).toBeUndefined();
		expect(decidedOutcome({ kind: "connectionLost" })).toBeUndefined();
		expect(decidedOutcome({ kind: "pending", pendingFile: "f" })).toBeUndefined();
		expect(
			answerTexts({
				kind: "answered",
				answers: [
					{ question: "a", answer: ["x", "y"], wasCustom: false },
					{ question: "b", answer: "free", wasCustom: true },
				],
			}),
		).toEqual(["x, y", "free"]);
	});
});

function writeBlocker(dir: string): void {
	mkdirSync(dir, { recursive: true });
	appendFileSync(join(dir, "pi-ask-user"), "not a folder");
}
