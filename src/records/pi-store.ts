/**
 * The ask store as a running pi opens it: this user's records (./store.ts) and what only a pi holds beside them, its
 * claims on pending files (pending/claims.ts) and its tool-write guard (./tool-writes.ts). A pi start opens the guard
 * alone (`openToolWrites`: every tool call goes through it); the rest opens with the first ask. From them it makes
 * `judging`, the one value every reader of a pending file in the run (the lifecycle, `/questions`, approvals, push
 * taps) asks whether the file's answers are the person's, so that they all judge it by the same records. The
 * `pi-ask-anywhere` commands open ./store.ts alone: they hold no tool calls to guard.
 */
import { factLog } from "../ask/log.js";
import { TOOL_NAME } from "../core/prompt.js";
import { type Claims, createClaims } from "../pending/claims.js";
import type { GivenRecord } from "../pending/given-for-asker.js";
import type { PendingFile } from "../pending/pending-file.js";
import type { PendingVerdict } from "../pending/trust.js";
import { compactFactLog } from "./fact-compaction.js";
import type { AskStore } from "./store.js";
import { type ToolWriteGuard, toolWriteGuard } from "./tool-writes.js";

/** What decides whether a pending file's answers are the person's, as every reader of one asks it. */
export interface Judging {
	/** The verdict pi acts on for a pending file in the project folder `cwd` (pending/permission.ts). */
	trust(file: PendingFile, cwd?: string): PendingVerdict;
	/** This pi's claims on pending files, and other live pi processes' (pending/claims.ts). */
	claims: Claims;
	/** Whether a pending file's filled-in answers were written by a tool call during a run (./tool-writes.ts). */
	answersWrittenByTool(path: string): boolean;
	/** The answers the person gave on the page, for an MCP client, or into their own pi's file (the store itself). */
	given: GivenRecord;
}

export interface PiStore extends AskStore {
	judging: Judging;
}

/** The log is compacted this long after a pi opened it: off its start's path. */
const COMPACT_AFTER_MS = 2_000;

type RunOfPi = { argv: readonly string[]; env: NodeJS.ProcessEnv; warn(text: string): void };

/**
 * What a pi start opens of the records: the tool-write guard over this user's fact log (`warn` takes what it cannot
 * write), and the log's compaction soon after. `guard` is the guard's own deps (tests give another process identity and
 * no exit hook).
 */
export function openToolWrites(
	agentDir: string,
	run: RunOfPi,
	guard?: Parameters<typeof toolWriteGuard>[3],
): ToolWriteGuard {
	const facts = factLog(agentDir);
	setTimeout(() => compactFactLog(facts.path), COMPACT_AFTER_MS).unref();
	// A tool call never answers the person's questions for them.
	return toolWriteGuard(agentDir, TOOL_NAME, run.warn, { ...guard, facts });
}

/**
 * The store of the pi run: this user's records (./store.ts's `openAskStore`, with the run's arguments and environment)
 * beside the tool-write guard its start opened.
 */
export function openPiStore(store: AskStore, toolWrites: ToolWriteGuard): PiStore {
	const claims = createClaims();
	return {
		...store,
		judging: {
			trust: store.trust,
			claims,
			answersWrittenByTool: toolWrites.answersWrittenByTool,
			given: store,
		},
	};
}
