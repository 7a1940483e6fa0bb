/**
 * Local and remote at the same time (interactive and RPC modes): the local dialog and the remote question
 * open together as two channels of one decision slot (core/first-decision.ts): the first real answer wins and the
 * other side is aborted with the reason `answered_elsewhere`, so that the backend can close its card. A remote side
 * that cannot answer (unavailable, timed out, connection lost) decides nothing and leaves the local dialog open. Without
 * a remote side (none configured) the local dialog is the only channel.
 */
import { createFirstDecision } from "../core/first-decision.js";
import type { AskOutcome } from "../core/types.js";
import type { RemoteAskOutcome } from "./bridge.js";
import { ANSWERED_ELSEWHERE } from "./closed-reason.js";

export interface RaceResult {
	outcome: AskOutcome;
	/** `remote` when the backend's answer (or dismissal) won: the TUI can say "answered remotely". */
	answeredBy: "local" | "remote";
}

/** Outcomes from the backend that end the ask; the others mean "nobody answered remotely". */
export function isRemoteDecision(
	outcome: RemoteAskOutcome,
): outcome is Extract<AskOutcome, { kind: "answered" | "cancelled" }> {
	return outcome.kind === "answered" || outcome.kind === "cancelled";
}

export async function raceLocalAndRemote(
	askLocal: (signal: AbortSignal) => Promise<AskOutcome>,
	askRemote: ((signal: AbortSignal) => Promise<RemoteAskOutcome>) | undefined,
	signal?: AbortSignal,
): Promise<RaceResult> {
	// Once the caller aborted, nothing is decided here: the local dialog's end (interrupted) is all that is left.
	const slot = createFirstDecision<AskOutcome, RaceResult["answeredBy"]>(signal ? { signal } : {});
	const local = new AbortController();
	const remote = new AbortController();
	// The caller's reason is passed on, as if each side had been handed the caller's signal itself.
	const abortBoth = (reason?: unknown): void => {
		local.abort(reason);
		remote.abort(reason);
	};
	const onAbort = (): void => abortBoth(signal?.reason);
	if (signal?.aborted) onAbort();
	signal?.addEventListener("abort", onAbort, { once: true });
	// The losing side hears why, so that the backend (or a structured RPC app) closes its card as answered elsewhere.
	slot.decided.addEventListener("abort", () =>
		(slot.decided.reason === "local" ? remote : local).abort(ANSWERED_ELSEWHERE),
	);
	try {
		// Any end of the local dialog decides; only the person's answer or dismissal does remotely.
		const localEnd = askLocal(local.signal).then((decision) => {
			slot.decide(decision, "local");
			return { decision, from: "local" as const };
		});
		// If the remote side wins, a later failure of the aborted local dialog has nobody left to report to.
		localEnd.catch(() => undefined);
		askRemote?.(remote.signal).then(
			(outcome) => isRemoteDecision(outcome) && slot.decide(outcome, "remote"),
			() => undefined,
		);
		const { decision, from } = await Promise.race([slot.first, localEnd]);
		return { outcome: decision, answeredBy: from };
	} catch (error) {
		// The local dialog failed: the remote question must not keep waiting (and holding its socket) either.
		abortBoth();
		throw error;
	} finally {
		signal?.removeEventListener("abort", onAbort);
	}
}
