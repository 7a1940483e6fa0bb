/**
 * The records earlier versions kept in files of their own beside the fact log (`asks.jsonl`, `settled-elsewhere.jsonl`,
 * `given-on-page.jsonl`, `given-for-asker.jsonl`) become facts once: each line is appended to the log as the fact it
 * stood for, and the file is renamed `<name>.imported`, so that no ask saved, settled or answered before the update is
 * judged otherwise after it. Each fact is dated the import, which readers meet at the log's end: an ask saved or settled
 * before is saved or settled by then (a settled line that named no ask time settles a little more, never less). Two
 * programs importing at once append the same facts twice, which changes no answer.
 */
import { join } from "node:path";
import { moveFile, readRegularFile } from "../ask/files.js";
import type { Fact, FactLog } from "../ask/log.js";
import { isRecord } from "../core/json.js";

const text = (value: unknown): value is string => typeof value === "string";

/** The fact an old line stood for; `undefined` for a line no version wrote (torn, hand-edited). */
type OldLine = (line: Record<string, unknown>, now: number) => Fact | undefined;

const OLD_RECORDS: readonly [string, OldLine][] = [
	[
		"asks.jsonl",
		({ sessionId, toolCallId, cwd }, now) => {
			if (!text(sessionId) || !text(toolCallId) || !text(cwd)) return undefined;
			return { fact: "saved", at: now, sessionId, toolCallId, project: cwd };
		},
	],
	[
		"settled-elsewhere.jsonl",
		({ sessionId, toolCallId, state, askedAt }, now) => {
			if (!text(sessionId) || !text(toolCallId) || (state !== "delivered" && state !== "cleared")) return undefined;
			const exactly = typeof askedAt === "number" && Number.isFinite(askedAt) ? { askedAt } : {};
			return { fact: "settled", at: now, sessionId, toolCallId, how: state, ...exactly };
		},
	],
	[
		"given-on-page.jsonl",
		({ fingerprint }, now) => (text(fingerprint) ? { fact: "given", at: now, to: "page", fingerprint } : undefined),
	],
	[
		"given-for-asker.jsonl",
		({ fingerprint }, now) => (text(fingerprint) ? { fact: "given", at: now, to: "asker", fingerprint } : undefined),
	],
];

/** Moves the old records in `<agentDir>/pi-ask-user/` into `facts`; one that cannot be moved yet is tried next time. */
export function importOldRecords(agentDir: string, facts: Pick<FactLog, "append">, now = Date.now()): void {
	for (const [name, factOf] of OLD_RECORDS) {
		const path = join(agentDir, "pi-ask-user", name);
		// Only a regular file is read (a planted FIFO or symlink is no record).
		const old = readRegularFile(path);
		if (old === undefined) continue;
		try {
			for (const line of old.split("\n")) {
				let value: unknown;
				try {
					value = JSON.parse(line);
				} catch {
					continue;
				}
				const fact = isRecord(value) ? factOf(value, now) : undefined;
				if (fact) facts.append(fact);
			}
			moveFile(path, `${path}.imported`);
		} catch {
			// The log cannot take the facts now (a full disk): the file stays, and is imported again later.
		}
	}
}
