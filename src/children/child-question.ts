/**
 * A child pi's questions as the parent shows them, and the person's reply as the child gets it back; pure. Everything
 * a child sends is untrusted: its questions pass the same validation as a model's call, and its description of
 * itself (task, folder) is cleaned, folded onto one line and cut short before the person sees it.
 */

import { sanitizeLine } from "../core/text.js";
import type { AskOutcome, AskRequest, Question } from "../core/types.js";
import { validateRequest } from "../core/validate.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import type { Asker, WireAnswerValue, WireQuestion } from "../remote/protocol.js";
import { answerLines } from "../tool/chat-rendering.js";
import type { ChildAskRecord } from "./child-ask-record.js";

/** How much of a child's task and folder the dialog shows. */
const MAX_TASK_CHARS = 200;
const MAX_CWD_CHARS = 200;

/** A child's task or folder, fit to be shown: no control sequences, one line, cut short. */
function shown(text: string | undefined, max: number): string | undefined {
	if (text === undefined) return undefined;
	const line = sanitizeLine(text).replace(/\s+/g, " ").trim();
	if (line === "") return undefined;
	return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** The child's description, cleaned. */
export function describeAsker(asker: Asker | undefined): { task?: string; cwd?: string } {
	const task = shown(asker?.task, MAX_TASK_CHARS);
	const cwd = shown(asker?.cwd, MAX_CWD_CHARS);
	return { ...(task ? { task } : {}), ...(cwd ? { cwd } : {}) };
}

/** The label's longest task, so that "Subagent · <task>" stays one line on an 80-column terminal. */
const LABEL_TASK_CHARS = 60;
/** The label's longest folder: its end, which names it best. */
const LABEL_CWD_CHARS = 40;

/** `text` in at most `max` characters, cut at the end (`…`) or, for a folder, at the start. */
function cut(text: string, max: number, keep: "start" | "end" = "start"): string {
	if (text.length <= max) return text;
	return keep === "start" ? `${text.slice(0, max - 1).trimEnd()}…` : `…${text.slice(text.length - (max - 1))}`;
}

/**
 * The line each of a child's questions carries in the parent's dialog: "Subagent · <task>", in the child's own
 * words, short enough for one line; its folder only when it is not the parent's (`parentCwd`).
 */
export function askerLabel(
	asker: Asker | undefined,
	parentCwd?: string,
	words: CliStrings["subagent"] = chosenWords().cli.subagent,
): string {
	const { task, cwd } = describeAsker(asker);
	const parts = [words.label, task ? cut(task, LABEL_TASK_CHARS) : words.noTask];
	if (cwd && cwd !== parentCwd) parts.push(words.inFolder(cut(cwd, LABEL_CWD_CHARS, "end")));
	return parts.join(" · ");
}

/**
 * A child's questions as a request for the parent's dialog, each labelled with who asks (`parentCwd`: the parent's
 * folder, which the label need not name); the validation a model's
 * call gets (limits, duplicates, reserved labels) throws an `AskUserError` for questions that fail it.
 */
export function requestFromChild(
	questions: readonly WireQuestion[],
	asker: Asker | undefined,
	parentCwd?: string,
): AskRequest {
	const label = askerLabel(asker, parentCwd);
	const canonical = questions.map((wire): Question => {
		const question: Question = { question: wire.question, multiSelect: wire.multiSelect };
		if (wire.header !== "") question.header = wire.header;
		question.options = wire.options.map((option) => ({
			label: option.label,
			...(option.description !== "" ? { description: option.description } : {}),
			...(option.markdown !== undefined ? { preview: option.markdown } : {}),
		}));
		if (wire.id !== undefined) question.id = wire.id;
		// The label goes first, so that it shows however the dialog lays the question out.
		question.context = wire.context === undefined ? label : `${label}\n\n${wire.context}`;
		return question;
	});
	return validateRequest({ questions: canonical });
}

/**
 * The person's reply as the child's bridge reads it: `{}` is their cancel; an answer is exact (arrays, notes), keyed
 * by the child's own question text; a skipped question is `null` (named, not answered), so that skipping every
 * question is not taken for a cancel. The note on the whole set travels beside the answers.
 */
export function replyToChild(outcome: Extract<AskOutcome, { kind: "answered" | "cancelled" }>): {
	answers: Record<string, WireAnswerValue | null>;
	note?: string;
} {
	if (outcome.kind === "cancelled") return { answers: {} };
	const answers: Record<string, WireAnswerValue | null> = {};
	for (const question of outcome.unanswered ?? []) answers[question] = null;
	// The images' bytes, in the order the answers list them (core/answers.ts): each answer takes its own.
	const bytes = [...(outcome.images ?? [])];
	for (const answer of outcome.answers) {
		const images = (answer.images ?? []).flatMap(() => {
			const image = bytes.shift();
			return image ? [{ name: image.name, mimeType: image.mimeType, data: image.data }] : [];
		});
		answers[answer.question] =
			answer.note === undefined && images.length === 0
				? answer.answer
				: {
						answer: answer.answer,
						...(answer.note !== undefined ? { note: answer.note } : {}),
						...(images.length > 0 ? { images } : {}),
					};
	}
	return outcome.note !== undefined ? { answers, note: outcome.note } : { answers };
}

/** The parent's chat line for a child's ask the person settled: which child, and what they answered. Plain text. */
export function childAskLine(record: ChildAskRecord, said: CliStrings = chosenWords().cli): string {
	const who = record.asker.task ?? said.subagent.noTask;
	if (record.outcome === "cancelled") return said.subagent.cancelled(who);
	return said.subagent.answered(who, answerLines(record, false, said.chat).join("; "));
}
