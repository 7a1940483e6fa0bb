/**
 * A child pi's questions as the parent shows them, and the person's reply as the child gets it back; pure. Everything
 * a child sends is untrusted: its questions pass the same validation as a model's call, and its description of
 * itself (task, folder) is cleaned, folded onto one line and cut short before the person sees it.
 */

import { sanitizeLine } from "../core/text.js";
import type { AskOutcome, AskRequest, Question } from "../core/types.js";
import { validateRequest } from "../core/validate.js";
import type { Asker, WireAnswerValue, WireQuestion } from "../remote/protocol.js";

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

/** The line each of a child's questions carries in the parent's dialog: who asks, in the child's own words. */
export function askerLabel(asker: Asker | undefined): string {
	const { task, cwd } = describeAsker(asker);
	const parts = [task ? `its task: "${task}"` : undefined, cwd ? `its folder: ${cwd}` : undefined].filter(Boolean);
	return parts.length > 0
		? `Asked by a child pi process (${parts.join("; ")})`
		: "Asked by a child pi process (it did not say what it works on)";
}

/**
 * A child's questions as a request for the parent's dialog, each labelled with who asks; the validation a model's
 * call gets (limits, duplicates, reserved labels) throws an `AskUserError` for questions that fail it.
 */
export function requestFromChild(questions: readonly WireQuestion[], asker: Asker | undefined): AskRequest {
	const label = askerLabel(asker);
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
