/**
 * A lease: a small file saying which process holds something now: a pending file's claim (a pi asking or delivering
 * it, an MCP server holding it for its client) or the answer lock a writer holds for milliseconds. One shape, the
 * holder's stamp `{ host, pid, started, at }` plus what the holder adds; one reader (a regular file of at most 4 KB,
 * never a symlink or FIFO); one writer (./files.ts, whole or not at all); one rule for whether it still holds
 * (`leaseIsLive`); one "is it mine"; one release, of one's own only; one way to break a stale one (`breakLease`). Held,
 * it is refreshed until released (`holdLease`); as a lock it is created in one step for the work (`withLock`). A web
 * command's address and the running tool calls' file stamp no time (their holder runs for hours without refreshing):
 * they are judged by the same-host half of the rule, `isRunning`.
 */
import * as fs from "node:fs";
import { hostname } from "node:os";
import { parseJsonObject } from "../core/json.js";
import { isRunning, type ProcessIdentity, selfIdentity } from "../host/process-identity.js";
import { readRegularBytes, removeIfStill, writeFileAtomically } from "./files.js";

/** Which process holds the lease, on which host, and when it last said so (ms since the epoch, by its clock). */
export interface LeaseStamp extends ProcessIdentity {
	host: string;
	at: number;
}

/** The holder and its machine: who stamps a lease, by which clock, and how a process is seen to run. */
export interface LeaseDeps {
	host: string;
	self: ProcessIdentity;
	now(): number;
	isRunning(identity: ProcessIdentity): boolean;
	/** Blocks this thread for `ms` (a lock's writers are synchronous, and hold it for milliseconds). */
	sleep(ms: number): void;
	/** Runs `refresh` every `ms` without keeping the process alive; returns the stop. */
	every(ms: number, refresh: () => void): () => void;
	onExit(release: () => void): void;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

export function systemLeaseDeps(): LeaseDeps {
	return {
		host: hostname(),
		self: selfIdentity(),
		now: Date.now,
		isRunning,
		sleep: (ms) => Atomics.wait(sleeper, 0, 0, ms),
		every: (ms, refresh) => {
			const timer = setInterval(refresh, ms);
			timer.unref();
			return () => clearInterval(timer);
		},
		onExit: (release) => process.once("exit", release),
	};
}

/** How long a stamp holds, and how far ahead of this clock it may be before its own time is not believed. */
type LeaseLimits = { maxAgeMs: number; aheadSlackMs: number };

/**
 * Whether the process that stamped a lease still holds it: stamped within `maxAgeMs`, and (on this host, where it can
 * be seen) still running, a reused pid having another start time. A stamp further ahead than `aheadSlackMs` comes
 * from a clock that runs ahead (or was planted), and would hold for the whole skew: then its file's modification time
 * (`writtenAt`) says when it was really written.
 */
export function leaseIsLive(
	stamp: LeaseStamp,
	deps: Pick<LeaseDeps, "host" | "now" | "isRunning">,
	limits: LeaseLimits,
	writtenAt?: number,
): boolean {
	const now = deps.now();
	const at = stamp.at > now + limits.aheadSlackMs && writtenAt !== undefined ? Math.min(writtenAt, now) : stamp.at;
	if (now - at > limits.maxAgeMs) return false;
	return stamp.host !== deps.host || deps.isRunning({ pid: stamp.pid, started: stamp.started });
}

export function isMine(stamp: LeaseStamp | undefined, deps: Pick<LeaseDeps, "host" | "self">): boolean {
	return stamp?.host === deps.host && stamp.pid === deps.self.pid && stamp.started === deps.self.started;
}

/**
 * A lease file as read: `text` and its JSON object `fields` (`undefined` when it is no small regular file, or no
 * JSON object), and its modification time, infinite when unknown so that a lease never read is never judged old.
 */
type ReadLease = { text: string | undefined; fields: Record<string, unknown> | undefined; writtenAt: number };

/** The lease at `path`; `undefined` when there is none. */
export function readLease(path: string): ReadLease | undefined {
	let stat: fs.Stats;
	try {
		stat = fs.lstatSync(path);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
		return { text: undefined, fields: undefined, writtenAt: Number.POSITIVE_INFINITY };
	}
	const bytes = stat.isFile() ? readRegularBytes(path, { listedAsFile: true, maxBytes: 4_096 }) : undefined;
	const text = bytes?.toString("utf8");
	const parsed = parseJsonObject(text ?? "");
	return { text, fields: parsed.ok ? parsed.value : undefined, writtenAt: stat.mtimeMs };
}

/** The holder's stamp in a lease's fields, if whole. A claim of the previous version stamped `refreshedAt`. */
export function stampOf(fields: Record<string, unknown> | undefined): LeaseStamp | undefined {
	const { host, pid, started, at = fields?.refreshedAt } = fields ?? {};
	const valid =
		typeof host === "string" && typeof pid === "number" && Number.isInteger(pid) && typeof started === "string";
	return valid && typeof at === "number" && Number.isFinite(at) ? { host, pid, started, at } : undefined;
}

function stampNow(deps: Pick<LeaseDeps, "host" | "self" | "now">): LeaseStamp {
	return { host: deps.host, pid: deps.self.pid, started: deps.self.started, at: deps.now() };
}

/** Writes a lease whole: replacing what is there, or (`create`) only where none is (false when one is). Throws. */
export function writeLease(path: string, lease: object, mode: "replace" | "create" = "replace"): boolean {
	return writeFileAtomically(path, `${JSON.stringify(lease)}\n`, { replace: mode === "replace" });
}

/**
 * Removes the lease at `path` if it is still the one read as `judged` (its text, read again once moved aside): a
 * newer lease that replaced it meanwhile is put back, unless its name was taken again. False when it cannot be moved
 * (another user's file in a shared folder, an immutable file); true when it is gone or left to its newer holder.
 */
export function breakLease(path: string, judged: string | undefined): boolean {
	return removeIfStill(path, (aside) => readLease(aside)?.text === judged);
}

/** Removes this process's lease at `path`, and nothing else: another process may have taken the name since. */
function releaseOwn(path: string, deps: Pick<LeaseDeps, "host" | "self">): void {
	if (isMine(stampOf(readLease(path)?.fields), deps)) fs.rmSync(path, { force: true });
}

/** A lease this process holds; `stillHeld` turns false for good once another process took it over. */
export type HeldLease = { stillHeld(): boolean; release(): void };

/**
 * Holds the lease at `path`, `fields()` stamped by this process, written now (replacing what is there) and every
 * `refreshMs` while it is still this process's. One that cannot be written (a read-only folder) is held by no one.
 */
export function holdLease(path: string, fields: () => object, deps: Omit<LeaseDeps, "sleep">, refreshMs: number) {
	const write = () => writeLease(path, { ...fields(), ...stampNow(deps) });
	let lost = false;
	const held: HeldLease = {
		stillHeld() {
			lost ||= !isMine(stampOf(readLease(path)?.fields), deps);
			return !lost;
		},
		release() {
			stop();
			lost = true;
			releaseOwn(path, deps);
		},
	};
	const stop = deps.every(refreshMs, () => {
		try {
			// Gone or another's: taken over while this process was frozen. Writing ours again would hide that.
			if (held.stillHeld()) write();
			else stop();
		} catch {
			// The folder went away; the lease dies on its own.
		}
	});
	try {
		write();
	} catch {
		stop();
		return { stillHeld: () => false, release: () => undefined };
	}
	return held;
}

/** What `work` returned under a lock, or `busy` when another process held it for longer than the wait. */
export type Locked<T> = { kind: "done"; value: T } | { kind: "busy" };

/**
 * Runs `work` holding the lock at `path`: a lease created in one step, waited for up to `waitMs` (read again every
 * `retryMs`), and broken when stale. What is there but is no lease of ours (or cannot be read) is judged by its age.
 */
export function withLock<T>(
	path: string,
	work: () => T,
	deps: Omit<LeaseDeps, "every" | "onExit">,
	limits: LeaseLimits & { waitMs: number; retryMs: number },
): Locked<T> {
	const giveUpAt = deps.now() + limits.waitMs;
	for (;;) {
		const held = readLease(path);
		if (held === undefined && writeLease(path, stampNow(deps), "create")) break;
		const stamp = stampOf(held?.fields);
		const age = held && deps.now() - held.writtenAt;
		const stale = stamp
			? !leaseIsLive(stamp, deps, limits, held?.writtenAt)
			: age !== undefined && age > limits.maxAgeMs;
		// Only the lease judged stale is broken: another process may have replaced it since.
		const broken = stale && breakLease(path, held?.text);
		if (deps.now() > giveUpAt) return { kind: "busy" };
		if (held !== undefined && !broken) deps.sleep(limits.retryMs);
	}
	try {
		return { kind: "done", value: work() };
	} finally {
		// A lock broken as stale while this process was frozen is another's now.
		releaseOwn(path, deps);
	}
}
