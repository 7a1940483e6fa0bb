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
import { removeIfStill, writeFileAtomically } from "../ask/files.js";
import { parseJsonObject } from "../core/json.js";
import {
	isRunning,
	type ProcessIdentity,
	type StampedBy,
	selfIdentity,
	stampIsLive,
} from "../host/process-identity.js";

/** A lock older than this was left behind: a write holds it for milliseconds. */
const STALE_AFTER_MS = 10_000;
/** How long a writer waits for another's lock before giving up. */
const WAIT_MS = 3_000;
const RETRY_MS = 5;

interface LockData extends StampedBy {
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

function readLock(path: string): { data?: LockData; writtenAt: number } | undefined {
	// Unknown until read: a lock that cannot be read is held (never judged stale).
	let writtenAt = Number.POSITIVE_INFINITY;
	let text: string;
	try {
		const stat = fs.lstatSync(path);
		writtenAt = stat.mtimeMs;
		if (!stat.isFile() || stat.size > 4096) return { writtenAt };
		text = fs.readFileSync(path, "utf8");
	} catch (error) {
		// Gone since: free.
		return (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : { writtenAt };
	}
	const data = lockOf(text);
	// Not a lock this package writes: judged by its age alone.
	return data ? { data, writtenAt } : { writtenAt };
}

/** The lock a text holds, or `undefined` for anything this package does not write. */
function lockOf(text: string | undefined): LockData | undefined {
	const parsed = parseJsonObject(text ?? "");
	if (!parsed.ok) return undefined;
	const { host, pid, started, tag, at } = parsed.value;
	const valid =
		typeof host === "string" &&
		typeof pid === "number" &&
		Number.isInteger(pid) &&
		typeof started === "string" &&
		typeof tag === "string" &&
		typeof at === "number";
	return valid ? { host, pid, started, tag, at } : undefined;
}

function isStale(lock: { data?: LockData; writtenAt: number }, deps: AnswerLockDeps): boolean {
	const now = deps.now();
	if (!lock.data) return now - lock.writtenAt > STALE_AFTER_MS;
	// Held for milliseconds: a stamp more than a retry ahead of this clock is judged by when its file was written.
	const probe = { host: deps.host, now, isRunning: deps.isRunning };
	return !stampIsLive(lock.data, probe, { maxAgeMs: STALE_AFTER_MS, aheadSlackMs: RETRY_MS }, lock.writtenAt);
}

/** Creates the lock in one step; false when another holds it. */
function tryCreate(path: string, data: LockData): boolean {
	return writeFileAtomically(path, `${JSON.stringify(data)}\n`, { replace: false });
}

/**
 * Breaks a stale lock: only the one judged stale is removed (another process may have replaced it since). False
 * when it cannot be moved (another user's lock in a shared folder, an immutable file): then it is waited for.
 */
function breakStale(path: string, judged: { data?: LockData }): boolean {
	return removeIfStill(path, (text) => lockOf(text)?.tag === judged.data?.tag);
}

/** What `work` returned under the lock, or `busy` when another process held it for longer than a write takes. */
export type Locked<T> = { kind: "done"; value: T } | { kind: "busy" };

/** Runs `work` while holding the lock on `pendingPath`. */
export function withAnswerLock<T>(pendingPath: string, work: () => T, deps = systemAnswerLockDeps()): Locked<T> {
	const path = lockPathOf(pendingPath);
	const data: LockData = { host: deps.host, ...deps.self, tag: randomBytes(8).toString("hex"), at: deps.now() };
	const giveUpAt = deps.now() + WAIT_MS;
	while (!tryCreate(path, { ...data, at: deps.now() })) {
		const held = readLock(path);
		const broken = held !== undefined && isStale(held, deps) && breakStale(path, held);
		if (deps.now() > giveUpAt) return { kind: "busy" };
		if (!broken) deps.sleep(RETRY_MS);
	}
	try {
		return { kind: "done", value: work() };
	} finally {
		// Only our own lock is removed: a lock broken as stale while this process was frozen is another's now.
		if (readLock(path)?.data?.tag === data.tag) fs.rmSync(path, { force: true });
	}
}
