/**
 * The one rule for "may this waiting ask be answered here, and with what": every path that answers a pending ask
 * (`@file`, `pi -c`, `--answers`, `/questions`, the web page's pending cards, a background ask, the startup plan)
 * asks it, instead of combining claims, the trust verdict and "settled" by hand. Pure: the facts are gathered by
 * the caller (pending/claims.ts, records/trust-verdict.ts).
 *
 * Filled-in answers are the person's only when this person's pi wrote the file (the trust verdict) and no tool call
 * of a run rewrote them since: a cloned repository's file, or one a prompt-injected model edited with its write
 * tool, keeps its questions answerable, but only what the person types counts.
 *
 * A file marked as another agent's ask (an MCP client's, written by `pi-ask-anywhere mcp`) is answered by writing the
 * answers into it, where that server reads them for its client; its answers never reach this pi's model. The mark is
 * the file's own word, so it counts only when a live `pi-ask-anywhere mcp` process holds the file for that very ask
 * (its claim, which a cloned repository cannot bring alive), and never on a file this user's pi vouches for: a mark a
 * tool call wrote into pi's own ask cannot divert its answers. A marked file nobody holds is answered nowhere.
 */
import type { Claim } from "./claims.js";
import type { PendingAsker } from "./pending-file.js";
import type { PendingVerdict } from "./trust.js";

type Distrust = Extract<PendingVerdict, { trusted: false }>;

export interface AskFacts {
	/** The trust verdict on the ask's pending file (settled anywhere, asked in another folder, not this pi's). */
	verdict: PendingVerdict;
	/** Another live pi's claim: it is asking or delivering this ask right now. */
	heldBy?: Claim | undefined;
	/** The file's filled-in answers were written by a tool call during a run, not by the person. */
	answersWrittenByTool?: boolean | undefined;
	/**
	 * The person gave these very answers on the web page, confirming a file their pi did not write: the file is not
	 * theirs, but the answers are.
	 */
	answersGivenOnPage?: boolean | undefined;
	/** The file's own word that another agent asked it (untrusted: see the header). */
	asker?: PendingAsker | undefined;
}

/** Why the answers already in a file are not used (the person's own typing still counts). */
export type IgnoredBecause = "not-this-pi" | "written-by-tool";

export type AskPermission =
	/** Answerable here. `filledAnswers`: whether the answers already in the file count as the person's. */
	| { kind: "answer"; filledAnswers: "use" }
	| { kind: "answer"; filledAnswers: "ignore"; because: IgnoredBecause; verdict: PendingVerdict }
	/** Another pi holds it now: answer it there, or once that pi has let it go. */
	| { kind: "held"; holder: Claim }
	/** Answered, cancelled or cleared already (here or in another session): never answered again. */
	| { kind: "settled"; verdict: Distrust }
	/** Asked for another project folder: not this folder's to answer. */
	| { kind: "elsewhere"; verdict: Distrust; folder: string | undefined }
	/**
	 * An MCP client's ask its server holds now: answered by writing the answers into the file (never delivered to this
	 * pi's model); the answers already there are the client's to take.
	 */
	| { kind: "for-asker"; asker: PendingAsker; holder: Claim }
	/** Marked as an MCP client's ask, but no server holds it: its answers have nowhere to go, here least of all. */
	| { kind: "asker-gone"; asker: PendingAsker };

export function mayAnswerHere(facts: AskFacts): AskPermission {
	const { verdict } = facts;
	if (!verdict.trusted && verdict.kind === "settled") return { kind: "settled", verdict };
	const { asker, heldBy } = facts;
	if (asker && !verdict.trusted) {
		if (heldBy?.holder === "mcp") return { kind: "for-asker", asker, holder: heldBy };
		if (!heldBy) return { kind: "asker-gone", asker };
	}
	if (heldBy) return { kind: "held", holder: heldBy };
	if (!verdict.trusted && verdict.kind === "elsewhere") return { kind: "elsewhere", verdict, folder: verdict.folder };
	if (facts.answersWrittenByTool) {
		return { kind: "answer", filledAnswers: "ignore", because: "written-by-tool", verdict };
	}
	if (!verdict.trusted && !facts.answersGivenOnPage) {
		return { kind: "answer", filledAnswers: "ignore", because: "not-this-pi", verdict };
	}
	return { kind: "answer", filledAnswers: "use" };
}

/** Whether the answers already in the file may be sent as the person's. */
export function filledAnswersCount(permission: AskPermission): boolean {
	return permission.kind === "answer" && permission.filledAnswers === "use";
}
