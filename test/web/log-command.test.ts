/**
 * `pi-ask-anywhere log`, pure parts and the log read: its arguments, the decisions it chooses (newest first, by
 * project, since a time, at most so many) from a real fact log, and the table and JSON lines it prints.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Decision, decisionRecorder } from "../../src/ask/decision.js";
import { type Decided, factLog } from "../../src/ask/log.js";
import { en } from "../../src/i18n/cli/en.js";
import {
	chooseDecisions,
	formatDecisionLines,
	formatDecisionTable,
	parseLogCommand,
} from "../../src/web/log-command.js";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const noLink = (path: string) => path;

let agentDir: string;
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-log-command-"));
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

const decision = (n: number, project: string, at: number): [Decision, number] => [
	{
		sessionId: `s-${n}`,
		toolCallId: `call-${n}`,
		project,
		by: n % 2 ? "tui" : "answers",
		outcome: "answered",
		questions: [{ header: "DB", question: `Question ${n}?` }],
		answers: [`answer ${n}`],
	},
	at,
];

describe("parseLogCommand", () => {
	it("reads --json, --project, --since as a date or a span, and --limit; 50 by default", () => {
		expect(parseLogCommand([], "/w", NOW, noLink)).toEqual({ json: false, limit: 50 });
		expect(parseLogCommand(["--json", "--project", "shop", "--limit", "3"], "/w", NOW, noLink)).toEqual({
			json: true,
			limit: 3,
			projects: ["/w/shop"],
		});
		expect(parseLogCommand(["--project", "shop"], "/w", NOW, () => "/real/shop")).toMatchObject({
			projects: ["/w/shop", "/real/shop"],
		});
		expect(parseLogCommand(["--since", "2h"], "/w", NOW, noLink)).toMatchObject({ since: NOW - 7_200_000 });
		expect(parseLogCommand(["--since", "2026-11-01T00:00:00Z"], "/w", NOW, noLink)).toMatchObject({
			since: Date.parse("2026-11-01T00:00:00Z"),
		});
		expect(parseLogCommand(["--help"], "/w", NOW, noLink)).toBe("help");
	});

	it("refuses what it cannot read, saying what it wants", () => {
		expect(() => parseLogCommand(["--since", "yesterday-ish"], "/w", NOW, noLink)).toThrow(/no time/);
		expect(() => parseLogCommand(["--limit", "0"], "/w", NOW, noLink)).toThrow(/--limit/);
		expect(() => parseLogCommand(["--limit", "x"], "/w", NOW, noLink)).toThrow(/--limit/);
		expect(() => parseLogCommand(["extra"], "/w", NOW, noLink)).toThrow(/unexpected/);
		expect(() => parseLogCommand(["--bogus"], "/w", NOW, noLink)).toThrow();
	});
});

describe("chooseDecisions", () => {
	function logWith(entries: [Decision, number][]) {
		const log = factLog(agentDir);
		for (const [d, at] of entries) {
			decisionRecorder(log, () => at)(d);
			log.append({ fact: "tool-ran", from: at, until: at + 1 });
		}
		return factLog(agentDir);
	}

	it("gives the newest first, at most --limit, only --project's, only since --since", () => {
		const log = logWith(
			Array.from({ length: 10 }, (_, i) => decision(i, i % 2 ? "/w/a" : "/w/b", NOW - (10 - i) * 3_600_000)),
		);
		const ids = (chosen: Decided[]) => chosen.map((d) => d.toolCallId);
		expect(ids(chooseDecisions(log, { json: false, limit: 50 }))).toEqual(
			Array.from({ length: 10 }, (_, i) => `call-${9 - i}`),
		);
		expect(ids(chooseDecisions(log, { json: false, limit: 2 }))).toEqual(["call-9", "call-8"]);
		expect(ids(chooseDecisions(log, { json: false, limit: 50, projects: ["/w/a"] }))).toEqual([
			"call-9",
			"call-7",
			"call-5",
			"call-3",
			"call-1",
		]);
		expect(ids(chooseDecisions(log, { json: false, limit: 50, since: NOW - 3 * 3_600_000 }))).toEqual([
			"call-9",
			"call-8",
			"call-7",
		]);
	});

	it("a decision written twice (appended while the log was compacted) is shown once", () => {
		const once = decision(1, "/w/a", NOW - 1_000);
		const log = logWith([once, once, decision(2, "/w/a", NOW)]);
		expect(chooseDecisions(log, { json: false, limit: 50 }).map((d) => d.toolCallId)).toEqual(["call-2", "call-1"]);
	});

	it("an absent log is no decisions", () => {
		expect(chooseDecisions(factLog(join(agentDir, "none")), { json: false, limit: 50 })).toEqual([]);
	});
});

describe("formatting", () => {
	const fact = (d: Decision, at: number): Decided => ({
		fact: "decided",
		at,
		...d,
		questions: [...d.questions],
		answers: [...d.answers],
	});

	it("a table: one row per question, the answer or how the ask ended, escapes removed", () => {
		const [answered] = decision(1, "/w/shop", 0);
		const cancelled: Decision = {
			...answered,
			by: "mcp-form",
			asker: "claude-code",
			outcome: "declined",
			questions: [{ question: "Deploy\u001b[31m now?" }, { question: "Which region?" }],
			answers: [],
		};
		const table = formatDecisionTable([fact(cancelled, NOW), fact(answered, NOW)], en.log).split("\n");
		expect(table[0]).toMatch(/^time\s+project\s+by\s+question → answer$/);
		expect(table[1]).toMatch(/shop\s+mcp-form \(claude-code\)\s+Deploy now\? → \(declined\)$/);
		expect(table[2]).toMatch(/^\s+Which region\? → \(declined\)$/);
		expect(table[3]).toMatch(/shop\s+tui\s+DB: Question 1\? → answer 1$/);
		expect(formatDecisionTable([], en.log)).toBe(en.log.none);
	});

	it("JSON: one object a line, as recorded", () => {
		const [d] = decision(2, "/w/shop", 0);
		const lines = formatDecisionLines([fact(d, 5), fact(d, 6)]).split("\n");
		expect(lines.map((line) => JSON.parse(line))).toEqual([fact(d, 5), fact(d, 6)]);
	});
});
