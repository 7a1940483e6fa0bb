/**
 * Answers in a pending file are the person's only if no tool call of a run wrote them. A prompt-injected model could
 * otherwise fill in its own questions with its write tool, and the person's next `pi -c` would send them as theirs.
 * So a tool call that names a pending file (pi's write and edit tools, or any tool with a `path`) is refused before
 * it runs, and after any other tool call (a shell command can write files it never names) the pending files changed
 * meanwhile have their answers fingerprinted in this user's record (`<agentDir>/pi-ask-user/tool-written.jsonl`):
 * those exact answers never count as the person's (pending/permission.ts). An edit by the person changes them.
 */
import * as fs from "node:fs";
import { join, resolve } from "node:path";
import { isRecord } from "../core/json.js";
import { isPendingFilePath, isProjectPendingPath, parsePendingFile } from "../pending/pending-file.js";
import {
	type AnswersOf,
	answersFingerprint,
	answersOnlyFingerprint,
	type FingerprintRecord,
	fingerprintRecord,
	TOOL_WRITTEN,
} from "./answer-fingerprints.js";
import type { AsksMade } from "./asks-made.js";
import { type RunningToolCalls, runningToolCalls } from "./running-tool-calls.js";

/** How many other project folders a tool call's writes are looked for in: the newest this user's pi asked in. */
const RECENT_FOLDERS = 8;

/** The paths a tool call's arguments name (pi's tools use `path`; other agents' tools `file_path` or `file`). */
function namedPaths(input: unknown): string[] {
	if (!isRecord(input)) return [];
	return ["path", "file_path", "filePath", "file"].flatMap((key) => {
		const value = input[key];
		return typeof value === "string" ? [value] : [];
	});
}

/**
 * Whether a path a tool call names is a pending file of any project, as written or where a symlink leads: a model
 * working in one project must not answer the questions another project's pi saved either.
 */
function namesPendingFile(cwd: string, path: string): boolean {
	const absolute = resolve(cwd, path);
	if (isPendingFilePath(absolute)) return true;
	try {
		return isPendingFilePath(fs.realpathSync.native(absolute));
	} catch {
		return false;
	}
}

/**
 * The project's pending files (by name) changed since `since` (ms) and, for a call whose pi ended before its result,
 * until about when it ended (`until`), read without following a symlink. Judged by the status-change time, which a
 * command that writes a file cannot set back as it can the modification time (`touch -d`).
 */
function changedPendingFiles(cwd: string, since: number, until = Number.POSITIVE_INFINITY): string[] {
	const dir = join(cwd, ".pi");
	let names: string[];
	try {
		names = fs.readdirSync(dir);
	} catch {
		return [];
	}
	return names.flatMap((name) => {
		const path = join(dir, name);
		if (!isProjectPendingPath(cwd, path)) return [];
		const stat = fs.lstatSync(path, { throwIfNoEntry: false });
		// mtime has a coarse resolution on some file systems: a second of slack errs towards distrust.
		return stat?.isFile() && stat.ctimeMs >= since - 1_000 && stat.ctimeMs <= until ? [path] : [];
	});
}

export interface ToolWriteWatch {
	/** `tool_call`: refuses a call that names a pending file; remembers when the others started. */
	toolCall(
		event: { toolCallId: string; toolName: string; input: unknown },
		cwd: string,
	): { block: true; reason: string } | undefined;
	/** `tool_result`: fingerprints the answers of pending files changed while the call ran. */
	toolResult(event: { toolCallId: string; toolName: string }, cwd: string): void;
	/** At load: the calls of pi processes that ended before their results came are checked now (./running-tool-calls.ts). */
	settleAbandoned(): void;
}

function createToolWriteWatch(deps: {
	record: FingerprintRecord;
	/** Our own tool: it writes pending files itself, with no answers. */
	ownTool: string;
	/** Other project folders whose pending files a tool call may have written (records/asks-made.ts). */
	otherFolders?: () => readonly string[];
	/** The calls running, on disk, for a pi that ends before their results (./running-tool-calls.ts). */
	running?: RunningToolCalls;
	now?: () => number;
	warn?: (text: string) => void;
}): ToolWriteWatch {
	const now = deps.now ?? Date.now;
	const started = new Map<string, number>();
	/** Fingerprints the answers in the pending files a call in `cwd` may have changed between `since` and `until`. */
	function checkWrites(cwd: string, since: number, until?: number): void {
		// A shell command can reach any folder: the other projects where this user's pi saved questions lately too.
		const folders = new Set([cwd, ...(deps.otherFolders?.() ?? [])]);
		for (const path of [...folders].flatMap((folder) => changedPendingFiles(folder, since, until))) {
			try {
				const file = parsePendingFile(fs.readFileSync(path, "utf8"), path);
				if (file.questions.some((question) => question.answer !== null)) deps.record.add(answersFingerprint(file));
			} catch (error) {
				// Unreadable or unparsable: no answers in it can be delivered anyway.
				deps.warn?.(`pi-ask-anywhere: ${(error as Error).message}`);
			}
		}
	}
	return {
		toolCall(event, cwd) {
			if (event.toolName === deps.ownTool) return undefined;
			const named = namedPaths(event.input).find((path) => namesPendingFile(cwd, path));
			if (named !== undefined) {
				return {
					block: true,
					reason: `${named} holds questions for the person; only they answer them (in the file, with --answers, or /questions)`,
				};
			}
			const at = now();
			started.set(event.toolCallId, at);
			deps.running?.started(event.toolCallId, cwd, at);
			return undefined;
		},
		toolResult(event, cwd) {
			const since = started.get(event.toolCallId);
			started.delete(event.toolCallId);
			if (since === undefined) return;
			checkWrites(cwd, since);
			// Only once checked: a pi that ends in between leaves the call to the next pi's check.
			deps.running?.ended(event.toolCallId);
		},
		settleAbandoned() {
			deps.running?.settleAbandoned((call) => checkWrites(call.cwd, call.since, call.until));
		},
	};
}

/**
 * The watch as a pi runs it: fingerprints go to this user's record of tool-written answers, whose unreadable state
 * counts every answer as written by a tool, and `ownTool` (ours) is left alone.
 */
export function toolWriteGuard(
	agentDir: string,
	ownTool: string,
	warn: (text: string) => void,
	asksMade?: Pick<AsksMade, "recentFolders">,
): ToolWriteWatch & { answersWrittenByTool(file: AnswersOf): boolean } {
	const record = fingerprintRecord(agentDir, TOOL_WRITTEN, true);
	const otherFolders = asksMade ? () => asksMade.recentFolders(RECENT_FOLDERS) : undefined;
	const running = runningToolCalls(agentDir);
	const watch = createToolWriteWatch({ record, ownTool, warn, running, ...(otherFolders ? { otherFolders } : {}) });
	// Before this pi judges any pending file: what the calls of a pi that ended mid-call wrote.
	watch.settleAbandoned();
	return {
		...watch,
		// Also by the answers alone, as records made before the ask was part of the fingerprint hold them: a tool's old
		// write still never counts as the person's (the safe way for this record, which only ever withholds answers).
		answersWrittenByTool: (file) => record.has(answersFingerprint(file)) || record.has(answersOnlyFingerprint(file)),
	};
}
