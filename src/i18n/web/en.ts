/**
 * The web page's text in English: every string a person reads on the page, one table per language
 * (src/i18n/web/<language>.ts, each typed as `WebStrings` so that a missing or extra key does not compile).
 * `{name}` marks a placeholder the page fills in (`fillText`); every language uses the same ones.
 */
export const en = {
	"page.connecting": "Connecting…",
	"page.live": "Live",
	"page.reconnecting": "Reconnecting…",
	"page.signedOut": "Signed out",
	"page.restarted": "pi-ask-anywhere web was restarted: open the new address it printed.",
	"page.unauthorized": "Open this page with the address pi-ask-anywhere web printed: it carries the token.",
	"page.addressSpent":
		"This address was already used or has expired: each address signs in one browser, within 10 minutes. Open the newest address pi-ask-anywhere web printed.",
	"page.signOutEverywhere": "Sign out every browser",
	"page.signOutConfirm": "Sign out every browser, this one too? pi-ask-anywhere web then prints a new address.",
	"page.signedOutEverywhere": "Every browser was signed out: open the new address pi-ask-anywhere web printed.",
	"page.liveTitle": "Waiting for you",
	"page.liveEmpty": "No question is waiting. Questions appear here as soon as pi asks.",
	"page.pendingTitle": "Pending in this folder",
	"page.pendingEmpty": "No pending questions in this folder.",
	"page.more": "Show more ({count} not shown)",
	"page.titleAsking": "({count}) pi is asking",

	"card.asks": "{who} asks",
	"card.justNow": "just now",
	"card.details": "Details",
	"card.detailFolder": "folder: {folder}",
	"card.detailFile": "file: {file}",
	"card.detailSession": "session: {session}",
	"card.detailSessionFile": "session: {session} ({file})",
	"card.detailNoSessionFile": "session: {session} (no session file)",
	"card.unknownSession": "(unknown)",
	"card.detailSaved": "saved: {time}",
	"card.detailTask": "its task: {task}",
	"card.pendingAnswered": "Answered. Run pi -c in this folder to deliver the answers.",
	"card.untrusted": "Not from your own pi: {reason}.",
	"card.untrustedTask": "its task: {task}",
	"card.confirmUntrusted": "I know where this file came from; write my answers into it anyway",

	"question.step": "{index} of {count}",
	"question.chooseAny": "choose any",
	"question.other": "Other (type your answer)",
	"question.yourAnswer": "Your answer",
	"question.note": "Note",
	"question.notePlaceholder": "Note (optional)",
	"question.preview": "Preview: {label}",

	"review.title": "Review your answers",
	"review.typed": "(typed)",
	"review.unanswered": "(unanswered)",
	"review.note": "Note: {note}",
	"review.images": "Images: {count}",
	"review.edit": "Edit",
	"review.editQuestion": "Edit {question}",
	"review.allAnswered": "All questions answered.",
	"review.someUnanswered": "Unanswered: {count} (pi is told they were not answered).",
	"review.setNote": "Note for all answers",
	"review.setNotePlaceholder": "Optional: anything pi should know about these answers",

	"action.back": "Back",
	"action.next": "Next",
	"action.review": "Review",
	"action.submit": "Submit",
	"action.dismiss": "Dismiss",
	"action.close": "Close",
	"action.yes": "Yes",
	"action.no": "No",
	"action.discard": "Discard your {count} answers?",
	"action.discardOne": "Discard your answer?",

	"sent.sending": "Sending…",
	"sent.done": "Sent.",
	"sent.failed": "Not sent (error {status}).",
	"sent.noConnection": "Not sent: no connection to pi-ask-anywhere web.",
	"sent.answersReceived": "✓ pi got your answers and continues with them. Nothing more to do here.",
	"sent.dismissalReceived":
		"✓ pi got your dismissal: the model is told you declined to answer. Nothing more to do here.",
	"sent.elsewhere":
		"Not used: these questions were answered in pi's terminal first, and pi continues with that answer.",
	"sent.answersEnded":
		'Not used: pi had stopped waiting (a time limit, or its turn ended) before your answers arrived. Questions pi saved for later appear under "Pending in this folder".',
	"sent.dismissalEnded":
		'Not used: pi had stopped waiting (a time limit, or its turn ended) before your dismissal arrived. Questions pi saved for later appear under "Pending in this folder".',
	"sent.answersLost": "Sent, but the connection to pi closed before pi confirmed it got your answers: check in pi.",
	"sent.dismissalLost": "Sent, but the connection to pi closed before pi confirmed it got your dismissal: check in pi.",
	"sent.answersWaiting": "Sent. Waiting for pi to confirm it got your answers…",
	"sent.dismissalWaiting": "Sent. Waiting for pi to confirm it got your dismissal…",
	"sent.noReceipt": "Sent. This agent does not confirm what it received: check in pi that it went on.",

	"error.gone": "This question was already answered or withdrawn.",
	"error.agentGone": "pi is no longer connected; the question was withdrawn.",
	"error.noAnswer": "Give an answer first.",
	"error.invalid": "The answers were refused: {detail}",
	"error.pendingLive": "Not written: pi is asking these questions right now; answer them in its live card.",
	"error.pendingGone": "That pending file is gone or can no longer be read; reload the page.",
	"error.pendingChanged": "That pending file now holds other questions; reload the page.",
	"error.pendingHeld": "Not written: another pi is asking or delivering these questions right now.",
	"error.pendingAnswered":
		"Not written: already answered (on another page or in the file). Run pi -c to deliver those answers.",
	"error.pendingSettled": "Not written: these questions were already answered.",
	"error.pendingConfirm": "Not written: this file is not from your own pi. Tick the box above to answer it anyway.",
	"error.pendingTooLarge": "Too large to show on this page: answer it in pi (/questions answer).",

	"image.attach": "Attach a photo or image",
	"image.remove": "Remove",
	"image.removeNamed": "Remove {name}",
	"image.attached": "Attached images",
	"image.tooLarge": "{name} was not attached: it is {size}, and an image can be at most {limit}.",
	"image.notImage": "{name} was not attached: it is not a PNG, JPEG, GIF or WebP image.",
	"image.unreadable": "{name} was not attached: it could not be read.",
	"image.tooMany": "{name} was not attached: at most {count} images can go with one set of answers.",
	"image.agentCannot": "This agent cannot take images: its model does not read them, or pi's settings block them.",
	"image.pendingOnly": "Images can only be attached to questions pi is asking live, not to pending files.",
} as const;

/** The web page's table: every language has exactly these keys. */
export type WebStrings = { readonly [Key in keyof typeof en]: string };
export type WebStringKey = keyof WebStrings;
