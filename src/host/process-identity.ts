/**
 * Who a process is, in a way a reused pid cannot fake: its pid and its start time (Linux: field 22 of
 * `/proc/<pid>/stat`, clock ticks since boot). Where `/proc` is not there, the start time is unknown and a
 * process counts as alive while its pid exists (a claim then also ends when it is no longer refreshed). And the one
 * rule for whether the process that stamped a file (a claim, an answer lock) still holds it: `stampIsLive`.
 */
import { readFileSync } from "node:fs";

export interface ProcessIdentity {
	pid: number;
	/** The process's start time as the system reports it; "" where it cannot be read. */
	started: string;
}

/** The start time of `pid` from `/proc`; `undefined` when there is no such process or no `/proc`. */
export function processStartTime(pid: number, readStat: (path: string) => string = readProcFile): string | undefined {
	try {
		const stat = readStat(`/proc/${pid}/stat`);
		// The command name (field 2) is in parentheses and may hold spaces or ")": fields count after the last ")".
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		return fields[19];
	} catch {
		return undefined;
	}
}

function readProcFile(path: string): string {
	return readFileSync(path, "utf8");
}

/** This process. */
export function selfIdentity(): ProcessIdentity {
	return { pid: process.pid, started: processStartTime(process.pid) ?? "" };
}

/** Whether the process `identity` names is still running on this machine. */
export function isRunning(identity: ProcessIdentity): boolean {
	// An unknown start time is not read for: the pid alone answers (one system call, no file read).
	const started = identity.started === "" ? undefined : processStartTime(identity.pid);
	if (started !== undefined) return started === identity.started;
	try {
		process.kill(identity.pid, 0);
		return true;
	} catch (error) {
		// EPERM: it exists but belongs to someone else.
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

/** A process's stamp on a file it holds (a claim, an answer lock): which process, on which host, and when. */
export interface StampedBy extends ProcessIdentity {
	host: string;
	/** When the process last wrote its stamp (ms since the epoch, by its host's clock). */
	at: number;
}

/** What deciding liveness needs to know about the machine it runs on. */
export interface LivenessProbe {
	host: string;
	now: number;
	isRunning(identity: ProcessIdentity): boolean;
}

/** How long a stamp holds, and how far ahead of this clock it may be before its own time is not believed. */
export interface StampLimits {
	maxAgeMs: number;
	aheadSlackMs: number;
}

/**
 * Whether the process that stamped a file still holds it: stamped within `maxAgeMs`, and (on this host, where it can
 * be seen) still running, a reused pid having another start time. `writtenAt` is the file's modification time: a
 * stamp further ahead than `aheadSlackMs` comes from a machine whose clock runs ahead (or was planted), and its own
 * time would keep it for the whole skew; when the file was really written says more.
 */
export function stampIsLive(stamp: StampedBy, probe: LivenessProbe, limits: StampLimits, writtenAt?: number): boolean {
	const ahead = stamp.at > probe.now + limits.aheadSlackMs;
	const at = ahead && writtenAt !== undefined ? Math.min(writtenAt, probe.now) : stamp.at;
	if (probe.now - at > limits.maxAgeMs) return false;
	return stamp.host !== probe.host || probe.isRunning({ pid: stamp.pid, started: stamp.started });
}
