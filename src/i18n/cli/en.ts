/** The words outside the dialog in English (the source the other tables translate). */
import { ENGLISH_TIMES } from "../../core/relative-time.js";
import { formatCount } from "../../core/text.js";
import type { CliStrings } from "./types.js";

const questions = (n: number) => `${formatCount(n)} pending question${n === 1 ? "" : "s"}`;

export const en: CliStrings = {
	relativeTime: ENGLISH_TIMES,
	questions: {
		description: "Show, answer or clear pending ask_user questions",
		usage: "Usage: /questions [list | json | answer | reopen | clear]",
		none: "No pending questions.",
		cannotRead: (path, message) => `${path}: cannot be read — ${message}`,
		thisSession: "this session",
		anotherSession: "another session",
		answerThere: (claim) => `${claim}: answer it there`,
		listHeader: (cwd) => `Pending questions in ${cwd}, newest first:`,
		older: (n) => `…and ${formatCount(n)} older ask${n === 1 ? "" : "s"}: /questions json lists every one.`,
		listFooter: "Answer: /questions answer · clear them: /questions clear",
		clearPrompt: (count, files) => `Delete ${questions(count)} in ${formatCount(files)} file${files === 1 ? "" : "s"}?`,
		clearKeep: "No, keep them",
		clearDelete: "Yes, delete them",
		kept: "Kept the pending questions.",
		cleared: (count) => `Cleared ${questions(count)}.`,
		leftUnreadable: (n, paths) => `Left ${formatCount(n)} unreadable file(s) untouched: ${paths}`,
		leftHeld: (n, paths) => `Left ${formatCount(n)} file(s) open in another pi untouched: ${paths}`,
		nothingToReopen: "No cancelled questions in this session: nothing to reopen.",
		reopenWhich: "Ask which questions again?",
		nothingReopened: "Nothing reopened.",
		notAnswered: (path) => `Not answered; ${path} is left as it is.`,
	},
	print: {
		hasQuestions: "The agent has questions for you:",
		instructions: (path, quoted, example) => `Questions pending. User input required.

To answer, re-run with:
  pi -p @${quoted} "your answers"

Or edit the JSON file and run:
  pi -c

Or answer inline:
  pi -p -c --answers=${example}

Questions saved to: ${path}`,
		notSaved: (reason, questions) => `The agent has questions for you, but they could not be saved: ${reason}

${questions}

Nothing was answered and the run stops here. Fix the problem, then run pi -c to get these questions back.
`,
	},
};
