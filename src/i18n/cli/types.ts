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
		/** Another pi holds the file: `claim` says which (`claim.heldBy`, from src/pending/claims.ts). */
		answerThere: (claim: string) => string;
		listHeader: (cwd: string) => string;
		older: (n: number) => string;
		listFooter: string;
		/** Whose ask, where each listing is a session of its own (print mode): the asking session's id, shortened. */
		sessionNamed: (id: string) => string;
		/** Under each ask where there is no dialog (print mode): the command that answers it; `path` is shell-quoted. */
		answerWith: (path: string) => string;
		/** `listFooter` where there is no dialog: names only commands that work there. */
		printFooter: string;
		/** `/questions answer` where there is no dialog: the command that answers the ask here. */
		answerHere: (path: string) => string;
		clearPrompt: (questions: number, files: number) => string;
		clearKeep: string;
		clearDelete: string;
		kept: string;
		cleared: (questions: number) => string;
		leftUnreadable: (n: number, paths: string) => string;
		/** One file `clear` left because another process holds it: `claim` says which (`claim.heldBy` or `heldByMcp`). */
		leftHeld: (path: string, claim: string) => string;
		nothingToReopen: string;
		reopenWhich: string;
		nothingReopened: string;
		notAnswered: (path: string) => string;
		/** Under an MCP client's ask its server holds: answered here, the answers go to `client`, not to pi's model. */
		forClient: (client: string) => string;
		/** Under an MCP client's ask no server holds any more: nothing here answers it. */
		clientGone: (client: string) => string;
	};
	/** The questions as `/questions` and `pi -p` lay them out (not the pending file's JSON). */
	layout: {
		/** After a question that takes several options, with its leading space. */
		chooseAny: string;
		/** Under a question's options. */
		ownAnswer: string;
		/** `json` is the answer as JSON. */
		answer: (json: string) => string;
	};
	/** Another pi holds a pending file (src/pending/claims.ts). */
	claim: {
		heldBy: (pid: string, host: string) => string;
		/** `claim` is `heldBy`'s (or `heldByMcp`'s) text. */
		answerThere: (claim: string) => string;
		/** A `pi-ask-anywhere mcp` server holds the file for its client's ask. */
		heldByMcp: (pid: string, host: string) => string;
	};
	/** A pending file this user's pi did not write, or one already settled (src/pending/trust.ts). */
	trust: {
		noSessionFile: string;
		outsideSessionFolders: string;
		sessionMissing: string;
		otherSession: string;
		noAskCall: string;
		questionsDiffer: string;
		taskDiffers: string;
		settled: string;
		elsewhere: (folder: string) => string;
		originSession: (id: string, file: string) => string;
		originNoSessionFile: (id: string) => string;
		originSaved: (timestamp: string) => string;
		originTask: (task: string) => string;
		answerAnyway: string;
		leave: string;
	};
	/**
	 * Why a waiting ask is not answered here, one sentence per kind (pending/permission.ts's `refusalSentence`): `path`
	 * as shown, `reason` one of `trust`'s sentences.
	 */
	refused: {
		/** The answers already in `file` do not count: a tool call wrote them during a run. */
		ignoredWrittenByTool: (file: string) => string;
		/** The answers already in `file` do not count: this user's pi did not write it (`reason`: one of `trust`'s). */
		ignoredNotThisPi: (file: string, reason: string) => string;
		/** A file this user's pi did not write (its questions stay answerable; only what the person types counts). */
		notThisPi: (path: string, reason: string) => string;
		/** Settled already: never answered again. */
		settled: (path: string, reason: string) => string;
		/** Asked in another project folder. */
		elsewhere: (path: string, reason: string) => string;
		/** An MCP client's ask no server waits for. */
		askerGone: (path: string, client: string) => string;
		/** Another live pi holds it: `source` says what was refused, `claim` is `claim.heldBy`'s. */
		held: (source: string, claim: string) => string;
	};
	/** What pi tells the person while it runs: delivering, saving, `--answers`, background asks. */
	notices: {
		notDelivered: (message: string) => string;
		notSaved: (message: string) => string;
		answered: (questions: string) => string;
		answeredFrom: (questions: string, path: string) => string;
		noAnswerToAny: string;
		answeredNothing: (why: string) => string;
		unknownStop: (path: string, reason: string) => string;
		forFile: (message: string, path: string) => string;
		noAnswerForFile: (path: string) => string;
		noneInSession: string;
		noneAnywhere: string;
		flagNoAnswer: string;
		flagDoesNotFit: (message: string) => string;
		backgroundNotSaved: string;
		timedOut: string;
		/** A remote answer won the race: from the web page (or another backend of the bridge), or from a tap on the phone. */
		answeredOnWebPage: string;
		answeredFromPhone: string;
		/** A backend of the person's own (or a parent pi) answered: no place to name. */
		answeredRemotely: string;
		/** A frozen pi's dialog answered questions another pi had taken over meanwhile. */
		answeredElsewhere: string;
		/** The dialog's pending file stayed (a read-only folder): the answer went out, the file is not sent again. */
		fileNotRemoved: (path: string, why: string) => string;
		/** Print mode: the questions were saved, but stdout could not take them (`why`: the write's error). */
		questionsNotShown: (path: string, why: string) => string;
		dismissedRemotely: string;
		noRemoteAnswer: (kind: string) => string;
		needsUi: string;
		dismissPrompt: string;
		keepForLater: string;
		dismiss: string;
		stillPending: string;
		reopenLater: string;
		/** `removeOther`/`removeOurs`: a `pi remove …` command, or `leaveOut`'s words, for how each was installed. */
		stepAside: (path: string, removeOther: string, removeOurs: string) => string;
		/** How a package given with `-e` leaves pi. */
		leaveOut: (argument: string) => string;
		/** Where an `ask_user` came from when pi does not say which extension registered it. */
		unknownExtension: string;
		/** The line above the editor while `count` sets of questions set aside wait (src/lifecycle/background-asks.ts). */
		setAsideWaiting: (count: number) => string;
		/** Answers were delivered, but the record that they were failed (`message` says why). */
		deliveredUnrecorded: (message: string) => string;
		/** The fact log did not take a decision (ask/decision.ts); said once per process. */
		decisionNotLogged: (reason: string) => string;
	};
	/** A subagent's questions in the parent's dialog: "Subagent · <task> · in <folder>" (src/children/child-question.ts). */
	subagent: {
		label: string;
		noTask: string;
		inFolder: (folder: string) => string;
		/** The parent's chat line after the person answered a subagent: `who` its task, `answers` "Question → answer; …". */
		answered: (who: string, answers: string) => string;
		/** The parent's chat line after the person cancelled a subagent's questions. */
		cancelled: (who: string) => string;
	};
	/** An ask_user call, its result and answers delivered later, as pi's chat shows them (src/tool/chat-rendering.ts). */
	chat: {
		/** After the first question's title, with its leading space: how many more questions the call has. */
		more: (n: number) => string;
		/** An answer with the person's note on it. */
		withNote: (answer: string, note: string) => string;
		/** In place of the answer to a question the person skipped. */
		skipped: string;
		noteForAll: (note: string) => string;
		cancelled: string;
		timedOut: string;
		connectionLost: string;
		interrupted: string;
		pending: (file: string) => string;
		dismissed: string;
		/** Answers the person gave in their own words (`answers`: as JSON). */
		ownWords: (answers: string) => string;
		/** The title of a message of answers delivered after the call ended. */
		givenLater: string;
		/** Under a cut result: which key shows it whole. */
		toExpand: (key: string) => string;
	};
	print: {
		/** Above the questions on the terminal. */
		hasQuestions: string;
		/** The commands that answer: `quoted` is `path` shell-quoted, `example` an `--answers` value, shell-quoted. */
		instructions: (path: string, quoted: string, example: string) => string;
		notSaved: (reason: string, questions: string) => string;
	};
	/**
	 * Answering an MCP client's questions from its pending file (src/pending/for-asker.ts): `client` is the name the
	 * client gave, `name` the file's name, `path` where it is as shown. "pi-ask-anywhere mcp" is a command: never translated.
	 */
	forAsker: {
		answeredFor: (client: string) => string;
		noImages: string;
		noNotes: string;
		/** An answer to a question the file does not hold; `question` is its text. */
		notAsked: (question: string) => string;
		answeredTwice: (question: string) => string;
		noAnswer: (name: string) => string;
		/** Nothing typed after an MCP client's file; `command` is an example command that would answer it. */
		noWords: (client: string, command: string) => string;
		noAnswerInWords: string;
		gone: (name: string, client: string) => string;
		otherQuestions: (name: string) => string;
		answeredAlready: (name: string, client: string) => string;
		/** The MCP server takes answers recorded in `serverFolder`; this pi would record them in `ownFolder`. */
		recordsElsewhere: (client: string, serverFolder: string, ownFolder: string) => string;
	};
	/**
	 * Answers on their way (src/pending/delivery.ts, src/lifecycle/deliveries.ts): where they came from, as the person
	 * names it (`file` as shown, with its @ when it was attached), and why they were not sent.
	 */
	delivery: {
		answersFlag: string;
		filledInto: (file: string) => string;
		/** In place of `file` in `filledInto` and `delivering` (after their "into") where pi knows the file by no name. */
		pendingFile: string;
		wordsAfter: (file: string) => string;
		dialog: string;
		/** `first`, `second`: two of the sources above. */
		twoAnswers: (first: string, second: string) => string;
		/** At a start: the answers filled into this session's file go to the model. */
		delivering: (file: string) => string;
	};
	/**
	 * A pending file attached with `pi -p @file "words"` (src/pending/inbox.ts): `file` is it as shown, with its @;
	 * `example` a command that would answer it.
	 */
	inbox: {
		/** An image a file names that this user's pi did not write; `path` as written in the file. */
		untrustedImage: (path: string) => string;
		/** An image that cannot be attached: `where` the file, `reason` why. */
		imageRefused: (where: string, reason: string) => string;
		/** Nothing typed after a file whose own answers do not count: `ignored` is `ignored`'s line. */
		ignoredNothingSent: (ignored: string, example: string) => string;
		noWords: (example: string) => string;
		/** Words typed after a file whose own answers do not count: the words went, `ignored` says why not the file's. */
		onlyWords: (ignored: string) => string;
		/** Two pending files attached to one message. */
		oneFileAtATime: string;
	};
	/**
	 * Why an image named by path in answers given as data (`--answers`, a filled-in pending file) cannot be attached
	 * (src/pending/answer-images.ts): `path` as written, `name` its file name, `size` and `limit` with their unit.
	 */
	images: {
		notFile: (path: string) => string;
		unreadable: (path: string) => string;
		tooLarge: (name: string, size: string, limit: string) => string;
		notImage: (name: string) => string;
		unsupportedModel: string;
		blocked: string;
	};
	/**
	 * A pending file whose "answer" fields the person filled in by hand, refused: `path` as shown, `index` the
	 * question's place (from 0). The JSON names ("questions", "answer", "images", true/false, null) are never translated.
	 */
	editedFile: {
		notJson: (path: string, detail: string) => string;
		notAList: (path: string) => string;
		wrongCount: (path: string, found: number, asked: number) => string;
		badAnswer: (path: string, index: number) => string;
		badImages: (path: string, index: number) => string;
	};
	/**
	 * An approval (a tool call the person's settings hold for their yes): its question, header and the three options.
	 * `tool` is the tool's name and `summary` the command or path, never translated.
	 */
	approval: {
		question: (tool: string, summary: string) => string;
		header: string;
		allow: string;
		allowSession: string;
		deny: string;
		/** The hint in the typed answer: what is typed is the denial's note. */
		noteHint: string;
		/**
		 * Said when nobody could be asked (print mode): the call did not run, and how to allow it later. `summary` the
		 * command or path, `file` the pending file as shown; "answer" and "Allow" in the file are JSON and a label.
		 */
		pending: (tool: string, summary: string, file: string, allow: string) => string;
	};
	/** `pi-ask-anywhere log`'s table: its column headers, and the line when nothing was recorded. */
	log: {
		time: string;
		project: string;
		by: string;
		question: string;
		answer: string;
		none: string;
	};
	/**
	 * The ntfy notifications (src/push/message.ts): `who` is the project folder's name (with a subagent's task),
	 * `n` a count of questions (2 or more where it says "questions"). "pi", "pi -c" and "pi-ask-anywhere web" are
	 * commands, never translated.
	 */
	push: {
		/** `who` for a subagent's ask. */
		subagent: (project: string, task: string) => string;
		/** The title's name for an ask of several questions: their count (≥ 2). */
		questions: (n: number) => string;
		/** The minimal notification's text. */
		oneWaiting: (who: string) => string;
		manyWaiting: (n: number, who: string) => string;
		/** After a question that takes several options. */
		chooseAny: string;
		/** The button that opens the web page. */
		open: string;
		/** The last line, how to answer from the phone: with an Open button and no answer buttons. */
		tapOpen: string;
		/** No button; the ask waits in a file print mode saved, or in pi's dialog. */
		answerInFile: (who: string) => string;
		answerInTerminal: (who: string) => string;
		/** Answer buttons for a lone question; `open`: an Open button too. */
		tapHere: (open: boolean) => string;
		/** Answer buttons for the first of `others` + 1 questions; the rest is answered on the page (`open`) or in pi. */
		tapFirst: (others: number, open: boolean, who: string) => string;
		/** The notification that replaces an ask's once it ended. */
		ended: {
			terminal: string;
			web: string;
			phone: string;
			elsewhere: string;
			closed: string;
		};
	};
}
