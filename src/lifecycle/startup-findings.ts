/**
 * What a start finds, read from the session, the project's `.pi` folder and the settled-elsewhere ledger: this
 * session's asks that still wait (with what the person wrote into their files), and other sessions' pending files
 * with the trust rule's verdict. Interrupted asks whose questions are on disk nowhere are saved again here.
 */
import { resolve } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { ImageReader } from "../core/answer-input.js";
import type { Question } from "../core/types.js";
import { answerWaitingAsk } from "../pending/answer.js";
import type { Claim } from "../pending/claims.js";
import type { GivenRecord } from "../pending/given-for-asker.js";
import {
	displayPath,
	isProjectPendingFile,
	listPendingFiles,
	NewerPendingFileError,
	type PendingEntry,
	type PendingFile,
	type PendingText,
	readPendingText,
	savePendingFile,
} from "../pending/pending-file.js";
import { type AskPermission, ignoredSentence, permissionFor, refusalSentence } from "../pending/permission.js";
import { fileForDelivery, type PendingVerdict } from "../pending/trust.js";
import { asksOnBranch, openAsks, type SessionAsk, type SettledAsks } from "../records/ask-records.js";
import { answersInText } from "../records/store.js";
import { type EditedAnswers, editedAnswers } from "./edited-answers.js";

import type { FilledPending, ForeignPending, OpenAsk, StartupFindings } from "./startup-plan.js";

export interface FindingsDeps {
	/** The asks of a session settled from another (the settled-elsewhere ledger). */
	settledElsewhere(sessionId: string, projectDir?: string): SettledAsks;
	/** The pending file for an ask of this session (its questions, toolCallId, task). */
	pendingFileFor(ctx: ExtensionContext, ask: SessionAsk & { request: NonNullable<SessionAsk["request"]> }): PendingFile;
	/** Records that an ask's questions wait in a file (a custom session entry naming the ask by id and time). */
	recordPending(ask: Pick<SessionAsk, "toolCallId" | "askedAt">, shownPath: string): void;
	/** The verdict on another session's pending file in the project folder `cwd` (pending/permission.ts). */
	trust(file: PendingFile, cwd: string): PendingVerdict;
	/** Reads the images an answer names (pending/answer-images.ts). */
	readImage: ImageReader;
	/** Whether the answers in the pending file at `path` (read as `file`) were written by a tool call. */
	answersWrittenByTool(path: string): boolean;
	/**
	 * The person's record of answers they gave: on the page for a file their pi did not write, or by the page or a tap
	 * into their own pi's file (the decision log names which).
	 */
	given: GivenRecord;
	/** Another live process's claim on a pending file (a pi asking it, or the MCP server holding it). */
	heldBy?(path: string, toolCallId: string): Claim | undefined;
}

/** What the one rule says of an MCP client's file, when it is one (pending/permission.ts). */
function mcpPermission(
	permission: AskPermission,
): Extract<AskPermission, { kind: "for-asker" | "asker-gone" }> | undefined {
	return permission.kind === "for-asker" || permission.kind === "asker-gone" ? permission : undefined;
}

/** Whether a readable pending file holds this ask's questions under its id (ids can repeat within a session). */
function holdsAsk(file: PendingFile, ask: SessionAsk): boolean {
	return (
		file.toolCallId === ask.toolCallId &&
		JSON.stringify(file.request.questions) === JSON.stringify(ask.request?.questions)
	);
}

/**
 * The file on disk that holds this ask's questions: the recorded one, or one naming its toolCallId, never one an
 * earlier ask of the session took (`taken`). A session file can be forged or shared, so the recorded path counts
 * only when it is one of this project's pending files; a file there for another ask (a name used again) does not.
 */
function fileOfAsk(
	cwd: string,
	ask: SessionAsk,
	entries: readonly PendingEntry[],
	taken: ReadonlySet<string>,
): string | undefined {
	const free = entries.filter((e) => !taken.has(e.path));
	if (ask.pendingFile) {
		const path = resolve(cwd, ask.pendingFile);
		const there = free.find((e) => e.path === path);
		if (isProjectPendingFile(cwd, path) && !taken.has(path) && (!there?.file || holdsAsk(there.file, ask))) {
			return path;
		}
	}
	const id = JSON.stringify(ask.toolCallId);
	const mine = free.find((e) => e.file !== undefined && holdsAsk(e.file, ask));
	// A file broken by a hand edit cannot be parsed, but it still names its ask.
	return mine?.path ?? free.find((e) => !e.file && readPendingText(cwd, e.path)?.text.includes(id))?.path;
}

/** What the person wrote into this ask's file; a file of a newer version is refused when it holds this ask. */
function editedIn(
	read: PendingText | undefined,
	shownPath: string,
	toolCallId: string,
	questions: readonly Question[],
	readImage: ImageReader,
): EditedAnswers {
	if (read === undefined) return { kind: "none" };
	if (read.kind === "readable") return editedAnswers(read.text, shownPath, toolCallId, questions, readImage);
	return read.text.includes(JSON.stringify(toolCallId))
		? { kind: "error", message: read.error.message }
		: { kind: "other-ask" };
}

/**
 * This session's waiting asks, oldest first; interrupted ones with no file get one (and a record). The project's
 * pending files are listed only when the session has such an ask (a new session lists none at all).
 */
export function findOpenAsks(
	ctx: ExtensionContext,
	entries: () => readonly PendingEntry[],
	deps: FindingsDeps,
	ignored?: string[],
): OpenAsk[] {
	const sessionId = ctx.sessionManager.getSessionId();
	const asks = openAsks(asksOnBranch(ctx.sessionManager.getBranch()), deps.settledElsewhere(sessionId, ctx.cwd));
	const taken = new Set<string>();
	return asks.flatMap((ask): OpenAsk[] => {
		const request = ask.request;
		// An invalid call was already reported to the model as an error when it was made.
		if (!request) return [];
		const named = { toolCallId: ask.toolCallId, ...(ask.askedAt !== undefined ? { askedAt: ask.askedAt } : {}) };
		let path = fileOfAsk(ctx.cwd, ask, entries(), taken);
		if (!path) {
			// A pending ask whose file the person deleted is dropped; an interrupted one was never saved by choice.
			if (ask.state !== "interrupted") return [];
			try {
				path = savePendingFile(ctx.cwd, deps.pendingFileFor(ctx, { ...ask, request }));
			} catch {
				return [{ ...named, request, edited: { kind: "none" } }];
			}
			deps.recordPending(named, displayPath(ctx.cwd, path));
		}
		taken.add(path);
		const shownPath = displayPath(ctx.cwd, path);
		const read = readPendingText(ctx.cwd, path);
		const edited = editedIn(read, shownPath, ask.toolCallId, request.questions, deps.readImage);
		if (edited.kind === "other-ask") return [{ ...named, request, edited: { kind: "none" } }];
		const written = read?.kind === "readable" ? answersInText(read.text) : undefined;
		if (edited.kind === "answered" && written && deps.answersWrittenByTool(path)) {
			// The questions still wait for the person; the answers a tool call wrote are not theirs.
			ignored?.push(ignoredSentence(shownPath, "written-by-tool", { trusted: true }));
			return [{ ...named, request, path, shownPath, edited: { kind: "none" } }];
		}
		const answeredBy = edited.kind === "answered" && written ? deps.given.given("file", written)?.by : undefined;
		return [{ ...named, request, path, shownPath, edited, ...(answeredBy ? { answeredBy } : {}) }];
	});
}

/** Whether one of this session's waiting asks holds the file (ids can repeat: the file, not its id, says which). */
function heldByOpenAsk(open: readonly OpenAsk[], path: string): boolean {
	return open.some((ask) => ask.path === path);
}

/** When the file's ask was made, where the verdict learnt it from its session: the answers name that ask. */
/**
 * What of another session's file goes to the model with its answers (pending/trust.ts's `fileForDelivery`): when its
 * ask was made, and its task only when the file passes the rule; a task nobody can tell the person wrote never reaches
 * the model as theirs, however its answers came to count (the web page's confirmed answer, say).
 */
function deliveredParts(file: PendingFile, trust: PendingVerdict): { askedAt?: number; task?: string } {
	const { askedAt, task } = fileForDelivery(file, trust);
	return { ...(askedAt !== undefined ? { askedAt } : {}), ...(task !== undefined ? { task } : {}) };
}

/**
 * Other sessions' readable pending files in the project, oldest first, with the trust verdict: from the newest back
 * to the newest one this user's pi wrote (what `--answers` answers), so that a folder of a thousand is not judged
 * file by file when the newest is the person's own.
 */
export function findForeignPending(
	ctx: ExtensionContext,
	entries: readonly PendingEntry[],
	open: readonly OpenAsk[],
	deps: Pick<FindingsDeps, "trust" | "heldBy">,
): ForeignPending[] {
	const sessionId = ctx.sessionManager.getSessionId();
	const found: ForeignPending[] = [];
	for (const entry of [...entries].reverse()) {
		const file = entry.file;
		if (!file || file.sessionId === sessionId || heldByOpenAsk(open, entry.path)) continue;
		const trust = deps.trust(file, ctx.cwd);
		const mcp = file.asker
			? mcpPermission(
					permissionFor(
						{ path: entry.path, file },
						{ judge: () => trust, ...(deps.heldBy ? { heldElsewhere: deps.heldBy } : {}) },
					),
				)
			: undefined;
		found.push({
			...(mcp ? { mcp } : {}),
			path: entry.path,
			shownPath: displayPath(ctx.cwd, entry.path),
			sessionId: file.sessionId,
			toolCallId: file.toolCallId,
			...deliveredParts(file, trust),
			request: file.request,
			trust,
		});
		// The newest the person's own (their pi's, or their MCP server's) is what --answers answers.
		if (trust.trusted || mcp?.kind === "for-asker") break;
	}
	return found.reverse();
}

/**
 * Other sessions' pending files in the project whose answers the person filled in and which may be delivered here
 * (the one rule, pending/permission.ts: this user's pi wrote them, nothing settled them, no tool call wrote the
 * answers), oldest first: `pi -c` continues the newest session, which may not be the one that asked.
 */
function findFilledElsewhere(
	ctx: ExtensionContext,
	entries: readonly PendingEntry[],
	open: readonly OpenAsk[],
	deps: Pick<FindingsDeps, "trust" | "readImage" | "answersWrittenByTool" | "given" | "heldBy">,
	ignored: string[],
): FilledPending[] {
	const sessionId = ctx.sessionManager.getSessionId();
	return entries.flatMap((entry): FilledPending[] => {
		const file = entry.file;
		if (!file || heldByOpenAsk(open, entry.path)) return [];
		if (!file.questions.some((question) => question.answer !== null)) return [];
		const trust = deps.trust(file, ctx.cwd);
		const shownPath = displayPath(ctx.cwd, entry.path);
		// Filled in, but its ask was answered already: nothing is sent, and the person is told rather than left to wonder.
		if (!trust.trusted && trust.kind === "settled") {
			ignored.push(refusalSentence(shownPath, { kind: "settled", verdict: trust }));
			return [];
		}
		// This session's own file that none of its waiting asks holds (an ask on another branch): left as it is.
		if (file.sessionId === sessionId) return [];
		// The one answerer: pi's own ask is this pi's to deliver; an MCP client's answers are its server's to take (or
		// nobody's), never this pi's model's, and nothing is written for it from here (no answers are given).
		const result = answerWaitingAsk(
			{ path: entry.path, file },
			{ by: "pi", answers: () => ({ invalid: "found in the file, not given" }) },
			{
				judge: () => trust,
				heldElsewhere: deps.heldBy ?? (() => undefined),
				given: deps.given,
				filled: { writtenByTool: deps.answersWrittenByTool },
			},
		);
		const refusal = result.kind === "refused" ? result.refusal : undefined;
		if (refusal?.kind === "asker-gone") ignored.push(refusalSentence(shownPath, refusal));
		if (result.kind !== "deliver-here") return [];
		const { permission } = result;
		if (permission.filledAnswers === "ignore") {
			ignored.push(ignoredSentence(shownPath, permission.because, trust));
			return [];
		}
		const edited = editedIn(
			readPendingText(ctx.cwd, entry.path),
			shownPath,
			file.toolCallId,
			file.request.questions,
			deps.readImage,
		);
		if (edited.kind !== "answered") return [];
		const answeredBy = deps.given.given("file", file)?.by;
		return [
			{
				path: entry.path,
				shownPath,
				sessionId: file.sessionId,
				toolCallId: file.toolCallId,
				...deliveredParts(file, trust),
				request: file.request,
				trust,
				outcome: edited.outcome,
				...(answeredBy ? { answeredBy } : {}),
			},
		];
	});
}

/** The messages refusing the project's pending files of a newer version, oldest first. */
function findNewerPending(entries: readonly PendingEntry[]): string[] {
	return entries.flatMap((entry) => (entry.error instanceof NewerPendingFileError ? [entry.error.message] : []));
}

/**
 * Everything the startup plan needs to know, found once: this session's waiting asks, and — only when `--answers`
 * may be meant for another session's questions (nothing waits here, no session goes on) — the project's other
 * pending files. The project's folder is listed at most once, and only when something needs it.
 */
export function findStartup(
	ctx: ExtensionContext,
	run: Pick<StartupFindings, "frontEnd" | "prompt" | "continued" | "answersFlag">,
	deps: FindingsDeps,
): StartupFindings {
	let listed: PendingEntry[] | undefined;
	const entries = () => {
		listed ??= listPendingFiles(ctx.cwd);
		return listed;
	};
	const ignored: string[] = [];
	const open = findOpenAsks(ctx, entries, deps, ignored);
	const needForeign = run.answersFlag !== undefined && open.length === 0 && !run.continued;
	// Option B (fill in the file, then `pi -c`) must work whichever session `-c` continues.
	const needFilled = run.answersFlag === undefined && run.continued;
	return {
		...run,
		readImage: deps.readImage,
		open,
		foreign: needForeign ? findForeignPending(ctx, entries(), open, deps) : [],
		filledElsewhere: needFilled ? findFilledElsewhere(ctx, entries(), open, deps, ignored) : [],
		newer: needForeign ? findNewerPending(entries()) : [],
		ignored,
	};
}
