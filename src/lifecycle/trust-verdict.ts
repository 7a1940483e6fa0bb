/**
 * The trust rule (pending/trust.ts) as the lifecycle uses it: one verdict per pending file for this run's session
 * folders, with the reason as a sentence the person can read.
 */

import type { PendingFile } from "../pending/pending-file.js";
import { checkPendingTrust, currentSessionPlaces, distrustReason } from "../pending/trust.js";

export type TrustVerdictText = { trusted: true } | { trusted: false; reason: string };

export function pendingTrust(argv: readonly string[], env: NodeJS.ProcessEnv): (file: PendingFile) => TrustVerdictText {
	return (file) => {
		const verdict = checkPendingTrust(file, currentSessionPlaces({ argv, env, cwd: process.cwd() }));
		return verdict.trusted ? verdict : { trusted: false, reason: distrustReason(verdict.reason) };
	};
}
