/**
 * The one judgement of an ask waiting in a pending file: may it be answered here, and with what. Every path that answers
 * or lists a waiting ask (`@file`, `pi -c`, `--answers`, `/questions`, the web page, a tap, the startup plan, approvals)
 * asks `permissionFor`, instead of combining claims, the trust verdict and "settled" by hand.
 *
 * records/pending-trust.ts gives the verdict on the file (settled anywhere, made for another project folder, not
 * this user's pi's); `mayAnswerHere` weighs it with the rest, purely.
 *
 * What it guarantees: docs/guarantees.md, "Whose answers count" and "An MCP client's answers go to that client". The
 * `asker` mark is the file's own word: it counts only with a live server's claim on that very ask (which a cloned
 * repository cannot bring alive), and never on a file this user's pi vouches for.
 */
import { sanitizeLine } from "../core/text.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import { type Claim, describeClaim } from "./claims.js";
import type { PendingAsker, PendingFile } from "./pending-file.js";
import { type PendingVerdict, verdictReason } from "./trust.js";

type Distrust = Extract<PendingVerdict, { trusted: false }>;

export interface AskFacts {
	/** The trust verdict on the ask's pending file (settled anywhere, asked in another folder, not this pi's). */
	verdict: PendingVerdict;
	/** Another live process's claim: a pi asking or delivering this ask right now, or the MCP server holding it. */
	heldBy?: Claim | undefined;
	/** The file's filled-in answers were written by a tool call during a run, not by the person. */
	answersWrittenByTool?: boolean | undefined;
	/** The person gave these very answers on the web page, confirming a file their pi did not write. */
	answersGivenOnPage?: boolean | undefined;
	/** The file's own word that another agent asked it (untrusted: see the header). */
	asker?: PendingAsker | undefined;
}

/** Why the answers already in a file are not used (the person's own typing still counts). */
type IgnoredBecause = "not-this-pi" | "written-by-tool";

export type AskPermission =
	/** Answerable here. `filledAnswers`: whether the answers already in the file count as the person's. */
	| { kind: "answer"; filledAnswers: "use" }
	| { kind: "answer"; filledAnswers: "ignore"; because: IgnoredBecause; verdict: PendingVerdict }
	/** Another pi holds it now: answer it there, or once that pi has let it go. */
	| { kind: "held"; holder: Claim }
	/** Answered, cancelled or cleared already (here or in another session): never answered again. */
	| { kind: "settled"; verdict: Distrust }
	/** Asked for another project folder: not this folder's to answer. */
	| { kind: "elsewhere"; verdict: Distrust }
	/**
	 * An MCP client's ask its server holds now: answered by writing the answers into the file (never delivered to this
	 * pi's model); the answers already there are the client's to take.
	 */
	| { kind: "for-asker"; asker: PendingAsker; holder: Claim }
	/** Marked as an MCP client's ask, but no server holds it: its answers have nowhere to go, here least of all. */
	| { kind: "asker-gone"; asker: PendingAsker };

export function mayAnswerHere(facts: AskFacts): AskPermission {
	const { verdict, asker, heldBy } = facts;
	if (!verdict.trusted && verdict.kind === "settled") return { kind: "settled", verdict };
	if (asker && !verdict.trusted) {
		if (heldBy?.holder === "mcp") return { kind: "for-asker", asker, holder: heldBy };
		if (!heldBy) return { kind: "asker-gone", asker };
	}
	if (heldBy) return { kind: "held", holder: heldBy };
	if (!verdict.trusted && verdict.kind === "elsewhere") return { kind: "elsewhere", verdict };
	if (facts.answersWrittenByTool)
		return { kind: "answer", filledAnswers: "ignore", because: "written-by-tool", verdict };
	if (!verdict.trusted && !facts.answersGivenOnPage) {
		return { kind: "answer", filledAnswers: "ignore", because: "not-this-pi", verdict };
	}
	return { kind: "answer", filledAnswers: "use" };
}

/** A permission that refuses answering here: the ask is settled, another folder's, held, or its asker gone. */
export type Refusal = Extract<AskPermission, { kind: "settled" | "elsewhere" | "held" | "asker-gone" }>;

/** Whether a refusal is the rule's own (one `refusalSentence` says), not a way of answering's. */
export function isRuleRefusal(refusal: { kind: string }): refusal is Refusal {
	return ["settled", "elsewhere", "held", "asker-gone"].includes(refusal.kind);
}

/** Why the ask in `shown` (a file as the person sees it, or what was refused) is not answered here: one sentence a kind. */
export function refusalSentence(shown: string, refusal: Refusal, said: CliStrings = chosenWords().cli): string {
	switch (refusal.kind) {
		case "settled":
			return said.refused.settled(shown, verdictReason(refusal.verdict, said.trust));
		case "elsewhere":
			return said.refused.elsewhere(shown, verdictReason(refusal.verdict, said.trust));
		case "held":
			return said.refused.held(shown, describeClaim(refusal.holder, said.claim));
		case "asker-gone":
			return said.refused.askerGone(shown, sanitizeLine(refusal.asker.client));
	}
}

/**
 * Why the answers already in the file at `shown` do not count (the rule's `answer` with `filledAnswers: "ignore"`): a
 * tool call wrote them, or this user's pi did not write the file. One sentence a kind, from the same `refused` table.
 */
export function ignoredSentence(
	shown: string,
	because: IgnoredBecause,
	verdict: PendingVerdict,
	said: CliStrings = chosenWords().cli,
): string {
	if (because === "written-by-tool") return said.refused.ignoredWrittenByTool(shown);
	return said.refused.ignoredNotThisPi(shown, verdict.trusted ? "" : verdictReason(verdict, said.trust));
}

/** Whether the answers already in the file may be sent as the person's. */
export function filledAnswersCount(permission: AskPermission): boolean {
	return permission.kind === "answer" && permission.filledAnswers === "use";
}

/** Where the facts about a waiting ask come from; each is asked only when the rule needs it. */
export interface AskOrigins {
	/** The verdict on the file (records/pending-trust.ts). */
	judge(file: PendingFile): PendingVerdict;
	/** Another live process's claim on the file (./claims.ts): a pi asking it, or the MCP server holding it. */
	heldElsewhere?(path: string, toolCallId: string): Claim | undefined;
	/** The file's filled-in answers were written by a tool call during a run (records/tool-writes.ts). */
	writtenByTool?(path: string): boolean;
	/** The person gave these very answers on the page, for a file their pi did not write. */
	givenOnPage?(file: PendingFile): boolean;
}

/** What the rule lets be done with the ask waiting in `ask.file`, its facts gathered from `origins`. */
export function permissionFor(ask: { path: string; file: PendingFile }, origins: AskOrigins): AskPermission {
	const { path, file } = ask;
	return mayAnswerHere({
		verdict: origins.judge(file),
		heldBy: origins.heldElsewhere?.(path, file.toolCallId),
		asker: file.asker,
		answersWrittenByTool: origins.writtenByTool?.(path),
		answersGivenOnPage: origins.givenOnPage?.(file),
	});
}
