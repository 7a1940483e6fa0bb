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
import { type AnswerDeps, type AnswerResult, answerWaitingAsk } from "../pending/answer.js";
import { type Claim, type Claims, describeClaim } from "../pending/claims.js";
import { givenOnPage } from "../pending/given-for-asker.js";
import { listPendingFiles, noAnswerYet, type PendingFile, PendingFileError } from "../pending/pending-file.js";
import { filledAnswersCount, permissionFor } from "../pending/permission.js";
import { type PendingVerdict, verdictReason } from "../pending/trust.js";
import type { AnswersOf } from "../records/store.js";
import type { LiveAsk } from "../remote/live-asks.js";
import { encodeQuestion, type WireQuestion } from "../remote/protocol.js";
import type { ApiError, ApiErrorCode } from "./page/api.js";
import { pendingAnswers, readPageAnswers } from "./page-answers.js";

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
	given: Pick<AnswerDeps["given"], "given">,
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
		const permission = permissionFor(
			{ path: entry.path, file },
			{
				judge: () => verdict,
				heldElsewhere: () => holder,
				givenOnPage: (answered) => givenOnPage(given, answered),
			},
		);
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
			if (!verdict.trusted) view.distrust = verdictReason(verdict, en.trust);
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

export type PendingAnswerResult = { ok: true } | PageRefusal;
type PageRefusal = { ok: false; status: 400 | 404 | 409; needsConfirmation?: true } & ApiError;

/** The page's answers are not written: another live pi holds the questions. */
function heldResult(holder: Claim): PageRefusal {
	return {
		ok: false,
		status: 409,
		error: `not written: these questions are ${describeClaim(holder, en.claim)}`,
		code: "pending-held",
	};
}

/** The page's reply when the one way of answering (pending/answer.ts) wrote nothing. */
function notWritten(
	name: string,
	result: Exclude<AnswerResult<PageRefusal, "page">, { kind: "written" }>,
): PageRefusal {
	if (result.kind === "invalid") return result.invalid;
	const asker = result.forAsker;
	const conflict = (error: string, code: ApiErrorCode): PageRefusal => ({ ok: false, status: 409, error, code });
	if (result.kind === "answered-already") {
		return conflict(
			asker
				? `not written: ${en.forAsker.answeredAlready(name, asker.client)}`
				: "not written: already answered (on another page or in the file); run pi -c to deliver those answers",
			"pending-answered",
		);
	}
	const { refusal } = result;
	switch (refusal.kind) {
		case "no-answer": {
			const error = asker ? `not written: ${en.forAsker.noAnswer(name)}` : "no answer given";
			return { ok: false, status: 400, error, code: "no-answer" };
		}
		// Held by a server that takes no answer this page could record: shown with the words that say where it looks.
		case "records-elsewhere": {
			const { serverFolder, agentDir } = refusal;
			const error = en.forAsker.recordsElsewhere(asker?.client ?? "", serverFolder, agentDir);
			return conflict(`not written: ${error}`, "pending-held");
		}
		case "held":
			return heldResult(refusal.holder);
		case "asker-gone":
			return conflict(`not written: ${en.refused.askerGone(name, refusal.asker.client)}`, "pending-not-yours");
		// Questions already answered are never answered again: no confirmation makes them deliverable.
		case "settled":
			return conflict(`not written: ${verdictReason(refusal.verdict, en.trust)}`, "pending-settled");
		// A file asked in another folder is not this folder's to answer: answers written into it would never be delivered.
		case "elsewhere":
			return conflict(
				`not written: ${verdictReason(refusal.verdict, en.trust)}; answer it in that folder`,
				"pending-not-yours",
			);
		// A file this user's pi did not write: the person answers it only knowingly.
		case "not-yours":
		case "confirm": {
			const error = `not written: ${verdictReason(refusal.verdict, en.trust)}. Confirm to answer it anyway.`;
			return { ...conflict(error, "pending-confirm"), needsConfirmation: true };
		}
	}
}

/**
 * Writes the page's answers into the named pending file, if it still holds those questions, through the one way of
 * answering a waiting ask (pending/answer.ts).
 */
export function answerPendingFile(
	cwd: string,
	judge: JudgePending,
	heldElsewhere: HeldElsewhere,
	/** `timestamp`: the file's time as the page was shown it; a file saved again since holds another ask. */
	request: { name: unknown; toolCallId: unknown; timestamp?: unknown; answers: unknown; confirmed: unknown },
	given: AnswerDeps["given"],
	/** Records that the page wrote answers into the person's own pi's file (the decision log names it). */
	wrote?: (file: AnswersOf) => void,
): PendingAnswerResult {
	const entry = listPendingFiles(cwd).find((candidate) => basename(candidate.path) === request.name);
	if (!entry?.file) {
		return { ok: false, status: 404, error: "that pending file is gone or unreadable; reload", code: "pending-gone" };
	}
	const file = entry.file;
	const replaced = request.timestamp !== undefined && request.timestamp !== sanitizeLine(file.timestamp);
	if (file.toolCallId !== request.toolCallId || replaced) {
		const error = "that pending file now holds other questions; reload";
		return { ok: false, status: 409, error, code: "pending-changed" };
	}
	const questions = wireQuestions(file.request);
	try {
		const result = answerWaitingAsk<PageRefusal, "page">(
			{ path: entry.path, file },
			{
				by: "page",
				confirmed: request.confirmed === true,
				answers: (asker) => {
					const read = readPageAnswers(request.answers, questions);
					if (!read.ok) return { invalid: { ...read, status: 400 } };
					// An MCP client's file has no place for a note: refused as pi refuses it, never dropped.
					if (asker && read.answers.some((answer) => answer !== undefined && answer.note !== "")) {
						return { invalid: { ok: false, status: 400, error: en.forAsker.noNotes, code: "invalid" } };
					}
					return pendingAnswers(questions, read.answers);
				},
			},
			{ judge, heldElsewhere, given, wrote },
		);
		return result.kind === "written" ? { ok: true } : notWritten(basename(entry.path), result);
	} catch (error) {
		if (error instanceof PendingFileError) return { ok: false, status: 409, error: error.message, code: "invalid" };
		throw error;
	}
}
