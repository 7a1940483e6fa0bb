/**
 * The questions as an MCP elicitation form (form mode), and the person's reply read back, pure. A select is a
 * one-of enum with an optional text field for their own answer; a multi-select an array of enum values, with the
 * same text field; a confirm a Yes/No enum (an untouched checkbox would be no answer); a text question a string.
 * `decline` is the person's cancel; `cancel` (or no reply) is no answer at all, and the ask keeps waiting.
 */
import { answeredOutcome, type GivenAnswer } from "../core/answers.js";
import { isRecord } from "../core/json.js";
import { sanitizeLine } from "../core/text.js";
import type { AskOutcome, Question } from "../core/types.js";
import type { McpAsk } from "./request.js";

/** A form field, as the MCP specification's restricted JSON Schema allows it. */
type Field =
	| { type: "string"; title: string; description?: string }
	| { type: "string"; title: string; description?: string; oneOf: { const: string; title: string }[] }
	| {
			type: "array";
			title: string;
			description?: string;
			items: { anyOf: { const: string; title: string }[] };
	  };

export interface ElicitationForm {
	message: string;
	requestedSchema: { type: "object"; properties: Record<string, Field>; required?: string[] };
}

/** What the form's fields are called: `q1`, and `q1_other` for the person's own answer. */
const fieldName = (index: number): string => `q${index + 1}`;
const otherName = (index: number): string => `q${index + 1}_other`;

/**
 * A field's key in the form: its name after its position (`01_q1_other`, `02_q1`). Codex shows a form's fields in
 * the alphabetical order of their keys, not the schema's order, so the keys must sort as the fields are meant to show.
 */
const positionedKey = (position: number, name: string): string => `${String(position + 1).padStart(2, "0")}_${name}`;

/** A key of the form back to its field's name (`02_q1` → `q1`); a key without a position is taken as it is. */
const nameOfKey = (key: string): string => key.replace(/^\d+_/, "");

const YES = "Yes";
const NO = "No";

function optionChoices(question: Question): { const: string; title: string }[] {
	return (question.options ?? []).map((option) => ({
		const: option.label,
		title: option.description ? `${option.label} — ${sanitizeLine(option.description)}` : option.label,
	}));
}

/** The field's title: the question, after its header unless that is the dialog's title (shown above already). */
function titleOf(question: Question, dialogTitle: string | undefined): string {
	return question.header && question.header !== dialogTitle
		? `${question.header}: ${question.question}`
		: question.question;
}

/** One question's fields, in the order the form shows them. */
interface FieldGroup {
	fields: [string, Field][];
	/** Its last field is free text the person may leave empty (a client may not submit from there). */
	endsOnOptionalText: boolean;
}

/**
 * The form for an ask: one field per question (and one for "Other" where options are offered). It never ends on an
 * optional text field: Codex submits a form only from its last field, and Enter on an empty optional text field does
 * nothing there, so a form ending on one could only be answered by typing. A question's "Other" comes before its
 * options, and optional text questions at the end move before the last question that ends on a choice (with none,
 * the last one is required in the form: the person answers it or closes the form).
 */
export function elicitationForm(ask: McpAsk): ElicitationForm {
	const required: string[] = [];
	const groups = ask.request.questions.map((question, i): FieldGroup => {
		const title = titleOf(question, ask.title);
		const kind = ask.kinds[i];
		const description = question.context ?? question.placeholder;
		const described = description ? { description } : {};
		if (kind === "confirm") {
			if (ask.required[i]) required.push(fieldName(i));
			const oneOf = question.options?.length
				? optionChoices(question)
				: [
						{ const: YES, title: YES },
						{ const: NO, title: NO },
					];
			return { fields: [[fieldName(i), { type: "string", title, ...described, oneOf }]], endsOnOptionalText: false };
		}
		if (kind === "select" || kind === "multi-select") {
			const choice: Field =
				kind === "select"
					? { type: "string", title, ...described, oneOf: optionChoices(question) }
					: { type: "array", title, ...described, items: { anyOf: optionChoices(question) } };
			const other: Field = {
				type: "string",
				title: "Other (type your answer; leave empty to pick below)",
				description: `Your own answer to "${sanitizeLine(question.question)}", instead of ${kind === "select" ? "an option" : "or beside the options"}`,
			};
			return {
				fields: [
					[otherName(i), other],
					[fieldName(i), choice],
				],
				endsOnOptionalText: false,
			};
		}
		if (ask.required[i]) required.push(fieldName(i));
		return {
			fields: [[fieldName(i), { type: "string", title, ...described }]],
			endsOnOptionalText: !ask.required[i],
		};
	});
	const lastChoice = groups.findLastIndex((group) => !group.endsOnOptionalText);
	const ordered =
		lastChoice === -1
			? groups
			: [...groups.slice(0, lastChoice), ...groups.slice(lastChoice + 1), groups[lastChoice] as FieldGroup];
	const last = ordered[ordered.length - 1];
	const lastField = last?.fields[last.fields.length - 1]?.[0];
	if (last?.endsOnOptionalText && lastField !== undefined) required.push(lastField);
	const fields = ordered.flatMap((group) => group.fields);
	const keys = new Map(fields.map(([name], position) => [name, positionedKey(position, name)]));
	const properties = Object.fromEntries(fields.map(([name, field]) => [keys.get(name) ?? name, field]));
	const count = ask.request.questions.length;
	const lead = count === 1 ? "The agent asks you a question." : `The agent asks you ${count} questions.`;
	const message = ask.title ? `${ask.title}\n\n${lead}` : lead;
	const requiredKeys = required.map((name) => keys.get(name) ?? name);
	return {
		message,
		requestedSchema: { type: "object", properties, ...(requiredKeys.length > 0 ? { required: requiredKeys } : {}) },
	};
}

function text(value: unknown): string {
	return typeof value === "string" ? value.trim() : "";
}

/**
 * The person's accepted form as an answered outcome; `undefined` when it answers nothing (an empty form is neither an
 * answer nor a cancel). Values that are not the question's options are the person's own text, never a choice.
 */
export function outcomeFromForm(ask: McpAsk, content: unknown): Extract<AskOutcome, { kind: "answered" }> | undefined {
	if (!isRecord(content)) return undefined;
	const byName = new Map(Object.entries(content).map(([key, value]) => [nameOfKey(key), value]));
	const given = ask.request.questions.map((_, i): GivenAnswer | undefined => {
		const value = byName.get(fieldName(i));
		const other = text(byName.get(otherName(i)));
		const picked = Array.isArray(value) ? value.map(text) : [text(value)];
		const chosen = picked.filter((item) => item !== "");
		if (ask.kinds[i] === "text") return chosen.length > 0 ? { chosen: [], typed: chosen } : undefined;
		const typed = other === "" ? [] : [other];
		// A single choice is one answer: the person's own text, when they wrote some, is what they meant.
		const choices = ask.kinds[i] === "multi-select" || typed.length === 0 ? chosen : [];
		return choices.length > 0 || typed.length > 0 ? { chosen: choices, typed } : undefined;
	});
	if (given.every((answer) => answer === undefined)) return undefined;
	return answeredOutcome(ask.request.questions, given);
}
