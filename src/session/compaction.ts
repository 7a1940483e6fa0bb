/**
 * Compaction keeps user decisions: every ask_user question and answer in the compacted span is appended
 * to the summary as structured text, and decisions carried by an earlier summary are carried forward.
 */
import type { SessionBeforeCompactEvent } from "@mariozechner/pi-coding-agent";
import { isImageInfo } from "../core/images.js";
import { sanitizeLine } from "../core/text.js";
import type { AskDetails } from "../core/types.js";
import { isAskUserResult } from "./ask-entries.js";

type AgentMessage = SessionBeforeCompactEvent["preparation"]["messagesToSummarize"][number];

const DECISIONS_HEADING = "## User decisions (ask_user)";

function decisionLines(details: AskDetails): string[] {
	if (details.outcome !== "answered") {
		const what =
			details.outcome === "pending"
				? "pending, not yet answered"
				: details.outcome === "interrupted"
					? "interrupted, not yet answered (asked again later)"
					: `not answered (${details.outcome})`;
		return details.questions.map((q) => `- Q: ${q.question} → ${what}`);
	}
	const lines = details.answers.map((a) => {
		const value = Array.isArray(a.answer)
			? a.answer.map((v) => JSON.stringify(v)).join(", ")
			: JSON.stringify(a.answer);
		const kind = a.wasCustom ? "typed by the user" : "chosen option";
		const note = a.note ? `; note: ${JSON.stringify(a.note)}` : "";
		// A record is untrusted: only well-formed image entries are named (the bytes were never kept).
		const images = Array.isArray(a.images) ? a.images.filter(isImageInfo) : [];
		const attached = images.length
			? `; attached ${images.length === 1 ? "an image" : `${images.length} images`}: ${images.map((i) => JSON.stringify(i.name)).join(", ")}`
			: "";
		return `- Q: ${a.question} → A: ${value} (${kind}${note}${attached})`;
	});
	for (const q of details.unanswered ?? []) lines.push(`- Q: ${q} → skipped by the user`);
	return lines;
}

/**
 * One record's decision lines; a record another extension (or a hand edit) broke yields none, never an error.
 * Records come from the session file and the summary is shown in the TUI: every line is sanitised (JSON.stringify
 * leaves C1 and bidi controls as they are).
 */
function recordLines(details: unknown): string[] {
	return unsafeRecordLines(details).map(sanitizeLine);
}

function unsafeRecordLines(details: unknown): string[] {
	if (typeof details !== "object" || details === null) return [];
	const record = details as Partial<Record<keyof AskDetails, unknown>>;
	if (!Array.isArray(record.questions) || !Array.isArray(record.answers) || typeof record.outcome !== "string")
		return [];
	const questions = record.questions.filter(
		(q): q is AskDetails["questions"][number] => typeof q === "object" && q !== null && typeof q.question === "string",
	);
	const answers = record.answers.filter(
		(a): a is AskDetails["answers"][number] =>
			typeof a === "object" &&
			a !== null &&
			typeof a.question === "string" &&
			(typeof a.answer === "string" ||
				(Array.isArray(a.answer) && a.answer.every((v: unknown) => typeof v === "string"))),
	);
	const unanswered = Array.isArray(record.unanswered)
		? record.unanswered.filter((q): q is string => typeof q === "string")
		: [];
	return decisionLines({ ...(record as AskDetails), questions, answers, unanswered });
}

/** The decisions recorded in these messages, one line per question, oldest first. */
export function collectDecisions(messages: readonly AgentMessage[]): string[] {
	const lines: string[] = [];
	for (const message of messages) {
		if (!isAskUserResult(message)) continue;
		// Details come from the session file: one malformed record must not cost the others their place.
		lines.push(...recordLines(message.details));
	}
	return lines;
}

/** The decision lines an earlier summary carried under our heading. */
export function decisionsFromSummary(summary: string | undefined): string[] {
	if (!summary) return [];
	const start = summary.indexOf(DECISIONS_HEADING);
	if (start < 0) return [];
	const lines: string[] = [];
	for (const line of summary
		.slice(start + DECISIONS_HEADING.length)
		.split("\n")
		.slice(1)) {
		if (!line.startsWith("- ")) break;
		lines.push(line);
	}
	return lines;
}

/** The summary with the decisions section appended (or `summary` unchanged when there are none). */
export function withDecisions(summary: string, decisions: readonly string[]): string {
	if (decisions.length === 0) return summary;
	// The model may have copied an earlier section into its summary: keep one, ours, at the end.
	const carried = decisionsFromSummary(summary);
	const start = summary.indexOf(DECISIONS_HEADING);
	const body =
		start < 0
			? summary
			: summary.slice(0, start) +
				summary
					.slice(start)
					.split("\n")
					.slice(1 + carried.length)
					.join("\n");
	return `${body.trimEnd()}\n\n${DECISIONS_HEADING}\n${decisions.join("\n")}\n`;
}
