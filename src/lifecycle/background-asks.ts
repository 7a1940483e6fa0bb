/**
 * Asks whose answers reach the model later, as a user message (issue 22): background asks (`background: true`, the
 * call returned at once) and pending asks answered in a dialog (`/questions answer`). What a dialog's end means for
 * them is decided here; the lifecycle carries it out. Dialogs are shown one at a time, in the order asked.
 */
import type { AskOutcome } from "../core/types.js";

/** Why the questions are in a dialog: a background ask (the model goes on meanwhile) or one already pending. */
export type LateAsk = "background" | "pending";

export type DialogEnd =
	/** The answers, or a background ask's dismissal, go to the model as a user message. */
	| { kind: "deliver"; outcome: Extract<AskOutcome, { kind: "answered" | "cancelled" }> }
	/** The questions stay pending (set aside, not answered, or pi is going away). */
	| { kind: "keep"; setAside: boolean };

/**
 * A background ask's cancel is the person's answer "none": the model was told answers would come, so it hears that
 * none will — unless the person chose to set the questions aside for later. A pending ask's cancel leaves it pending.
 */
export function afterDialog(outcome: AskOutcome, ask: LateAsk, setAside: boolean): DialogEnd {
	if (outcome.kind === "answered") return { kind: "deliver", outcome };
	if (outcome.kind === "cancelled" && ask === "background" && !setAside) return { kind: "deliver", outcome };
	return { kind: "keep", setAside: outcome.kind === "cancelled" };
}

/** The line above the editor while questions set aside wait; `undefined` when none do. */
export function waitingLine(count: number): string | undefined {
	if (count === 0) return undefined;
	const what = count === 1 ? "A question set aside waits" : `${count} sets of questions set aside wait`;
	return `${what} for your answers: /questions answer`;
}

/** Runs dialogs one at a time, in the order they were asked for. */
export function createDialogQueue() {
	let tail: Promise<unknown> = Promise.resolve();
	return <T>(show: () => Promise<T>): Promise<T> => {
		const turn = tail.then(show);
		tail = turn.catch(() => undefined);
		return turn;
	};
}
