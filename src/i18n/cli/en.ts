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
		sessionNamed: (id) => `session ${id}`,
		answerWith: (path) => `answer: pi -p @${path} "your answers"`,
		printFooter: `Answer each with the command under it · clear them all: pi -p "/questions clear"`,
		answerHere: (path) =>
			`/questions answer needs pi's dialog (run pi and type it there); here in print mode, answer with: pi -p @${path} "your answers"`,
		clearPrompt: (count, files) => `Delete ${questions(count)} in ${formatCount(files)} file${files === 1 ? "" : "s"}?`,
		clearKeep: "No, keep them",
		clearDelete: "Yes, delete them",
		kept: "Kept the pending questions.",
		cleared: (count) => `Cleared ${questions(count)}.`,
		leftUnreadable: (n, paths) => `Left ${formatCount(n)} unreadable file(s) untouched: ${paths}`,
		leftHeld: (path, claim) => `Left ${path} untouched: its questions are ${claim}`,
		nothingToReopen: "No cancelled questions in this session: nothing to reopen.",
		reopenWhich: "Ask which questions again?",
		nothingReopened: "Nothing reopened.",
		notAnswered: (path) => `Not answered; ${path} is left as it is.`,
		forClient: (client) =>
			`asked by ${client} through pi-ask-anywhere mcp, which waits for the answers: answered here, they go to ${client}, not to this pi's model`,
		clientGone: (client) =>
			`asked by ${client} through pi-ask-anywhere mcp, which no longer waits for the answers: nothing here answers them (/questions clear removes them)`,
	},
	layout: {
		chooseAny: " (choose any)",
		ownAnswer: "or your own answer",
		answer: (json) => `answer: ${json}`,
	},
	claim: {
		heldBy: (pid, host) => `open in another pi (pid ${pid} on ${host})`,
		answerThere: (claim) => `the questions are ${claim}; answer them there`,
		heldByMcp: (pid, host) => `held by pi-ask-anywhere mcp (pid ${pid} on ${host})`,
	},
	trust: {
		noSessionFile: "it names no session file (written with --no-session, by hand, or elsewhere)",
		outsideSessionFolders: "the session file it names is not where your pi keeps sessions",
		sessionMissing: "the session file it names does not exist or is not readable",
		otherSession: "the session file it names belongs to another session",
		noAskCall: "the session it names never made this ask_user call",
		questionsDiffer: "its questions are not the ones asked in the session it names",
		taskDiffers: "its task is not something you wrote in the session it names",
		settled:
			"holds questions already answered (their answers were delivered, or they were cleared), so nothing is sent again",
		elsewhere: (folder) => `holds questions your pi asked in ${folder}, not in this project (a copy of that project?)`,
		originSession: (id, file) => `session: ${id} (${file})`,
		originNoSessionFile: (id) => `session: ${id} (no session file)`,
		originSaved: (timestamp) => `saved: ${timestamp}`,
		originTask: (task) => `its task: ${task}`,
		answerAnyway: "Answer its questions (its task is not sent to the model)",
		leave: "Leave it",
	},
	refused: {
		ignoredWrittenByTool: (file) =>
			`the answers already in ${file} were ignored: they were written by a tool call while pi ran, not by you`,
		ignoredNotThisPi: (file, reason) =>
			`the answers already in ${file} were ignored: the file was not written by your pi (${reason})`,
		notThisPi: (path, reason) => `${path} was not written by your pi (${reason})`,
		settled: (path, reason) => `${path} ${reason}. Remove it with /questions clear`,
		elsewhere: (path, reason) =>
			`${path} ${reason}; nothing was sent. Answer it in that folder, or in pi with /questions answer, which shows where it came from first`,
		askerGone: (path, client) =>
			`${path} holds questions ${client} asked through pi-ask-anywhere mcp, and no pi-ask-anywhere mcp waits for their answers now: nothing was sent or written (/questions clear removes them)`,
		held: (source, claim) =>
			`${source}: the questions are ${claim}; answer them there, or here once it has ended. Nothing was sent`,
	},
	notices: {
		notDelivered: (message) => `could not deliver the answers: ${message}`,
		notSaved: (message) => `pi-ask-anywhere: could not save the questions: ${message}`,
		answered: (questions) => `--answers answered ${questions}`,
		answeredFrom: (questions, path) => `--answers answered ${questions} from ${path}`,
		noAnswerToAny: "--answers gives no answer to any pending question",
		answeredNothing: (why) => `--answers answered nothing: ${why}`,
		unknownStop: (path, reason) =>
			`--answers: ${path} holds pending questions not written by this user's pi (${reason}), so --answers does not answer them. To answer them on purpose, name the file: pi -p @${path} "your answers"`,
		forFile: (message, path) => `${message} (for ${path})`,
		noAnswerForFile: (path) => `--answers gives no answer to the questions in ${path}`,
		noneInSession: "--answers: this session has no pending questions to answer (see /questions); nothing was sent",
		noneAnywhere: "--answers: there are no pending questions to answer, and no prompt that could ask any",
		flagNoAnswer: "--answers gives no answer to these questions; asking them instead",
		flagDoesNotFit: (message) => `--answers does not fit these questions (${message}); asking them instead`,
		backgroundNotSaved: "the background questions could not be saved; asking them now instead",
		timedOut: "No answer in time: the questions stay pending (/questions answer).",
		answeredOnWebPage: "Answered on the web page.",
		answeredFromPhone: "Answered from the phone.",
		answeredRemotely: "Answered remotely.",
		answeredElsewhere:
			"These questions were answered elsewhere (another pi took them over while this one was paused); your answer was not sent.",
		fileNotRemoved: (path, why) =>
			`Your answer was sent, but pi-ask-anywhere could not remove ${path} (${why}); it will not be sent again: remove it by hand.`,
		questionsNotShown: (path, why) =>
			`the questions are saved in ${path} but could not be shown here (${why}); they wait there for your answers: pi -p @${path} "your answers"`,
		dismissedRemotely: "Dismissed remotely.",
		noRemoteAnswer: (kind) => `no remote answer (${kind}); saving the questions instead`,
		needsUi: "this needs pi's dialog, which print mode has not: run pi (without -p) and type the command there",
		dismissPrompt: "Keep these questions for later, or dismiss them?",
		keepForLater: "Keep them for later (/questions answer)",
		dismiss: "Dismiss them: the agent is told no answers will come",
		stillPending: "Not answered; the questions stay pending (/questions answer).",
		reopenLater: "Not answered; /questions reopen asks them again.",
		stepAside: (path, removeOther, removeOurs) =>
			`another package answers ask_user in this pi (${path}), so pi-ask-anywhere does not register its own. /questions still answers questions pi-ask-anywhere saved earlier. To use pi-ask-anywhere instead: ${removeOther} (or ${removeOurs} to keep the other).`,
		leaveOut: (argument) => `leave out -e ${argument}`,
		unknownExtension: "an unknown extension",
		setAsideWaiting: (count) =>
			`${count === 1 ? "A question set aside waits" : `${formatCount(count)} sets of questions set aside wait`} for your answers: /questions answer`,
		deliveredUnrecorded: (message) =>
			`pi-ask-anywhere: the answers were delivered, but could not be recorded as delivered (${message}); their pending file was removed so they are not sent again`,
		decisionNotLogged: (reason) =>
			`pi-ask-anywhere: the decision log could not take this decision (${reason}); the answer went on all the same`,
	},
	subagent: {
		label: "Subagent",
		noTask: "no task given",
		inFolder: (folder) => `in ${folder}`,
		answered: (who, answers) => `You answered the subagent “${who}”: ${answers}`,
		cancelled: (who) => `You cancelled the subagent’s questions (“${who}”)`,
	},
	chat: {
		more: (n) => ` (+${formatCount(n)} more)`,
		withNote: (answer, note) => `${answer} — note: ${note}`,
		skipped: "(skipped)",
		noteForAll: (note) => `Note for all: ${note}`,
		cancelled: "Cancelled by the user (/questions reopen asks again)",
		timedOut: "No answer in time",
		connectionLost: "Connection to the user lost",
		interrupted: "Interrupted: the questions stay pending (/questions answer)",
		pending: (file) => `Pending: answers go in ${file}`,
		dismissed: "Dismissed without answering",
		ownWords: (answers) => `Answered in their own words: ${answers}`,
		givenLater: "answers given later",
		toExpand: (key) => `(${key} to expand)`,
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
	forAsker: {
		answeredFor: (client) => `answered for ${client} through pi-ask-anywhere mcp`,
		noImages: "images cannot be passed to an MCP client through its pending file; nothing was written",
		noNotes: "notes cannot be passed to an MCP client through its pending file; nothing was written",
		notAsked: (question) => `an answer names a question that was not asked ("${question}"); nothing was written`,
		answeredTwice: (question) => `two answers to one question ("${question}"); nothing was written`,
		noAnswer: (name) => `no answer to any question of ${name}; nothing was written`,
		noWords: (client, command) => `no answers given: add your answers for ${client} after the file, e.g. ${command}`,
		noAnswerInWords: "no answer to any question in the words after the file; nothing was written",
		gone: (name, client) => `${name} is gone: ${client} has its answers already`,
		otherQuestions: (name) => `${name} now holds other questions; nothing was written`,
		recordsElsewhere: (client, serverFolder, ownFolder) =>
			`nothing written: the pi-ask-anywhere mcp that asked for ${client} takes answers recorded in ${serverFolder}, and this pi records them in ${ownFolder}; give the server PI_CODING_AGENT_DIR=${ownFolder} in its client's env (docs/mcp.md), or answer in the client's own dialog or on the web page`,
		answeredAlready: (name, client) =>
			`${name} is answered already; ${client} takes those answers. Nothing was written`,
	},
	delivery: {
		answersFlag: "--answers",
		filledInto: (file) => `the answers filled into ${file}`,
		pendingFile: "the pending file",
		wordsAfter: (file) => `the words after ${file}`,
		dialog: "the dialog",
		twoAnswers: (first, second) =>
			`two different answers to the same questions: ${first} and ${second}. Nothing was sent; give only one of them.`,
		delivering: (file) => `delivering the answers filled into ${file}`,
	},
	inbox: {
		untrustedImage: (path) => `${path} is not read: images are read only from a pending file your own pi wrote`,
		imageRefused: (where, reason) => `${where}: ${reason}; nothing was sent`,
		ignoredNothingSent: (ignored, example) =>
			`${ignored}. Nothing was sent: give your own answers after the file, e.g. ${example}`,
		noWords: (example) => `no answers given: add your answers after the file, e.g. ${example}`,
		onlyWords: (ignored) => `${ignored}; only your words after the file were sent`,
		oneFileAtATime: "attach one pending file at a time: the words after them would answer which questions?",
	},
	images: {
		notFile: (path) => `${path} is not an image file`,
		unreadable: (path) => `${path} does not exist or cannot be read`,
		tooLarge: (name, size, limit) => `${name} is ${size}; the limit for an image is ${limit}`,
		notImage: (name) => `${name} is not a PNG, JPEG, GIF or WebP image`,
		unsupportedModel: "images cannot be attached: this model cannot read images",
		blocked: "images cannot be attached: pi's settings block them (images.blockImages)",
	},
	editedFile: {
		notJson: (path, detail) => `${path} is not valid JSON (${detail}); fix it, or run /questions clear`,
		notAList: (path) => `${path}: "questions" must be a list of questions with an "answer" each`,
		wrongCount: (path, found, asked) =>
			`${path}: "questions" has ${found} entries but ${asked} were asked; only fill in "answer", do not add or remove questions`,
		badAnswer: (path, index) =>
			`${path}: questions[${index}].answer must be text, a number, true/false, a list of those, or null`,
		badImages: (path, index) => `${path}: questions[${index}].images must be a list of image file paths`,
	},
	approval: {
		question: (tool, summary) => `Allow ${tool}: \`${summary}\`?`,
		header: "Approval",
		allow: "Allow",
		allowSession: "Allow for this session",
		deny: "Deny",
		noteHint: "Deny, with a note for the agent",
		pending: (tool, summary, file, allow) =>
			`\`${tool} ${summary}\` needs your approval and did not run. To allow it: tap ${allow} on your phone, answer on the web page or with /questions in pi, or set "answer": "${allow}" in ${file}; then \`pi -p -c\`: the call runs once when the agent makes it again.`,
	},
	log: {
		time: "time",
		project: "project",
		by: "by",
		question: "question",
		answer: "answer",
		none: "No decisions recorded.",
	},
	push: {
		subagent: (project, task) => `${project} (subagent: ${task})`,
		questions: (n) => `${n} questions`,
		oneWaiting: (who) => `A question is waiting in ${who}.`,
		manyWaiting: (n, who) => `${n} questions are waiting in ${who}.`,
		chooseAny: "(choose any)",
		open: "Open",
		tapOpen: "Tap Open to answer on the web page.",
		answerInFile: (who) => `To answer, run pi -c in ${who}, or run pi-ask-anywhere web there and answer on the page.`,
		answerInTerminal: (who) =>
			`To answer, go back to pi's terminal in ${who}, or run pi-ask-anywhere web there and answer on the page.`,
		tapHere: (open) => `Tap an answer to reply from here.${open ? " Open shows the question on the web page." : ""}`,
		tapFirst: (others, open, who) =>
			`Tap an answer to reply to the first question from here (${others === 1 ? "the other question stays" : `the other ${others} stay`} unanswered), or ${open ? "Open answers all on the web page" : `answer all in pi in ${who}`}.`,
		ended: {
			terminal: "Answered in the terminal.",
			web: "Answered on the web page.",
			phone: "Answered from your phone.",
			elsewhere: "Answered elsewhere.",
			closed: "No longer waiting: pi stopped asking.",
		},
	},
};
