/**
 * Print mode (`pi -p`): nobody can answer now, so the questions go to a pending file, the person sees
 * them and the commands that answer them, and the run ends.
 */
import type { AskOutcome } from "../core/types.js";
import { displayPath, formatPendingQuestions, type PendingFile, savePendingFile } from "../pending/pending-file.js";

function shellQuote(text: string): string {
	return /^[\w./@:-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export function pendingInstructions(relPath: string, file: PendingFile): string {
	const example = JSON.stringify(file.questions.map((q) => q.options?.[0] ?? "…"));
	return `Questions pending. User input required.

To answer, re-run with:
  pi -p @${shellQuote(relPath)} "your answers"

Or edit the JSON file and run:
  pi -c

Or answer inline:
  pi -p -c --answers=${shellQuote(example)}

Questions saved to: ${relPath}`;
}

/** Saves the questions; returns the outcome, the instructions for the model (after the JSON) and the terminal text. */
export function askInPrint(
	cwd: string,
	file: PendingFile,
): { outcome: AskOutcome; modelText: string; terminalText: string } {
	const path = savePendingFile(cwd, file);
	const rel = displayPath(cwd, path);
	const instructions = pendingInstructions(rel, file);
	const outcome: AskOutcome = { kind: "pending", pendingFile: rel };
	return {
		outcome,
		modelText: instructions,
		terminalText: `The agent has questions for you:\n\n${formatPendingQuestions(file)}\n\n${instructions}\n`,
	};
}
