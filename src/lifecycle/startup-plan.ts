/**
 * What happens to waiting questions when pi starts, as a pure function of what was found: deliver answers (with
 * the person's prompt, or as their own turn when there is none), ask this session's questions again, keep
 * `--answers` for the run's first ask, or stop with an error. The session_start and input handlers only carry the
 * plan out. The rules are the README's "When answers are used".
 */
import { type ImageReader, outcomeFromAnswersText } from "../core/answer-input.js";
import type { AskOutcome, AskRequest } from "../core/types.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words } from "../i18n/words.js";
import type { FrontEndKind } from "../modes/front-end.js";
import { type Delivery, decided, deliveryImages, formatStructuredDelivery } from "../pending/delivery.js";
import { type AskPermission, refusalSentence } from "../pending/permission.js";
import { type PendingVerdict, verdictReason } from "../pending/trust.js";
import type { EditedAnswers } from "./edited-answers.js";

/** One ask of this session that still waits for answers. */
export interface OpenAsk {
	toolCallId: string;
	/** When it was asked (ms), where known: its answers name that ask, not every ask with its id. */
	askedAt?: number;
	request: AskRequest;
	/** Its pending file as shown to the person, when it has one on disk. */
	shownPath?: string;
	/** The file's path on disk, removed once the answers are delivered. */
	path?: string;
	/** What the person wrote into that file. */
	edited: EditedAnswers;
	/** Who wrote those answers, when the person's page or phone did (else the file was edited). */
	answeredBy?: "page" | "tap";
}

/** Another session's pending file in this project. */
export interface ForeignPending {
	path: string;
	shownPath: string;
	sessionId: string;
	toolCallId: string;
	/** When its ask was made (ms), as its session says: its answers name that ask, not every ask with its id. */
	askedAt?: number;
	request: AskRequest;
	task?: string;
	/** Whether its answers may be delivered here (pending/permission.ts). */
	trust: PendingVerdict;
	/** An MCP client's file: answered by writing into it while its server holds it, otherwise not at all. */
	mcp?: Extract<AskPermission, { kind: "for-asker" | "asker-gone" }>;
}

/** Another session's pending file whose filled-in answers may be delivered here. */
export interface FilledPending extends ForeignPending {
	outcome: Extract<AskOutcome, { kind: "answered" }>;
	/** Who wrote the answers, when the person's page or phone did (else the file was edited). */
	answeredBy?: "page" | "tap";
}

export interface StartupFindings {
	frontEnd: FrontEndKind;
	/** A message or `@file` on the command line. */
	prompt: boolean;
	/** `-c` / `--session` / `-r` / `--fork`: an earlier session goes on. */
	continued: boolean;
	/** `--answers`, when given and not blank. */
	answersFlag: string | undefined;
	/** Reads the image files `--answers` names (pending/answer-images.ts). */
	readImage: ImageReader;
	/** This session's asks still waiting, oldest first. */
	open: readonly OpenAsk[];
	/** Other sessions' pending files in the project, oldest first. */
	foreign: readonly ForeignPending[];
	/** Other sessions' pending files the person filled in (found when a session goes on with `-c`), oldest first. */
	filledElsewhere: readonly FilledPending[];
	/** Files whose filled-in answers were not used, and why (one line each, told at start). */
	ignored: readonly string[];
	/** Why the project's pending files of a newer version are refused (one message per file). */
	newer: readonly string[];
}

export type StartupPlan =
	| { kind: "nothing" }
	/** Report and stop: print mode stops before the model is called; with a UI the person sees the error. */
	| { kind: "stop"; error: string }
	| { kind: "deliver"; deliveries: Delivery[]; when: "own-turn" | "with-prompt"; notices: string[] }
	/** Show this session's newest waiting questions again (TUI, RPC client, SDK host). */
	| { kind: "reask"; ask: OpenAsk }
	/** Nothing waits anywhere: `--answers` is for the run's first ask (if it fits it). */
	| { kind: "answer-first-ask"; answers: string }
	/** `--answers` for an MCP client's ask: written into its file for its server, never delivered to pi's model. */
	| {
			kind: "write-for-asker";
			path: string;
			toolCallId: string;
			asker: Extract<AskPermission, { kind: "for-asker" }>["asker"];
			outcome: Extract<AskOutcome, { kind: "answered" }>;
	  };

function withUi(frontEnd: FrontEndKind): boolean {
	return frontEnd === "tui" || frontEnd === "rpc" || frontEnd === "sdk";
}

function deliverWhen(findings: StartupFindings): "own-turn" | "with-prompt" {
	// An app embedding pi (RPC, SDK) sends its own first prompt: the answers go with it rather than collide.
	if (findings.prompt || findings.frontEnd === "rpc" || findings.frontEnd === "sdk") return "with-prompt";
	return "own-turn";
}

function questionList(request: AskRequest): string {
	return request.questions.map((q) => JSON.stringify(q.question)).join(", ");
}

/** `--answers` for this session's newest waiting ask. */
function planFlagForOpen(findings: StartupFindings, flag: string, target: OpenAsk, said: CliStrings): StartupPlan {
	let outcome: ReturnType<typeof outcomeFromAnswersText>;
	try {
		outcome = outcomeFromAnswersText(flag, target.request.questions, findings.readImage);
	} catch (error) {
		return { kind: "stop", error: (error as Error).message };
	}
	if (!outcome) return { kind: "stop", error: said.notices.noAnswerToAny };
	const delivery: Delivery = {
		toolCallId: target.toolCallId,
		text: formatStructuredDelivery(target, outcome, true),
		source: { kind: "answers-flag" },
		...deliveryImages(outcome),
		...decided("answers", target.request, outcome),
		...(target.path ? { path: target.path } : {}),
	};
	return {
		kind: "deliver",
		deliveries: [delivery],
		when: deliverWhen(findings),
		notices: [said.notices.answered(questionList(target.request))],
	};
}

/** `--answers` in a new session: the project's newest pending file this user's pi wrote. */
function planFlagForForeign(findings: StartupFindings, flag: string, said: CliStrings): StartupPlan | undefined {
	// A file of a newer version may hold the questions meant: which ones --answers answers would be a guess.
	if (findings.newer.length > 0) {
		return { kind: "stop", error: said.notices.answeredNothing(findings.newer.join("\n")) };
	}
	const owned = findings.foreign.filter((f) => f.trust.trusted || f.mcp?.kind === "for-asker");
	const target = owned.at(-1);
	if (!target) {
		const untrusted = findings.foreign.at(-1);
		if (!untrusted || untrusted.trust.trusted) return undefined;
		const { shownPath, trust } = untrusted;
		if (untrusted.mcp?.kind === "asker-gone")
			return { kind: "stop", error: refusalSentence(shownPath, untrusted.mcp, said) };
		if (trust.kind === "unknown") {
			return { kind: "stop", error: said.notices.unknownStop(shownPath, verdictReason(trust, said.trust)) };
		}
		return {
			kind: "stop",
			error: `--answers: ${refusalSentence(shownPath, { kind: trust.kind, verdict: trust }, said)}`,
		};
	}
	let outcome: ReturnType<typeof outcomeFromAnswersText>;
	try {
		outcome = outcomeFromAnswersText(flag, target.request.questions, findings.readImage);
	} catch (error) {
		return { kind: "stop", error: said.notices.forFile((error as Error).message, target.shownPath) };
	}
	if (!outcome) return { kind: "stop", error: said.notices.noAnswerForFile(target.shownPath) };
	if (target.mcp?.kind === "for-asker") {
		const { path, toolCallId } = target;
		return { kind: "write-for-asker", path, toolCallId, asker: target.mcp.asker, outcome };
	}
	return {
		kind: "deliver",
		deliveries: [
			{
				toolCallId: target.toolCallId,
				text: formatStructuredDelivery(target, outcome, false),
				source: { kind: "answers-flag" },
				...deliveryImages(outcome),
				...decided("answers", target.request, outcome),
				path: target.path,
				fromSession: target.sessionId,
			},
		],
		when: deliverWhen(findings),
		notices: [said.notices.answeredFrom(questionList(target.request), target.shownPath)],
	};
}

function planAnswersFlag(findings: StartupFindings, flag: string, said: CliStrings): StartupPlan {
	const newest = findings.open.at(-1);
	if (newest) return planFlagForOpen(findings, flag, newest, said);
	if (findings.continued) {
		return {
			kind: "stop",
			error: said.notices.noneInSession,
		};
	}
	const foreign = planFlagForForeign(findings, flag, said);
	if (foreign) return foreign;
	if (!withUi(findings.frontEnd) && !findings.prompt) {
		return {
			kind: "stop",
			error: said.notices.noneAnywhere,
		};
	}
	return { kind: "answer-first-ask", answers: flag };
}

/** The plan for what was found; `said`: the words of the run's language, for what the person is told. */
export function planStartup(findings: StartupFindings, said: CliStrings = words().cli): StartupPlan {
	const broken = findings.open.flatMap((ask) => (ask.edited.kind === "error" ? [ask.edited.message] : []));
	if (broken.length > 0) return { kind: "stop", error: broken.join("\n") };
	if (findings.answersFlag !== undefined) return planAnswersFlag(findings, findings.answersFlag, said);
	const deliveries = findings.open.flatMap((ask): Delivery[] =>
		ask.edited.kind === "answered"
			? [
					{
						toolCallId: ask.toolCallId,
						text: formatStructuredDelivery(ask, ask.edited.outcome, true),
						source: { kind: "filled-file", file: ask.shownPath },
						...deliveryImages(ask.edited.outcome),
						...decided(ask.answeredBy ?? "edited", ask.request, ask.edited.outcome),
						...(ask.path ? { path: ask.path } : {}),
					},
				]
			: [],
	);
	const fromElsewhere = findings.filledElsewhere.map(
		(filled): Delivery => ({
			toolCallId: filled.toolCallId,
			text: formatStructuredDelivery(filled, filled.outcome, false),
			source: { kind: "filled-file", file: filled.shownPath },
			...deliveryImages(filled.outcome),
			...decided(filled.answeredBy ?? "edited", filled.request, filled.outcome),
			path: filled.path,
			fromSession: filled.sessionId,
		}),
	);
	if (deliveries.length > 0 || fromElsewhere.length > 0) {
		const notices = [
			...deliveries.map((d) =>
				said.delivery.delivering(
					findings.open.find((a) => a.toolCallId === d.toolCallId)?.shownPath ?? said.delivery.pendingFile,
				),
			),
			// Filled into the file (the person's pi or page wrote them), not given with --answers.
			...findings.filledElsewhere.map((filled) => said.delivery.delivering(filled.shownPath)),
		];
		return { kind: "deliver", deliveries: [...deliveries, ...fromElsewhere], when: deliverWhen(findings), notices };
	}
	const newest = findings.open.at(-1);
	if (newest && withUi(findings.frontEnd)) return { kind: "reask", ask: newest };
	return { kind: "nothing" };
}
