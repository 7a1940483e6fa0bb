/**
 * `/questions`: show the project's pending questions (`list`, or `json` for programs — in structured RPC mode
 * `list` is JSON too), `clear` them, `answer` them in a dialog and deliver the answers to the session, or `reopen`
 * questions of this session the person cancelled. Works in the TUI, in RPC mode and in `pi -p "/questions"`.
 */

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionContext, SessionEntry } from "@mariozechner/pi-coding-agent";
import { type AskId, askKey } from "../ask/id.js";
import { relativeTime } from "../core/relative-time.js";
import { sanitizeLine, shellQuote } from "../core/text.js";
import { words } from "../i18n/words.js";
import type { AskToAnswer } from "../lifecycle/lifecycle.js";
import { PENDING_PAGE_SIZE, type PendingListing, pendingListing } from "../lifecycle/pending-listing.js";
import type { FrontEnd } from "../modes/front-end.js";
import { type Claims, describeClaim } from "../pending/claims.js";
import { filledStart } from "../pending/delivery.js";
import { writeForAsker } from "../pending/for-asker.js";
import { type GivenRecord, givenOnPage } from "../pending/given-for-asker.js";
import {
	displayPath,
	formatPendingQuestions,
	listPendingFiles,
	listPendingNames,
	type PendingEntry,
	type PendingFile,
	type ReadablePendingEntry,
	readPendingEntry,
	removePendingFile,
} from "../pending/pending-file.js";
import {
	type AskPermission,
	filledAnswersCount,
	ignoredSentence,
	permissionFor,
	refusalSentence,
} from "../pending/permission.js";
import { describeUntrusted, fileForDelivery, type PendingVerdict, UNTRUSTED_CHOICE } from "../pending/trust.js";
import { reopenableAsks } from "../records/ask-records.js";
import { questionsCompletions } from "./questions-completions.js";

export interface QuestionsCommandDeps {
	frontEnd(ctx: ExtensionContext): FrontEnd;
	/** Whether the RPC client speaks the structured protocol (then `list` answers in JSON). */
	structuredRpc: boolean;
	/** Shows the questions in a dialog; answered → delivered once. */
	answerInDialog(ctx: ExtensionContext, target: AskToAnswer): Promise<void>;
	/** Records that these asks were cleared, so no later start brings them back. */
	markCleared(ctx: ExtensionContext, cleared: readonly { sessionId: string; toolCallId: string }[]): void;
	/** The verdict on a pending file in the project folder `cwd` (pending/permission.ts). */
	trust(file: PendingFile, cwd: string): PendingVerdict;
	/** Whether a pending file's filled-in answers were written by a tool call during a run (records/tool-writes.ts). */
	answersWrittenByTool(path: string): boolean;
	/** The person's record of answers they gave: on the page, and for an MCP client (records/store.ts). */
	given: GivenRecord;
	/** Another live pi's claim on a file: it is asking or delivering those questions now. */
	claims: Pick<Claims, "heldElsewhere">;
	/** Reads one pending file the folder listing named (pending-file.ts's `readPendingEntry`; a test counts the reads). */
	readPending?: (path: string) => PendingEntry | undefined;
}

/** How many asks `/questions` shows; `/questions json` lists every one, a page at a time. */
const LIST_LIMIT = 20;

/**
 * The pending files from the `skip`-th newest written on, read until `count` are found (files that went meanwhile
 * are passed over): the listings read only what they show, however many files the folder holds.
 */
function readNewest(
	names: readonly string[],
	skip: number,
	count: number,
	read: (path: string) => PendingEntry | undefined,
): { entries: PendingEntry[]; next: number } {
	const entries: PendingEntry[] = [];
	let next = skip;
	while (entries.length < count && next < names.length) {
		const entry = read(names[next++] as string);
		if (entry) entries.push(entry);
	}
	return { entries, next };
}

/** Everything the one rule (pending/permission.ts) weighs for one readable pending file, gathered in one place. */
interface EntryFacts {
	entry: ReadablePendingEntry;
	/** The ask is this session's own. */
	ownSession: boolean;
	/** The answers already in the file, as a dialog would start from them; `undefined` when none is filled in. */
	filled: ReturnType<typeof filledStart>;
	/** Who wrote it (the trust verdict). */
	verdict: PendingVerdict;
	/** What the one rule lets be done with it. */
	permission: AskPermission;
}

/**
 * The facts of one pending file, read once. `judgeOwn: false` takes this session's own ask as this pi's without
 * judging it (judging reads the whole session file, once for each of its files): a listing shows it the same either
 * way, while answering it must know whether it was settled meanwhile.
 */
function gatherFacts(
	entry: ReadablePendingEntry,
	here: { cwd: string; sessionId: string; judgeOwn: boolean },
	deps: Pick<QuestionsCommandDeps, "claims" | "trust" | "answersWrittenByTool" | "given">,
): EntryFacts {
	const { file } = entry;
	const ownSession = file.sessionId === here.sessionId;
	const verdict: PendingVerdict = ownSession && !here.judgeOwn ? { trusted: true } : deps.trust(file, here.cwd);
	const filled = filledStart(file);
	// Where filled-in answers came from matters only when there are some.
	const permission = permissionFor(entry, {
		judge: () => verdict,
		heldElsewhere: deps.claims.heldElsewhere,
		...(filled
			? { writtenByTool: deps.answersWrittenByTool, givenOnPage: (file) => givenOnPage(deps.given, file) }
			: {}),
	});
	return { entry, ownSession, filled, verdict, permission };
}

/**
 * One ask as a person reads it: a warning first if there is one, its questions, then when, whose and where, and what
 * the one rule lets the person do with it. Without a dialog (print mode) every listing runs in a session of its own,
 * so "another session" would say nothing: the asking session is named by its id, and each ask by the command that
 * answers it there.
 */
function describeEntry(
	ctx: ExtensionContext,
	entry: PendingEntry,
	facts: (entry: ReadablePendingEntry) => EntryFacts,
	now: Date,
	noDialog: boolean,
): string {
	const said = words().cli.questions;
	const path = displayPath(ctx.cwd, entry.path);
	if (entry.error) return said.cannotRead(path, entry.error.message);
	const { entry: readable, ownSession, verdict, permission } = facts(entry as ReadablePendingEntry);
	const file = readable.file;
	const whose = ownSession
		? said.thisSession
		: noDialog
			? said.sessionNamed(file.sessionId.slice(0, 8))
			: said.anotherSession;
	const where = `   ${relativeTime(file.timestamp, now, words().cli.relativeTime)} · ${whose} · ${path}`;
	const questions = formatPendingQuestions(file);
	const answerWith = noDialog ? `\n   ${said.answerWith(shellQuote(path))}` : "";
	switch (permission.kind) {
		case "held":
			return `${questions}\n${where} · ${said.answerThere(describeClaim(permission.holder))}`;
		// An MCP client's ask is answered here (for that client) or nowhere: never "there", and not a stranger's file.
		case "for-asker":
			return `${questions}\n${where}\n   ${said.forClient(sanitizeLine(permission.asker.client))}${answerWith}`;
		case "asker-gone":
			return `${questions}\n${where}\n   ${said.clientGone(sanitizeLine(permission.asker.client))}`;
		case "settled":
			return `${describeUntrusted(path, file, permission.verdict)}\n${questions}\n${where}`;
	}
	const warning = !ownSession && !verdict.trusted ? `${describeUntrusted(path, file, verdict)}\n` : "";
	return `${warning}${questions}\n${where}${answerWith}`;
}

/**
 * The person's list: the newest asks first (`newest`, at most LIST_LIMIT; only those are read and judged), how many
 * older ones there are, then the next step.
 */
function listText(
	ctx: ExtensionContext,
	newest: readonly PendingEntry[],
	older: number,
	describe: (entry: PendingEntry) => string,
	noDialog: boolean,
): string {
	return [
		words().cli.questions.listHeader(sanitizeLine(ctx.cwd)),
		...newest.map(describe),
		...(older > 0 ? [words().cli.questions.older(older)] : []),
		noDialog ? words().cli.questions.printFooter : words().cli.questions.listFooter,
	].join("\n\n");
}

/** The ask behind a pending file; an untrusted file's task is dropped (the person was not shown it as theirs). */
function asAskToAnswer(target: ReadablePendingEntry, sessionId: string, verdict: PendingVerdict): AskToAnswer {
	const file = fileForDelivery(target.file, verdict);
	return {
		toolCallId: file.toolCallId,
		...(file.askedAt !== undefined ? { askedAt: file.askedAt } : {}),
		request: file.request,
		path: target.path,
		...(file.task !== undefined ? { task: file.task } : {}),
		...(file.sessionId !== sessionId ? { fromSession: file.sessionId } : {}),
	};
}

/**
 * Where a reopened ask (it has no pending file) is claimed while a dialog shows it: a name no pending-file listing
 * reads, one per ask, so another pi continuing the same session sees it held.
 */
function reopenClaimPath(cwd: string, ask: Pick<AskId, "sessionId" | "toolCallId">): string | undefined {
	const folder = join(cwd, ".pi");
	try {
		mkdirSync(folder, { recursive: true });
	} catch {
		return undefined;
	}
	return join(folder, `reopened-${askKey(ask)}.json`);
}

/** How often a dialog answering an MCP client's ask checks that its server still waits. */
const ASKER_CHECK_MS = 1_000;

/**
 * An MCP client's ask answered in pi's dialog: the answers are written into its file for its server (which returns
 * them to the client), never delivered to pi's model. The dialog closes when the server lets go of the ask meanwhile
 * (the person answered elsewhere, or the client went away).
 */
async function answerClientsAskInDialog(
	ctx: ExtensionContext,
	shown: FrontEnd,
	target: ReadablePendingEntry,
	permission: Extract<AskPermission, { kind: "for-asker" }>,
	deps: Pick<QuestionsCommandDeps, "trust" | "claims" | "given">,
): Promise<void> {
	const { heldElsewhere } = deps.claims;
	const ask = shown.ask;
	if (!ask) return;
	const { toolCallId, request } = target.file;
	const stop = new AbortController();
	const watch = setInterval(() => {
		if (heldElsewhere(target.path, toolCallId)?.holder !== "mcp") stop.abort();
	}, ASKER_CHECK_MS);
	watch.unref();
	let outcome: Awaited<ReturnType<typeof ask>>;
	try {
		outcome = await ask(request, {
			requestId: toolCallId,
			history: [],
			signal: stop.signal,
			acceptsImages: false,
			acceptsNotes: false,
		});
	} finally {
		clearInterval(watch);
	}
	const path = displayPath(ctx.cwd, target.path);
	if (stop.signal.aborted)
		return shown.tell(refusalSentence(path, { kind: "asker-gone", asker: permission.asker }), "warning");
	if (outcome.kind !== "answered") return shown.tell(words().cli.questions.notAnswered(path), "warning");
	try {
		shown.tell(
			`pi-ask-anywhere: ${writeForAsker({ path: target.path, shown: path }, toolCallId, permission.asker, outcome, {
				judge: (file) => deps.trust(file, ctx.cwd),
				heldElsewhere,
				given: deps.given,
			})}`,
			"notice",
		);
	} catch (error) {
		shown.fail((error as Error).message);
	}
}

export function createQuestionsCommand(deps: QuestionsCommandDeps) {
	return {
		description: words().cli.questions.description,
		getArgumentCompletions: questionsCompletions,
		handler: async (args: string, ctx: ExtensionContext) => {
			const shown = deps.frontEnd(ctx);
			const now = new Date();
			const [sub = "list", pageWord, ...rest] = args.trim().toLowerCase().split(/\s+/).filter(Boolean);
			const sessionId = ctx.sessionManager.getSessionId();
			const noDialog = shown.ask === undefined;
			const factsOf = (entry: ReadablePendingEntry, judgeOwn: boolean) =>
				gatherFacts(entry, { cwd: ctx.cwd, sessionId, judgeOwn }, deps);
			const describe = (entry: PendingEntry) =>
				describeEntry(ctx, entry, (readable) => factsOf(readable, false), now, noDialog);
			const read = deps.readPending ?? readPendingEntry;
			const json = sub === "json" || (sub === "list" && shown.kind === "rpc" && deps.structuredRpc);
			// `/questions json 2`: the second page. Only the JSON listing takes a page.
			const page = pageWord === undefined ? 1 : /^[1-9]\d{0,8}$/.test(pageWord) ? Number(pageWord) : 0;
			if (rest.length > 0 || page === 0 || (pageWord !== undefined && !json)) {
				return shown.tell(words().cli.questions.usage, "warning");
			}
			if (json) {
				const names = listPendingNames(ctx.cwd);
				const { entries, next } = readNewest(names, (page - 1) * PENDING_PAGE_SIZE, PENDING_PAGE_SIZE, read);
				const where = { total: names.length, page, hasNext: next < names.length };
				const listing: PendingListing = pendingListing(
					ctx.cwd,
					entries,
					sessionId,
					(file) => deps.trust(file, ctx.cwd),
					where,
				);
				return shown.tell(JSON.stringify(listing));
			}
			if (sub === "list") {
				const names = listPendingNames(ctx.cwd);
				const { entries, next } = readNewest(names, 0, LIST_LIMIT, read);
				if (entries.length === 0) return shown.tell(words().cli.questions.none);
				return shown.tell(listText(ctx, entries, names.length - next, describe, noDialog));
			}
			const entries = listPendingFiles(ctx.cwd);
			if (sub === "clear") {
				const readable = entries.filter((e): e is ReadablePendingEntry => e.file !== undefined);
				// Each file left held says what holds it: another pi, or an MCP server waiting for its client's answers.
				const holders = new Map(
					readable.flatMap((e) => {
						const holder = deps.claims.heldElsewhere(e.path, e.file.toolCallId);
						return holder ? [[e, holder] as const] : [];
					}),
				);
				const held = [...holders.keys()];
				const clearable = readable.filter((e) => !holders.has(e));
				const broken = entries.filter((e) => e.error);
				if (clearable.length === 0) {
					const left = [...held, ...broken];
					return shown.tell(left.length ? left.map(describe).join("\n") : words().cli.questions.none);
				}
				const count = clearable.reduce((n, e) => n + e.file.questions.length, 0);
				if (ctx.hasUI) {
					// Deleting cannot be undone: No is preselected, so an Enter by habit keeps them.
					const asked = words().cli.questions;
					const choice = await ctx.ui.select(asked.clearPrompt(count, clearable.length), [
						asked.clearKeep,
						asked.clearDelete,
					]);
					if (choice !== asked.clearDelete) return shown.tell(asked.kept);
				}
				deps.markCleared(
					ctx,
					clearable.map((e) => ({ sessionId: e.file.sessionId, toolCallId: e.file.toolCallId })),
				);
				for (const entry of clearable) removePendingFile(entry.path, entry.file);
				const paths = (list: readonly PendingEntry[]) => list.map((e) => displayPath(ctx.cwd, e.path)).join(", ");
				const kept = [
					...(broken.length ? [words().cli.questions.leftUnreadable(broken.length, paths(broken))] : []),
					...[...holders].map(([e, holder]) =>
						words().cli.questions.leftHeld(displayPath(ctx.cwd, e.path), describeClaim(holder)),
					),
				];
				return shown.tell([words().cli.questions.cleared(count), ...kept].join(" "));
			}
			if (sub === "reopen") {
				// Newest first; the answers reach the model once, as a user message naming the ask it had heard cancelled.
				const asks = reopenableAsks(ctx.sessionManager.getBranch() as SessionEntry[]);
				if (asks.length === 0) return shown.tell(words().cli.questions.nothingToReopen);
				const labels = asks.map(
					(ask, i) => `${i + 1}. ${ask.request.questions.map((q) => sanitizeLine(q.question)).join(" · ")}`,
				);
				const chosen =
					asks.length === 1
						? asks[0]
						: asks[labels.indexOf((await ctx.ui.select(words().cli.questions.reopenWhich, labels)) ?? "")];
				if (!chosen) return shown.tell(words().cli.questions.nothingReopened);
				return deps.answerInDialog(ctx, {
					toolCallId: chosen.toolCallId,
					request: chosen.request,
					claimPath: reopenClaimPath(ctx.cwd, {
						sessionId: ctx.sessionManager.getSessionId(),
						toolCallId: chosen.toolCallId,
					}),
				});
			}
			if (sub === "answer") {
				const judged = entries
					.filter((e): e is ReadablePendingEntry => e.file !== undefined)
					.map((e) => {
						const facts = factsOf(e, true);
						return { facts, permission: facts.permission };
					});
				// Questions another pi is asking or delivering now are its own; answering them here would answer twice. An
				// MCP client's questions its server holds are answered here, for that client.
				const answerable = judged.filter(({ permission }) => permission.kind !== "held");
				// This session's newest ask first; then the newest this user's pi (or MCP server) wrote; then the newest (after a
				// choice).
				const chosen =
					answerable.filter(({ facts }) => facts.ownSession).at(-1) ??
					answerable
						.filter(({ facts, permission }) => facts.verdict.trusted || permission.kind === "for-asker")
						.at(-1) ??
					answerable.at(-1);
				if (chosen) {
					const { facts, permission } = chosen;
					const target = facts.entry;
					const path = displayPath(ctx.cwd, target.path);
					const verdict = facts.verdict;
					if (permission.kind === "asker-gone") return shown.tell(refusalSentence(path, permission), "warning");
					if (permission.kind === "for-asker") {
						if (noDialog) return shown.fail(words().cli.questions.answerHere(shellQuote(path)));
						return answerClientsAskInDialog(ctx, shown, target, permission, deps);
					}
					// Answers already delivered are never delivered again (a restored or copied file).
					if (permission.kind === "settled") return shown.tell(refusalSentence(path, permission), "warning");
					if (noDialog) return shown.fail(words().cli.questions.answerHere(shellQuote(path)));
					if (!verdict.trusted && !facts.ownSession && ctx.hasUI) {
						// Another user's, an unknown or another folder's file: answered only by the person's choice, seeing its origin.
						const choice = await ctx.ui.select(describeUntrusted(path, target.file, verdict), [
							UNTRUSTED_CHOICE.answer,
							UNTRUSTED_CHOICE.leave,
						]);
						if (choice !== UNTRUSTED_CHOICE.answer)
							return shown.tell(words().cli.questions.notAnswered(path), "warning");
					}
					// The dialog starts from the answers already in the file, where the one rule lets them count as the person's.
					const { filled } = facts;
					if (filled && permission.kind === "answer" && permission.filledAnswers === "ignore") {
						const line = ignoredSentence(path, permission.because, verdict);
						shown.tell(`pi-ask-anywhere: ${line}`, "warning");
					}
					const startFrom = filled && filledAnswersCount(permission) ? { startFrom: filled } : {};
					return deps.answerInDialog(ctx, { ...asAskToAnswer(target, sessionId, verdict), ...startFrom });
				}
				const broken = entries[0];
				return shown.tell(broken ? describe(broken) : words().cli.questions.none, broken ? "error" : "info");
			}
			shown.tell(words().cli.questions.usage, "warning");
		},
	};
}
