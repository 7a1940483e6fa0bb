/**
 * The verdict pi acts on for a pending file (pending/permission.ts weighs it with the rest): what only this user's own
 * records can tell (the asks it saved and where, the settled-elsewhere ledger), the session the file names and the
 * session-file rule (pending/trust.ts's `judgePendingFile`). An ask settled anywhere is never delivered again; one
 * made for another project folder is not this project's.
 */
import type { SessionEntry } from "@mariozechner/pi-coding-agent";
import type { FactLog } from "../ask/log.js";
import { timeOf } from "../core/json.js";
import type { PendingFile } from "../pending/pending-file.js";
import {
	currentSessionPlaces,
	nodeTrustFs as fs,
	judgePendingFile,
	type PendingVerdict,
	readSessionRecord,
	realSessionFolders,
} from "../pending/trust.js";
import { asksOnBranch, type SessionAsk, type SettledAsks } from "./ask-records.js";

/**
 * The file's ask in the session it names: a call with its id and its questions (ids can repeat in one session), the
 * newest made by the time the file says it was written; `undefined` when the session holds none, or is not one our pi
 * wrote. A file is written when its ask is, or when a later start saves an ask that was interrupted.
 */
function askInSession(file: PendingFile, entries: readonly unknown[]): SessionAsk | undefined {
	const sameQuestions = JSON.stringify(file.request.questions);
	let candidates: SessionAsk[];
	try {
		candidates = asksOnBranch(entries as SessionEntry[]).filter(
			(ask) => ask.toolCallId === file.toolCallId && JSON.stringify(ask.request?.questions) === sameQuestions,
		);
	} catch {
		return undefined;
	}
	const written = timeOf(file.timestamp);
	return candidates.filter((ask) => written === undefined || (ask.askedAt ?? 0) <= written).at(-1) ?? candidates[0];
}

/**
 * `compute`, remembered for one synchronous run of code: a listing judges a thousand files in one loop, and where
 * sessions are kept or what a folder's real path is cannot change within it (pi's settings could between two commands).
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

export function pendingTrust(sources: {
	argv: readonly string[];
	env: NodeJS.ProcessEnv;
	/** The asks of a session settled from another (the settled-elsewhere ledger). */
	settledElsewhere(sessionId: string, projectDir?: string): SettledAsks;
	/** Where and when this user's pi saved an ask (its `saved` fact); `undefined` when it never saved it. */
	saved: FactLog["saved"];
}): (file: PendingFile, cwd?: string) => PendingVerdict {
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
	const elsewhere = (folder: string): PendingVerdict => ({ trusted: false, kind: "elsewhere", folder });
	return (file, cwd = process.cwd()) => {
		const record = readSessionRecord(file.sessionFile, fs);
		const written = timeOf(file.timestamp);
		const saved = sources.saved(file, written);
		const ask =
			record.kind === "found" && record.sessionId === file.sessionId ? askInSession(file, record.entries) : undefined;
		// When its session holds the ask, its own time names it exactly; else the file's time, but never later than the
		// saved ask's (a file's text is not trusted to make an old ask new); unknown to the record: every ask with its id.
		const askedAt =
			ask?.askedAt ?? (saved !== undefined && written !== undefined ? Math.min(written, saved.at) : undefined);
		const settledInSession = ask !== undefined && ask.state !== "pending" && ask.state !== "interrupted";
		if (settledInSession || sources.settledElsewhere(file.sessionId, cwd)(file.toolCallId, askedAt)) {
			return { trusted: false, kind: "settled" };
		}
		const madeIn = saved?.project;
		if (madeIn !== undefined && !sameFolder(madeIn, cwd)) return elsewhere(madeIn);
		const verdict = judgePendingFile(file, sessionFolders(cwd), record, { anyFolder: madeIn !== undefined });
		if (!verdict.trusted) return { trusted: false, kind: "unknown", because: verdict.reason };
		// Saved before the record existed: the session's own header (in this user's session folder) says where.
		if (madeIn === undefined && record.kind === "found" && record.cwd && !sameFolder(record.cwd, cwd)) {
			return elsewhere(record.cwd);
		}
		return ask?.askedAt !== undefined ? { trusted: true, askedAt: ask.askedAt } : { trusted: true };
	};
}
