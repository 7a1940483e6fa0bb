/**
 * The one judgement of an ask waiting in a pending file: may it be answered here, and with what. Every path that answers
 * or lists a waiting ask (`@file`, `pi -c`, `--answers`, `/questions`, the web page, a tap, the startup plan, approvals)
 * asks `permissionFor`, instead of combining claims, the trust verdict and "settled" by hand.
 *
 * `pendingTrust` gives the verdict on the file: what only this user's own records can tell (the asks it saved and where,
 * the settled-elsewhere ledger), the session the file names and the session-file rule (./trust.ts's
 * `judgePendingFile`). An ask settled anywhere is never delivered again; one made for another project folder is not
 * this project's. `mayAnswerHere` weighs it with the rest, purely.
 *
 * Filled-in answers are the person's only when this person's pi wrote the file and no tool call of a run rewrote them
 * since: a cloned repository's file, or one a prompt-injected model edited with its write tool, keeps its questions
 * answerable, but only what the person types counts.
 *
 * A file marked as another agent's ask (an MCP client's, written by `pi-ask-anywhere mcp`) is answered by writing the
 * answers into it, where that server reads them for its client; its answers never reach this pi's model. The mark is
 * the file's own word, so it counts only when a live `pi-ask-anywhere mcp` process holds the file for that very ask
 * (its claim, which a cloned repository cannot bring alive), and never on a file this user's pi vouches for: a mark a
 * tool call wrote into pi's own ask cannot divert its answers. A marked file nobody holds is answered nowhere.
 */
import type { SessionEntry } from "@mariozechner/pi-coding-agent";
import type { FactLog } from "../ask/log.js";
import { timeOf } from "../core/json.js";
import { sanitizeLine } from "../core/text.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import { type Claim, describeClaim } from "./claims.js";
import type { PendingAsker, PendingFile } from "./pending-file.js";
import {
	currentSessionPlaces,
	judgePendingFile,
	nodeTrustFs,
	type PendingVerdict,
	readSessionRecord,
	realSessionFolders,
	type TrustFs,
	verdictReason,
} from "./trust.js";

type Distrust = Extract<PendingVerdict, { trusted: false }>;

/** An ask as its session holds it, as far as the verdict needs (records/ask-records.ts's `SessionAsk`). */
interface AskInSession {
	toolCallId: string;
	request: { questions: unknown } | undefined;
	state: string;
	askedAt?: number;
}

interface TrustSources {
	argv: readonly string[];
	env: NodeJS.ProcessEnv;
	/** The asks of a session settled from another (the settled-elsewhere ledger). */
	settledElsewhere(sessionId: string, projectDir?: string): { has(toolCallId: string, askedAt?: number): boolean };
	/** Where and when this user's pi saved an ask (its `saved` fact); `undefined` when it never saved it. */
	saved: FactLog["saved"];
	/** The asks on a session's entries, newest state each (records/ask-records.ts's `asksOnBranch`). */
	asksIn(entries: readonly SessionEntry[]): readonly AskInSession[];
	fs?: TrustFs;
}

/**
 * The file's ask in the session it names: a call with its id and its questions (ids can repeat in one session), the
 * newest made by the time the file says it was written; `undefined` when the session holds none, or is not one our pi
 * wrote. A file is written when its ask is, or when a later start saves an ask that was interrupted.
 */
function askInSession(file: PendingFile, entries: readonly unknown[], sources: TrustSources): AskInSession | undefined {
	const sameQuestions = JSON.stringify(file.request.questions);
	let candidates: AskInSession[];
	try {
		candidates = sources
			.asksIn(entries as SessionEntry[])
			.filter((ask) => ask.toolCallId === file.toolCallId && JSON.stringify(ask.request?.questions) === sameQuestions);
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
	const elsewhere = (folder: string): PendingVerdict => ({ trusted: false, kind: "elsewhere", folder });
	return (file, cwd = process.cwd()) => {
		const record = readSessionRecord(file.sessionFile, fs);
		const written = timeOf(file.timestamp);
		const saved = sources.saved(file, written);
		const ask =
			record.kind === "found" && record.sessionId === file.sessionId
				? askInSession(file, record.entries, sources)
				: undefined;
		// When its session holds the ask, its own time names it exactly; else the file's time, but never later than the
		// saved ask's (a file's text is not trusted to make an old ask new); unknown to the record: every ask with its id.
		const askedAt =
			ask?.askedAt ?? (saved !== undefined && written !== undefined ? Math.min(written, saved.at) : undefined);
		const settledInSession = ask !== undefined && ask.state !== "pending" && ask.state !== "interrupted";
		if (settledInSession || sources.settledElsewhere(file.sessionId, cwd).has(file.toolCallId, askedAt)) {
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

export interface AskFacts {
	/** The trust verdict on the ask's pending file (settled anywhere, asked in another folder, not this pi's). */
	verdict: PendingVerdict;
	/** Another live process's claim: a pi asking or delivering this ask right now, or the MCP server holding it. */
	heldBy?: Claim | undefined;
	/** The file's filled-in answers were written by a tool call during a run, not by the person. */
	answersWrittenByTool?: boolean | undefined;
	/** The person gave these very answers on the web page, confirming a file their pi did not write. */
	answersGivenOnPage?: boolean | undefined;
	/** The file's own word that another agent asked it (untrusted: see the header). */
	asker?: PendingAsker | undefined;
}

/** Why the answers already in a file are not used (the person's own typing still counts). */
type IgnoredBecause = "not-this-pi" | "written-by-tool";

export type AskPermission =
	/** Answerable here. `filledAnswers`: whether the answers already in the file count as the person's. */
	| { kind: "answer"; filledAnswers: "use" }
	| { kind: "answer"; filledAnswers: "ignore"; because: IgnoredBecause; verdict: PendingVerdict }
	/** Another pi holds it now: answer it there, or once that pi has let it go. */
	| { kind: "held"; holder: Claim }
	/** Answered, cancelled or cleared already (here or in another session): never answered again. */
	| { kind: "settled"; verdict: Distrust }
	/** Asked for another project folder: not this folder's to answer. */
	| { kind: "elsewhere"; verdict: Distrust }
	/**
	 * An MCP client's ask its server holds now: answered by writing the answers into the file (never delivered to this
	 * pi's model); the answers already there are the client's to take.
	 */
	| { kind: "for-asker"; asker: PendingAsker; holder: Claim }
	/** Marked as an MCP client's ask, but no server holds it: its answers have nowhere to go, here least of all. */
	| { kind: "asker-gone"; asker: PendingAsker };

export function mayAnswerHere(facts: AskFacts): AskPermission {
	const { verdict, asker, heldBy } = facts;
	if (!verdict.trusted && verdict.kind === "settled") return { kind: "settled", verdict };
	if (asker && !verdict.trusted) {
		if (heldBy?.holder === "mcp") return { kind: "for-asker", asker, holder: heldBy };
		if (!heldBy) return { kind: "asker-gone", asker };
	}
	if (heldBy) return { kind: "held", holder: heldBy };
	if (!verdict.trusted && verdict.kind === "elsewhere") return { kind: "elsewhere", verdict };
	if (facts.answersWrittenByTool)
		return { kind: "answer", filledAnswers: "ignore", because: "written-by-tool", verdict };
	if (!verdict.trusted && !facts.answersGivenOnPage) {
		return { kind: "answer", filledAnswers: "ignore", because: "not-this-pi", verdict };
	}
	return { kind: "answer", filledAnswers: "use" };
}

/** A permission that refuses answering here: the ask is settled, another folder's, held, or its asker gone. */
export type Refusal = Extract<AskPermission, { kind: "settled" | "elsewhere" | "held" | "asker-gone" }>;

/** Whether a refusal is the rule's own (one `refusalSentence` says), not a way of answering's. */
export function isRuleRefusal(refusal: { kind: string }): refusal is Refusal {
	return ["settled", "elsewhere", "held", "asker-gone"].includes(refusal.kind);
}

/** Why the ask in `shown` (a file as the person sees it, or what was refused) is not answered here: one sentence a kind. */
export function refusalSentence(shown: string, refusal: Refusal, said: CliStrings = chosenWords().cli): string {
	switch (refusal.kind) {
		case "settled":
			return said.refused.settled(shown, verdictReason(refusal.verdict, said.trust));
		case "elsewhere":
			return said.refused.elsewhere(shown, verdictReason(refusal.verdict, said.trust));
		case "held":
			return said.refused.held(shown, describeClaim(refusal.holder, said.claim));
		case "asker-gone":
			return said.refused.askerGone(shown, sanitizeLine(refusal.asker.client));
	}
}

/**
 * Why the answers already in the file at `shown` do not count (the rule's `answer` with `filledAnswers: "ignore"`): a
 * tool call wrote them, or this user's pi did not write the file. One sentence a kind, from the same `refused` table.
 */
export function ignoredSentence(
	shown: string,
	because: IgnoredBecause,
	verdict: PendingVerdict,
	said: CliStrings = chosenWords().cli,
): string {
	if (because === "written-by-tool") return said.refused.ignoredWrittenByTool(shown);
	return said.refused.ignoredNotThisPi(shown, verdict.trusted ? "" : verdictReason(verdict, said.trust));
}

/** Whether the answers already in the file may be sent as the person's. */
export function filledAnswersCount(permission: AskPermission): boolean {
	return permission.kind === "answer" && permission.filledAnswers === "use";
}

/** Where the facts about a waiting ask come from; each is asked only when the rule needs it. */
export interface AskOrigins {
	/** The verdict on the file (`pendingTrust`). */
	judge(file: PendingFile): PendingVerdict;
	/** Another live process's claim on the file (./claims.ts): a pi asking it, or the MCP server holding it. */
	heldElsewhere?(path: string, toolCallId: string): Claim | undefined;
	/** The file's filled-in answers were written by a tool call during a run (records/tool-writes.ts). */
	writtenByTool?(path: string): boolean;
	/** The person gave these very answers on the page, for a file their pi did not write. */
	givenOnPage?(file: PendingFile): boolean;
}

/** What the rule lets be done with the ask waiting in `ask.file`, its facts gathered from `origins`. */
export function permissionFor(ask: { path: string; file: PendingFile }, origins: AskOrigins): AskPermission {
	const { path, file } = ask;
	return mayAnswerHere({
		verdict: origins.judge(file),
		heldBy: origins.heldElsewhere?.(path, file.toolCallId),
		asker: file.asker,
		answersWrittenByTool: origins.writtenByTool?.(path),
		answersGivenOnPage: origins.givenOnPage?.(file),
	});
}
