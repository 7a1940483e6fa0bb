/**
 * Answers in a pending file are the person's only if no tool call of a run wrote them: otherwise a prompt-injected
 * model could fill in its own questions and the person's next `pi -c` would send them as theirs (docs/guarantees.md,
 * "Whose answers count"). A call that names a pending file is refused; every other call leaves a "tool-ran" fact
 * (ask/log.ts), written with its run's others when the run ends, and until then (or for a pi that ends mid-run) this
 * pi's lease `<agentDir>/pi-ask-user/tool-calls/<pid>-<process start>.json` covers them.
 *
 * The lease is written once per process and its times say the window, so a tool call costs no write: while calls run
 * (or ran, their facts not yet written) the access time is when the oldest started and the modification time when
 * they were last seen running, kept fresh every second; when none runs, the access time is just after the
 * modification time. Nothing reads a live lease's content; whose it is, is in its name (ask/lease.ts's same-host
 * rule). A pending file's change time is its status-change time, which a command cannot set back (`touch -d`).
 */
import * as fs from "node:fs";
import { join, resolve } from "node:path";
import { readLease, writeLease } from "../ask/lease.js";
import { type FactLog, factLog, factTime, ORDER_SLACK_MS } from "../ask/log.js";
import { isRecord } from "../core/json.js";
import { isRunning, type ProcessIdentity, selfIdentity } from "../host/process-identity.js";
import { isPendingFilePath } from "../pending/pending-file.js";

type Window = { from: number; until: number };

/** File times are coarse on some file systems: a change this much before a call's start errs towards distrust. */
const START_SLACK_MS = 1_000;
/** The kernel stamps file times from a coarse clock: a change just after a call's end may read as just before it. */
const END_SLACK_MS = 50;
/** How often a running call's lease is touched, and how long after its last touch a gone process may have written. */
const HEARTBEAT_MS = 1_000;
const WROTE_UNTIL_SLACK_MS = 2 * HEARTBEAT_MS;
/** `<pid>-<process start>.json`: whose lease it is, from its name. */
const LEASE_NAME = /^(\d+)-([^/]+?)\.json$/;
const UNKNOWN_START = "unknown";

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
 * The leases in `<agentDir>/pi-ask-user/tool-calls` but `self`'s, each with its times and whether its process still
 * runs; a lease that cannot be read is left out (and left for the next pi).
 */
function leasesIn(
	agentDir: string,
	self: ProcessIdentity | undefined,
	alive: (identity: ProcessIdentity) => boolean,
): { path: string; live: boolean; stat: fs.Stats }[] {
	const folder = join(agentDir, "pi-ask-user", "tool-calls");
	let entries: fs.Dirent[];
	try {
		entries = fs.readdirSync(folder, { withFileTypes: true });
	} catch {
		return [];
	}
	return entries.flatMap((entry) => {
		const [, pid = "", started = ""] = LEASE_NAME.exec(entry.name) ?? [];
		const owner = { pid: Number(pid), started: started === UNKNOWN_START ? "" : started };
		if (!entry.isFile() || pid === "" || (owner.pid === self?.pid && owner.started === self.started)) return [];
		const path = join(folder, entry.name);
		try {
			return [{ path, live: alive(owner), stat: fs.lstatSync(path) }];
		} catch {
			return [];
		}
	});
}

/** The earliest call start a lease of the previous version names (`{ calls: [{ since }] }`), if any. */
function previousVersionSince(fields: Record<string, unknown> | undefined): number | undefined {
	const calls: unknown[] = Array.isArray(fields?.calls) ? fields.calls : [];
	const starts = calls.flatMap((call) =>
		isRecord(call) && typeof call.since === "number" && Number.isFinite(call.since) ? [call.since] : [],
	);
	return starts.length > 0 ? Math.min(...starts) : undefined;
}

/**
 * The windows of the leases whose process is gone, from when their oldest call started until shortly after they
 * were last seen running; each lease is removed once `settle` took its window (a `settle` that throws leaves it for
 * the next pi). A lease that names no window (idle when its process ended) is only removed.
 */
export function settleAbandonedLeases(
	agentDir: string,
	settle: (window: Window) => void,
	alive: (identity: ProcessIdentity) => boolean = isRunning,
): void {
	for (const { path, live, stat } of leasesIn(agentDir, undefined, alive)) {
		if (live) continue;
		try {
			const previous = previousVersionSince(readLease(path)?.fields);
			const until = stat.mtimeMs + WROTE_UNTIL_SLACK_MS;
			if (previous !== undefined || stat.atimeMs <= stat.mtimeMs) settle({ from: previous ?? stat.atimeMs, until });
			fs.rmSync(path, { force: true });
		} catch {
			// Left for the next pi.
		}
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
	const alive = deps.isRunning ?? isRunning;
	/** This pi's lease: made at its first tool call (`""` when it could not be), removed when the process ends. */
	let leasePath: string | undefined;
	let heartbeat: ReturnType<typeof setInterval> | undefined;
	let oldest = 0;
	const touch = (atime: number, mtime: number) => {
		if (!leasePath) return;
		try {
			fs.utimesSync(leasePath, atime / 1000, mtime / 1000);
		} catch {
			// Gone or unwritable: this pi's own results still leave their facts; only a pi killed mid-call goes unseen.
		}
	};
	/** Calls run now (or ran, unrecorded), the oldest since `since`: the access time says so, kept fresh. */
	const leaseRunning = (since: number) => {
		if (leasePath === undefined) {
			const self = deps.self ?? selfIdentity();
			const folder = join(agentDir, "pi-ask-user", "tool-calls");
			const target = join(folder, `${self.pid}-${self.started || UNKNOWN_START}.json`);
			try {
				fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
				writeLease(target, { version: 1 });
				leasePath = target;
			} catch (error) {
				leasePath = "";
				warn(`pi-ask-anywhere: ${target}: ${(error as Error).message}`);
			}
		}
		oldest = since;
		touch(oldest, Date.now());
		heartbeat ??= setInterval(() => touch(oldest, Date.now()), HEARTBEAT_MS);
		heartbeat.unref();
	};
	const stopHeartbeat = () => {
		clearInterval(heartbeat);
		heartbeat = undefined;
	};
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
	settleAbandonedLeases(agentDir, (window) => log.append({ fact: "tool-ran", ...window }), alive);

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
		// Another pi's calls of a run still going (its lease's access time at or before its modification time): a pi writes
		// its calls' facts when its agent's run ends, so until then its lease is the record.
		const live = leasesIn(agentDir, deps.self, alive).filter(({ live, stat }) => live && stat.atimeMs <= stat.mtimeMs);
		if (live.some(({ stat }) => changed >= stat.atimeMs - START_SLACK_MS)) return true;
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
			if (running.size === 0 && ended.length === 0) leaseRunning(at);
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
			if (running.size > 0) return leaseRunning(Math.min(...running.values()));
			stopHeartbeat();
			// Idle: the access time just after the modification time says no call runs.
			const at = Date.now();
			touch(at + 1, at);
		},
		answersWrittenByTool: changedDuringCall,
		close() {
			const until = Date.now();
			record([...ended, ...[...running.values()].map((from) => ({ from, until }))]);
			ended = [];
			running.clear();
			stopHeartbeat();
			if (leasePath) fs.rmSync(leasePath, { force: true });
			leasePath = undefined;
		},
	};
	(deps.onExit ?? ((close) => process.once("exit", close)))(() => guard.close());
	return guard;
}
