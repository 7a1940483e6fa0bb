/**
 * The project folder's pending questions as the page shows them, and answering one from the page: the
 * answers are written into the file (through the pending-file module) so that `pi -c` delivers them; a file
 * that already holds answers is not written again (the first answer wins). A file that fails the trust rule
 * is shown with where it came from and written only after explicit confirmation. An MCP client's file its server holds
 * is answered for that client (the server reads the answers there; pi never delivers them), one nobody holds not at all.
 */
import { basename } from "node:path";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { AskRequest } from "../core/types.js";
import { en } from "../i18n/cli/en.js";
import { type Claim, type Claims, describeClaim } from "../pending/claims.js";
import { answerForAsker, askerGoneLine, type ForAskerWrite } from "../pending/for-asker.js";
import {
	listPendingFiles,
	noAnswerYet,
	type PendingAsker,
	type PendingFile,
	PendingFileError,
	writePendingAnswers,
} from "../pending/pending-file.js";
import { filledAnswersCount, mayAnswerHere } from "../pending/permission.js";
import type { PendingVerdict } from "../pending/trust.js";
import {
	type AnswersOf,
	answersFingerprint,
	type FingerprintRecord,
	withAnswers,
} from "../records/answer-fingerprints.js";
import type { LiveAsk } from "../remote/live-asks.js";
import { encodeQuestion, type WireQuestion } from "../remote/protocol.js";
import type { ApiError, ApiErrorCode } from "./page/api.js";
import { type PageAnswer, pendingAnswers, readPageAnswers } from "./page-answers.js";

/** Whether a pending file is this user's own (the trust rule), injected so that the rule's inputs stay at the edge. */
export type JudgePending = (file: PendingFile) => PendingVerdict;

/** Another live pi's claim on a pending file (see pending/claims.ts): it is asking or delivering those questions. */
export type HeldElsewhere = Claims["heldElsewhere"];

export interface PendingView {
	/** The file's name in `.pi/`, which is how the page refers to it. */
	name: string;
	toolCallId?: string;
	/** The project folder the file is in (the server's folder); the card opens with it. */
	folder?: string;
	/** The pi session that asked (a live ask from it names it as its `sessionKey`). */
	sessionId?: string;
	/** The session file, as the pending file names it; shown only under the card's details. */
	sessionFile?: string;
	/** When pi saved the questions (ISO 8601); the card shows it relative ("5 min ago"). */
	timestamp?: string;
	/** What the person had asked pi for, in full. */
	task?: string;
	questions: WireQuestion[];
	trusted: boolean;
	/** Why it is not trusted, in one sentence. */
	distrust?: string;
	/** Answers are already filled in: waiting for `pi -c`. */
	filled: boolean;
	/** A file that cannot be read: shown, never touched. */
	error?: string;
	/** `too-large`: the file is too large to show on the page (`error` says so in English; the page in its language). */
	errorCode?: "too-large";
	/** Another pi is asking or delivering these questions now: not shown, never written. */
	heldBy?: string;
	/** The MCP client these questions are answered for (its `pi-ask-anywhere mcp` holds the file). */
	asker?: string;
}

/** The questions of a request in the page's shape (the same shape as a live question frame). */
function wireQuestions(request: AskRequest): WireQuestion[] {
	return encodeQuestion(request, { questionId: "", sessionKey: "", agentId: "" }).payload.payload.questions;
}

export function listPendingViews(
	cwd: string,
	judge: JudgePending,
	heldElsewhere: HeldElsewhere,
	givenOnPage?: Pick<FingerprintRecord, "has">,
): PendingView[] {
	return listPendingFiles(cwd).map((entry): PendingView => {
		const name = basename(entry.path);
		if (!entry.file) {
			return {
				name,
				folder: cwd,
				questions: [],
				trusted: false,
				filled: false,
				error: entry.error?.message ?? "unreadable",
			};
		}
		const file = entry.file;
		const verdict = judge(file);
		const holder = heldElsewhere(entry.path, file.toolCallId);
		const permission = mayAnswerHere({
			verdict,
			answersGivenOnPage: givenOnPage?.has(answersFingerprint(file)),
			heldBy: holder,
			asker: file.asker,
		});
		const view: PendingView = {
			name,
			folder: cwd,
			toolCallId: file.toolCallId,
			sessionId: file.sessionId,
			timestamp: sanitizeLine(file.timestamp),
			questions: wireQuestions(file.request),
			trusted: verdict.trusted,
			// The answers already in a file count only as pending/permission.ts says (a cloned file's do not).
			filled: !noAnswerYet(file) && filledAnswersCount(permission),
		};
		if (file.sessionFile !== undefined) view.sessionFile = sanitizeLine(file.sessionFile);
		if (file.task !== undefined) view.task = sanitizeText(file.task);
		if (permission.kind === "for-asker") {
			// Its server is live and holds it: the card says whose questions they are, as for the server's live asks, and
			// needs no "answer anyway" (the answers go to that client, never to a model as the person's).
			view.asker = permission.asker.client;
			view.task = `${permission.asker.client} (MCP)`;
		} else {
			if (!verdict.trusted) view.distrust = verdict.reason;
			if (holder) view.heldBy = describeClaim(holder, en.claim);
		}
		return view;
	});
}

/** Built field by field in the same order on both sides (encodeQuestion, decodeAgentFrame), so text compares. */
function sameQuestions(a: readonly WireQuestion[], b: readonly WireQuestion[]): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The names of the pending files that are a live ask's own questions. While pi asks in its dialog it keeps the
 * questions on disk (nothing is lost however it ends) and, with remote answering on, also asks here: one ask,
 * to be shown and answered once, as live. A file is an ask's when it comes from the session the ask names (the
 * bridge sends pi's session id as `sessionKey`) and holds the same questions; each ask stands for one file.
 */
export function filesOfLiveAsks(views: readonly PendingView[], asks: readonly LiveAsk[]): Set<string> {
	return new Set([...viewsOfLiveAsks(views, asks)].map((view) => view.name));
}

/** The pending views that are a live ask's own questions (as `filesOfLiveAsks`), whatever folder each is in. */
export function viewsOfLiveAsks(views: readonly PendingView[], asks: readonly LiveAsk[]): Set<PendingView> {
	const unmatched = [...asks];
	const held = new Set<PendingView>();
	for (const view of views) {
		const index = unmatched.findIndex(
			(ask) => view.sessionId === ask.sessionKey && sameQuestions(view.questions, ask.questions),
		);
		if (index < 0) continue;
		unmatched.splice(index, 1);
		held.add(view);
	}
	return held;
}

export type PendingAnswerResult =
	| { ok: true }
	| ({ ok: false; status: 400 | 404 | 409; needsConfirmation?: true } & ApiError);

const FOR_ASKER_CODES = {
	"no-answer": "no-answer",
	gone: "pending-gone",
	"other-questions": "pending-changed",
	"answered-already": "pending-answered",
	// Held by a server that takes no answer this page could record: shown with the words that say where it looks.
	"records-elsewhere": "pending-held",
} as const satisfies Record<Extract<ForAskerWrite, { kind: "refused" }>["because"], ApiErrorCode>;

/**
 * The page's answers for an MCP client's ask, written through the one write every way of answering it uses (pi's
 * `--answers`, `@file` and `/questions answer` alike): the same claim on the file, the first answer wins, the same words.
 */
function answerForAskerFromPage(
	path: string,
	file: PendingFile,
	asker: PendingAsker,
	given: unknown,
): PendingAnswerResult {
	const questions = wireQuestions(file.request);
	const read = readPageAnswers(given, questions);
	if (!read.ok) return { ...read, status: 400 };
	// The file has no place for a note: refused as pi refuses it, never dropped.
	if (read.answers.some((answer) => answer !== undefined && answer.note !== "")) {
		return { ok: false, status: 400, error: en.forAsker.noNotes, code: "invalid" };
	}
	const written = answerForAsker(path, file.toolCallId, asker, pendingAnswers(questions, read.answers), en.forAsker);
	if (written.kind === "written") return { ok: true };
	const status = written.because === "no-answer" ? 400 : written.because === "gone" ? 404 : 409;
	return { ok: false, status, error: `not written: ${written.message}`, code: FOR_ASKER_CODES[written.because] };
}

/** The page's answers are not written: another live pi holds the questions. */
function heldResult(holder: Claim): PendingAnswerResult {
	return {
		ok: false,
		status: 409,
		error: `not written: these questions are ${describeClaim(holder, en.claim)}`,
		code: "pending-held",
	};
}

/** Writes the page's answers into the named pending file, if it still holds those questions. */
export function answerPendingFile(
	cwd: string,
	judge: JudgePending,
	heldElsewhere: HeldElsewhere,
	/** `timestamp`: the file's time as the page was shown it; a file saved again since holds another ask. */
	request: { name: unknown; toolCallId: unknown; timestamp?: unknown; answers: unknown; confirmed: unknown },
	givenOnPage?: FingerprintRecord,
	/** Records that the page wrote answers into the person's own pi's file (the decision log names it). */
	wrote?: (file: AnswersOf) => void,
): PendingAnswerResult {
	const entry = listPendingFiles(cwd).find((candidate) => basename(candidate.path) === request.name);
	if (!entry?.file)
		return {
			ok: false,
			status: 404,
			error: "that pending file is gone or unreadable; reload",
			code: "pending-gone",
		};
	const file = entry.file;
	const replaced = request.timestamp !== undefined && request.timestamp !== sanitizeLine(file.timestamp);
	if (file.toolCallId !== request.toolCallId || replaced) {
		return {
			ok: false,
			status: 409,
			error: "that pending file now holds other questions; reload",
			code: "pending-changed",
		};
	}
	const holder = heldElsewhere(entry.path, file.toolCallId);
	const verdict = judge(file);
	const permission = mayAnswerHere({
		verdict,
		answersGivenOnPage: givenOnPage?.has(answersFingerprint(file)),
		heldBy: holder,
		asker: file.asker,
	});
	if (permission.kind === "asker-gone") {
		const error = `not written: ${askerGoneLine(request.name as string, permission.asker, en.forAsker)}`;
		return { ok: false, status: 409, error, code: "pending-not-yours" };
	}
	if (permission.kind === "for-asker") {
		try {
			return answerForAskerFromPage(entry.path, file, permission.asker, request.answers);
		} catch (error) {
			if (error instanceof PendingFileError) return { ok: false, status: 409, error: error.message, code: "invalid" };
			throw error;
		}
	}
	if (holder) return heldResult(holder);
	// Questions already answered are never answered again: no confirmation makes them deliverable.
	if (permission.kind === "settled") {
		return { ok: false, status: 409, error: `not written: ${permission.verdict.reason}`, code: "pending-settled" };
	}
	// A file asked in another folder is not this folder's to answer: answers written into it would never be delivered.
	if (permission.kind === "elsewhere") {
		return {
			ok: false,
			status: 409,
			error: `not written: ${permission.verdict.reason}; answer it in that folder`,
			code: "pending-not-yours",
		};
	}
	// A file this user's pi did not write: the person answers it only knowingly, and then the answers written are
	// recorded as theirs (its own answers never count).
	const foreign = permission.kind === "answer" && permission.filledAnswers === "ignore";
	if (foreign && (request.confirmed !== true || givenOnPage === undefined)) {
		return {
			ok: false,
			status: 409,
			error: `not written: ${verdict.trusted ? "" : verdict.reason}. Confirm to answer it anyway.`,
			code: "pending-confirm",
			needsConfirmation: true,
		};
	}
	// The first answer wins, as for a live ask: a second page (or a hand edit before it) is never overwritten; a
	// foreign file's own answers are no one's and are written over (answers given on a page for it are the
	// person's: they win). Checked here for the page's reply, and again by the write under the file's lock: another
	// process answering at the same moment (a pi, another page's server) is not overwritten either.
	const answeredAlready: PendingAnswerResult = {
		ok: false,
		status: 409,
		error: "not written: already answered (on another page or in the file); run pi -c to deliver those answers",
		code: "pending-answered",
	};
	if (filledAnswersCount(permission) && !noAnswerYet(file)) {
		return answeredAlready;
	}
	const read = readPageAnswers(request.answers, wireQuestions(file.request));
	if (!read.ok) return { ...read, status: 400 };
	if (read.answers.every((answer: PageAnswer | undefined) => answer === undefined)) {
		return { ok: false, status: 400, error: "no answer given", code: "no-answer" };
	}
	try {
		const answers = pendingAnswers(wireQuestions(file.request), read.answers);
		// Written only over what was read here: a foreign file's own answers, else none. Another pi may claim the file
		// after the check above (opening its dialog): checked again under the file's lock, at the write.
		let holderNow: Claim | undefined;
		const written = writePendingAnswers(entry.path, file.toolCallId, answers, {
			...(filledAnswersCount(permission) ? {} : { replacing: file.questions.map((question) => question.answer) }),
			heldElsewhere: () => {
				holderNow = heldElsewhere(entry.path, file.toolCallId);
				return holderNow !== undefined;
			},
		});
		if (written === "answered-already") return answeredAlready;
		if (written === "held-elsewhere" && holderNow) return heldResult(holderNow);
		if (foreign) givenOnPage?.add(answersFingerprint(withAnswers(file, answers)));
		else wrote?.(withAnswers(file, answers));
	} catch (error) {
		if (error instanceof PendingFileError) return { ok: false, status: 409, error: error.message, code: "invalid" };
		throw error;
	}
	return { ok: true };
}
