/**
 * The short lock under which a pending file is written or removed. Answering is "read it, check it still waits for
 * answers, replace it": two processes answering one file at once (two pages, a page and `pi --answers`, two pi runs)
 * would both pass the check and the second would replace the first's answers. Held while a writer reads the file
 * again and renames its answers over it, so exactly one finds it waiting.
 *
 * The lock is `.pi/.<name>.answering`, created complete in one step (a hard link of a written temp file), naming its
 * process like a claim (./claims.ts) and a random tag. It is held for milliseconds; a lock whose process is gone from
 * this host, or older than `STALE_AFTER_MS` anywhere, was left by a crash and is broken: moved aside under a name of
 * its own first, so that of two processes breaking it at once only one does, and put back when what was moved turns
 * out to be a newer lock.
 */

import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import {
	breakLease,
	type LeaseStamp,
	leaseFields,
	leaseIsLive,
	type ReadLease,
	readLease,
	stampOf,
	writeLease,
} from "../ask/lease.js";
import { isRunning, type ProcessIdentity, selfIdentity } from "../host/process-identity.js";

/** A lock older than this was left behind: a write holds it for milliseconds. */
const STALE_AFTER_MS = 10_000;
/** How long a writer waits for another's lock before giving up. */
const WAIT_MS = 3_000;
const RETRY_MS = 5;

interface LockData extends LeaseStamp {
	tag: string;
}

export interface AnswerLockDeps {
	host: string;
	self: ProcessIdentity;
	now(): number;
	isRunning(identity: ProcessIdentity): boolean;
	/** Blocks this thread for `ms` (the writers are synchronous, and hold the lock for milliseconds). */
	sleep(ms: number): void;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

function systemAnswerLockDeps(): AnswerLockDeps {
	return {
		host: hostname(),
		self: selfIdentity(),
		now: Date.now,
		isRunning,
		sleep: (ms) => Atomics.wait(sleeper, 0, 0, ms),
	};
}

/** The lock file of a pending file. */
function lockPathOf(pendingPath: string): string {
	return join(dirname(pendingPath), `.${basename(pendingPath)}.answering`);
}

/** The lock's stamp and tag, or `undefined` for anything this package does not write. */
function lockOf(fields: Record<string, unknown> | undefined): LockData | undefined {
	const stamp = stampOf(fields);
	const tag = fields?.tag;
	return stamp && typeof tag === "string" ? { ...stamp, tag } : undefined;
}

function isStale(lease: ReadLease, deps: AnswerLockDeps): boolean {
	const now = deps.now();
	const lock = lockOf(lease.fields);
	// Not a lock this package writes (or unreadable, its time unknown and so never old): judged by its age alone.
	if (!lock) return now - lease.writtenAt > STALE_AFTER_MS;
	// Held for milliseconds: a stamp more than a retry ahead of this clock is judged by when its file was written.
	const probe = { host: deps.host, now, isRunning: deps.isRunning };
	return !leaseIsLive(lock, probe, { maxAgeMs: STALE_AFTER_MS, aheadSlackMs: RETRY_MS }, lease.writtenAt);
}

/** What `work` returned under the lock, or `busy` when another process held it for longer than a write takes. */
export type Locked<T> = { kind: "done"; value: T } | { kind: "busy" };

/** Runs `work` while holding the lock on `pendingPath`. */
export function withAnswerLock<T>(pendingPath: string, work: () => T, deps = systemAnswerLockDeps()): Locked<T> {
	const path = lockPathOf(pendingPath);
	const data: LockData = { host: deps.host, ...deps.self, tag: randomBytes(8).toString("hex"), at: deps.now() };
	const giveUpAt = deps.now() + WAIT_MS;
	while (!writeLease(path, { ...data, at: deps.now() }, "create")) {
		const held = readLease(path);
		// Only the lock judged stale is removed: another process may have replaced it since.
		const judged = lockOf(held?.fields)?.tag;
		const broken =
			held !== undefined &&
			isStale(held, deps) &&
			breakLease(path, (text) => lockOf(leaseFields(text))?.tag === judged);
		if (deps.now() > giveUpAt) return { kind: "busy" };
		if (!broken) deps.sleep(RETRY_MS);
	}
	try {
		return { kind: "done", value: work() };
	} finally {
		// Only our own lock is removed: a lock broken as stale while this process was frozen is another's now.
		if (lockOf(readLease(path)?.fields)?.tag === data.tag) fs.rmSync(path, { force: true });
	}
}
