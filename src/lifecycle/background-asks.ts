/**
 * Asks whose answers reach the model later, as a user message: background asks (`background: true`, the
 * call returned at once), pending asks answered in a dialog (`/questions answer`) and reopened ones. What a dialog's
 * end means for them is decided here (afterDialog) and carried out by createLateAnswers through injected edges (the
 * front end, claims, the deliveries). Dialogs are shown one at a time, in the order asked.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { DecidedBy } from "../ask/log.js";
import type { GivenAnswer } from "../core/answers.js";
import type { AskOutcome } from "../core/types.js";
import { words } from "../i18n/words.js";
import type { FrontEnd } from "../modes/front-end.js";
import { type Claims, describeClaim } from "../pending/claims.js";
import {
	type AnsweredAsk,
	type Delivery,
	decided,
	deliveryImages,
	formatStructuredDelivery,
} from "../pending/delivery.js";
import type { RemoteAskOutcome } from "../remote/bridge.js";
import { raceLocalAndRemote } from "../remote/race.js";

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
export function waitingLine(count: number, notices = words().cli.notices): string | undefined {
	return count === 0 ? undefined : notices.setAsideWaiting(count);
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

/**
 * A front end's dialogs taken one at a time by `queue`. A dialog waiting for its turn is not yet the person's to
 * touch: the time limit's clock (options.onActivity) starts again when it shows.
 */
export function askInTurn(
	ask: NonNullable<FrontEnd["ask"]>,
	queue: ReturnType<typeof createDialogQueue>,
): NonNullable<FrontEnd["ask"]> {
	return (request, options) =>
		queue(() => {
			options.onActivity?.();
			return ask(request, options);
		});
}

/** An ask whose answers the person can give in a dialog now (re-asked at startup, `/questions answer`, a background ask). */
export interface AskToAnswer extends AnsweredAsk {
	path?: string;
	fromSession?: string;
	/**
	 * Where an ask with no pending file (a reopened one) is claimed while its dialog shows it, so that another pi
	 * continuing the same session does not ask it too.
	 */
	claimPath?: string;
	/** The answers already in its pending file, when they count as the person's: the dialog starts from them. */
	startFrom?: readonly (GivenAnswer | undefined)[];
}

/** The widget above the editor that says questions set aside wait. */
const WAITING_WIDGET = "ask_user-waiting";
export interface LateAnswersDeps {
	frontEnd(ctx: ExtensionContext): FrontEnd;
	claims: Pick<Claims, "heldElsewhere" | "claim">;
	/** The person's typed answers in this session, for ↑ recall; `remember` adds an answered outcome's. */
	history(): readonly string[];
	remember(outcome: AskOutcome): void;
	/** Sends the message on its way (deliveries.ts counts it once the session holds it). */
	send(ctx: ExtensionContext, delivery: Delivery): void;
	/** The person answered an ask after its turn (an approval's Allow then lets its call run once: ./approvals.ts). */
	answeredLate?(ask: AskToAnswer, outcome: AskOutcome): void;
	/** The phone beside the dialog (push notifications), when on: the first answer of the two wins. */
	phone?(
		ctx: ExtensionContext,
		shown: FrontEnd,
		ask: AskToAnswer,
	): ((request: AskToAnswer["request"], signal: AbortSignal) => Promise<RemoteAskOutcome>) | undefined;
}

/**
 * Asks answered in a dialog after their turn: each one's answers (or a background ask's dismissal) reach the model
 * once, as a user message. Background asks the person sets aside are counted by a line above the editor.
 */
export function createLateAnswers(deps: LateAnswersDeps) {
	const setAside = new Set<string>();

	function showWaiting(ctx: ExtensionContext) {
		if (!ctx.hasUI) return;
		const line = waitingLine(setAside.size);
		ctx.ui.setWidget(WAITING_WIDGET, line ? [line] : undefined);
	}

	async function answerInDialog(ctx: ExtensionContext, target: AskToAnswer, late: LateAsk = "pending"): Promise<void> {
		const shown = deps.frontEnd(ctx);
		if (!shown.ask) {
			return shown.fail(words().cli.notices.needsUi);
		}
		const claimAt = target.path ?? target.claimPath;
		const holder = claimAt ? deps.claims.heldElsewhere(claimAt, target.toolCallId) : undefined;
		if (holder) return shown.fail(words().cli.claim.answerThere(describeClaim(holder)));
		const background = late === "background" || setAside.has(target.toolCallId);
		// While its dialog is open the ask is this pi's: another pi's --answers, @file or web page leaves the file alone.
		const release = claimAt ? deps.claims.claim(claimAt, target.toolCallId) : undefined;
		if (claimAt && !release) {
			const taken = deps.claims.heldElsewhere(claimAt, target.toolCallId);
			if (taken) return shown.fail(words().cli.claim.answerThere(describeClaim(taken)));
		}
		let outcome: AskOutcome;
		const dialog = shown.ask;
		const options = {
			requestId: target.toolCallId,
			history: deps.history(),
			...(target.startFrom ? { startFrom: target.startFrom } : {}),
		};
		const phone = deps.phone?.(ctx, shown, target);
		// A background ask opened later (/questions answer) once the agent has finished: nothing works on meanwhile.
		const { background: wasBackground, ...foreground } = target.request;
		const request = late !== "background" && wasBackground === true && ctx.isIdle() ? foreground : target.request;
		// Who answers, for the decision log: the dialog here, or a tap on the phone beside it.
		let by: DecidedBy = shown.kind === "tui" ? "tui" : "rpc";
		try {
			const raced = phone
				? await raceLocalAndRemote(
						(signal) => dialog(request, { ...options, signal }),
						(signal) => phone(target.request, signal),
					)
				: { outcome: await dialog(request, options), answeredBy: "local" as const };
			outcome = raced.outcome;
			if (raced.answeredBy === "remote") by = "tap";
		} catch (error) {
			release?.();
			throw error;
		}
		// In the TUI a background ask's Esc may mean "later" rather than "no answers": the person says which (keeping them
		// first, so that an Enter by habit loses nothing).
		const later =
			background && outcome.kind === "cancelled" && shown.kind === "tui"
				? (await ctx.ui.select(words().cli.notices.dismissPrompt, [
						words().cli.notices.keepForLater,
						words().cli.notices.dismiss,
					])) !== words().cli.notices.dismiss
				: false;
		const end = afterDialog(outcome, background ? "background" : "pending", later);
		if (end.kind === "keep") {
			release?.();
			if (background && end.setAside) setAside.add(target.toolCallId);
			showWaiting(ctx);
			// Kept for later, a background ask is said once, by the line above the editor (showWaiting).
			if (end.setAside && !(background && ctx.hasUI)) {
				// A reopened ask has no file: nothing stays pending, and /questions reopen offers it again.
				shown.tell(target.path ? words().cli.notices.stillPending : words().cli.notices.reopenLater, "warning");
			}
			return;
		}
		// Not released: sending claims the file again (deliveries.ts) until the session holds the message.
		setAside.delete(target.toolCallId);
		showWaiting(ctx);
		deps.remember(end.outcome);
		deps.answeredLate?.(target, end.outcome);
		deps.send(ctx, {
			toolCallId: target.toolCallId,
			text: formatStructuredDelivery(target, end.outcome, target.fromSession === undefined),
			source: { kind: "dialog" },
			...deliveryImages(end.outcome),
			...decided(by, target.request, end.outcome),
			...(target.path ? { path: target.path } : {}),
			...(target.fromSession ? { fromSession: target.fromSession } : {}),
		});
	}

	return { answerInDialog };
}
