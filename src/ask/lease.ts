/**
 * A lease: a small file that says which process holds something right now: a pending file's claim (a pi asking or
 * delivering it, or an MCP server holding it for its client), the answer lock a writer holds for milliseconds, a web
 * command's address. One shape, the holder's stamp `{ host, pid, started, at }` plus what the holder adds; one reader
 * (a regular file of at most 4 KB, never a symlink or FIFO); one writer (./files.ts, whole or not at all); one rule
 * for whether it still holds (`leaseIsLive`); and one way to break a stale one (`breakLease`).
 * (The running tool calls' lease, ./tool-call-lease.ts, carries its window in its file times and is judged by its
 * name's process alone, the same-host half of the rule.)
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { parseJsonObject } from "../core/json.js";
import type { ProcessIdentity } from "../host/process-identity.js";
import { readRegularBytes, writeFileAtomically } from "./files.js";

/** Ours are a few hundred bytes: anything larger is not read. */
const MAX_LEASE_BYTES = 4_096;

/** Which process holds the lease, on which host, and when it last said so (ms since the epoch, by its clock). */
export interface LeaseStamp extends ProcessIdentity {
	host: string;
	at: number;
}

/** What deciding liveness needs to know about the machine it runs on. */
export interface LivenessProbe {
	host: string;
	now: number;
	isRunning(identity: ProcessIdentity): boolean;
}

/** How long a stamp holds, and how far ahead of this clock it may be before its own time is not believed. */
export interface LeaseLimits {
	maxAgeMs: number;
	aheadSlackMs: number;
}

/**
 * Whether the process that stamped a lease still holds it: stamped within `maxAgeMs`, and (on this host, where it can
 * be seen) still running, a reused pid having another start time. `writtenAt` is the file's modification time: a
 * stamp further ahead than `aheadSlackMs` comes from a machine whose clock runs ahead (or was planted), and its own
 * time would keep it for the whole skew; when the file was really written says more.
 */
export function leaseIsLive(stamp: LeaseStamp, probe: LivenessProbe, limits: LeaseLimits, writtenAt?: number): boolean {
	const ahead = stamp.at > probe.now + limits.aheadSlackMs;
	const at = ahead && writtenAt !== undefined ? Math.min(writtenAt, probe.now) : stamp.at;
	if (probe.now - at > limits.maxAgeMs) return false;
	return stamp.host !== probe.host || probe.isRunning({ pid: stamp.pid, started: stamp.started });
}

/** A lease file as read: its text and fields when it is one this package could have written, and when it was written. */
export interface ReadLease {
	/** The file's text; `undefined` when it is no small regular file or could not be read (then it is held). */
	text: string | undefined;
	/** Its JSON object; `undefined` when the text is no JSON object. */
	fields: Record<string, unknown> | undefined;
	/** The file's modification time (ms); infinite when unknown, so that a lease never read is never judged old. */
	writtenAt: number;
}

/** The lease at `path`; `undefined` when there is none (no such file). */
export function readLease(path: string): ReadLease | undefined {
	let writtenAt = Number.POSITIVE_INFINITY;
	try {
		const stat = fs.lstatSync(path);
		writtenAt = stat.mtimeMs;
		if (!stat.isFile() || stat.size > MAX_LEASE_BYTES) return { text: undefined, fields: undefined, writtenAt };
		const text = fs.readFileSync(path, "utf8");
		return { text, fields: leaseFields(text), writtenAt };
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
		return { text: undefined, fields: undefined, writtenAt };
	}
}

/** A lease's text as its JSON object; `undefined` for no text or anything else. */
export function leaseFields(text: string | undefined): Record<string, unknown> | undefined {
	const parsed = parseJsonObject(text ?? "");
	return parsed.ok ? parsed.value : undefined;
}

/** The holder's stamp in a lease's fields, its time under `timeKey`; `undefined` when any part is missing or wrong. */
export function stampOf(fields: Record<string, unknown> | undefined, timeKey = "at"): LeaseStamp | undefined {
	if (fields === undefined) return undefined;
	const { host, pid, started } = fields;
	const at = fields[timeKey];
	const valid =
		typeof host === "string" &&
		typeof pid === "number" &&
		Number.isInteger(pid) &&
		typeof started === "string" &&
		typeof at === "number" &&
		Number.isFinite(at);
	return valid ? { host, pid, started, at } : undefined;
}

/**
 * Writes a lease whole: replacing what is there, or (`create`) only where none is, in one step (false when one is).
 * Throws when the folder cannot take it.
 */
export function writeLease(path: string, lease: object, mode: "replace" | "create" = "replace"): boolean {
	return writeFileAtomically(path, `${JSON.stringify(lease)}\n`, { replace: mode === "replace" });
}

/**
 * Breaks a lease judged stale: removes the file at `path` only if it is still the one judged (`stillJudged` of its
 * text, read once it was moved aside): another process may have replaced it meanwhile, and that newer lease is put
 * back unless its name was taken again. Answers false when it cannot be moved (another user's file in a shared folder, an
 * immutable file), true when it is gone or was left to its newer holder.
 */
export function breakLease(path: string, stillJudged: (text: string | undefined) => boolean): boolean {
	const aside = `${path}.${randomBytes(6).toString("hex")}.aside`;
	try {
		fs.renameSync(path, aside);
	} catch (error) {
		// Gone: another process removed it first.
		return (error as NodeJS.ErrnoException).code === "ENOENT";
	}
	// A lease or an address is small: anything larger is no file of ours to judge.
	if (!stillJudged(readRegularBytes(aside, { maxBytes: 64 * 1024 })?.toString("utf8"))) {
		try {
			fs.linkSync(aside, path);
		} catch {
			// Taken again: that holder has it now.
		}
	}
	try {
		fs.rmSync(aside, { recursive: true, force: true });
	} catch {
		// Left aside under a name no reader looks at.
	}
	return true;
}
