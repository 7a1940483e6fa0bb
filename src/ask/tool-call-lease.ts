/**
 * The lease of a pi whose tool calls run: `<agentDir>/pi-ask-user/tool-calls/<pid>-<process start>.json`, made at its
 * first tool call and removed when it ends. A call's `tool_result` leaves the fact that it ran (./log.ts); a pi that
 * ends in the middle of a call (killed, a time limit's SIGTERM on pi 0.73.1, a shell command that kills its parent)
 * leaves only the lease, and a later pi turns it into that fact.
 *
 * The file is written once per process; its times say the window, so a tool call costs no write: while calls run
 * (or ran, their facts not yet written: a pi writes them when its agent's run ends), the access time is when the
 * oldest started and the modification time when they were last seen running, kept fresh every second; when none
 * runs, the access time is just after the modification time. Nothing reads a live lease's content, and its times
 * are read before anything else touches it. It stamps no time of its own: whose it is, is in its name, and it holds
 * while that process runs, the same-host half of every lease's rule (./lease.ts).
 */
import * as fs from "node:fs";
import { join } from "node:path";
import { isRecord } from "../core/json.js";
import { isRunning, type ProcessIdentity, selfIdentity } from "../host/process-identity.js";
import { readLease, writeLease } from "./lease.js";

/** How often a running call's lease is touched, and how long after its last touch a gone process may have written. */
const HEARTBEAT_MS = 1_000;
const WROTE_UNTIL_SLACK_MS = 2 * HEARTBEAT_MS;

/** `<pid>-<process start>.json`: whose lease it is, from its name. */
const FILE_NAME = /^(\d+)-([^/]+?)\.json$/;
const UNKNOWN_START = "unknown";

export interface ToolCallLease {
	/** Calls run now (or ran, unrecorded), the oldest since `since` (ms); the lease is made by the first. Throws nothing. */
	running(since: number): void;
	/** No call runs now and every one is in the log (the last one ended at `at`). */
	idle(at: number): void;
	/** The process ends: the lease goes. */
	release(): void;
}

export function toolCallLease(
	agentDir: string,
	deps: { self?: ProcessIdentity | undefined; warn?: (text: string) => void } = {},
): ToolCallLease {
	const folder = leaseFolder(agentDir);
	let path: string | undefined;
	let heartbeat: ReturnType<typeof setInterval> | undefined;
	let since = 0;
	const touch = (atime: number, mtime: number) => {
		if (path === undefined) return;
		try {
			fs.utimesSync(path, atime / 1000, mtime / 1000);
		} catch {
			// Gone or unwritable: this pi's own results still leave their facts; only a pi killed mid-call goes unseen.
		}
	};
	const make = () => {
		const self = deps.self ?? selfIdentity();
		const target = join(folder, `${self.pid}-${self.started || UNKNOWN_START}.json`);
		try {
			fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
			writeLease(target, { version: 1 });
			path = target;
		} catch (error) {
			path = "";
			deps.warn?.(`pi-ask-anywhere: ${target}: ${(error as Error).message}`);
		}
	};
	return {
		running(oldest) {
			if (path === undefined) make();
			since = oldest;
			touch(since, Date.now());
			if (heartbeat === undefined) {
				heartbeat = setInterval(() => touch(since, Date.now()), HEARTBEAT_MS);
				heartbeat.unref();
			}
		},
		idle(at) {
			clearInterval(heartbeat);
			heartbeat = undefined;
			// Idle: the access time just after the modification time says no call runs.
			touch(at + 1, at);
		},
		release() {
			clearInterval(heartbeat);
			heartbeat = undefined;
			if (path) fs.rmSync(path, { force: true });
			path = undefined;
		},
	};
}

function leaseFolder(agentDir: string): string {
	return join(agentDir, "pi-ask-user", "tool-calls");
}

/** The earliest call start a lease of the previous version names (`{ calls: [{ since }] }`), if any. */
function previousVersionSince(fields: Record<string, unknown> | undefined): number | undefined {
	const calls: unknown[] = Array.isArray(fields?.calls) ? fields.calls : [];
	const starts = calls.flatMap((call) =>
		isRecord(call) && typeof call.since === "number" && Number.isFinite(call.since) ? [call.since] : [],
	);
	return starts.length > 0 ? Math.min(...starts) : undefined;
}

/** The leases in the folder, each with the process its name names. */
function leasesIn(agentDir: string): { path: string; owner: ProcessIdentity }[] {
	const folder = leaseFolder(agentDir);
	let entries: fs.Dirent[];
	try {
		entries = fs.readdirSync(folder, { withFileTypes: true });
	} catch {
		return [];
	}
	return entries.flatMap((entry) => {
		const named = FILE_NAME.exec(entry.name);
		if (!entry.isFile() || !named) return [];
		const [, pid = "", started = ""] = named;
		return [
			{
				path: join(folder, entry.name),
				owner: { pid: Number(pid), started: started === UNKNOWN_START ? "" : started },
			},
		];
	});
}

/**
 * When the oldest call not yet in the log started, for each other pi whose process still runs and whose lease says
 * calls ran (its access time at or before its modification time): a pi writes its calls' facts when its agent's run
 * ends, so until then its lease is the record.
 */
export function liveLeaseStarts(
	agentDir: string,
	self: ProcessIdentity | undefined,
	alive: (identity: ProcessIdentity) => boolean = isRunning,
): number[] {
	return leasesIn(agentDir).flatMap(({ path, owner }) => {
		if (self !== undefined && owner.pid === self.pid && owner.started === self.started) return [];
		if (!alive(owner)) return [];
		try {
			const stat = fs.lstatSync(path);
			return stat.atimeMs <= stat.mtimeMs ? [stat.atimeMs] : [];
		} catch {
			return [];
		}
	});
}

/**
 * The windows of the leases whose process is gone, from when their oldest call started until shortly after they
 * were last seen running; each lease is removed once `settle` took its window (a `settle` that throws leaves it for
 * the next pi). A lease that names no window (idle when its process ended) is only removed.
 */
export function settleAbandonedLeases(
	agentDir: string,
	settle: (window: { from: number; until: number }) => void,
	alive: (identity: ProcessIdentity) => boolean = isRunning,
): void {
	for (const { path, owner } of leasesIn(agentDir)) {
		if (alive(owner)) continue;
		try {
			const stat = fs.lstatSync(path);
			const previous = previousVersionSince(readLease(path)?.fields);
			const until = stat.mtimeMs + WROTE_UNTIL_SLACK_MS;
			if (previous !== undefined || stat.atimeMs <= stat.mtimeMs) settle({ from: previous ?? stat.atimeMs, until });
			fs.rmSync(path, { force: true });
		} catch {
			// Left for the next pi.
		}
	}
}
