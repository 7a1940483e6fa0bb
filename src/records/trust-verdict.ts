/**
 * The one verdict pi acts on for a pending file: whether its answers may be delivered, and if not why. It puts
 * together what only this user's own pi folder can tell (the asks it saved and where, the settled-elsewhere ledger),
 * the session the file names (read through pending/trust.ts's safe readers) and the trust rule (pending/trust.ts).
 * An ask settled anywhere is never delivered again; an ask made for another project folder is not this project's.
 */
import type { SessionEntry } from "@mariozechner/pi-coding-agent";
import type { FactLog, Saved } from "../ask/log.js";
import { timeOf } from "../core/json.js";
import { en } from "../i18n/cli/en.js";
import type { PendingFile } from "../pending/pending-file.js";
import {
	currentSessionPlaces,
	distrustReason,
	judgePendingFile,
	nodeTrustFs,
	type PendingVerdict,
	readSessionRecord,
	realSessionFolders,
	type SessionRecord,
	type TrustFs,
} from "../pending/trust.js";
import { asksOnBranch, type SessionAsk, type SettledAsks } from "./ask-records.js";

export interface TrustSources {
	argv: readonly string[];
	env: NodeJS.ProcessEnv;
	/** The asks of a session settled from another (the settled-elsewhere ledger). */
	settledElsewhere(sessionId: string, projectDir?: string): SettledAsks;
	/** Where and when this user's pi saved an ask (its `saved` fact); `undefined` when it never saved it. */
	saved: FactLog["saved"];
	fs?: TrustFs;
}

/**
 * When the file's ask was made, as far as this user's own record vouches for it: the file's time, but never later
 * than the newest ask with its id (a file's text is not trusted to make an old ask new). `undefined` when the record
 * does not know the ask: then any settled ask with its id counts.
 */
function askedAtOf(file: PendingFile, saved: Saved | undefined): number | undefined {
	const written = timeOf(file.timestamp);
	if (saved === undefined || written === undefined) return undefined;
	return Math.min(written, saved.at);
}

/**
 * The file's ask in the session it names: a call with its id and its questions (ids can repeat in one session), the
 * newest made by the time the file says it was written; `undefined` when the session holds none. A file is written
 * when its ask is, or when a later start saves an ask that was interrupted, before the model can ask again.
 */
function askOfFile(file: PendingFile, entries: readonly unknown[]): SessionAsk | undefined {
	const sameQuestions = JSON.stringify(file.request.questions);
	const candidates = asksOnBranch(entries as SessionEntry[]).filter(
		(ask) => ask.toolCallId === file.toolCallId && JSON.stringify(ask.request?.questions) === sameQuestions,
	);
	const written = timeOf(file.timestamp);
	const madeBy = candidates.filter((ask) => written === undefined || (ask.askedAt ?? 0) <= written);
	return madeBy.at(-1) ?? candidates[0];
}

/** The file's ask as the session it names holds it; `undefined` when that session is not one our pi wrote. */
function askInSession(file: PendingFile, record: SessionRecord): SessionAsk | undefined {
	if (record.kind !== "found" || record.sessionId !== file.sessionId) return undefined;
	try {
		return askOfFile(file, record.entries);
	} catch {
		// Not a session our pi wrote (its lines are not pi's entries): it vouches for nothing.
		return undefined;
	}
}

/** Whether the session says the file's ask ended: answered in its turn, delivered, or cleared. */
function settledInSession(ask: SessionAsk | undefined): boolean {
	return ask !== undefined && ask.state !== "pending" && ask.state !== "interrupted";
}

/**
 * `compute`, remembered for one synchronous run of code: a listing judges a thousand files in one loop, and where
 * sessions are kept or what a folder's real path is cannot change within it (pi's settings could between two
 * commands).
 */
function forOneRun<T>(compute: (key: string) => T): (key: string) => T {
	let memo: Map<string, T> | undefined;
	return (key) => {
		if (memo === undefined) {
			memo = new Map();
			queueMicrotask(() => {
				memo = undefined;
			});
		}
		if (!memo.has(key)) memo.set(key, compute(key));
		return memo.get(key) as T;
	};
}

export function pendingTrust(sources: TrustSources): (file: PendingFile, cwd?: string) => PendingVerdict {
	const fs = sources.fs ?? nodeTrustFs;
	const realPath = forOneRun((path): string | undefined => {
		try {
			return fs.realpath(path);
		} catch {
			return undefined;
		}
	});
	const sameFolder = (a: string, b: string) => {
		const [realA, realB] = [realPath(a), realPath(b)];
		return realA !== undefined && realB !== undefined ? realA === realB : a === b;
	};
	const sessionFolders = forOneRun((cwd) =>
		realSessionFolders(currentSessionPlaces({ argv: sources.argv, env: sources.env, cwd, fs }), fs),
	);
	return (file, cwd = process.cwd()) => {
		const record = readSessionRecord(file.sessionFile, fs);
		const saved = sources.saved(file, timeOf(file.timestamp));
		const ask = askInSession(file, record);
		// When its session holds the ask, the ask's own time names it exactly; else the file's time, as vouched for.
		const askedAt = ask?.askedAt ?? askedAtOf(file, saved);
		if (sources.settledElsewhere(file.sessionId, cwd).has(file.toolCallId, askedAt) || settledInSession(ask)) {
			return {
				trusted: false,
				kind: "settled",
				reason: en.trust.settled,
			};
		}
		const madeIn = saved?.project;
		const elsewhere = (folder: string): PendingVerdict => ({
			trusted: false,
			kind: "elsewhere",
			reason: en.trust.elsewhere(folder),
			folder,
		});
		if (madeIn !== undefined && !sameFolder(madeIn, cwd)) return elsewhere(madeIn);
		const verdict = judgePendingFile(file, sessionFolders(cwd), record, { anyFolder: madeIn !== undefined });
		if (!verdict.trusted) {
			return {
				trusted: false,
				kind: "unknown",
				reason: distrustReason(verdict.reason, en.trust),
				because: verdict.reason,
			};
		}
		// Saved before the record existed: the session's own header (in this user's session folder) says where.
		if (madeIn === undefined && record.kind === "found" && record.cwd && !sameFolder(record.cwd, cwd)) {
			return elsewhere(record.cwd);
		}
		return ask?.askedAt !== undefined ? { trusted: true, askedAt: ask.askedAt } : { trusted: true };
	};
}
