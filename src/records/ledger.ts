/**
 * Asks settled outside their own session (answered from another session, or cleared): a `settled` fact each in this
 * user's fact log (ask/log.ts), which the ask's own session reads on its next start, so that `pi --session <old>` does
 * not bring those questions back.
 */
import { join } from "node:path";
import { type FactLog, factLogAt, type Settled } from "../ask/log.js";
import type { SettledAsks, SettledElsewhere } from "./ask-records.js";

export interface Ledger {
	/**
	 * Writes that an ask was settled. Where this user's folder cannot take the fact (read-only, full), the project
	 * folder `projectDir` the ask's pending file was in keeps it instead (PROJECT_LEDGER), since the ask's session starts
	 * in that folder. Throws only when neither place took it.
	 */
	add(entry: SettledElsewhere, projectDir?: string): void;
	/** The asks of this session settled elsewhere, from this user's log and from the project folder's, if given. */
	settledIn(sessionId: string, projectDir?: string): SettledAsks;
}

/**
 * The log's stand-in inside a project, for a user folder that cannot be written. Only its `settled` facts are read, so
 * a copy that came with a cloned repository can never make an answer count; at worst a question is not asked again.
 */
export const PROJECT_LEDGER = join(".pi", ".settled-elsewhere.jsonl");
/** A fact is about 150 bytes: room for thousands of settled asks, and a bound on what a start reads. */
const PROJECT_LEDGER_MAX_BYTES = 1 << 20;

export function settledLedger(facts: FactLog, now: () => number = Date.now): Ledger {
	const projectLogs = new Map<string, FactLog>();
	const projectLog = (projectDir: string): FactLog => {
		const found =
			projectLogs.get(projectDir) ??
			factLogAt(join(projectDir, PROJECT_LEDGER), { ownFolder: false, maxBytes: PROJECT_LEDGER_MAX_BYTES });
		projectLogs.set(projectDir, found);
		return found;
	};
	return {
		add: (entry, projectDir) => {
			const fact: Settled = {
				fact: "settled",
				at: now(),
				sessionId: entry.sessionId,
				toolCallId: entry.toolCallId,
				how: entry.state,
				...(entry.askedAt === undefined ? {} : { askedAt: entry.askedAt }),
			};
			try {
				facts.append(fact);
			} catch (error) {
				if (projectDir === undefined) throw error;
				try {
					projectLog(projectDir).append(fact);
				} catch {
					throw error;
				}
			}
		},
		settledIn: (sessionId, projectDir) => ({
			has: (toolCallId, askedAt) =>
				facts.settled({ sessionId, toolCallId }, askedAt) ||
				(projectDir !== undefined && projectLog(projectDir).settled({ sessionId, toolCallId }, askedAt)),
		}),
	};
}
