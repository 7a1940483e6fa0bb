/**
 * The settled-elsewhere ledger: one JSON line per ask that was answered or cleared from another session, in this
 * user's pi folder (never the project's, which a cloned repository could fill). The ask's own session reads it on
 * its next start, so `pi --session <old>` does not bring those questions back.
 */
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SettledElsewhere } from "./ask-records.js";

export interface Ledger {
	read(): string;
	add(entry: SettledElsewhere): void;
}

export function fileLedger(agentDir: string): Ledger {
	const dir = join(agentDir, "pi-ask-user");
	const path = join(dir, "settled-elsewhere.jsonl");
	return {
		read: () => {
			try {
				return readFileSync(path, "utf8");
			} catch {
				return "";
			}
		},
		add: (entry) => {
			mkdirSync(dir, { recursive: true, mode: 0o700 });
			appendFileSync(path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
		},
	};
}
