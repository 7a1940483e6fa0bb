/**
 * This user's ask store: their fact log, `<agentDir>/pi-ask-user/facts.jsonl` (ask/log.ts), with the records of
 * earlier versions moved into it (./old-records.ts), and what is read and written through it: the asks settled
 * elsewhere (the ledger), the answers given on the web page, by a tap or for an MCP asker, the decisions, and the
 * verdict on a pending file (./pending-trust.ts). pi (through ./pi-store.ts, with its claims and tool-write guard),
 * `pi-ask-anywhere web`, `push` and `mcp` open one store each, so every program judges a pending file by the same
 * records. Nothing is read until asked: the log is read from its end when first consulted, as far back as a lookup
 * needs.
 */
import { dirname, join } from "node:path";
import { decisionRecorder, type RecordDecision } from "../ask/decision.js";
import { type FactLog, factLog, factLogAt, type Settled } from "../ask/log.js";
import { deliveredAsksIn } from "../core/delivered-answers.js";
import type { Delivery } from "../pending/delivery.js";
import {
	type AnswersOf,
	answersFingerprint,
	type GivenRecord,
	givenRecord,
	withAnswers,
} from "../pending/given-for-asker.js";
import { type PendingFile, parsePendingFile } from "../pending/pending-file.js";
import type { PendingVerdict } from "../pending/trust.js";
import type { AskRecord, SettledAsks } from "./ask-records.js";
import { importOldRecords } from "./old-records.js";
import { pendingTrust } from "./pending-trust.js";

// The one fingerprint of an ask and its answers is the pending folder's (the MCP asker's record lives there too).
export { type AnswersOf, answersFingerprint, withAnswers };

/** `given`/`give`: the answers the person gave on the page, for an MCP asker, or into their own pi's file. */
export interface AskStore extends GivenRecord {
	facts: FactLog;
	ledger: Ledger;
	/** The verdict pi acts on for a pending file in the project folder `cwd` (./pending-trust.ts). */
	trust(file: PendingFile, cwd?: string): PendingVerdict;
	/**
	 * Records that the person's page or phone (`by`) wrote answers into their own pi's pending file, for the decision
	 * log; never throws: the answer stands without the record (it is then named an edited file).
	 */
	writtenBy(by: "page" | "tap"): (file: AnswersOf) => void;
	/** The decision log's one writer (ask/decision.ts). */
	recordDecision: RecordDecision;
}

/** This user's fact log, with the records of earlier versions moved into it first (./old-records.ts). */
export function userFacts(agentDir: string): FactLog {
	const facts = factLog(agentDir);
	importOldRecords(agentDir, facts);
	return facts;
}

export function openAskStore(
	agentDir: string,
	run: { argv: readonly string[]; env: NodeJS.ProcessEnv } = { argv: [], env: process.env },
): AskStore {
	const facts = userFacts(agentDir);
	const ledger = settledLedger(facts);
	const given = givenRecord(agentDir, facts);
	return {
		...given,
		facts,
		ledger,
		trust: pendingTrust({
			argv: run.argv,
			env: run.env,
			settledElsewhere: ledger.settledIn,
			saved: facts.saved,
		}),
		writtenBy: (by) => (file) => {
			try {
				given.give("file", file, by);
			} catch {
				// Provenance only: nothing about the answer depends on it.
			}
		},
		recordDecision: decisionRecorder(facts),
	};
}

/**
 * The ask and answers in a pending file's text as pi reads them (`parsePendingFile`, as every reader of the file does),
 * for a fingerprint: the record side and the check side then fingerprint the same fields. `undefined` when it holds
 * no ask pi would read.
 */
export function answersInText(text: string): AnswersOf | undefined {
	try {
		return parsePendingFile(text, "pending-questions.json");
	} catch {
		return undefined;
	}
}

/**
 * Asks settled outside their own session (answered from another session, or cleared): a `settled` fact each, which
 * the ask's own session reads on its next start, so that `pi --session <old>` does not bring those questions back.
 */
export interface Ledger {
	/**
	 * Writes that an ask was settled. Where this user's folder cannot take the fact (read-only, full), the project
	 * folder `projectDir` the ask's pending file was in keeps it instead (PROJECT_LEDGER), since the ask's session starts
	 * in that folder. Throws only when neither place took it.
	 */
	add(entry: Omit<Settled, "fact" | "at">, projectDir?: string): void;
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
			const fact: Settled = { fact: "settled", at: now(), ...entry };
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
		settledIn: (sessionId, projectDir) => (toolCallId, askedAt) =>
			facts.settled({ sessionId, toolCallId }, askedAt) ||
			(projectDir !== undefined && projectLog(projectDir).settled({ sessionId, toolCallId }, askedAt)),
	};
}

/**
 * Where an ask that ended is written down, so that nothing brings it back: in its own session (a custom entry,
 * `record`) when the ask is this session's, else in the ledger, which the ask's session reads.
 */
export function createSettledRecords(deps: { record(data: AskRecord): void; ledger: Pick<Ledger, "add"> }) {
	return {
		/** Answers the session holds: recorded where the ask's session finds it. */
		delivered(delivery: Pick<Delivery, "toolCallId" | "fromSession" | "path"> & { text?: string }): void {
			// The ask its answers name (its time, where the text says it): another ask with its id stays open.
			const askedAt = deliveredAsksIn(delivery.text ?? "").find((a) => a.toolCallId === delivery.toolCallId)?.askedAt;
			const when = askedAt !== undefined ? { askedAt } : {};
			if (delivery.fromSession) {
				// The ask's session starts in the folder its pending file is in (<project>/.pi/<file>).
				const projectDir = delivery.path === undefined ? undefined : dirname(dirname(delivery.path));
				deps.ledger.add(
					{ sessionId: delivery.fromSession, toolCallId: delivery.toolCallId, ...when, how: "delivered" },
					projectDir,
				);
			} else {
				deps.record({ toolCallId: delivery.toolCallId, ...when, state: "delivered" });
			}
		},
		/**
		 * The person cleared these asks' files in the project folder `projectDir` (`sessionId` is this run's): their
		 * sessions must not bring them back.
		 */
		cleared(sessionId: string, cleared: readonly { sessionId: string; toolCallId: string }[], projectDir?: string) {
			for (const ask of cleared) {
				if (ask.sessionId === sessionId) deps.record({ toolCallId: ask.toolCallId, state: "cleared" });
				else deps.ledger.add({ sessionId: ask.sessionId, toolCallId: ask.toolCallId, how: "cleared" }, projectDir);
			}
		},
	};
}
