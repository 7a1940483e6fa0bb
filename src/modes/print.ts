/**
 * Print mode (`pi -p`): nobody can answer now, so the questions go to a pending file, the person sees
 * them and the commands that answer them, and the run ends.
 */
import { shellQuote } from "../core/text.js";
import type { AskOutcome } from "../core/types.js";
import { en } from "../i18n/cli/en.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words } from "../i18n/words.js";
import {
	displayPath,
	formatPendingQuestions,
	type PendingFile,
	PendingFileError,
	type PendingWriteFs,
	savePendingFile,
} from "../pending/pending-file.js";

/** The commands that answer the saved questions: in English for the model, in the run's language for the person. */
function pendingInstructions(relPath: string, file: PendingFile, words: CliStrings["print"] = en.print): string {
	const example = JSON.stringify(file.questions.map((q) => q.options?.[0] ?? "…"));
	return words.instructions(relPath, shellQuote(relPath), shellQuote(example));
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
			terminalText: words().cli.print.notSaved(error.message, formatPendingQuestions(file)),
		};
	}
	const rel = displayPath(cwd, path);
	const outcome: AskOutcome = { kind: "pending", pendingFile: rel };
	return {
		saved: true,
		outcome,
		modelText: pendingInstructions(rel, file),
		terminalText: `${words().cli.print.hasQuestions}\n\n${formatPendingQuestions(file)}\n\n${pendingInstructions(rel, file, words().cli.print)}\n`,
	};
}
