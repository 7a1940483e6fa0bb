/**
 * RPC mode for any client: every question goes through pi's standard extension-UI dialogs (`select`,
 * `input`, `confirm`), which every RPC client already answers. Cancelling any dialog cancels the whole
 * ask, after a "Discard N answers?" confirmation once answers were given (spec: atomic multi-question). An abort
 * the person did not give (pi shutting down, the run aborted) ends it as `interrupted`, never `cancelled`.
 */
import type { ExtensionUIContext } from "@mariozechner/pi-coding-agent";
import { answeredOutcome, type GivenAnswer } from "../core/answers.js";
import { LIMITS } from "../core/limits.js";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { AskOutcome, AskRequest, Question } from "../core/types.js";
import { words } from "../i18n/words.js";
import { chooseMulti, chooseSingle, type MultiDraft, multiRows, questionTitle, singleRows } from "./rpc-rows.js";

/** The dialogs RPC mode uses; a fake in tests. */
export type RpcDialogs = Pick<ExtensionUIContext, "select" | "input" | "confirm" | "editor" | "notify">;

/** One question's end: an answer (`undefined` when skipped) or the person backing out. */
type Step = { kind: "answer"; given: GivenAnswer | undefined } | { kind: "cancel" };

const CANCEL: Step = { kind: "cancel" };

/**
 * pi reports a cancelled `confirm` as `false` ("No, go back"), so a client that cancels every dialog would
 * bounce between the question and "Discard answers?" forever; after this many "No"s without a new answer,
 * the next cancel ends the ask.
 */
const MAX_DECLINED_DISCARDS = 3;

/** An answer may be cut short or carry a terminal's control codes; neither reaches the model. */
async function askText(
	ui: RpcDialogs,
	title: string,
	placeholder: string,
	signal: AbortSignal | undefined,
): Promise<string | undefined> {
	let rejectedLong: string | undefined;
	for (;;) {
		const value = await ui.input(title, sanitizeLine(placeholder), { signal });
		if (value === undefined || signal?.aborted) return undefined;
		const text = sanitizeText(value).trim();
		// The same long text sent again after "No" is a deliberate answer (the spec accepts it regardless).
		if (text.length <= LIMITS.answerSoftChars || text === rejectedLong) return text;
		const keep = await ui.confirm(words().dialog.confirmLong(text.length), words().dialog.confirmLongDetail, {
			signal,
		});
		if (keep) return text;
		if (signal?.aborted) return undefined;
		rejectedLong = text;
	}
}

/** Text the person typed: one answer, whole. */
function typedAnswer(text: string): GivenAnswer {
	return { chosen: [], typed: [text] };
}

async function askFreeText(ui: RpcDialogs, question: Question, title: string, signal?: AbortSignal): Promise<Step> {
	const text = await askText(ui, title, question.placeholder ?? words().dialog.typeYourAnswer, signal);
	if (text === undefined) return CANCEL;
	return { kind: "answer", given: text === "" ? undefined : typedAnswer(text) };
}

async function askSingle(ui: RpcDialogs, question: Question, title: string, signal?: AbortSignal): Promise<Step> {
	for (;;) {
		const reply = await ui.select(title, singleRows(question), { signal });
		// Some clients answer a dialog they cannot show with an empty value: for a select that is a cancel.
		if (reply === undefined || reply.trim() === "" || signal?.aborted) return CANCEL;
		const choice = chooseSingle(question, reply);
		if (choice.kind === "option") return { kind: "answer", given: { chosen: [choice.label], typed: [] } };
		if (choice.kind === "custom") return { kind: "answer", given: typedAnswer(choice.text) };
		if (choice.kind === "other") {
			const text = await askText(ui, words().dialog.otherTitle(title), words().dialog.typeYourAnswer, signal);
			if (text === undefined) return CANCEL;
			if (text !== "") return { kind: "answer", given: typedAnswer(text) };
		}
	}
}

async function askMulti(
	ui: RpcDialogs,
	question: Question,
	title: string,
	draft: MultiDraft,
	signal?: AbortSignal,
): Promise<Step> {
	for (;;) {
		const reply = await ui.select(title, multiRows(question, draft), { signal });
		if (reply === undefined || reply.trim() === "" || signal?.aborted) return CANCEL;
		const choice = chooseMulti(question, draft, reply);
		if (choice.kind === "done") {
			const chosen = (question.options ?? []).map((o) => o.label).filter((label) => draft.selected.has(label));
			const typed = draft.custom ? [draft.custom] : [];
			return { kind: "answer", given: chosen.length + typed.length > 0 ? { chosen, typed } : undefined };
		}
		if (choice.kind === "option") {
			if (!draft.selected.delete(choice.label)) draft.selected.add(choice.label);
		} else if (choice.kind === "custom") {
			draft.custom = choice.text;
		} else if (draft.custom !== undefined) {
			draft.custom = undefined;
		} else {
			const text = await askText(ui, words().dialog.otherTitle(title), words().dialog.typeYourAnswer, signal);
			if (text === undefined) return CANCEL;
			if (text !== "") draft.custom = text;
		}
	}
}

/** Asks every question in order; the result is the same outcome the TUI produces. */
export async function askWithDialogs(ui: RpcDialogs, request: AskRequest, signal?: AbortSignal): Promise<AskOutcome> {
	const { questions } = request;
	const given: (GivenAnswer | undefined)[] = questions.map(() => undefined);
	// Kept across "Discard answers? → No" so that going back to a multi-select keeps its ticks.
	const drafts: MultiDraft[] = questions.map(() => ({ selected: new Set<string>() }));
	let index = 0;
	let declinedDiscards = 0;
	while (index < questions.length) {
		const question = questions[index] as Question;
		const title = questionTitle(question, index, questions.length);
		let step: Step;
		if (!question.options) step = await askFreeText(ui, question, title, signal);
		else if (question.multiSelect) step = await askMulti(ui, question, title, drafts[index] as MultiDraft, signal);
		else step = await askSingle(ui, question, title, signal);
		if (step.kind === "answer") {
			given[index] = step.given;
			index++;
			declinedDiscards = 0;
			continue;
		}
		if (signal?.aborted) return { kind: "interrupted" };
		const answered = given.filter((answer) => answer !== undefined).length;
		if (answered === 0 || declinedDiscards >= MAX_DECLINED_DISCARDS) return { kind: "cancelled" };
		const discard = await ui.confirm(
			words().dialog.confirmDiscard(answered),
			words().dialog.confirmDiscardDetail(index + 1),
			{
				signal,
			},
		);
		if (signal?.aborted) return { kind: "interrupted" };
		if (discard) return { kind: "cancelled" };
		declinedDiscards++;
	}
	return answeredOutcome(questions, given);
}
