/**
 * This user's fact log, `<agentDir>/pi-ask-user/facts.jsonl` (never a project's, which a cloned repository could
 * fill): facts that never change once true, one JSON object a line, appended through the one append writer and read
 * through the one guarded reader (./files.ts), newest first, so a reader that needs the recent facts reads only the
 * end of the log. Times are milliseconds since the epoch.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { isRecord } from "../core/json.js";
import { appendLine, type BackwardRead, readLinesFromEnd } from "./files.js";

/** A tool call of a pi ran from `from` until `until`: whatever it wrote meanwhile is the tool's, not the person's. */
export interface ToolRan {
	fact: "tool-ran";
	from: number;
	until: number;
}

export type Fact = ToolRan;

export interface FactLog {
	readonly path: string;
	/** Appends a fact; throws when the log cannot take it (not a regular file, a full disk). */
	append(fact: Fact): void;
	/** The facts from the newest back, each given to `visit` until it answers false; lines that are no fact are skipped. */
	newestFirst(visit: (fact: Fact) => boolean): BackwardRead;
}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** A line as a fact, or `undefined` for a line no version wrote as one (torn, hand-edited, unknown). */
function factOf(line: string): Fact | undefined {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch {
		return undefined;
	}
	if (!isRecord(value)) return undefined;
	if (value.fact === "tool-ran" && finite(value.from) && finite(value.until)) {
		return { fact: "tool-ran", from: value.from, until: value.until };
	}
	return undefined;
}

export function factLog(agentDir: string): FactLog {
	const folder = join(agentDir, "pi-ask-user");
	const path = join(folder, "facts.jsonl");
	return {
		path,
		append(fact) {
			const line = JSON.stringify(fact);
			try {
				appendLine(path, line);
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
				mkdirSync(folder, { recursive: true, mode: 0o700 });
				appendLine(path, line);
			}
		},
		newestFirst(visit) {
			return readLinesFromEnd(path, (line) => {
				const fact = factOf(line);
				return fact === undefined ? true : visit(fact);
			});
		},
	};
}
