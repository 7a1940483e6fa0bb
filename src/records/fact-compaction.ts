/**
 * The fact log kept bounded. Every tool call leaves a `tool-ran` fact (records/tool-writes.ts), so the log grows with
 * use; once it passes `COMPACT_ABOVE_BYTES`, a pi start rewrites it without the tool calls older than `KEEP_MS`,
 * behind a `forgotten` marker (ask/log.ts `compactedText`): every other fact (asks saved, settled, answers given,
 * decisions) is kept, and a pending file changed before the bound counts as a tool's, never as the person's.
 *
 * Under the log's lock (the answer lock, pending/claims.ts), so that two pis never compact at once. Appenders take no lock: a fact
 * appended to the old log after it was read is copied over once the new one is in place, and an appender that finds
 * the log replaced under it appends again (ask/log.ts): a fact may be written twice, never lost.
 */
import * as fs from "node:fs";
import { appendLine, bytesFrom, writeFileAtomically } from "../ask/files.js";
import { compactedText } from "../ask/log.js";
import { withAnswerLock } from "../pending/claims.js";

/** About 130 000 tool calls: a start reads no more than the newest of them, so this bounds only the disk. */
const COMPACT_ABOVE_BYTES = 8 * 1024 * 1024;
/** The tool calls of the last 30 days are kept: a file answered within them is judged as it was. */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export type Compaction = "small" | "compacted" | "busy" | "failed";

export function compactFactLog(
	path: string,
	options: { aboveBytes?: number; keepMs?: number; now?: number } = {},
): Compaction {
	const above = options.aboveBytes ?? COMPACT_ABOVE_BYTES;
	try {
		const stat = fs.lstatSync(path);
		if (!stat.isFile() || stat.size <= above) return "small";
	} catch {
		return "small";
	}
	const before = (options.now ?? Date.now()) - (options.keepMs ?? KEEP_MS);
	try {
		const locked = withAnswerLock(path, () => compactUnderLock(path, before));
		return locked.kind === "busy" ? "busy" : locked.value;
	} catch {
		return "failed";
	}
}

function compactUnderLock(path: string, before: number): Compaction {
	// The old log stays open: what is appended to it until the new one is in place is copied over after.
	const fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
	try {
		if (!fs.fstatSync(fd).isFile()) return "failed";
		const old = bytesFrom(fd, 0);
		const read = old.lastIndexOf(0x0a) + 1;
		writeFileAtomically(path, compactedText(old.subarray(0, read).toString("utf8"), before));
		const since = bytesFrom(fd, read);
		const end = since.lastIndexOf(0x0a);
		if (end > 0) appendLine(path, since.subarray(0, end).toString("utf8"));
		return "compacted";
	} finally {
		fs.closeSync(fd);
	}
}
