/**
 * The decision log's one writer: an ask that ended for good (the person answered or cancelled, a client's form was
 * declined, a time limit ran out) leaves one `decided` fact in this user's fact log (./log.ts), written where the
 * outcome became final and nowhere else, and never on a tool call's path. The texts are bounded so that a line stays
 * small however long the model's questions were. A log that cannot take the fact never fails the answer: the reason
 * is said once per process, and the answer goes on.
 */
import type { AskOutcome } from "../core/types.js";
import type { Decided, DecidedBy, DecidedOutcome, FactLog } from "./log.js";

/** Longest question, header or answer kept, in characters (longer ones end in "…"). */
export const MAX_DECIDED_TEXT = 300;
/** Most questions, and most answers, kept of one ask. */
export const MAX_DECIDED_ITEMS = 10;

/** What the place where an ask ended knows of it (the decided fact, ./log.ts); the time is taken when it is recorded. */
export type Decision = Omit<Decided, "fact" | "at" | "questions" | "answers"> & {
	questions: readonly Decided["questions"][number][];
	answers: readonly string[];
};

/** What an ask's end says of the decision, before where and for which session are known. */
export type DecisionOfAsk = Pick<Decision, "by" | "outcome" | "questions" | "answers">;

/** Records a decision; says `warn` (once per process) why the log did not take it. Never throws. */
export type RecordDecision = (decision: Decision, warn?: (reason: string) => void) => void;

function bounded(text: string): string {
	return text.length <= MAX_DECIDED_TEXT ? text : `${text.slice(0, MAX_DECIDED_TEXT - 1)}…`;
}

/** The fact a decision leaves, at `at`, its texts bounded. */
export function decidedFact(decision: Decision, at: number): Decided {
	return {
		fact: "decided",
		at,
		sessionId: bounded(decision.sessionId),
		toolCallId: bounded(decision.toolCallId),
		project: decision.project,
		...(decision.asker === undefined ? {} : { asker: bounded(decision.asker) }),
		by: decision.by,
		outcome: decision.outcome,
		questions: decision.questions.slice(0, MAX_DECIDED_ITEMS).map((q) => ({
			...(q.header === undefined ? {} : { header: bounded(q.header) }),
			question: bounded(q.question),
		})),
		answers: decision.answers.slice(0, MAX_DECIDED_ITEMS).map(bounded),
	};
}

/** The outcome an ask's end is recorded as; `undefined` for an end that decides nothing (pending, interrupted, lost). */
export function decidedOutcome(outcome: AskOutcome): DecidedOutcome | undefined {
	switch (outcome.kind) {
		case "answered":
		case "cancelled":
		case "timedOut":
			return outcome.kind;
		default:
			return undefined;
	}
}

/** The answers as the model got them, one text each (a multi-select's choices joined). */
export function answerTexts(outcome: AskOutcome): string[] {
	if (outcome.kind !== "answered") return [];
	return outcome.answers.map((a) => (Array.isArray(a.answer) ? a.answer.join(", ") : a.answer));
}

/** The decision `outcome` is, given `by`; `undefined` for an end that decides nothing. */
export function decisionOf(
	by: DecidedBy,
	questions: readonly { header?: string; question: string }[],
	outcome: AskOutcome,
): DecisionOfAsk | undefined {
	const decided = decidedOutcome(outcome);
	return decided === undefined ? undefined : { by, outcome: decided, questions, answers: answerTexts(outcome) };
}

/** The one writer of decisions into `log`; `now` gives the time (ms since the epoch). */
export function decisionRecorder(log: Pick<FactLog, "append">, now: () => number = Date.now): RecordDecision {
	let warned = false;
	return (decision, warn) => {
		try {
			log.append(decidedFact(decision, now()));
		} catch (error) {
			if (warned) return;
			warned = true;
			try {
				warn?.(error instanceof Error ? error.message : String(error));
			} catch {
				// Nowhere to say it: the answer goes on all the same.
			}
		}
	};
}
