/**
 * This user's fact log, `<agentDir>/pi-ask-user/facts.jsonl` (never a project's, which a cloned repository could
 * fill): facts that never change once true, one JSON object a line, appended through the one append writer and read
 * through the one guarded reader (./files.ts), newest first, so a reader that needs the recent facts reads only the
 * end of the log. Times are milliseconds since the epoch.
 */
import { lstatSync, mkdirSync, type Stats } from "node:fs";
import { dirname, join } from "node:path";
import { isRecord } from "../core/json.js";
import { appendLine, type BackwardRead, readLinesFromEnd, readRegularBytes } from "./files.js";
import type { AskId } from "./id.js";

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

/**
 * This user's pi saved an ask's questions to a pending file in the project folder `project` (a file copied to another
 * folder, or one a cloned repository brought, has no such fact there). `asker` names an MCP client asking through it.
 */
export interface Saved {
	fact: "saved";
	at: number;
	sessionId: string;
	toolCallId: string;
	project: string;
	asker?: string;
}

/**
 * An ask was answered or cleared outside its own session: that session must not ask it again. `askedAt` names the
 * ask exactly; without it, every ask of that tool-call id made before `at` is settled.
 */
export interface Settled {
	fact: "settled";
	at: number;
	sessionId: string;
	toolCallId: string;
	/** Its answers were delivered to another session, or the person cleared it. */
	how: "delivered" | "cleared";
	askedAt?: number;
}

/**
 * The person gave a pending file's answers through their own pi, page or phone (`fingerprint`,
 * pending/given-for-asker.ts, covers the ask and every answer): `page` for a file their pi did not write (theirs
 * though the file is not), `asker` for an MCP client's file, `file` for their own pi's file, where only `by` (who
 * wrote them) is news: the decision log names it.
 */
export interface Given {
	fact: "given";
	at: number;
	to: "page" | "asker" | "file";
	fingerprint: string;
	by?: "page" | "tap";
}

/**
 * The log was compacted (records/fact-compaction.ts): the tool calls that ran before `before` were forgotten, every
 * other fact kept. A pending file changed before then counts as written by a tool call (refused, never delivered as
 * the person's). The compaction writes every fact older than `before` ahead of this one and every newer one after it,
 * so a reader going back in time meets it before anything older.
 */
export interface Forgotten {
	fact: "forgotten";
	before: number;
}

export type Fact = ToolRan | Decided | Saved | Settled | Given | Forgotten;

/** An ask as the facts name it. */
type AskOfFact = Pick<AskId, "sessionId" | "toolCallId">;

export interface FactLog {
	readonly path: string;
	/**
	 * Appends facts in one write (a run's tool-call windows go together at its end); throws when the log cannot take
	 * them (not a regular file, a full disk).
	 */
	append(...facts: Fact[]): void;
	/** The facts from the newest back, each given to `visit` until it answers false; lines that are no fact are skipped. */
	newestFirst(visit: (fact: Fact) => boolean): BackwardRead;
	/**
	 * The newest fact that this user's pi saved the ask; `undefined` when none was (or the log cannot be read). `since`:
	 * when the ask says it was made; the log is read back only to then.
	 */
	saved(ask: AskOfFact, since?: number): Saved | undefined;
	/** Whether the ask made at `askedAt` (any, when not known: the whole log is read) was settled outside its session. */
	settled(ask: AskOfFact, askedAt: number | undefined): boolean;
	/**
	 * The newest fact that the person gave the answers of `fingerprint` `to` a page, an asker or their own file (with who
	 * wrote them there); `undefined` when none was, or the log cannot be read. `since`: when the ask was made (answers
	 * are given after it); the log is read back only to then.
	 */
	given(to: Given["to"], fingerprint: string, since?: number): Given | undefined;
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
	if (value.fact === "forgotten") return finite(value.before) ? { fact: "forgotten", before: value.before } : undefined;
	const { at, sessionId, toolCallId } = value;
	if (value.fact === "given") {
		if (!finite(at) || !oneOf(["page", "asker", "file"] as const, value.to) || !text(value.fingerprint))
			return undefined;
		const by = oneOf(["page", "tap"] as const, value.by) ? { by: value.by } : {};
		return { fact: "given", at, to: value.to, fingerprint: value.fingerprint, ...by };
	}
	if (!finite(at) || !text(sessionId) || !text(toolCallId)) return undefined;
	if (value.fact === "saved" && text(value.project) && (value.asker === undefined || text(value.asker))) {
		const asker = value.asker === undefined ? {} : { asker: value.asker };
		return { fact: "saved", at, sessionId, toolCallId, project: value.project, ...asker };
	}
	const how = oneOf(["delivered", "cleared"] as const, value.how) ? value.how : undefined;
	if (value.fact === "settled" && how && (value.askedAt === undefined || finite(value.askedAt))) {
		const askedAt = value.askedAt === undefined ? {} : { askedAt: value.askedAt };
		return { fact: "settled", at, sessionId, toolCallId, how, ...askedAt };
	}
	return undefined;
}

/** When a fact became true: a tool call's end, a compaction's bound, else its `at`. */
export const factTime = (fact: Fact): number =>
	fact.fact === "tool-ran" ? fact.until : fact.fact === "forgotten" ? fact.before : fact.at;

/** An ask's key among facts (its session and tool call). */
export const keyOf = (ask: AskOfFact): string => JSON.stringify([ask.sessionId, ask.toolCallId]);

/** Whether `settled` settles the ask made at `askedAt` (any ask of its id, when that is not known). */
function settles(settled: Settled, askedAt: number | undefined): boolean {
	if (askedAt === undefined || settled.askedAt === askedAt) return true;
	return settled.askedAt === undefined && askedAt <= settled.at;
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
	/** The facts read so far that name an ask, by the ask: its newest `saved`, and every `settled`. */
	asks: Map<string, { saved?: Saved; settled: Settled[] }>;
	/** The newest `given` fact read so far of each `to:fingerprint`. */
	given: Map<string, Given>;
	/** The time of the oldest fact read so far (`Infinity` before any). */
	oldestTime: number;
}

/** Facts are appended as they become true, by several processes: the log is in time order to within this. */
export const ORDER_SLACK_MS = 10_000;

/** Adds `fact` to the index; `newer`: it was appended after every fact indexed before (else it is older). */
function indexed(read: ReadSoFar, fact: Fact, newer: boolean): void {
	if (!newer) read.oldestTime = Math.min(read.oldestTime, factTime(fact));
	if (fact.fact === "given") {
		const key = `${fact.to}:${fact.fingerprint}`;
		if (newer || !read.given.has(key)) read.given.set(key, fact);
	}
	if (fact.fact !== "saved" && fact.fact !== "settled") return;
	const key = keyOf(fact);
	const ask = read.asks.get(key) ?? { settled: [] };
	read.asks.set(key, ask);
	if (fact.fact === "settled") ask.settled.push(fact);
	else if (newer || ask.saved === undefined) ask.saved = fact;
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

/**
 * The log's text with the tool calls that ran before `before` left out: every older fact kept (in its order), then the
 * marker, then every newer fact (in its order); lines that are no fact, and older markers, are dropped.
 */
export function compactedText(text: string, before: number): string {
	const facts = text.split("\n").flatMap((line) => {
		const fact = line.trim() === "" ? undefined : factOf(line);
		return fact ? [fact] : [];
	});
	// What an earlier compaction forgot stays forgotten, whatever this one keeps.
	const bound = facts.reduce((max, fact) => (fact.fact === "forgotten" ? Math.max(max, fact.before) : max), before);
	const older: Fact[] = [];
	const newer: Fact[] = [];
	for (const fact of facts) {
		if (fact.fact === "forgotten") continue;
		if (factTime(fact) >= bound) newer.push(fact);
		else if (fact.fact !== "tool-ran") older.push(fact);
	}
	const marker: Forgotten = { fact: "forgotten", before: bound };
	return [...older, marker, ...newer].map((fact) => `${JSON.stringify(fact)}\n`).join("");
}

/** This user's fact log, in their agent folder (made when missing). */
export function factLog(agentDir: string): FactLog {
	return factLogAt(join(agentDir, "pi-ask-user", "facts.jsonl"), { ownFolder: true });
}

/**
 * A fact log at `path`. `ownFolder`: this user's folder, made when missing; otherwise (a project's `.pi`, which a cloned
 * repository fills) the folder must already be a real one, and a log over `maxBytes` counts as unreadable.
 */
export function factLogAt(path: string, place: { ownFolder: true } | { ownFolder: false; maxBytes: number }): FactLog {
	const folder = dirname(path);
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
		if (!stat.isFile() || (!place.ownFolder && stat.size > place.maxBytes)) return "unreadable";
		if (known === undefined || known.ino !== stat.ino || known.size > stat.size) {
			known = {
				ino: stat.ino,
				size: 0,
				oldestAt: 0,
				facts: [],
				asks: new Map(),
				given: new Map(),
				oldestTime: Number.POSITIVE_INFINITY,
			};
		}
		if (stat.size > known.size) {
			const added = readRegularBytes(path, { fromByte: known.size });
			if (added === undefined) return "unreadable";
			const complete = added.subarray(0, added.lastIndexOf(0x0a) + 1);
			const fresh = factsOfLines(complete.toString("utf8"));
			// Nothing read before: what was there is read backwards, as far as a reader needs.
			if (known.size === 0 && known.facts.length === 0) known.oldestAt = complete.length;
			else {
				known.facts = [...fresh, ...known.facts];
				for (const fact of [...fresh].reverse()) indexed(known, fact, true);
			}
			known.size += complete.length;
		}
		return known;
	}

	/**
	 * Reads the lines older than any read so far, indexing each, until `found` (asked after each) is true, the facts
	 * read are older than `since`, or the log's first line; `undefined` when the log cannot be read.
	 */
	function readOlder(found: (read: ReadSoFar) => boolean, since?: number): ReadSoFar | undefined {
		const read = caughtUp();
		if (typeof read === "string") return undefined;
		const done = () => found(read) || (since !== undefined && read.oldestTime < since - ORDER_SLACK_MS);
		if (done() || read.oldestAt === 0) return read;
		return readBack(read, () => !done()) === "unreadable" ? undefined : read;
	}

	/** The lines older than any read so far, each kept and indexed, then given to `visit` until it answers false. */
	function readBack(read: ReadSoFar, visit: (fact: Fact) => boolean): BackwardRead {
		return readLinesFromEnd(
			path,
			(line, at) => {
				read.oldestAt = at;
				const fact = factOf(line);
				if (fact === undefined) return true;
				read.facts.push(fact);
				indexed(read, fact, false);
				return visit(fact);
			},
			{ endByte: read.oldestAt },
		);
	}

	return {
		path,
		append(...facts) {
			if (facts.length === 0) return;
			const line = facts.map((fact) => JSON.stringify(fact)).join("\n");
			if (!place.ownFolder && !lstatSync(folder).isDirectory()) throw new Error(`${folder} is not a folder`);
			let written: number;
			try {
				written = appendLine(path, line);
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== "ENOENT" || !place.ownFolder) throw error;
				mkdirSync(folder, { recursive: true, mode: 0o700 });
				written = appendLine(path, line);
			}
			// Compacted meanwhile (records/fact-compaction.ts): the line went to the log that was replaced, and may have missed
			// the compaction's copy. Written again, it is never lost; a fact twice changes no answer.
			if (lstatSync(path).ino !== written) appendLine(path, line);
		},
		newestFirst(visit) {
			const read = caughtUp();
			if (typeof read === "string") return read;
			for (const fact of read.facts) if (!visit(fact)) return "read";
			if (read.oldestAt === 0) return "read";
			return readBack(read, visit);
		},
		saved(ask, since) {
			const key = keyOf(ask);
			return readOlder((read) => read.asks.get(key)?.saved !== undefined, since)?.asks.get(key)?.saved;
		},
		settled(ask, askedAt) {
			const key = keyOf(ask);
			const found = (read: ReadSoFar) => read.asks.get(key)?.settled.some((one) => settles(one, askedAt)) === true;
			// An ask is settled after it was made: nothing older can settle it.
			const read = readOlder(found, askedAt);
			return read !== undefined && found(read);
		},
		given(to, fingerprint, since) {
			const key = `${to}:${fingerprint}`;
			return readOlder((read) => read.given.has(key), since)?.given.get(key);
		},
	};
}
