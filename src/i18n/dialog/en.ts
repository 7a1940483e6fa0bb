/**
 * The dialogs' words in English (the TUI dialog, the screen-reader dialog and the RPC dialogs): the table every
 * other language's matches (./types.ts). Functions take what they need.
 */
import { formatCount } from "../../core/text.js";

export const en = {
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
		/** On the Review tab: a note on the whole set of answers. */
		askNote: "Ctrl+N note for all",
		/** The key that folds the dialog to one line (`PI_ASK_USER_HIDE_KEY`), as `keyLabel` writes it. */
		hide: (key: string) => `${key} hide`,
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
	/** The paths Tab matched in a text input, when several did. */
	pathMatches: (names: readonly string[]) => `Matches: ${names.join("  ")}`,
	noteInputLabel: "Note:",
	noteLabel: "Note: ",
	askNoteInputLabel: "Note for all answers:",
	askNoteLabel: "Note for all: ",
	/** The one line of a folded dialog; what was typed is kept. */
	hiddenLine: (questions: number, key: string) =>
		`? ${formatCount(questions)} question${questions === 1 ? "" : "s"} waiting for you (hidden) • ${key} show`,
	reviewTitle: "Review your answers",
	unansweredMark: "(unanswered)",
	customMark: "(typed) ",
	/** A typed answer in the Review, quoted so that one with commas reads as one answer. */
	quoted: (text: string) => `"${text}"`,
	/** The opt-in time limit's last seconds; any key keeps the dialog open. */
	closingIn: (seconds: number) =>
		`Closes in ${formatCount(seconds)} s for lack of an answer: press any key to keep it open`,
	/**
	 * The letters that answer a yes/no confirmation: y/n always, and a language's own where no letter means both
	 * (German j, French o, Spanish and Portuguese s, Russian д/н, Ukrainian т/н).
	 */
	yesKeys: "y",
	noKeys: "n",
	/** In the preview pane, for an option without a preview among options with one. */
	noPreview: "No preview for this option.",
	/**
	 * On a spare line under the options when previews get no room (and in the screen reader's words): the focused
	 * option has one, and how to see it.
	 */
	previewHidden: "Preview hidden: widen the terminal",
	/** Under a background question's title: the model did not stop for it. */
	backgroundNote: "The agent keeps working meanwhile; answer when you like.",
	allAnswered: "All questions answered. Press Enter to submit.",
	someUnanswered: (n: number) =>
		`${formatCount(n)} unanswered: Enter submits anyway (reported as unanswered), Tab goes back.`,
	yes: "Yes",
	no: "No",
	confirmDiscard: (n: number) => `Discard ${formatCount(n)} answer${n === 1 ? "" : "s"}?`,
	confirmLong: (chars: number) => `Answer is long (${formatCount(chars)} chars). Continue anyway?`,
	previewTitle: "Preview",
	// Screen-reader mode (PI_ASK_USER_SCREEN_READER=1): the dialog in words, without glyphs or box drawing.
	screenReader: {
		hint: {
			move: "Up and Down move",
			select: "Enter selects",
			toggle: "Space checks",
			confirmTicks: "Enter confirms",
			pick: (n: number) => (n <= 1 ? "1 picks" : `1 to ${Math.min(9, n)} pick`),
			typeOwn: "typing gives your own answer",
			tabs: "Tab and Shift Tab change question",
			filter: "slash filters",
			note: "Control N adds a note",
			askNote: "Control N adds a note for all answers",
			hide: (key: string) => `${key} hides the dialog`,
			cancel: "Escape cancels",
			clearFilter: "Escape clears the filter",
			filterTyping: "type to filter",
			filterPick: "Enter picks",
			submitText: "Enter submits",
			nextQuestion: "Enter goes to the next question",
			toReview: "Enter goes to the review",
			confirmOther: "Enter confirms",
			saveNote: "Enter saves the note",
			back: "Escape goes back to the options",
			backFromNote: "Escape goes back",
			recall: "Up recalls earlier answers",
			editor: "Control G opens your editor",
			submitAll: "Enter submits all",
			choose: "Left and Right choose",
			confirm: "Enter confirms",
			yesNo: "y or n",
		},
		hintSeparator: ", ",
		question: (n: number, total: number, header: string) => `Question ${n} of ${total}${header ? `: ${header}` : ""}`,
		review: "Review and submit",
		answered: (n: number, total: number) => `${formatCount(n)} of ${formatCount(total)} answered`,
		selected: "selected",
		checked: "checked",
		notChecked: "not checked",
		other: "Other, type your own answer",
		row: (n: number, label: string, state: string, description: string) =>
			`${n}. ${label}${state ? `, ${state}` : ""}${description ? `. ${description}` : ""}`,
		focus: (n: number, total: number, label: string, state: string) =>
			`Focus: ${n} of ${total}, ${label}${state ? `, ${state}` : ""}`,
		typing: {
			other: "Typing your own answer",
			note: "Typing a note",
			askNote: "Typing a note for all answers",
			text: "Typing your answer",
		},
		hiddenLine: (questions: number, key: string) =>
			`${formatCount(questions)} question${questions === 1 ? "" : "s"} waiting, dialog hidden, ${key} shows it`,
		filtering: (text: string, matches: number) =>
			`Filtering by "${text}": ${formatCount(matches)} match${matches === 1 ? "" : "es"}`,
		moreAbove: (n: number) => `${formatCount(n)} more above`,
		moreBelow: (n: number) => `${formatCount(n)} more below`,
		linesHidden: (above: number, below: number) =>
			`${formatCount(above)} line${above === 1 ? "" : "s"} above and ${formatCount(below)} below not shown, Shift Up and Shift Down scroll`,
		preview: "Preview of the focused option:",
		answer: (text: string) => `Answer: ${text}`,
		unanswered: "Unanswered",
		choice: (yes: boolean) => (yes ? "Yes is selected" : "No is selected"),
	},
	// RPC clients, through pi's plain select/input/confirm dialogs.
	typeYourAnswer: "Type your answer",
	otherTitle: (title: string) => `${title} (type your answer)`,
	pickAnyHint: " (pick any, then Done)",
	done: (n: number) => (n === 0 ? "Done (nothing selected)" : `Done (${formatCount(n)} selected)`),
	otherTyped: (text: string) => `Other: ${text}`,
	confirmLongDetail: "Choose No to edit the answer.",
	confirmDiscardDetail: (question: number) => `Yes cancels all questions; No goes back to question ${question}.`,
	windowTitle: (question: string) => `π - ? ${question}`,
	// Images attached to an answer (TUI).
	images: {
		/** One attached image, under the input it belongs to. */
		attached: (name: string, size: string) => `📎 ${name} (${size})`,
		/** The typed or dropped text is an image file's path. */
		offerPath: (key: string, name: string) => `${key} attach ${name} as an image`,
		hintPaste: (key: string) => `${key} image`,
		hintRemove: "Backspace (empty) removes image",
		unsupportedModel: "This model cannot read images, so none can be attached.",
		blocked: "Images are blocked in pi's settings (images.blockImages), so none can be attached.",
		clipboardEmpty: "No image on the clipboard.",
		clipboardUnavailable: (tools: string) => `Cannot read an image from the clipboard: install ${tools}.`,
		tooLarge: (name: string, size: string, limit: string) => `${name} is ${size}; the limit for an image is ${limit}.`,
		notImage: (name: string) => `${name} is not a PNG, JPEG, GIF or WebP image.`,
		tooMany: (max: number) => `At most ${formatCount(max)} images can be attached to one set of answers.`,
		screenReader: {
			attached: (name: string, size: string) => `Attached image ${name}, ${size}`,
			offerPath: (key: string, name: string) => `${key} attaches ${name} as an image`,
			hintPaste: (key: string) => `${key} pastes an image`,
			hintRemove: "Backspace in an empty input removes the last image",
		},
	},
};
