/**
 * The shape of the words a person reads outside the dialog: `/questions` (its list, clear, answer and reopen
 * texts), when an ask was saved ("5 min ago"), and what print mode shows on the terminal when it saves questions.
 * What the model or a program reads (the model's instructions, `/questions json`) is never taken from here.
 */
import type { RelativeTimeWords } from "../../core/relative-time.js";

export interface CliStrings {
	/** "5 min ago": `Intl.RelativeTimeFormat` in `locale`, English's own compact words. */
	relativeTime: RelativeTimeWords;
	questions: {
		/** The command's line in pi's `/` menu. */
		description: string;
		usage: string;
		none: string;
		cannotRead: (path: string, message: string) => string;
		thisSession: string;
		anotherSession: string;
		/** Another pi holds the file: `claim` says which (English, from src/pending/claims.ts). */
		answerThere: (claim: string) => string;
		listHeader: (cwd: string) => string;
		older: (n: number) => string;
		listFooter: string;
		clearPrompt: (questions: number, files: number) => string;
		clearKeep: string;
		clearDelete: string;
		kept: string;
		cleared: (questions: number) => string;
		leftUnreadable: (n: number, paths: string) => string;
		leftHeld: (n: number, paths: string) => string;
		nothingToReopen: string;
		reopenWhich: string;
		nothingReopened: string;
		notAnswered: (path: string) => string;
	};
	print: {
		/** Above the questions on the terminal. */
		hasQuestions: string;
		/** The commands that answer: `quoted` is `path` shell-quoted, `example` an `--answers` value, shell-quoted. */
		instructions: (path: string, quoted: string, example: string) => string;
		notSaved: (reason: string, questions: string) => string;
	};
}
