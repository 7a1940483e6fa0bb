/**
 * This user's own append-only records in `<agentDir>/pi-ask-user/` (never the project's, which a cloned repository
 * could fill): the settled-elsewhere ledger, one JSON line per ask that was answered or cleared from another session
 * (the ask's own session reads it on its next start, so `pi --session <old>` does not bring those questions back),
 * and the asks-made record (asks-made.ts).
 */
import { lstatSync, mkdirSync, type Stats } from "node:fs";
import { dirname, join } from "node:path";
import { appendLine, readRegularBytes } from "../ask/files.js";
import { isRecord } from "../core/json.js";
import type { SettledAsks, SettledElsewhere } from "./ask-records.js";

/** Every line that parses as JSON; a line cut short by a crash is skipped, the others still count. */
function jsonLines(text: string): unknown[] {
	return text.split("\n").flatMap((line) => {
		if (line.trim() === "") return [];
		try {
			return [JSON.parse(line) as unknown];
		} catch {
			return [];
		}
	});
}

/** A time a line writes as ISO text, in ms; `undefined` for anything else. */
export function timeOf(text: unknown): number | undefined {
	const time = typeof text === "string" ? Date.parse(text) : Number.NaN;
	return Number.isFinite(time) ? time : undefined;
}

export interface JsonLinesFile<T, I> {
	add(entry: T): void;
	/** The index built from the file's lines; read and built again only when the file changed since the last call. */
	current(): I;
}

/**
 * An append-only file of JSON lines in this user's `<agentDir>/pi-ask-user/` folder, looked up through an index.
 * A listing of a thousand pending files asks it a thousand times: one `stat` each, one read and one index in all.
 */
export function jsonLinesFile<T, I>(
	agentDir: string,
	name: string,
	index: (records: readonly unknown[]) => I,
): JsonLinesFile<T, I> {
	return recordFile(agentDir, name, (text) => index(jsonLines(text)));
}

/** The same file, its index built from the whole text (one that parses only the lines it needs, asks-made.ts). */
export function recordFile<T, I>(agentDir: string, name: string, index: (text: string) => I): JsonLinesFile<T, I> {
	return recordFileAt(join(agentDir, "pi-ask-user"), name, index, { ownFolder: true });
}

/** The file's lstat when it is a regular file; `undefined` when it is missing, unreachable or anything else. */
function regularFileStat(path: string): Stats | undefined {
	try {
		const stat = lstatSync(path);
		return stat.isFile() ? stat : undefined;
	} catch {
		return undefined;
	}
}

/**
 * An append-only record file named `name` in the folder `dir`, looked up through an index. Only a regular file is
 * read or written (ask/files.ts): a FIFO, device or symlink in its place counts as no record, and an
 * append to one fails. `ownFolder`: this user's folder, made when missing; otherwise (a project's `.pi`, which a
 * cloned repository fills) the folder must already be a real one, and a file over `maxBytes` is not read.
 */
function recordFileAt<T, I>(
	dir: string,
	name: string,
	index: (text: string) => I,
	place: { ownFolder: true } | { ownFolder: false; maxBytes: number },
): JsonLinesFile<T, I> {
	const path = join(dir, name);
	let cached: { signature: string; index: I } | undefined;
	// Checked once per synchronous run of code (a loop over a thousand files): nothing in this process changes the
	// file meanwhile but add(), and another process's append in that moment is the same as one just after it.
	let checkedThisTick = false;
	return {
		current: () => {
			if (cached && checkedThisTick) return cached.index;
			checkedThisTick = true;
			queueMicrotask(() => {
				checkedThisTick = false;
			});
			// No file yet, a folder that is not one, or something that is not a file: nothing recorded.
			const stat = regularFileStat(path);
			const signature = stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : "absent";
			if (cached?.signature === signature) return cached.index;
			const bytes =
				signature === "absent"
					? undefined
					: readRegularBytes(path, place.ownFolder ? {} : { maxBytes: place.maxBytes });
			cached = { signature, index: index(bytes?.toString("utf8") ?? "") };
			return cached.index;
		},
		add: (entry) => {
			cached = undefined;
			if (place.ownFolder) mkdirSync(dir, { recursive: true, mode: 0o700 });
			else if (!lstatSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
			appendLine(path, JSON.stringify(entry));
		},
	};
}

export interface Ledger {
	/**
	 * Writes that an ask was settled. Where this user's folder cannot take the line (read-only, full), the project
	 * folder `projectDir` the ask's pending file was in keeps it instead (./ledger.ts PROJECT_LEDGER), since the ask's
	 * session starts in that folder. Throws only when neither place took it.
	 */
	add(entry: SettledElsewhere, projectDir?: string): void;
	/** The asks of this session settled elsewhere, from this user's ledger and from the project folder's, if given. */
	settledIn(sessionId: string, projectDir?: string): SettledAsks;
}

const LEDGER_NAME = ".settled-elsewhere.jsonl";
/**
 * The ledger's stand-in inside a project, for a user folder that cannot be written. Its lines only ever settle asks
 * (a copy that came with a cloned repository can name no session of this user's), so reading it can never make an
 * answer count; at worst a question is not asked again.
 */
export const PROJECT_LEDGER = join(".pi", LEDGER_NAME);
/** A line is about 150 bytes: room for thousands of settled asks, and a bound on what a start reads. */
const PROJECT_LEDGER_MAX_BYTES = 1 << 20;

/**
 * What the lines say of one tool-call id: the asks they name by when each was made, and when the newest line that
 * names none was written (`Infinity` for such a line that does not say when; absent when there is none).
 */
interface SettledId {
	asked: Set<number>;
	untimedAt?: number;
}

/**
 * The ledger's lines that name `sessionId`, by tool-call id (malformed lines skipped). Only the lines whose text holds
 * the session's id are parsed: a start reads its own session's few lines of a ledger of thousands.
 */
function settledOfSession(text: string, sessionId: string, parse: (line: string) => unknown): Map<string, SettledId> {
	const ids = new Map<string, SettledId>();
	const needle = JSON.stringify(sessionId);
	for (let at = text.indexOf(needle); at !== -1; ) {
		const start = text.lastIndexOf("\n", at) + 1;
		const newline = text.indexOf("\n", at);
		const end = newline === -1 ? text.length : newline;
		at = newline === -1 ? -1 : text.indexOf(needle, end);
		let data: unknown;
		try {
			data = parse(text.slice(start, end));
		} catch {
			continue;
		}
		if (!isRecord(data) || data.sessionId !== sessionId || typeof data.toolCallId !== "string") continue;
		const id = ids.get(data.toolCallId) ?? { asked: new Set<number>() };
		if (typeof data.askedAt === "number" && Number.isFinite(data.askedAt)) id.asked.add(data.askedAt);
		else {
			const time = timeOf(data.settledAt) ?? Number.POSITIVE_INFINITY;
			id.untimedAt = Math.max(time, id.untimedAt ?? Number.NEGATIVE_INFINITY);
		}
		ids.set(data.toolCallId, id);
	}
	return ids;
}

/** The ledger's text, and each session's lines as they were asked for. */
interface SettledTimes {
	text: string;
	sessions: Map<string, Map<string, SettledId>>;
}

/**
 * The settled asks of one session, read from the ledger's index: a line naming when its ask was made settles that
 * ask; a line naming none settles the asks with its id made before it was written.
 */
function settledAsks(times: ReadonlyMap<string, SettledId> | undefined): SettledAsks {
	return {
		has: (toolCallId, askedAt) => {
			const settled = times?.get(toolCallId);
			if (settled === undefined) return false;
			if (askedAt === undefined) return true;
			if (settled.asked.has(askedAt)) return true;
			return settled.untimedAt !== undefined && askedAt <= settled.untimedAt;
		},
	};
}

export function fileLedger(
	agentDir: string,
	now: () => Date = () => new Date(),
	options: { parse?: (line: string) => unknown } = {},
): Ledger {
	const parse = options.parse ?? JSON.parse;
	const ledgerAt = (dir: string, name: string, place: Parameters<typeof recordFileAt>[3]) =>
		recordFileAt<SettledElsewhere, SettledTimes>(dir, name, (text) => ({ text, sessions: new Map() }), place);
	const file = ledgerAt(join(agentDir, "pi-ask-user"), "settled-elsewhere.jsonl", { ownFolder: true });
	const projectFiles = new Map<string, JsonLinesFile<SettledElsewhere, SettledTimes>>();
	const projectFile = (projectDir: string) => {
		const found =
			projectFiles.get(projectDir) ??
			ledgerAt(dirname(join(projectDir, PROJECT_LEDGER)), LEDGER_NAME, {
				ownFolder: false,
				maxBytes: PROJECT_LEDGER_MAX_BYTES,
			});
		projectFiles.set(projectDir, found);
		return found;
	};
	/** One session's settled asks in a ledger, read when first asked (a new session's start never asks). */
	const sessionIn = (ledger: JsonLinesFile<SettledElsewhere, SettledTimes>, sessionId: string) => {
		const times = ledger.current();
		const found = times.sessions.get(sessionId) ?? settledOfSession(times.text, sessionId, parse);
		times.sessions.set(sessionId, found);
		return settledAsks(found);
	};
	return {
		add: (entry, projectDir) => {
			const line = { ...entry, settledAt: entry.settledAt ?? now().toISOString() };
			try {
				file.add(line);
			} catch (error) {
				if (projectDir === undefined) throw error;
				try {
					projectFile(projectDir).add(line);
				} catch {
					throw error;
				}
			}
		},
		settledIn: (sessionId, projectDir) => ({
			has: (toolCallId, askedAt) =>
				sessionIn(file, sessionId).has(toolCallId, askedAt) ||
				(projectDir !== undefined && sessionIn(projectFile(projectDir), sessionId).has(toolCallId, askedAt)),
		}),
	};
}
