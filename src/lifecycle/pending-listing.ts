/**
 * The machine-readable list of pending questions (`/questions json`, and `/questions` in structured RPC mode):
 * one JSON object an app can parse, with each ask's `requestId` (its toolCallId, as in ask_user_request), whose
 * session it belongs to, whether this user's pi wrote it, and its questions; a page at a time (the newest written
 * first), so that a folder of thousands gives a bounded message. JSON escapes every control character, so nothing
 * from a file reaches a terminal raw.
 */
import type { Question } from "../core/types.js";
import { en } from "../i18n/cli/en.js";
import { displayPath, type PendingEntry, type PendingFile } from "../pending/pending-file.js";
import { type PendingVerdict, verdictReason } from "../pending/trust.js";

export interface PendingListing {
	type: "ask_user_pending";
	pending: {
		requestId: string;
		sessionId: string;
		thisSession: boolean;
		/** Project-relative path of the pending file. */
		file: string;
		savedAt: string;
		/** Whether this user's pi wrote the file (the trust rule); when not, `untrustedReason` says why. */
		trusted: boolean;
		untrustedReason?: string;
		questions: Question[];
		metadata?: Record<string, unknown>;
	}[];
	unreadable: { file: string; error: string }[];
	/** How many pending files the project holds, on every page. */
	total: number;
	/** This page's number, from 1; each page lists PENDING_PAGE_SIZE files, the newest written first. */
	page: number;
	/** The command that lists the next page, when there is one. */
	next?: string;
}

/** How many pending files one page of `/questions json` lists. */
export const PENDING_PAGE_SIZE = 50;

/** Where a page sits among the project's pending files. */
export interface PendingPage {
	total: number;
	page: number;
	hasNext: boolean;
}

export function pendingListing(
	cwd: string,
	entries: readonly PendingEntry[],
	sessionId: string,
	trust: (file: PendingFile) => PendingVerdict,
	page: PendingPage = { total: entries.length, page: 1, hasNext: false },
): PendingListing {
	const listing: PendingListing = {
		type: "ask_user_pending",
		pending: [],
		unreadable: [],
		total: page.total,
		page: page.page,
		...(page.hasNext ? { next: `/questions json ${page.page + 1}` } : {}),
	};
	for (const entry of entries) {
		const file = entry.file;
		if (!file) {
			listing.unreadable.push({ file: displayPath(cwd, entry.path), error: entry.error?.message ?? "unreadable" });
			continue;
		}
		const verdict = trust(file);
		listing.pending.push({
			requestId: file.toolCallId,
			sessionId: file.sessionId,
			thisSession: file.sessionId === sessionId,
			file: displayPath(cwd, entry.path),
			savedAt: file.timestamp,
			trusted: verdict.trusted,
			...(verdict.trusted ? {} : { untrustedReason: verdictReason(verdict, en.trust) }),
			questions: file.request.questions,
			...(file.request.metadata ? { metadata: file.request.metadata } : {}),
		});
	}
	return listing;
}
