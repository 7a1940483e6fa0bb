/**
 * `/questions`: show the project's pending questions, `clear` them, or `answer` them in a dialog and
 * deliver the answers to the session. Works in the TUI, in RPC mode and in `pi -p "/questions"`.
 */
import { writeSync } from "node:fs";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { AskOutcome, AskRequest } from "../core/types.js";
import { detectMode } from "../modes/detect.js";
import { formatStructuredDelivery } from "../pending/delivery.js";
import {
	displayPath,
	formatPendingQuestions,
	listPendingFiles,
	type PendingEntry,
	type PendingFile,
	type ReadablePendingEntry,
	removePendingFile,
	sessionPendingFiles,
} from "../pending/pending-file.js";
import {
	describeUntrusted,
	fileForDelivery,
	type TrustVerdict,
	trustForThisRun,
	UNTRUSTED_CHOICE,
} from "../pending/trust.js";

export interface QuestionsCommandDeps {
	/** Shows the dialog for the request where there is a UI; `undefined` where there is none. */
	askLocally(ctx: ExtensionContext, request: AskRequest): Promise<AskOutcome> | undefined;
	/** Delivers text to the model as the user's message. */
	deliver(text: string): void;
}

function show(ctx: ExtensionContext, text: string, level: "info" | "warning" | "error" = "info") {
	if (ctx.hasUI) return ctx.ui.notify(text, level);
	// In JSON mode stdout carries pi's events; text goes to stderr there.
	writeSync(level === "info" && detectMode(ctx) === "print" ? 1 : 2, `${text}\n`);
}

function describeEntry(ctx: ExtensionContext, entry: PendingEntry, sessionId: string): string {
	const path = displayPath(ctx.cwd, entry.path);
	if (entry.error) return `${path}: cannot be read — ${entry.error.message}`;
	const file = entry.file as PendingFile;
	if (file.sessionId !== sessionId) {
		const verdict = trustForThisRun(ctx.cwd)(file);
		if (!verdict.trusted) return `${describeUntrusted(path, file, verdict.reason)}\n${formatPendingQuestions(file)}`;
	}
	const whose = file.sessionId === sessionId ? "this session" : `session ${file.sessionId.slice(0, 8)}`;
	return `${path} (${whose}, ${file.timestamp})\n${formatPendingQuestions(file)}`;
}

const USAGE = "Usage: /questions [list | answer | clear]";

/** Shows a pending file's questions in the dialog; answered → delivered to the session and the file removed. */
export async function answerPending(
	ctx: ExtensionContext,
	deps: QuestionsCommandDeps,
	target: ReadablePendingEntry,
): Promise<void> {
	const path = displayPath(ctx.cwd, target.path);
	if (!ctx.hasUI) {
		return show(
			ctx,
			`/questions answer needs a UI. Answer with: pi -p -c --answers '[…]', or edit ${path} and run pi -c`,
			"error",
		);
	}
	const sameSession = target.file.sessionId === ctx.sessionManager.getSessionId();
	// Another session's file is used only if this user's pi wrote it, or the person chooses it knowing where it came from.
	const verdict: TrustVerdict = sameSession ? { trusted: true } : trustForThisRun(ctx.cwd)(target.file);
	if (!verdict.trusted) {
		const choice = await ctx.ui.select(describeUntrusted(path, target.file, verdict.reason), [
			UNTRUSTED_CHOICE.answer,
			UNTRUSTED_CHOICE.leave,
		]);
		if (choice !== UNTRUSTED_CHOICE.answer) return show(ctx, `Not answered; ${path} is left as it is.`, "warning");
	}
	const asking = deps.askLocally(ctx, target.file.request);
	if (!asking) return show(ctx, `/questions answer needs a UI; ${path} is left as it is.`, "error");
	const outcome = await asking;
	if (outcome.kind !== "answered")
		return show(ctx, "Not answered; the questions stay pending (/questions answer).", "warning");
	// Delivered first: if delivery fails, the questions are still pending.
	deps.deliver(formatStructuredDelivery(fileForDelivery(target.file, verdict), outcome, sameSession));
	removePendingFile(target.path);
}

export function createQuestionsCommand(deps: QuestionsCommandDeps) {
	return {
		description: "Show, answer or clear pending ask_user questions",
		getArgumentCompletions: (prefix: string) => {
			const items = ["list", "answer", "clear"].filter((c) => c.startsWith(prefix.trim()));
			return items.length > 0 ? items.map((value) => ({ value, label: value })) : null;
		},
		handler: async (args: string, ctx: ExtensionContext) => {
			const sub = args.trim().toLowerCase() || "list";
			const entries = listPendingFiles(ctx.cwd);
			const sessionId = ctx.sessionManager.getSessionId();
			if (sub === "list") {
				if (entries.length === 0) return show(ctx, "No pending questions.");
				return show(ctx, entries.map((e) => describeEntry(ctx, e, sessionId)).join("\n\n"));
			}
			if (sub === "clear") {
				const clearable = entries.filter((e) => e.file);
				const broken = entries.filter((e) => e.error);
				if (clearable.length === 0) {
					return show(
						ctx,
						broken.length ? broken.map((e) => describeEntry(ctx, e, sessionId)).join("\n") : "No pending questions.",
					);
				}
				const count = clearable.reduce((n, e) => n + (e.file?.questions.length ?? 0), 0);
				if (ctx.hasUI) {
					const ok = await ctx.ui.confirm(
						"Clear pending questions?",
						`Delete ${count} pending question(s) in ${clearable.length} file(s)?`,
					);
					if (!ok) return show(ctx, "Kept the pending questions.");
				}
				for (const entry of clearable) removePendingFile(entry.path);
				const kept = broken.length
					? ` Left ${broken.length} unreadable file(s) untouched: ${broken.map((e) => displayPath(ctx.cwd, e.path)).join(", ")}`
					: "";
				return show(ctx, `Cleared ${count} pending question(s).${kept}`);
			}
			if (sub === "answer") {
				const readable = entries.filter((e): e is ReadablePendingEntry => e.file !== undefined);
				// This session's newest ask first; then the newest this user's pi wrote; then the newest (after a choice).
				const trust = trustForThisRun(ctx.cwd);
				const target =
					sessionPendingFiles(readable, sessionId).at(-1) ??
					readable.filter((e) => trust(e.file).trusted).at(-1) ??
					readable.at(-1);
				if (target) return answerPending(ctx, deps, target);
				const broken = entries[0];
				return show(
					ctx,
					broken ? describeEntry(ctx, broken, sessionId) : "No pending questions.",
					broken ? "error" : "info",
				);
			}
			show(ctx, USAGE, "warning");
		},
	};
}
