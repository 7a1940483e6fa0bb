/**
 * This user's fact log, `<agentDir>/pi-ask-user/facts.jsonl` (never a project's, which a cloned repository could
 * fill): facts that never change once true, one JSON object a line, appended through the one append writer and read
 * through the one guarded reader (./files.ts), newest first, so a reader that needs the recent facts reads only the
 * end of the log. Times are milliseconds since the epoch.
 */
import { lstatSync, mkdirSync, type Stats } from "node:fs";
import { join } from "node:path";
import { isRecord } from "../core/json.js";
import { appendLine, type BackwardRead, readLinesFromEnd, readRegularBytes } from "./files.js";

/** A tool call of a pi ran from `from` until `until`: whatever it wrote meanwhile is the tool's, not the person's. */
export interface ToolRan {
	fact: "tool-ran";
	from: number;
	until: number;
}

/** Who gave a decision, and where (docs/decision-log.md). */
export const DECIDED_BY = ["tui", "rpc", "page", "tap", "answers", "file", "edited", "mcp-form", "for-asker"] as const;
export type DecidedBy = (typeof DECIDED_BY)[number];

/** How an ask ended for good: what a person gave, or a time limit. Never a cancel nobody gave. */
export const DECIDED_OUTCOMES = ["answered", "cancelled", "declined", "timedOut"] as const;
export type DecidedOutcome = (typeof DECIDED_OUTCOMES)[number];

/**
 * An ask ended for good at `at`: its questions, and the answers as the model got them, bounded (./decision.ts) so
 * that a line stays small. `project` is the folder asked from; `asker` who asked, when not the session's own model.
 */
export interface Decided {
	fact: "decided";
	at: number;
	sessionId: string;
	toolCallId: string;
	project: string;
	asker?: string;
	by: DecidedBy;
	outcome: DecidedOutcome;
	questions: { header?: string; question: string }[];
	answers: string[];
}

export type Fact = ToolRan | Decided;

export interface FactLog {
	readonly path: string;
	/** Appends a fact; throws when the log cannot take it (not a regular file, a full disk). */
	append(fact: Fact): void;
	/** The facts from the newest back, each given to `visit` until it answers false; lines that are no fact are skipped. */
	newestFirst(visit: (fact: Fact) => boolean): BackwardRead;
}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const text = (value: unknown): value is string => typeof value === "string";
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

/** A decided line as written, or `undefined` when any field is not what the writer writes. */
function decidedOf(value: Record<string, unknown>): Decided | undefined {
	const { at, sessionId, toolCallId, project, asker, by, outcome, questions, answers } = value;
	if (!finite(at) || !text(sessionId) || !text(toolCallId) || !text(project)) return undefined;
	if (!oneOf(DECIDED_BY, by) || !oneOf(DECIDED_OUTCOMES, outcome)) return undefined;
	if (asker !== undefined && !text(asker)) return undefined;
	if (!Array.isArray(questions) || !Array.isArray(answers) || !answers.every(text)) return undefined;
	const asked: Decided["questions"] = [];
	for (const q of questions) {
		if (!isRecord(q) || !text(q.question) || (q.header !== undefined && !text(q.header))) return undefined;
		asked.push(q.header === undefined ? { question: q.question } : { header: q.header, question: q.question });
	}
	return {
		fact: "decided",
		at,
		sessionId,
		toolCallId,
		project,
		...(asker === undefined ? {} : { asker }),
		by,
		outcome,
		questions: asked,
		answers,
	};
}

/** A line as a fact, or `undefined` for a line no version wrote as one (torn, hand-edited, unknown). */
function factOf(line: string): Fact | undefined {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch {
		return undefined;
	}
	if (!isRecord(value)) return undefined;
	if (value.fact === "tool-ran" && finite(value.from) && finite(value.until)) {
		return { fact: "tool-ran", from: value.from, until: value.until };
	}
	if (value.fact === "decided") return decidedOf(value);
	return undefined;
}

/**
 * What this process read of the log so far: the facts from its newest complete line back to `oldestAt` (the byte
 * offset of the oldest line read), newest first, while the file is the same one (`ino`) and ends where it did
 * (`size`, at a line's end). A listing that judges a thousand files reads each part of the log once.
 */
interface ReadSoFar {
	ino: number;
	size: number;
	oldestAt: number;
	facts: Fact[];
}

/** The facts in `text` (whole lines), newest first. */
function factsOfLines(text: string): Fact[] {
	return text
		.split("\n")
		.flatMap((line) => {
			const fact = line.trim() === "" ? undefined : factOf(line);
			return fact ? [fact] : [];
		})
		.reverse();
}

export function factLog(agentDir: string): FactLog {
	const folder = join(agentDir, "pi-ask-user");
	const path = join(folder, "facts.jsonl");
	let known: ReadSoFar | undefined;

	/** `known`, brought up to the file as it is now: the lines appended since are read, nothing else. */
	function caughtUp(): ReadSoFar | BackwardRead {
		let stat: Stats;
		try {
			stat = lstatSync(path);
		} catch (error) {
			known = undefined;
			return (error as NodeJS.ErrnoException).code === "ENOENT" ? "absent" : "unreadable";
		}
		if (!stat.isFile()) return "unreadable";
		if (known === undefined || known.ino !== stat.ino || known.size > stat.size) {
			known = { ino: stat.ino, size: 0, oldestAt: 0, facts: [] };
		}
		if (stat.size > known.size) {
			const added = readRegularBytes(path, { fromByte: known.size });
			if (added === undefined) return "unreadable";
			const complete = added.subarray(0, added.lastIndexOf(0x0a) + 1);
			const fresh = factsOfLines(complete.toString("utf8"));
			// Nothing read before: what was there is read backwards, as far as a reader needs.
			if (known.size === 0 && known.facts.length === 0) known.oldestAt = complete.length;
			else known.facts = [...fresh, ...known.facts];
			known.size += complete.length;
		}
		return known;
	}

	return {
		path,
		append(fact) {
			const line = JSON.stringify(fact);
			try {
				appendLine(path, line);
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
				mkdirSync(folder, { recursive: true, mode: 0o700 });
				appendLine(path, line);
			}
		},
		newestFirst(visit) {
			const read = caughtUp();
			if (typeof read === "string") return read;
			for (const fact of read.facts) if (!visit(fact)) return "read";
			if (read.oldestAt === 0) return "read";
			return readLinesFromEnd(
				path,
				(line, at) => {
					read.oldestAt = at;
					const fact = factOf(line);
					if (fact === undefined) return true;
					read.facts.push(fact);
					return visit(fact);
				},
				{ endByte: read.oldestAt },
			);
		},
	};
}
