/**
 * Every word the dialogs show, in the TUI and to RPC clients, in one table so that they can be localised:
 * replace `STRINGS` (or individual entries) before the first dialog opens. Functions take what they need.
 */
import { formatCount } from "./text.js";

export const STRINGS = {
	other: "Other (type your answer)",
	moreAbove: (n: number) => `↑ ${formatCount(n)} more`,
	moreBelow: (n: number) => `↓ ${formatCount(n)} more...`,
	submitTab: "Submit",
	questionChip: (n: number) => `Q${n}`,
	hintSingle: "↑↓ navigate • 1-9 quick select • Enter to select • Esc to cancel",
	hintMultiSelect: "Space to toggle • Enter to submit • Esc to cancel",
	hintTabs: "Tab/←→ switch • ↑↓ select • Enter confirm • Esc cancel",
	hintExtras: "/ filter • n note",
	hintText: "Enter to submit • Esc to cancel",
	hintTextTabs: "Enter to submit • Tab switch • Esc cancel",
	hintOther: "Enter to confirm • Esc back to options",
	hintNote: "Enter to save the note • Esc back",
	hintFilter: "Type to filter • Enter select • Esc clear filter",
	hintSubmit: "Enter to submit • Tab/←→ switch • Esc cancel",
	hintConfirm: "←→ choose • Enter confirm • y/n",
	filterPrompt: "Filter: ",
	filterEmpty: "No option matches",
	otherInputLabel: "Your answer:",
	noteInputLabel: "Note:",
	noteLabel: "Note: ",
	reviewTitle: "Review your answers",
	unansweredMark: "(unanswered)",
	customMark: "(typed) ",
	allAnswered: "All questions answered. Press Enter to submit.",
	someUnanswered: (n: number) => `${formatCount(n)} unanswered. Enter to submit anyway.`,
	yes: "Yes",
	no: "No",
	confirmDiscard: (n: number) => `Discard ${formatCount(n)} answer${n === 1 ? "" : "s"}?`,
	confirmLong: (chars: number) => `Answer is long (${formatCount(chars)} chars). Continue anyway?`,
	confirmUnanswered: (n: number) =>
		`${formatCount(n)} question${n === 1 ? " is" : "s are"} unanswered. Submit anyway (reported as unanswered)?`,
	previewTitle: "Preview",
	// RPC clients, through pi's plain select/input/confirm dialogs.
	typeYourAnswer: "Type your answer",
	otherTitle: (title: string) => `${title} (type your answer)`,
	pickAnyHint: " (pick any, then Done)",
	done: (n: number) => (n === 0 ? "Done (nothing selected)" : `Done (${formatCount(n)} selected)`),
	otherTyped: (text: string) => `Other: ${text}`,
	confirmLongDetail: "Choose No to edit the answer.",
	confirmDiscardDetail: (question: number) => `Yes cancels all questions; No goes back to question ${question}.`,
	windowTitle: (question: string) => `π - ? ${question}`,
};
