/**
 * Every word the dialogs show, in the TUI and to RPC clients, in one table so that they can be localised:
 * replace `STRINGS` (or individual entries) before the first dialog opens. Functions take what they need.
 */
import { formatCount } from "./text.js";

export const STRINGS = {
	other: "Other (type your answer)",
	moreAbove: (n: number) => `↑ ${formatCount(n)} more`,
	moreBelow: (n: number) => `↓ ${formatCount(n)} more`,
	linesHidden: (above: number, below: number) =>
		[above > 0 ? `↑ ${formatCount(above)}` : "", below > 0 ? `↓ ${formatCount(below)}` : ""].filter(Boolean).join(" ") +
		` line${above + below === 1 ? "" : "s"} hidden • Shift+↑↓ scroll`,
	submitTab: "Submit",
	questionChip: (n: number) => `Q${n}`,
	// Hint parts, most important first: a narrow terminal drops the last ones. Keys follow pi's defaults.
	hint: {
		move: "↑↓ move",
		select: "Enter select",
		toggle: "Space toggle",
		confirmTicks: "Enter confirm",
		pick: (n: number) => (n <= 1 ? "1 pick" : `1-${Math.min(9, n)} pick`),
		typeOwn: "type your own answer",
		tabs: "Tab/←→ questions",
		filter: "/ filter",
		note: "Ctrl+N note",
		cancel: "Esc cancel",
		clearFilter: "Esc clear filter",
		filterTyping: "type to filter",
		filterPick: "Enter pick",
		submitText: "Enter submit",
		/** Enter on a free-text question inside tabs: on to the next question, or to the Review from the last. */
		nextQuestion: "Enter next",
		toReview: "Enter review",
		confirmOther: "Enter confirm",
		saveNote: "Enter save note",
		back: "Esc back to options",
		backFromNote: "Esc back",
		recall: "↑ earlier answers",
		editor: "Ctrl+G editor",
		submitAll: "Enter submit all",
		choose: "←→ choose",
		confirm: "Enter confirm",
		yesNo: "y/n",
	},
	emptyAnswer: "Type an answer, or Esc to cancel.",
	filterPrompt: "Filter: ",
	filterEmpty: "No option matches",
	otherInputLabel: "Your answer:",
	noteInputLabel: "Note:",
	noteLabel: "Note: ",
	reviewTitle: "Review your answers",
	unansweredMark: "(unanswered)",
	customMark: "(typed) ",
	allAnswered: "All questions answered. Press Enter to submit.",
	someUnanswered: (n: number) =>
		`${formatCount(n)} unanswered: Enter submits anyway (reported as unanswered), Tab goes back.`,
	yes: "Yes",
	no: "No",
	confirmDiscard: (n: number) => `Discard ${formatCount(n)} answer${n === 1 ? "" : "s"}?`,
	confirmLong: (chars: number) => `Answer is long (${formatCount(chars)} chars). Continue anyway?`,
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
