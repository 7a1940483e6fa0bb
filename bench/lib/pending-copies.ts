/**
 * Projects full of pending files as this user's pi leaves them, for the benchmarks: one real `pi -p` ask makes the
 * first pending file, its session and its `saved` fact; copies of all three (each its own session and
 * tool call, as runs that each asked once would leave) fill a project, or another project folder (the copy names
 * that folder wherever the original names the project).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { piArgs, runPi, SPEC_EXAMPLE, type Workspace } from "../../test/e2e/harness.js";

export interface RealAsk {
	/** Writes copy number `n` (≥ 2, unique across folders) of the ask into `folder`'s `.pi` (the project's if absent). */
	copy(n: number, folder?: string): void;
	/** The real ask's pending file. */
	pendingPath: string;
}

/**
 * Runs one real `pi -p` ask in the workspace's project; its pending file, session and asks line are then copied.
 * `packageDir`: the package pi loads (the checkout's unless another build is measured: its records are written by it).
 */
export function realAsk(ws: Workspace, packageDir?: string): RealAsk {
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
	const load = packageDir === undefined ? {} : { loadPackage: false, extensions: [packageDir] };
	const asked = runPi(ws, piArgs(["-p", "set up the services"], load));
	if (asked.code !== 0) throw new Error(`pi -p failed (${asked.code}): ${asked.stderr}`);
	const pendingPath = ws.pendingPath();
	const pendingText = readFileSync(pendingPath, "utf8");
	const pending = JSON.parse(pendingText) as { sessionId: string; toolCallId: string; sessionFile: string };
	const sessionText = readFileSync(pending.sessionFile, "utf8");
	// Where this user's pi records the asks it saved: a `saved` fact in the fact log (an older build: asks.jsonl).
	const records = join(ws.agentDir, "pi-ask-user");
	const factsPath = join(records, "facts.jsonl");
	const savedFact = existsSync(factsPath)
		? readFileSync(factsPath, "utf8")
				.split("\n")
				.find((line) => line.includes('"fact":"saved"'))
		: undefined;
	const asksPath = savedFact ? factsPath : join(records, "asks.jsonl");
	const askLine = savedFact ? `${savedFact}\n` : readFileSync(asksPath, "utf8");
	return {
		pendingPath,
		copy(n, folder = ws.cwd) {
			const sessionId = `${pending.sessionId.slice(0, -6)}${String(n).padStart(6, "0")}`;
			const toolCallId = `${pending.toolCallId}_${n}`;
			const copy = (text: string) =>
				text
					.replaceAll(pending.sessionId, sessionId)
					.replaceAll(pending.toolCallId, toolCallId)
					.replaceAll(JSON.stringify(ws.cwd).slice(1, -1), JSON.stringify(folder).slice(1, -1));
			const dir = join(folder, ".pi");
			mkdirSync(dir, { recursive: true });
			writeFileSync(copy(pending.sessionFile), copy(sessionText));
			writeFileSync(join(dir, `pending-questions-${n}.json`), copy(pendingText));
			appendFileSync(asksPath, copy(askLine));
		},
	};
}
