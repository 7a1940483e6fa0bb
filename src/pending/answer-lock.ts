/**
 * The short lock under which a pending file is written or removed. Answering is "read it, check it still waits for
 * answers, replace it": two processes answering one file at once (two pages, a page and `pi --answers`, two pi runs)
 * would both pass the check and the second would replace the first's answers. Held while a writer reads the file
 * again and renames its answers over it, so exactly one finds it waiting.
 *
 * The lock is `.pi/.<name>.answering`, a lease (../ask/lease.ts) created complete in one step. It is held for
 * milliseconds; a lock whose process is gone from this host, or older than 10 s anywhere, was left by a crash and is
 * broken the way every stale lease is.
 */
import { basename, dirname, join } from "node:path";
import { type LeaseDeps, type Locked, systemLeaseDeps, withLock } from "../ask/lease.js";

/** A write holds it for milliseconds: older was left behind. A writer waits 3 s for another's, reading it every 5 ms. */
const LIMITS = { maxAgeMs: 10_000, aheadSlackMs: 5, waitMs: 3_000, retryMs: 5 };

export type { Locked };

/** Runs `work` while holding the lock on `pendingPath`. */
export function withAnswerLock<T>(
	pendingPath: string,
	work: () => T,
	deps: Omit<LeaseDeps, "every" | "onExit"> = systemLeaseDeps(),
): Locked<T> {
	return withLock(join(dirname(pendingPath), `.${basename(pendingPath)}.answering`), work, deps, LIMITS);
}
