/**
 * Answers in a pending file are the person's only if no tool call of a run wrote them. A prompt-injected model could
 * otherwise fill in its own questions with its write tool, and the person's next `pi -c` would send them as theirs.
 * So a tool call that names a pending file (pi's write and edit tools, or any tool with a `path`) is refused before
 * it runs, and every other call leaves one fact in this user's log, "a tool call ran from … until …" (ask/log.ts),
 * written with the others of its agent's run when that run ends: until then, and for a pi that ends mid-run, the pi's
 * lease covers them (ask/tool-call-lease.ts), which other pis read while it lives. A shell command can write any
 * file it never names, so where filled-in answers are about to be used, a pending file last changed inside such a
 * window holds a tool's answers, not the person's; the person's own later edit changes the file again, after it.
 *
 * A tool call itself reads no folder and writes no record: the check runs once, where the answers would be used.
 * The change time is the file's status-change time, which a command cannot set back as it can the modification
 * time (`touch -d`).
 */
import * as fs from "node:fs";
import { resolve } from "node:path";
import { type FactLog, factLog, factTime, ORDER_SLACK_MS } from "../ask/log.js";
import { liveLeaseStarts, settleAbandonedLeases, toolCallLease } from "../ask/tool-call-lease.js";
import { isRecord } from "../core/json.js";
import type { ProcessIdentity } from "../host/process-identity.js";
import { isPendingFilePath } from "../pending/pending-file.js";

type Window = { from: number; until: number };

/** File times are coarse on some file systems: a change this much before a call's start errs towards distrust. */
const START_SLACK_MS = 1_000;
/** The kernel stamps file times from a coarse clock: a change just after a call's end may read as just before it. */
const END_SLACK_MS = 50;

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

export interface ToolWriteGuard {
	/** `tool_call`: refuses a call that names a pending file; remembers when the others started. */
	toolCall(
		event: { toolCallId: string; toolName: string; input: unknown },
		cwd: string,
	): { block: true; reason: string } | undefined;
	/**
	 * `tool_execution_end`: the call ended: it ran, failed, or another extension's `tool_call` handler blocked it after
	 * ours saw it (then pi never ran it, and sends no `tool_result`). It ran until now at most.
	 */
	toolEnded(event: { toolCallId: string }): void;
	/** `agent_end`: the run's ended calls go into the log, in one write. */
	agentEnded(): void;
	/** Whether the answers in the pending file at `path` were written by a tool call. */
	answersWrittenByTool(path: string): boolean;
	/** The process ends (called by `onExit`): calls still running ran until now, and the lease goes. */
	close(): void;
}

/**
 * The guard as a pi runs it, over this user's agent folder; `ownTool` (ours) writes pending files itself, with no
 * answers, and is left alone. At its start, the leases of pis that ended mid-call become the facts they could not
 * leave. An unreadable log counts every answer as a tool's. The lease goes with the process, not with a session:
 * `onExit` (the process's exit, by default) closes the guard.
 */
export function toolWriteGuard(
	agentDir: string,
	ownTool: string,
	warn: (text: string) => void,
	deps: {
		self?: ProcessIdentity;
		isRunning?: (identity: ProcessIdentity) => boolean;
		onExit?: (close: () => void) => void;
		/** This user's fact log, when the process has it open already. */
		facts?: FactLog;
	} = {},
): ToolWriteGuard {
	const log = deps.facts ?? factLog(agentDir);
	const lease = toolCallLease(agentDir, { self: deps.self, warn });
	const running = new Map<string, number>();
	/** Calls that ended in this agent's run: their facts are written together when it ends. */
	let ended: Window[] = [];
	/** Windows this process could not put in the log: still known here. */
	const unlogged: Window[] = [];
	let warned = false;
	const record = (windows: Window[]) => {
		try {
			log.append(...windows.map((window) => ({ fact: "tool-ran" as const, ...window })));
		} catch (error) {
			unlogged.push(...windows);
			if (!warned) warn(`pi-ask-anywhere: ${log.path}: ${(error as Error).message}`);
			warned = true;
		}
	};
	settleAbandonedLeases(agentDir, (window) => log.append({ fact: "tool-ran", ...window }), deps.isRunning);

	const covers = (window: { from: number; until: number }, changed: number) =>
		changed >= window.from - START_SLACK_MS && changed <= window.until + END_SLACK_MS;

	function changedDuringCall(path: string): boolean {
		let changed: number;
		try {
			changed = fs.lstatSync(path).ctimeMs;
		} catch {
			// Gone: nothing of it is used.
			return false;
		}
		for (const since of running.values()) if (changed >= since - START_SLACK_MS) return true;
		if ([...ended, ...unlogged].some((window) => covers(window, changed))) return true;
		// Another pi's calls of a run still going: not in the log yet.
		if (liveLeaseStarts(agentDir, deps.self, deps.isRunning).some((since) => changed >= since - START_SLACK_MS)) {
			return true;
		}
		let found = false;
		const read = log.newestFirst((fact) => {
			const end = factTime(fact);
			if (fact.fact === "tool-ran" && covers(fact, changed)) found = true;
			// The tool calls before a compaction's bound are forgotten: a change then may have been one's.
			if (fact.fact === "forgotten" && changed < fact.before + END_SLACK_MS) found = true;
			return !found && end >= changed - START_SLACK_MS - ORDER_SLACK_MS;
		});
		return found || read === "unreadable";
	}

	const guard: ToolWriteGuard = {
		toolCall(event, cwd) {
			if (event.toolName === ownTool) return undefined;
			const named = namedPaths(event.input).find((path) => namesPendingFile(cwd, path));
			if (named !== undefined) {
				return {
					block: true,
					reason: `${named} holds questions for the person; only they answer them (in the file, with --answers, or /questions)`,
				};
			}
			const at = Date.now();
			// The lease's window opens at the run's first call and stays open until its facts are written.
			if (running.size === 0 && ended.length === 0) lease.running(at);
			running.set(event.toolCallId, at);
			return undefined;
		},
		toolEnded(event) {
			const from = running.get(event.toolCallId);
			if (from === undefined) return;
			ended.push({ from, until: Date.now() });
			running.delete(event.toolCallId);
		},
		agentEnded() {
			if (ended.length === 0) return;
			// Written before the lease says so: a pi that ends in between leaves the lease that still covers them.
			record(ended);
			ended = [];
			if (running.size === 0) lease.idle(Date.now());
			else lease.running(Math.min(...running.values()));
		},
		answersWrittenByTool: changedDuringCall,
		close() {
			const until = Date.now();
			record([...ended, ...[...running.values()].map((from) => ({ from, until }))]);
			ended = [];
			running.clear();
			lease.release();
		},
	};
	(deps.onExit ?? ((close) => process.once("exit", close)))(() => guard.close());
	return guard;
}
