/**
 * `pi-ask-anywhere log [--json] [--project DIR] [--since TIME] [--limit N]`: the decisions in this user's fact log
 * (ask/log.ts), newest first, as a table for a person or one JSON object a line. Reads the log from its end and stops
 * at the limit or past `--since`, so a long log costs what is shown. Parsing, choosing and formatting are pure.
 */
import { realpathSync } from "node:fs";
import { basename, resolve } from "node:path";
import { parseArgs } from "node:util";
import { type Decided, type FactLog, factTime, ORDER_SLACK_MS } from "../ask/log.js";
import { sanitizeLine } from "../core/text.js";
import type { CliStrings } from "../i18n/cli/types.js";

export const LOG_USAGE = `usage: pi-ask-anywhere log [--json] [--project DIR] [--since TIME] [--limit N]

  Prints the decisions on the questions asked of you (the decision log, newest first): when, for which
  project, who answered where (tui, rpc, page, tap, answers, file, edited, mcp-form, for-asker), the
  question and the answer.

  --json         one JSON object a line, as recorded
  --project DIR  only the decisions on asks made from DIR
  --since TIME   only those since TIME: a date (2026-11-28, 2026-11-28T14:00) or a span back (30m, 2h, 7d)
  --limit N      at most N decisions (default 50)`;

const DEFAULT_LIMIT = 50;
const SPAN_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
/** The longest question and answer shown in a table row (the JSON has them whole, as recorded). */
const QUESTION_WIDTH = 60;
const ANSWER_WIDTH = 40;

export interface LogCommand {
	json: boolean;
	/** The folders `--project` names (as written and where it leads): a decision's project matches either. */
	projects?: string[];
	/** Milliseconds since the epoch. */
	since?: number;
	limit: number;
}

/** `--since`'s time: a span back from `now` (30m, 2h, 7d) or a date Date.parse reads; throws for anything else. */
function sinceOf(text: string, now: number): number {
	const span = /^(\d+)([mhd])$/.exec(text.trim());
	if (span) return now - Number(span[1]) * (SPAN_MS[span[2] as string] ?? 0);
	const at = Date.parse(text);
	if (Number.isNaN(at))
		throw new Error(`--since ${JSON.stringify(text)} is no time: give a date (2026-11-28) or a span (2h, 7d)`);
	return at;
}

/** Parses the arguments after `log`; throws an Error whose message is for the person. `help` when asked for. */
export function parseLogCommand(
	argv: readonly string[],
	cwd: string,
	now: number,
	realpath: (path: string) => string = realpathSync.native,
): LogCommand | "help" {
	const { values, positionals } = parseArgs({
		args: [...argv],
		allowPositionals: true,
		options: {
			json: { type: "boolean" },
			project: { type: "string" },
			since: { type: "string" },
			limit: { type: "string" },
			help: { type: "boolean", short: "h" },
		},
	});
	if (values.help) return "help";
	if (positionals.length > 0) throw new Error(`unexpected ${JSON.stringify(positionals.join(" "))}\n\n${LOG_USAGE}`);
	const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
	if (!Number.isInteger(limit) || limit < 1)
		throw new Error(`--limit must be a whole number from 1, not ${values.limit}`);
	const command: LogCommand = { json: values.json === true, limit };
	if (values.project !== undefined) {
		const folder = resolve(cwd, values.project);
		let real = folder;
		try {
			real = realpath(folder);
		} catch {
			// A folder gone since: its decisions are still named by the path they were made at.
		}
		command.projects = real === folder ? [folder] : [folder, real];
	}
	if (values.since !== undefined) command.since = sinceOf(values.since, now);
	return command;
}

/** The decisions the command shows, newest first: read from the log's end until the limit or past `since`. */
export function chooseDecisions(log: Pick<FactLog, "newestFirst">, command: LogCommand): Decided[] {
	const chosen: Decided[] = [];
	// A fact appended while the log was compacted may be there twice (records/fact-compaction.ts): shown once.
	const seen = new Set<string>();
	log.newestFirst((fact) => {
		const at = factTime(fact);
		if (command.since !== undefined && at < command.since - ORDER_SLACK_MS) return false;
		if (fact.fact !== "decided") return true;
		if (command.since !== undefined && fact.at < command.since) return true;
		if (command.projects && !command.projects.includes(fact.project)) return true;
		const key = JSON.stringify([fact.at, fact.sessionId, fact.toolCallId, fact.by]);
		if (seen.has(key)) return true;
		seen.add(key);
		chosen.push(fact);
		return chosen.length < command.limit;
	});
	return chosen;
}

function cut(text: string, width: number): string {
	const line = sanitizeLine(text);
	return line.length <= width ? line : `${line.slice(0, width - 1)}…`;
}

/** `2026-11-28 14:05` in the machine's time zone. */
function localTime(at: number): string {
	const date = new Date(at);
	const two = (n: number) => String(n).padStart(2, "0");
	return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The answer a row shows: the answer given, or how the ask ended without one. */
function answerShown(decision: Decided, index: number): string {
	if (decision.outcome !== "answered") return `(${decision.outcome})`;
	const answer = decision.answers[index];
	return answer === undefined ? "–" : cut(answer, ANSWER_WIDTH);
}

/** The decisions as the person reads them: a table, one row per question; `said.none` when there are none. */
export function formatDecisionTable(decisions: readonly Decided[], said: CliStrings["log"]): string {
	if (decisions.length === 0) return said.none;
	const rows: string[][] = [[said.time, said.project, said.by, `${said.question} → ${said.answer}`]];
	for (const decision of decisions) {
		const project = sanitizeLine(basename(decision.project) || decision.project);
		const by = decision.asker ? `${decision.by} (${cut(decision.asker, 20)})` : decision.by;
		const questions = decision.questions.length > 0 ? decision.questions : [{ question: "" }];
		questions.forEach((q, i) => {
			const asked = cut(q.header ? `${q.header}: ${q.question}` : q.question, QUESTION_WIDTH);
			const first = i === 0;
			rows.push([
				first ? localTime(decision.at) : "",
				first ? project : "",
				first ? by : "",
				`${asked} → ${answerShown(decision, i)}`,
			]);
		});
	}
	const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
	return rows
		.map((row) =>
			row
				.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell))
				.join("  ")
				.trimEnd(),
		)
		.join("\n");
}

/** One JSON object a line, as recorded. */
export function formatDecisionLines(decisions: readonly Decided[]): string {
	return decisions.map((decision) => JSON.stringify(decision)).join("\n");
}
