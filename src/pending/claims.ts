/**
 * Who owns a pending file right now. While a pi asks its questions in a dialog, or delivers its answers, the file
 * stays on disk (so nothing is lost however pi ends) and that pi holds a claim on it: a small file next to it,
 * `.pi/.<name>.claim`, naming the ask, the host, the pid and the process's start time, refreshed every few
 * seconds. Other pi processes leave a claimed file alone (never answer it, never delete it) until the claim is
 * dead: its process is gone from this host (a reused pid has another start time), or it was not refreshed for
 * three intervals (another machine sharing the folder, or a frozen pi). The rules are `claimIsLive`.
 */

import * as fs from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { type LivenessProbe, leaseIsLive, readLease, stampOf, writeLease } from "../ask/lease.js";
import { sanitizeLine } from "../core/text.js";
import { isRunning, type ProcessIdentity, selfIdentity } from "../host/process-identity.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";

/** How often a claim is refreshed; it is dead after three intervals without one. */
export const CLAIM_REFRESH_MS = 5_000;
const DEAD_AFTER_MS = 3 * CLAIM_REFRESH_MS;

export interface Claim {
	toolCallId: string;
	host: string;
	pid: number;
	/** The process's start time (see host/process-identity.ts); "" where unknown. */
	started: string;
	/** When the owner last refreshed the claim (ms since the epoch, its clock). */
	refreshedAt: number;
	/**
	 * `mcp`: a `pi-ask-anywhere mcp` server holds the file for its client's ask, and reads the answers written into it
	 * (pending/permission.ts); absent for a pi.
	 */
	holder?: "mcp";
	/** An MCP claim's pending file, as its real path: a copy of the folder (claim and all) is not the one it holds. */
	file?: string;
	/**
	 * An MCP claim's agent folder, where its server looks for the record of answers given for its client
	 * (./given-for-asker.ts): a pi recording them in another folder would write answers the server never takes.
	 */
	records?: string;
}

/**
 * Whether a claim still holds: refreshed within three intervals, and (on this host) its process still runs, by the
 * rule every lease shares (`leaseIsLive`). `writtenAt` is the claim file's modification time, which counts for
 * a claim stamped further ahead than an interval.
 */
export function claimIsLive(claim: Claim, probe: LivenessProbe, writtenAt?: number): boolean {
	const stamp = { host: claim.host, pid: claim.pid, started: claim.started, at: claim.refreshedAt };
	if (!leaseIsLive(stamp, probe, { maxAgeMs: DEAD_AFTER_MS, aheadSlackMs: CLAIM_REFRESH_MS }, writtenAt)) return false;
	// An MCP server only ever answers a folder on its own host: a claim naming another host was planted or cloned.
	return claim.host === probe.host || claim.holder !== "mcp";
}

/** Whether `claim` is this very process's. */
function isOwnClaim(claim: Claim, host: string, self: ProcessIdentity): boolean {
	return claim.host === host && claim.pid === self.pid && claim.started === self.started;
}

/** One line for the person: which pi holds the questions. */
export function describeClaim(claim: Claim, words: CliStrings["claim"] = chosenWords().cli.claim): string {
	const held = claim.holder === "mcp" ? words.heldByMcp : words.heldBy;
	return held(String(claim.pid), sanitizeLine(claim.host));
}

/** The claim file of a pending file. */
export function claimPathOf(pendingPath: string): string {
	return join(dirname(pendingPath), `.${basename(pendingPath)}.claim`);
}

/**
 * The agent folder named by the MCP server's claim on a pending file, if any: only a caller that already judged the
 * claim live (`heldElsewhere`) may act on it.
 */
export function serverRecordsOf(pendingPath: string): string | undefined {
	const claim = readClaim(claimPathOf(pendingPath));
	return claim?.holder === "mcp" ? claim.records : undefined;
}

function claimOf(data: Record<string, unknown> | undefined): Claim | undefined {
	// A claim's stamp says when it was refreshed.
	const stamp = stampOf(data, "refreshedAt");
	const toolCallId = data?.toolCallId;
	if (!data || !stamp || typeof toolCallId !== "string") return undefined;
	const claim: Claim = { toolCallId, host: stamp.host, pid: stamp.pid, started: stamp.started, refreshedAt: stamp.at };
	if (data.holder === "mcp") {
		// A server's claim counts only for the file it names.
		if (typeof data.file !== "string") return undefined;
		claim.holder = "mcp";
		claim.file = data.file;
		if (typeof data.records === "string") claim.records = data.records;
	}
	return claim;
}

/** The claims a pi holds and the claims it must respect, on the real file system and clock. */
export interface Claims {
	/**
	 * Claims `pendingPath` for `toolCallId` until released (or this process ends). Returns the release, or
	 * `undefined` when another live pi holds it.
	 */
	claim(pendingPath: string, toolCallId: string): (() => void) | undefined;
	/** The live claim of another pi on this ask's file, if any. */
	heldElsewhere(pendingPath: string, toolCallId: string): Claim | undefined;
	/**
	 * Whether this pi still holds its claim on `pendingPath`: false once another pi took it over (this one was
	 * frozen longer than a claim lives), even if that pi has since let it go.
	 */
	stillHeld(pendingPath: string): boolean;
}

export interface ClaimsDeps {
	host: string;
	self: ProcessIdentity;
	now(): number;
	isRunning(identity: ProcessIdentity): boolean;
	/** Runs `refresh` every interval without keeping the process alive; returns the stop. */
	every(ms: number, refresh: () => void): () => void;
	/** Runs `release` when the process exits. */
	onExit(release: () => void): void;
	/** `mcp` when the claims are a `pi-ask-anywhere mcp` server's (see `Claim.holder`). */
	holder?: "mcp";
	/** The server's agent folder (see `Claim.records`). */
	records?: string;
}

export function systemClaimsDeps(): ClaimsDeps {
	return {
		host: hostname(),
		self: selfIdentity(),
		now: Date.now,
		isRunning,
		every: (ms, refresh) => {
			const timer = setInterval(refresh, ms);
			timer.unref();
			return () => clearInterval(timer);
		},
		onExit: (release) => process.once("exit", release),
	};
}

function readClaim(path: string): (Claim & { writtenAt?: number }) | undefined {
	const lease = readLease(path);
	const claim = claimOf(lease?.fields);
	return claim && lease ? { ...claim, writtenAt: lease.writtenAt } : undefined;
}

/** The real path of a pending file (symlinks resolved); `undefined` when it is gone. */
function realPath(path: string): string | undefined {
	try {
		return fs.realpathSync.native(path);
	} catch {
		return undefined;
	}
}

export function createClaims(deps: ClaimsDeps = systemClaimsDeps()): Claims {
	const held = new Map<string, { claim: Claim; stop: () => void; lost: boolean }>();
	const probe = (): LivenessProbe => ({ host: deps.host, now: deps.now(), isRunning: deps.isRunning });
	let exitHooked = false;

	function release(path: string) {
		const mine = held.get(path);
		if (!mine) return;
		held.delete(path);
		mine.stop();
		// Only our own claim is removed: another pi may have taken the name since.
		const current = readClaim(path);
		if (current && isOwnClaim(current, deps.host, deps.self)) fs.rmSync(path, { force: true });
	}

	function heldElsewhere(pendingPath: string, toolCallId: string): Claim | undefined {
		const claim = readClaim(claimPathOf(pendingPath));
		if (!claim || claim.toolCallId !== toolCallId) return undefined;
		if (isOwnClaim(claim, deps.host, deps.self)) return undefined;
		if (claim.holder === "mcp" && claim.file !== realPath(pendingPath)) return undefined;
		const { writtenAt, ...held } = claim;
		return claimIsLive(held, probe(), writtenAt) ? held : undefined;
	}

	function ownClaimOnDisk(path: string): boolean {
		const current = readClaim(path);
		return current !== undefined && isOwnClaim(current, deps.host, deps.self);
	}

	return {
		heldElsewhere,
		stillHeld(pendingPath) {
			const path = claimPathOf(pendingPath);
			const mine = held.get(path);
			if (!mine || mine.lost) return false;
			if (ownClaimOnDisk(path)) return true;
			mine.lost = true;
			return false;
		},
		claim(pendingPath, toolCallId) {
			if (heldElsewhere(pendingPath, toolCallId)) return undefined;
			const path = claimPathOf(pendingPath);
			release(path);
			const file = deps.holder === "mcp" ? realPath(pendingPath) : undefined;
			const claim = (): Claim => ({
				toolCallId,
				host: deps.host,
				pid: deps.self.pid,
				started: deps.self.started,
				refreshedAt: deps.now(),
				...(deps.holder && file
					? { holder: deps.holder, file, ...(deps.records ? { records: deps.records } : {}) }
					: {}),
			});
			try {
				writeLease(path, claim());
			} catch {
				// A read-only folder: the file itself could not have been written either; nothing to hold.
				return () => undefined;
			}
			const stop = deps.every(CLAIM_REFRESH_MS, () => {
				const mine = held.get(path);
				if (!mine || mine.lost) return;
				// Gone or another pi's: it was taken over while this pi was frozen. Writing ours again would hide that.
				if (!ownClaimOnDisk(path)) {
					mine.lost = true;
					mine.stop();
					return;
				}
				try {
					writeLease(path, claim());
				} catch {
					// The folder went away; the claim dies on its own.
				}
			});
			held.set(path, { claim: claim(), stop, lost: false });
			if (!exitHooked) {
				exitHooked = true;
				deps.onExit(() => {
					for (const heldPath of [...held.keys()]) release(heldPath);
				});
			}
			return () => release(path);
		},
	};
}
