/**
 * The settled-elsewhere ledger: one JSON line per ask that was answered or cleared from another session, in this
 * user's pi folder (never the project's, which a cloned repository could fill). The ask's own session reads it on
 * its next start, so `pi --session <old>` does not bring those questions back.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { SettledElsewhere } from "./ask-records.js";

export interface Ledger {
	read(): string;
	add(entry: SettledElsewhere): void;
}

/** Whether the file open at `fd` is empty or ends with a newline. */
function endsWithNewline(fd: number): boolean {
	const size = fstatSync(fd).size;
	if (size === 0) return true;
	const last = Buffer.alloc(1);
	return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] === 0x0a;
}

/** An append-only file of JSON lines in this user's `<agentDir>/pi-ask-user/` folder. */
export function jsonLinesFile<T>(agentDir: string, name: string): { read(): string; add(entry: T): void } {
	const dir = join(agentDir, "pi-ask-user");
	const path = join(dir, name);
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
			const fd = openSync(path, "a+", 0o600);
			try {
				// A line cut short by a crash has no newline: this entry starts a line of its own rather than being
				// glued onto it and lost (readers skip the torn line). One write, so appends from two runs do not mix.
				const line = `${endsWithNewline(fd) ? "" : "\n"}${JSON.stringify(entry)}\n`;
				writeSync(fd, line);
			} finally {
				closeSync(fd);
			}
		},
	};
}

export function fileLedger(agentDir: string): Ledger {
	return jsonLinesFile<SettledElsewhere>(agentDir, "settled-elsewhere.jsonl");
}
