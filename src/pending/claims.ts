/**
 * The leases (../ask/lease.ts) beside a pending file. The claim, `.pi/.<name>.claim`: while a pi asks its questions
 * in a dialog, or delivers its answers, the file stays on disk (so nothing is lost however pi ends) and that pi holds
 * a claim on it, naming the ask, refreshed every few seconds. Other pi processes leave a claimed file alone (never
 * answer it, never delete it) until the claim is dead (`heldElsewhere`): its process is gone from this host (a reused
 * pid has another start time), or it was not refreshed for three intervals (another machine sharing the folder, or a
 * frozen pi). The answer lock, `.pi/.<name>.answering`: answering is "read it, check it still waits for answers,
 * replace it", and two processes answering one file at once (two pages, a page and `pi --answers`, two pi runs) would
 * both pass the check; under the lock exactly one finds it waiting. It is held for milliseconds: one whose process is
 * gone from this host, or older than 10 s anywhere, was left by a crash and is broken.
 */

import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";
import {
	type HeldLease,
	holdLease,
	isMine,
	type LeaseDeps,
	type LeaseStamp,
	type Locked,
	leaseIsLive,
	readLease,
	stampOf,
	systemLeaseDeps,
	withLock,
} from "../ask/lease.js";
import { sanitizeLine } from "../core/text.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";

/** How often a claim is refreshed; it is dead after three intervals without one. */
export const CLAIM_REFRESH_MS = 5_000;
const LIMITS = { maxAgeMs: 3 * CLAIM_REFRESH_MS, aheadSlackMs: CLAIM_REFRESH_MS };

/**
 * A claim: its holder's stamp (`at`: its last refresh; `started`: "" where unknown) and its ask. `holder` `mcp`: a
 * `pi-ask-anywhere mcp` server holds the file for its client's ask and reads the answers written into it
 * (./permission.ts); then `file` is the pending file's real path (a copy of the folder, claim and all, is not the one
 * it holds) and `records` the server's agent folder, where it looks for the answers given for its client
 * (./given-for-asker.ts): a pi recording them in another folder would write answers the server never takes.
 */
export interface Claim extends LeaseStamp {
	toolCallId: string;
	holder?: "mcp";
	file?: string;
	records?: string;
}

/** One line for the person: which pi holds the questions. */
export function describeClaim(claim: Claim, words: CliStrings["claim"] = chosenWords().cli.claim): string {
	const held = claim.holder === "mcp" ? words.heldByMcp : words.heldBy;
	return held(String(claim.pid), sanitizeLine(claim.host));
}

/** A write holds it for milliseconds: older was left behind. A writer waits 3 s for another's, reading it every 5 ms. */
const LOCK_LIMITS = { maxAgeMs: 10_000, aheadSlackMs: 5, waitMs: 3_000, retryMs: 5 };

/** Runs `work` while holding the answer lock on `pendingPath`. */
export function withAnswerLock<T>(
	pendingPath: string,
	work: () => T,
	deps: Omit<LeaseDeps, "every" | "onExit"> = systemLeaseDeps(),
): Locked<T> {
	return withLock(join(dirname(pendingPath), `.${basename(pendingPath)}.answering`), work, deps, LOCK_LIMITS);
}

/** The claim file of a pending file. */
export function claimPathOf(pendingPath: string): string {
	return join(dirname(pendingPath), `.${basename(pendingPath)}.claim`);
}

/** The claim at `path` and when its file was written; `undefined` for anything this package does not write. */
function readClaim(path: string): (Claim & { writtenAt: number }) | undefined {
	const lease = readLease(path);
	const stamp = stampOf(lease?.fields);
	const { toolCallId, holder, file, records } = lease?.fields ?? {};
	if (!lease || !stamp || typeof toolCallId !== "string") return undefined;
	const claim = { ...stamp, toolCallId, writtenAt: lease.writtenAt };
	if (holder !== "mcp") return claim;
	// A server's claim counts only for the file it names.
	if (typeof file !== "string") return undefined;
	return { ...claim, holder, file, ...(typeof records === "string" ? { records } : {}) };
}

/**
 * The claims a pi holds and the claims it must respect. `claim` holds `pendingPath` for `toolCallId` until released
 * (or this process ends), and returns the release; `undefined` when another live pi holds it (`heldElsewhere`).
 * `stillHeld` is false once another pi took it over (this one was frozen longer than a claim lives), for good.
 */
export interface Claims {
	claim(pendingPath: string, toolCallId: string): (() => void) | undefined;
	heldElsewhere(pendingPath: string, toolCallId: string): Claim | undefined;
	stillHeld(pendingPath: string): boolean;
}

/** A lease's deps; `holder` `mcp` and `records` when the claims are a `pi-ask-anywhere mcp` server's (see `Claim`). */
export type ClaimsDeps = Omit<LeaseDeps, "sleep"> & { holder?: "mcp"; records?: string };

/** The real path of a pending file (symlinks resolved); `undefined` when it is gone. */
function realPath(path: string): string | undefined {
	try {
		return fs.realpathSync.native(path);
	} catch {
		return undefined;
	}
}

export function createClaims(deps: ClaimsDeps = systemLeaseDeps()): Claims {
	const held = new Map<string, HeldLease>();
	const release = (path: string) => {
		held.get(path)?.release();
		held.delete(path);
	};
	function heldElsewhere(pendingPath: string, toolCallId: string): Claim | undefined {
		const found = readClaim(claimPathOf(pendingPath));
		if (!found || found.toolCallId !== toolCallId || isMine(found, deps)) return undefined;
		if (found.holder === "mcp" && found.file !== realPath(pendingPath)) return undefined;
		const { writtenAt, ...claim } = found;
		// By the rule every lease shares (refreshed within three intervals, by its file's time when stamped further ahead
		// than one; on this host, its process still running). An MCP server only ever answers a folder on its own host: a
		// claim naming another host was planted or cloned.
		if (claim.holder === "mcp" && claim.host !== deps.host) return undefined;
		return leaseIsLive(claim, deps, LIMITS, writtenAt) ? claim : undefined;
	}
	let exitHooked = false;
	return {
		heldElsewhere,
		stillHeld: (pendingPath) => held.get(claimPathOf(pendingPath))?.stillHeld() ?? false,
		claim(pendingPath, toolCallId) {
			if (heldElsewhere(pendingPath, toolCallId)) return undefined;
			const path = claimPathOf(pendingPath);
			release(path);
			const file = deps.holder === "mcp" ? realPath(pendingPath) : undefined;
			const server = deps.holder && file ? { holder: deps.holder, file, records: deps.records } : {};
			// `refreshedAt`: a pi of the previous version reads a claim's time only there.
			const fields = () => ({ toolCallId, ...server, refreshedAt: deps.now() });
			held.set(path, holdLease(path, fields, deps, CLAIM_REFRESH_MS));
			if (!exitHooked) deps.onExit(() => [...held.keys()].forEach(release));
			exitHooked = true;
			return () => release(path);
		},
	};
}
