/**
 * This user's records of their asks, all facts in one log, `<agentDir>/pi-ask-user/facts.jsonl` (ask/log.ts): the asks
 * saved and where, the asks settled elsewhere, the answers given on the web page; and the one trust verdict built
 * from them. pi, `pi-ask-anywhere web` and `pi-ask-anywhere push` open them here alike, so every program judges a
 * pending file by the same records.
 */
import { type FactLog, factLog } from "../ask/log.js";
import { timeOf } from "../core/json.js";
import type { PendingFile } from "../pending/pending-file.js";
import { pendingTrust } from "../pending/permission.js";
import type { PendingVerdict } from "../pending/trust.js";
import { type AnswersOf, answersFingerprint, type FingerprintRecord, givenRecord } from "./answer-fingerprints.js";
import { asksOnBranch } from "./ask-records.js";
import { type Ledger, settledLedger } from "./ledger.js";
import { importOldRecords } from "./old-records.js";

export interface UserRecords {
	facts: FactLog;
	ledger: Ledger;
	/** The verdict pi acts on for a pending file in the project folder `cwd` (pending/permission.ts). */
	trust(file: PendingFile, cwd?: string): PendingVerdict;
	/** Answers the person gave on the web page for a file their pi did not write. */
	givenOnPage: FingerprintRecord;
	answersGivenOnPage(file: AnswersOf): boolean;
	/** Who of the person's page or phone wrote a file's answers into their own pi's file, if either did. */
	answersGivenBy(file: AnswersOf): "page" | "tap" | undefined;
}

/** This user's fact log, with the records of earlier versions moved into it first (./old-records.ts). */
export function userFacts(agentDir: string): FactLog {
	const facts = factLog(agentDir);
	importOldRecords(agentDir, facts);
	return facts;
}

/** Nothing is read until asked: the log is read from its end when first consulted, as far back as a lookup needs. */
export function openUserRecords(
	agentDir: string,
	run: { argv: readonly string[]; env: NodeJS.ProcessEnv },
): UserRecords {
	const facts = userFacts(agentDir);
	const ledger = settledLedger(facts);
	const givenOnPage = givenRecord(facts, "page");
	return {
		facts,
		ledger,
		trust: pendingTrust({
			argv: run.argv,
			env: run.env,
			settledElsewhere: ledger.settledIn,
			saved: facts.saved,
			asksIn: asksOnBranch,
		}),
		givenOnPage,
		answersGivenOnPage: (file) => givenOnPage.has(answersFingerprint(file)),
		answersGivenBy: (file) => facts.givenBy(answersFingerprint(file), timeOf(file.timestamp)),
	};
}
