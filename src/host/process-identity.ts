/**
 * Who a process is, in a way a reused pid cannot fake: its pid and its start time (Linux: field 22 of
 * `/proc/<pid>/stat`, clock ticks since boot). Where `/proc` is not there, the start time is unknown and a
 * process counts as alive while its pid exists (a claim then also ends when it is no longer refreshed). Whether the
 * process that stamped a lease still holds it is ask/lease.ts's one rule.
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
