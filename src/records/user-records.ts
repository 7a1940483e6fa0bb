/**
 * This user's records of their asks, opened from `<agentDir>/pi-ask-user/` (the settled-elsewhere ledger, the asks
 * made, answers given on the web page), and the one trust verdict built from them. pi, `pi-ask-anywhere web` and
 * `pi-ask-anywhere push` open them here alike, so every program judges a pending file by the same records.
 */
import type { PendingFile } from "../pending/pending-file.js";
import type { PendingVerdict } from "../pending/trust.js";
import {
	type AnswersOf,
	answersFingerprint,
	type FingerprintRecord,
	fingerprintRecord,
	GIVEN_ON_PAGE,
} from "./answer-fingerprints.js";
import { type AsksMade, fileAsksMade } from "./asks-made.js";
import { fileLedger, type Ledger } from "./ledger.js";
import { pendingTrust } from "./trust-verdict.js";

export interface UserRecords {
	ledger: Ledger;
	asksMade: AsksMade;
	/** The verdict pi acts on for a pending file in the project folder `cwd` (./trust-verdict.ts). */
	trust(file: PendingFile, cwd?: string): PendingVerdict;
	/** Answers the person gave on the web page for a file their pi did not write. */
	givenOnPage: FingerprintRecord;
	answersGivenOnPage(file: AnswersOf): boolean;
}

/** Nothing is read until asked: each record reads its file when first consulted. */
export function openUserRecords(
	agentDir: string,
	run: { argv: readonly string[]; env: NodeJS.ProcessEnv },
): UserRecords {
	const ledger = fileLedger(agentDir);
	const asksMade = fileAsksMade(agentDir);
	const givenOnPage = fingerprintRecord(agentDir, GIVEN_ON_PAGE, false);
	return {
		ledger,
		asksMade,
		trust: pendingTrust({
			argv: run.argv,
			env: run.env,
			settledElsewhere: ledger.settledIn,
			askSaved: asksMade.saved,
		}),
		givenOnPage,
		answersGivenOnPage: (file) => givenOnPage.has(answersFingerprint(file)),
	};
}
