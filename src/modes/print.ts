/**
 * Print mode (`pi -p`): nobody can answer now, so the questions go to a pending file, the person sees
 * them and the commands that answer them, and the run ends.
 */
import type { AskOutcome } from "../core/types.js";
import {
	displayPath,
	formatPendingQuestions,
	type PendingFile,
	PendingFileError,
	type PendingWriteFs,
	savePendingFile,
} from "../pending/pending-file.js";

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

/** The questions kept for later, or, when they could not be saved, why — with the questions for the terminal. */
export type SavedQuestions =
	| { saved: true; outcome: AskOutcome; modelText: string; terminalText: string }
	| { saved: false; error: PendingFileError; terminalText: string };

/**
 * Saves the questions; returns the outcome, the instructions for the model (after the JSON) and the terminal
 * text. When they cannot be saved (`.pi` is a file or a symlink, the disk is full), the terminal text shows
 * the person the questions and why, so that nothing is lost unseen; the caller stops the run.
 */
export function saveQuestionsForLater(cwd: string, file: PendingFile, io?: PendingWriteFs): SavedQuestions {
	let path: string;
	try {
		path = savePendingFile(cwd, file, io);
	} catch (error) {
		if (!(error instanceof PendingFileError)) throw error;
		return {
			saved: false,
			error,
			terminalText: `The agent has questions for you, but they could not be saved: ${error.message}

${formatPendingQuestions(file)}

Nothing was answered and the run stops here. Fix the problem, then run pi -c to get these questions back.
`,
		};
	}
	const rel = displayPath(cwd, path);
	const instructions = pendingInstructions(rel, file);
	const outcome: AskOutcome = { kind: "pending", pendingFile: rel };
	return {
		saved: true,
		outcome,
		modelText: instructions,
		terminalText: `The agent has questions for you:\n\n${formatPendingQuestions(file)}\n\n${instructions}\n`,
	};
}
