/**
 * Approvals: a tool call that matches one of the person's rules (core/approval-rules.ts) is held in pi's `tool_call`
 * event and asked as one ask_user question through the one ask handler, so the TUI dialog, RPC's dialogs, the page,
 * push, the pending file and exactly-once all apply as they do to the model's questions. Only the person's Allow lets
 * the call run; every other end (a denial, a cancel, an abort, the time limit, nobody to ask, anything unreadable)
 * blocks it, and the model reads why. Allow for this session is held here, as a value, for the session's life. An
 * approval left pending (print mode, the time limit) is decided later: in its file (a tap, the page, an edit), by the
 * same rule as any pending answer, or in a dialog shown after its turn (`/questions`); the same call, made again in
 * that session, then runs once on an Allow, or is blocked as denied on a Deny.
 */
import * as fs from "node:fs";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { decisionOf as decisionLogged, type RecordDecision } from "../ask/decision.js";
import { readRegularFile } from "../ask/files.js";
import {
	type ApprovalDecision,
	type ApprovalFacts,
	type ApprovalLabels,
	type ApprovalRule,
	type ApprovalSettings,
	approvalDecision,
	approvalOf,
	approvalRequest,
	callHash,
	matchingRule,
} from "../core/approval-rules.js";
import type { AskOutcome } from "../core/types.js";
import { type Claims, withAnswerLock } from "../pending/claims.js";
import { type GivenRecord, givenOnPage } from "../pending/given-for-asker.js";
import { displayPath, listPendingFiles, type PendingFile, readPendingText } from "../pending/pending-file.js";
import { permissionFor } from "../pending/permission.js";
import type { PendingVerdict } from "../pending/trust.js";
import { answersInText } from "../records/store.js";
import type { AskHandler } from "../tool/ask-user-tool.js";
import { editedAnswers } from "./edited-answers.js";

export interface ApprovalsDeps {
	/** The rules and time limit of the session now (host/settings.ts, read at each session start). */
	settings(): ApprovalSettings;
	/** The one way to ask the person (the lifecycle's ask handler, through the children's route where there is one). */
	ask: AskHandler;
	/** The words of the approval's question in the run's language. */
	labels(): ApprovalLabels;
	/** The person's approvals left pending, and the one rule that says whose answers they hold. */
	pending: PendingApprovals;
	/** The decision log's writer (ask/decision.ts): an approval decided in its file is recorded here, once. */
	recordDecision?: RecordDecision;
}

/** What it takes to read an approval the person answered in its file after its turn. */
export interface PendingApprovals {
	/** Lists the project's pending files (pending/pending-file.ts). */
	list(cwd: string): readonly { path: string; file?: PendingFile }[];
	read(cwd: string, path: string): string | undefined;
	trust(file: PendingFile, cwd: string): PendingVerdict;
	answersWrittenByTool(path: string): boolean;
	/**
	 * The person's record of answers they gave: on the page for a file their pi did not write, or by the page or a tap
	 * into their own pi's file (else the file was edited).
	 */
	given: Pick<GivenRecord, "given">;
	claims: Pick<Claims, "heldElsewhere">;
	/**
	 * Takes the file away if it still reads `judged` (the text whose answers were judged): true for exactly one taker,
	 * however many pi processes try at once; false when it changed, is gone, or cannot be taken.
	 */
	take(path: string, judged: string): boolean;
}

/**
 * Takes a pending file away under the answer lock (pending/claims.ts: a tap or the page writing an answer, and
 * every other taker, waits for it): removed while it still reads `judged`, so that of two pi processes continuing one
 * session only the first takes the Allow; the second finds it gone.
 */
export function takePendingFile(path: string, judged: string): boolean {
	const locked = withAnswerLock(path, () => {
		if (readRegularFile(path) !== judged) return false;
		try {
			fs.rmSync(path);
			return true;
		} catch {
			return false;
		}
	});
	return locked.kind === "done" && locked.value;
}

/** The real files (pending/pending-file.ts) and the given judges. */
export function pendingApprovals(judges: Omit<PendingApprovals, "list" | "read" | "take">): PendingApprovals {
	return {
		...judges,
		list: listPendingFiles,
		read: (cwd, path) => {
			const read = readPendingText(cwd, path);
			return read?.kind === "readable" ? read.text : undefined;
		},
		take: takePendingFile,
	};
}

export type ToolCallVerdict = { block: true; reason: string } | undefined;

/** What the model reads when a call did not run. */
const MODEL = {
	denied: (facts: ApprovalFacts, note: string | undefined) =>
		`The person denied this ${facts.tool} call (it needs their approval: ${facts.rule}); it did not run.` +
		(note ? ` Their note: ${note}` : " Do not try it another way without asking them."),
	pending: (facts: ApprovalFacts, file: string | undefined) =>
		`This ${facts.tool} call waits for the person's approval (${facts.rule}); it did not run.` +
		(file ? ` The approval is pending in ${file}.` : "") +
		" If the person allows it, make exactly this call again once the session goes on and it will run once. Do not try to get around the approval.",
	dismissed: (facts: ApprovalFacts) =>
		`The person dismissed the approval of this ${facts.tool} call (${facts.rule}); it did not run. Do not try it another way without asking them.`,
	interrupted: (facts: ApprovalFacts) =>
		`The approval of this ${facts.tool} call (${facts.rule}) was interrupted before the person decided; it did not run.`,
	failed: (facts: ApprovalFacts, why: string) =>
		`This ${facts.tool} call needs the person's approval (${facts.rule}), which could not be asked (${why}); it did not run.`,
};

/** The decision an outcome holds: only an answered approval can hold one. */
function decisionOf(outcome: AskOutcome, labels: ApprovalLabels): ApprovalDecision | undefined {
	if (outcome.kind !== "answered" || outcome.answers.length !== 1) return undefined;
	const answer = outcome.answers[0];
	const decision = approvalDecision(answer, labels);
	// The note the person added on the whole set of answers is the denial's when the answer's own note is missing.
	if (decision?.kind === "deny" && !decision.note && outcome.note) return { kind: "deny", note: outcome.note };
	return decision;
}

/** The block a call gets when no Allow came, saying why. */
function blocked(outcome: AskOutcome, facts: ApprovalFacts, decision: ApprovalDecision | undefined): ToolCallVerdict {
	if (decision?.kind === "deny") return { block: true, reason: MODEL.denied(facts, decision.note) };
	switch (outcome.kind) {
		case "pending":
			return { block: true, reason: MODEL.pending(facts, outcome.pendingFile) };
		case "timedOut":
			return { block: true, reason: MODEL.pending(facts, outcome.pendingFile) };
		case "cancelled":
			return { block: true, reason: MODEL.dismissed(facts) };
		case "answered":
			return { block: true, reason: MODEL.failed(facts, "the answer was not one of its options") };
		default:
			return { block: true, reason: MODEL.interrupted(facts) };
	}
}

export function createApprovals(deps: ApprovalsDeps) {
	/** The rules the person allowed for this session (by the rule as written). */
	const allowedForSession = new Set<string>();
	/** Calls the person allowed after their turn (answers delivered later): each runs once. */
	const allowedOnce = new Set<string>();

	/**
	 * The person's decision on exactly this call, left in its approval's pending file of this session after its turn
	 * (a tap, the page, an edit): taken once (claimed, then removed; a file that cannot be removed decides nothing).
	 * Files of the same call nobody answered are removed too: the call is asked anew.
	 */
	function decidedInFile(ctx: ExtensionContext, hash: string): ApprovalDecision | undefined {
		const sessionId = ctx.sessionManager.getSessionId();
		const mine = deps.pending
			.list(ctx.cwd)
			.filter(
				(entry): entry is { path: string; file: PendingFile } =>
					entry.file !== undefined &&
					entry.file.sessionId === sessionId &&
					approvalOf(entry.file.request.metadata)?.callHash === hash,
			);
		let decided: ApprovalDecision | undefined;
		for (const { path, file } of mine) {
			const text = deps.pending.read(ctx.cwd, path);
			const written = text === undefined ? undefined : answersInText(text);
			// Where the answers came from is judged on the text as read now, the one taken below.
			const permission = permissionFor(
				{ path, file },
				{
					judge: (found) => deps.pending.trust(found, ctx.cwd),
					heldElsewhere: deps.pending.claims.heldElsewhere,
					writtenByTool: () => (written ? deps.pending.answersWrittenByTool(path) : false),
					givenOnPage: () => (written ? givenOnPage(deps.pending.given, written) : false),
				},
			);
			// Held by another pi, settled, or not this folder's: it decides nothing here.
			if (permission.kind !== "answer") continue;
			const edited =
				text === undefined || permission.filledAnswers !== "use"
					? undefined
					: editedAnswers(text, displayPath(ctx.cwd, path), file.toolCallId, file.request.questions);
			const decision = edited?.kind === "answered" ? decisionOf(edited.outcome, deps.labels()) : undefined;
			// Answers that do not count (a tool call wrote them, or they are no decision) leave the file for the person:
			// only an unanswered file is superseded by the new ask.
			if (!decision && file.questions.some((question) => question.answer !== null)) continue;
			if (decision && decided) continue;
			// Not taken (changed meanwhile, taken by another pi, a read-only folder): it decides nothing here.
			if (text === undefined || !deps.pending.take(path, text)) continue;
			decided = decision;
			if (decision && edited?.kind === "answered" && written) {
				const by = deps.pending.given.given("file", written)?.by ?? "edited";
				const logged = decisionLogged(by, file.request.questions, edited.outcome);
				if (logged) deps.recordDecision?.({ ...logged, sessionId, toolCallId: file.toolCallId, project: ctx.cwd });
			}
		}
		return decided;
	}

	/** What a decision means for the call now and for later calls of its rule. */
	function carryOut(decision: ApprovalDecision | undefined, facts: ApprovalFacts): "run" | "block" {
		if (decision?.kind === "allow-session") allowedForSession.add(facts.rule);
		return decision?.kind === "allow" || decision?.kind === "allow-session" ? "run" : "block";
	}

	async function ask(
		event: { toolCallId: string; toolName: string; input: unknown },
		ctx: ExtensionContext,
		rule: ApprovalRule,
	): Promise<ToolCallVerdict> {
		const labels = deps.labels();
		const request = approvalRequest(event.toolName, event.input, rule, labels);
		const facts = approvalOf(request.metadata) as ApprovalFacts;
		const timeoutMs = deps.settings().timeoutMs;
		let outcome: AskOutcome;
		try {
			const resolution = await deps.ask({
				request,
				toolCallId: event.toolCallId,
				signal: ctx.signal,
				ctx,
				outside: {
					...(timeoutMs !== undefined ? { timeoutMs } : {}),
					savedText: (file) => labels.pending(facts.tool, facts.summary, file, labels.allow),
				},
			});
			outcome = resolution.outcome;
		} catch (error) {
			return { block: true, reason: MODEL.failed(facts, (error as Error).message) };
		}
		const decision = decisionOf(outcome, labels);
		return carryOut(decision, facts) === "run" ? undefined : blocked(outcome, facts, decision);
	}

	return {
		/** A new session: what was allowed for the previous one is not allowed for this one. */
		sessionStart(): void {
			allowedForSession.clear();
			allowedOnce.clear();
		},
		/**
		 * Answers to an approval reached the model after its turn (`/questions`, a dialog shown later): an Allow lets
		 * that call run once when the model makes it again (Allow for this session: and the rule's later calls).
		 */
		answeredLate(ask: { request: { metadata?: Record<string, unknown> } }, outcome: AskOutcome): void {
			const facts = approvalOf(ask.request.metadata);
			if (facts && carryOut(decisionOf(outcome, deps.labels()), facts) === "run") allowedOnce.add(facts.callHash);
		},
		/** pi's `tool_call`: a call no rule names goes on untouched; one that needs the person's yes waits for it. */
		async toolCall(
			event: { toolCallId: string; toolName: string; input: unknown },
			ctx: ExtensionContext,
		): Promise<ToolCallVerdict> {
			const rule = matchingRule(deps.settings().rules, event.toolName, event.input);
			if (!rule) return undefined;
			try {
				if (allowedForSession.has(rule.text)) return undefined;
				const hash = callHash(event.toolName, event.input);
				if (allowedOnce.delete(hash)) return undefined;
				const inFile = decidedInFile(ctx, hash);
				if (inFile) {
					const facts: ApprovalFacts = { tool: event.toolName, rule: rule.text, summary: "", callHash: hash };
					if (carryOut(inFile, facts) === "run") return undefined;
					return { block: true, reason: MODEL.denied(facts, inFile.kind === "deny" ? inFile.note : undefined) };
				}
				return await ask(event, ctx, rule);
			} catch (error) {
				// Nothing the person did not give may let the call run.
				return {
					block: true,
					reason: `This ${event.toolName} call needs the person's approval (${rule.text}), which failed (${(error as Error).message}); it did not run.`,
				};
			}
		},
	};
}
