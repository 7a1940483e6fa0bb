/**
 * THE trust rule for pending-question files. A pending file can arrive with a cloned repository, so its
 * questions and its `task` are somebody else's words until proven otherwise. A file counts as this user's
 * only when the session file it names lies where this user's pi keeps sessions, is the session the file
 * says it is, and holds the very ask_user call (same toolCallId, same questions, same task) it claims.
 *
 * `judgePendingFile` is the pure decision; `readSessionRecord` and `sessionDirectories` are the thin edges
 * that read the file system (injected, so tests can drive them); records/pending-trust.ts puts them together.
 */
import * as nodeFs from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { SessionEntry } from "@mariozechner/pi-coding-agent";
import { readRegularFile } from "../ask/files.js";
import { approvalOf, callHash } from "../core/approval-rules.js";
import { isRecord } from "../core/json.js";
import { normalizeArguments } from "../core/normalize.js";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import { validateRequest } from "../core/validate.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import { askUserCalls, otherToolCalls } from "../session/ask-entries.js";
import { lastUserText } from "../session/branch.js";
import type { PendingFile } from "./pending-file.js";

/** Why a pending file is not trusted; each has a sentence in `distrustReason`. */
export type DistrustReason =
	| "no-session-file"
	| "outside-session-folders"
	| "session-missing"
	| "other-session"
	| "no-ask-call"
	| "questions-differ"
	| "task-differs";

export type TrustVerdict = { trusted: true } | { trusted: false; reason: DistrustReason };

/**
 * The verdict on a pending file as pi acts on it (records/pending-trust.ts gives it); `verdictReason` says why
 * it is not trusted, in the run's language or in English for programs (the web page, `/questions json`).
 */
export type PendingVerdict =
	/** `askedAt`: when the file's ask was made (ms), as its session says, so its answers name that ask exactly. */
	| { trusted: true; askedAt?: number }
	/** Its answers were already delivered, or it was answered or cleared: never delivered again. */
	| { trusted: false; kind: "settled" }
	/** This user's pi asked it for another project `folder` (this is a copy of that project). */
	| { trusted: false; kind: "elsewhere"; folder: string }
	/** Nothing shows this user's pi wrote it (the person may still answer it on purpose, without its task). */
	| { trusted: false; kind: "unknown"; because: DistrustReason };

/** What the session file named by a pending file holds, as far as the rule needs it. */
export type SessionRecord =
	| { kind: "missing" }
	| {
			kind: "found";
			/** The file's real path (symlinks resolved), to check where it lies. */
			realPath: string;
			/** The id in the session header; `undefined` when the first line is not a pi session header. */
			sessionId: string | undefined;
			/** Every ask_user call in the file: toolCallId → the arguments the model gave, each call (ids can repeat). */
			askCalls: ReadonlyMap<string, readonly unknown[]>;
			/** Every other tool call: toolCallId → its tool and arguments (an approval asks about one of them). */
			toolCalls?: ReadonlyMap<string, readonly { name: unknown; arguments: unknown }[]>;
			/** Each user message's text as `lastUserText` gives it (what a pending file's `task` is), sanitised. */
			userTexts: ReadonlySet<string>;
			/** The folder the session header says the session ran in. */
			cwd: string | undefined;
			/** Every parsed line, unchecked, for readers of our own records (records/ask-records.ts). */
			entries: readonly unknown[];
	  };

function isInside(folder: string, path: string): boolean {
	const rel = relative(folder, path);
	return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

function sameQuestions(file: PendingFile, args: unknown): boolean {
	try {
		const asked = validateRequest(normalizeArguments(args));
		return JSON.stringify(asked.questions) === JSON.stringify(file.request.questions);
	} catch {
		return false;
	}
}

/**
 * The rule itself. `sessionFolders` are the real paths of the folders this user's pi keeps sessions in
 * (see `sessionDirectories`); `record` is what `readSessionRecord` found at `file.sessionFile`.
 */
export function judgePendingFile(
	file: PendingFile,
	sessionFolders: readonly string[],
	record: SessionRecord,
	options: { anyFolder?: boolean } = {},
): TrustVerdict {
	const distrust = (reason: DistrustReason): TrustVerdict => ({ trusted: false, reason });
	if (typeof file.sessionFile !== "string" || !isAbsolute(file.sessionFile)) return distrust("no-session-file");
	if (record.kind === "missing") return distrust("session-missing");
	// `anyFolder`: this user's own record of the ask vouches for it, so the session may live anywhere (a project's
	// `sessionDir`); its content must still match.
	if (!options.anyFolder && !sessionFolders.some((folder) => isInside(folder, record.realPath))) {
		return distrust("outside-session-folders");
	}
	if (record.sessionId !== file.sessionId) return distrust("other-session");
	// An approval's file asks about one of the session's tool calls: that very call (its tool and input) must be there.
	const approval = approvalOf(file.request.metadata);
	if (approval) {
		const calls = record.toolCalls?.get(file.toolCallId);
		if (!calls) return distrust("no-ask-call");
		const same = calls.some(
			(call) => call.name === approval.tool && callHash(approval.tool, call.arguments) === approval.callHash,
		);
		if (!same) return distrust("questions-differ");
	} else if (!record.askCalls.has(file.toolCallId)) return distrust("no-ask-call");
	else if (!record.askCalls.get(file.toolCallId)?.some((args) => sameQuestions(file, args))) {
		return distrust("questions-differ");
	}
	if (file.task !== undefined && !record.userTexts.has(sanitizeText(file.task))) return distrust("task-differs");
	return { trusted: true };
}

/** Each reason's sentence in the words' `trust` table. */
const REASON_WORDS = {
	"no-session-file": "noSessionFile",
	"outside-session-folders": "outsideSessionFolders",
	"session-missing": "sessionMissing",
	"other-session": "otherSession",
	"no-ask-call": "noAskCall",
	"questions-differ": "questionsDiffer",
	"task-differs": "taskDiffers",
} as const satisfies Record<DistrustReason, keyof CliStrings["trust"]>;

/** One sentence for the person: why this file was not written by their own pi (in `words`, the run's language). */
export function distrustReason(reason: DistrustReason, words: CliStrings["trust"] = chosenWords().cli.trust): string {
	return words[REASON_WORDS[reason]];
}

/** Why a file is not trusted, in `words` (the run's language; `en.trust` for programs). */
export function verdictReason(
	verdict: Extract<PendingVerdict, { trusted: false }>,
	words: CliStrings["trust"] = chosenWords().cli.trust,
): string {
	if (verdict.kind === "settled") return words.settled;
	if (verdict.kind === "elsewhere") return words.elsewhere(verdict.folder);
	return distrustReason(verdict.because, words);
}

/**
 * Where a pending file says it came from, every string sanitised for a terminal. The task is shown in
 * full: it is the text that would reach the model with the answers, so the person must see all of it.
 */
export function describeOrigin(file: PendingFile, words: CliStrings["trust"] = chosenWords().cli.trust): string[] {
	const sessionId = sanitizeLine(file.sessionId);
	const lines = [
		file.sessionFile
			? words.originSession(sessionId, sanitizeLine(file.sessionFile))
			: words.originNoSessionFile(sessionId),
		words.originSaved(sanitizeLine(file.timestamp)),
	];
	if (file.task !== undefined) lines.push(words.originTask(sanitizeText(file.task)));
	return lines;
}

// ---- edges: reading the file system ---------------------------------------------------------------

/** The file-system calls the edges make; `node:fs` by default, a fake in tests. */
export interface TrustFs {
	readFile(path: string): string;
	/** The real path (symlinks resolved); throws when the path does not exist. */
	realpath(path: string): string;
}

export const nodeTrustFs: TrustFs = {
	// A pending file names its session file: a FIFO or a device there must not block or flood the run.
	readFile: (path) => {
		const text = readRegularFile(path);
		if (text === undefined) throw new Error(`${path} is not a regular file`);
		return text;
	},
	// The native realpath: one call, where the JS one lstats every component of the path (a thousand pending files
	// each name a session file).
	realpath: (path) => nodeFs.realpathSync.native(path),
};

function parseSession(text: string): { sessionId: string | undefined; cwd: string | undefined; entries: unknown[] } {
	const entries: unknown[] = [];
	for (const line of text.split("\n")) {
		if (line.trim() === "") continue;
		try {
			entries.push(JSON.parse(line));
		} catch {
			// pi skips malformed lines too.
		}
	}
	const header = entries[0];
	const isHeader = isRecord(header) && header.type === "session";
	const sessionId = isHeader && typeof header.id === "string" ? header.id : undefined;
	const cwd = isHeader && typeof header.cwd === "string" ? header.cwd : undefined;
	return { sessionId, cwd, entries };
}

function isMessageEntry(entry: unknown): entry is SessionEntry & { type: "message" } {
	return isRecord(entry) && entry.type === "message" && isRecord(entry.message);
}

/** Reads the session file a pending file names; anything unreadable is `missing`. */
export function readSessionRecord(sessionFile: string | undefined, fs: TrustFs = nodeTrustFs): SessionRecord {
	if (typeof sessionFile !== "string" || !isAbsolute(sessionFile)) return { kind: "missing" };
	let realPath: string;
	let text: string;
	try {
		realPath = fs.realpath(sessionFile);
		text = fs.readFile(realPath);
	} catch {
		return { kind: "missing" };
	}
	const { sessionId, cwd, entries } = parseSession(text);
	const askCalls = new Map<string, unknown[]>();
	const toolCalls = new Map<string, { name: unknown; arguments: unknown }[]>();
	const userTexts = new Set<string>();
	for (const entry of entries) {
		if (!isMessageEntry(entry)) continue;
		const message = entry.message as unknown as Record<string, unknown>;
		if (message.role === "user") {
			const task = lastUserText([entry]);
			// Compared as a pending file's task reads back: sanitised (see parsePendingFile).
			if (task !== undefined) userTexts.add(sanitizeText(task));
		}
		if (message.role === "assistant") {
			for (const call of askUserCalls(message.content)) {
				askCalls.set(call.id, [...(askCalls.get(call.id) ?? []), call.arguments]);
			}
			for (const call of otherToolCalls(message.content)) {
				toolCalls.set(call.id, [...(toolCalls.get(call.id) ?? []), call]);
			}
		}
	}
	return { kind: "found", realPath, sessionId, askCalls, toolCalls, userTexts, cwd, entries };
}

function expandTilde(path: string, home: string): string {
	if (path === "~") return home;
	return path.startsWith("~/") ? join(home, path.slice(2)) : path;
}

/** Where this user's pi keeps sessions, as pi 0.73.1 decides it (before real paths are taken). */
export interface SessionPlaces {
	/** `--session-dir` on this run's command line. */
	sessionDirFlag?: string;
	/** `PI_CODING_AGENT_SESSION_DIR`. */
	sessionDirEnv?: string;
	/** `sessionDir` from the global settings.json in the agent folder (never the project's: a cloned repo could set it). */
	settingsSessionDir?: string;
	/** `PI_CODING_AGENT_DIR`, or ~/.pi/agent. */
	agentDir: string;
	home: string;
	cwd: string;
}

/**
 * The session folders, pure: the one configured (flag, then environment, then global settings — pi's
 * order) and pi's default `<agentDir>/sessions`, which holds every project's sessions.
 */
export function sessionDirectories(places: SessionPlaces): string[] {
	const configured = places.sessionDirFlag ?? places.sessionDirEnv ?? places.settingsSessionDir;
	const folders = [join(resolve(places.cwd, places.agentDir), "sessions")];
	if (configured) folders.unshift(resolve(places.cwd, expandTilde(configured, places.home)));
	return folders;
}

/** `--session-dir <dir>` (or `--session-dir=<dir>`) on a command line; the last one wins, as in pi. */
export function sessionDirFromArgv(argv: readonly string[]): string | undefined {
	let found: string | undefined;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] as string;
		if (arg === "--session-dir" && i + 1 < argv.length) found = argv[++i];
		else if (arg.startsWith("--session-dir=")) found = arg.slice("--session-dir=".length);
	}
	return found;
}

/** This run's `SessionPlaces` from its command line, environment and the agent folder's settings.json. */
export function currentSessionPlaces(input: {
	argv: readonly string[];
	env: NodeJS.ProcessEnv;
	cwd: string;
	fs?: TrustFs;
	home?: string;
}): SessionPlaces {
	const home = input.home ?? homedir();
	const fs = input.fs ?? nodeTrustFs;
	const agentDirEnv = input.env.PI_CODING_AGENT_DIR;
	const agentDir = agentDirEnv ? expandTilde(agentDirEnv, home) : join(home, ".pi", "agent");
	let settingsSessionDir: string | undefined;
	try {
		const settings: unknown = JSON.parse(fs.readFile(join(agentDir, "settings.json")));
		if (isRecord(settings) && typeof settings.sessionDir === "string" && settings.sessionDir !== "") {
			settingsSessionDir = settings.sessionDir;
		}
	} catch {
		// No settings, or unreadable ones: pi falls back to its default as well.
	}
	const places: SessionPlaces = { agentDir, home, cwd: input.cwd };
	const flag = sessionDirFromArgv(input.argv);
	if (flag) places.sessionDirFlag = flag;
	if (input.env.PI_CODING_AGENT_SESSION_DIR) places.sessionDirEnv = input.env.PI_CODING_AGENT_SESSION_DIR;
	if (settingsSessionDir) places.settingsSessionDir = settingsSessionDir;
	return places;
}

/** The session folders' real paths; a folder that does not exist holds no sessions and is left out. */
export function realSessionFolders(places: SessionPlaces, fs: TrustFs = nodeTrustFs): string[] {
	return sessionDirectories(places).flatMap((folder) => {
		try {
			return [fs.realpath(folder)];
		} catch {
			return [];
		}
	});
}

/**
 * The file as its answers may be delivered: a file that fails the rule loses its `task`, which the person
 * did not write (as far as anyone can tell) and must never reach the model as theirs; one that passes names its ask
 * by when it was made, where its session says.
 */
export function fileForDelivery(
	file: PendingFile,
	verdict: { trusted: boolean; askedAt?: number },
): PendingFile & { askedAt?: number } {
	if (verdict.trusted) return verdict.askedAt !== undefined ? { ...file, askedAt: verdict.askedAt } : file;
	if (file.task === undefined) return file;
	const { task: _untrusted, ...rest } = file;
	return rest;
}

/** What the person is shown about a file that fails the rule: why, and where it says it came from. */
export function describeUntrusted(
	shownPath: string,
	file: PendingFile,
	verdict: Extract<PendingVerdict, { trusted: false }>,
	said: CliStrings = chosenWords().cli,
): string {
	const shown = sanitizeLine(shownPath);
	const reason = verdictReason(verdict, said.trust);
	const why = verdict.kind === "unknown" ? said.refused.notThisPi(shown, reason) : `${shown} ${reason}`;
	return [`${why}.`, ...describeOrigin(file, said.trust).map((line) => `  ${line}`)].join("\n");
}

/** The explicit choice the TUI asks for before answering a file that fails the rule (read when asked). */
export const UNTRUSTED_CHOICE = {
	get answer(): string {
		return chosenWords().cli.trust.answerAnyway;
	},
	get leave(): string {
		return chosenWords().cli.trust.leave;
	},
};
