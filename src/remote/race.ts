/**
 * Local and remote at the same time (interactive and RPC modes): the local dialog and the remote question
 * open together; the first real answer wins and the other side is aborted (the remote side with the reason
 * `answered_elsewhere`, so that the backend can close its card). A remote side that cannot answer
 * (unavailable, timed out, connection lost) just leaves the local dialog open.
 */
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

/** Remote outcomes a tap on the phone gave, told apart from the web page's (for the decision log). */
const tapped = new WeakSet<object>();

/** Marks `outcome` as a tap's; returns it. */
export function fromTap<T extends object>(outcome: T): T {
	tapped.add(outcome);
	return outcome;
}

export function isFromTap(outcome: object): boolean {
	return tapped.has(outcome);
}

export async function raceLocalAndRemote(
	askLocal: (signal: AbortSignal) => Promise<AskOutcome>,
	askRemote: (signal: AbortSignal) => Promise<RemoteAskOutcome>,
	signal?: AbortSignal,
): Promise<RaceResult> {
	const local = new AbortController();
	const remote = new AbortController();
	const abortBoth = (): void => {
		local.abort();
		remote.abort();
	};
	if (signal?.aborted) abortBoth();
	signal?.addEventListener("abort", abortBoth, { once: true });
	try {
		const localResult = askLocal(local.signal).then((outcome) => ({ outcome, from: "local" as const }));
		const remoteResult = askRemote(remote.signal).then(
			(outcome) => ({ outcome, from: "remote" as const }),
			(error: unknown) => ({
				outcome: { kind: "unavailable", reason: String(error) } satisfies RemoteAskOutcome,
				from: "remote" as const,
			}),
		);
		// If the remote side wins, a later failure of the aborted local dialog has nobody left to report to.
		localResult.catch(() => undefined);
		const first = await Promise.race([localResult, remoteResult]);
		if (first.from === "local") {
			// Tells the bridge why, so that the backend hears "answered_elsewhere" rather than "aborted".
			remote.abort(ANSWERED_ELSEWHERE);
			return { outcome: first.outcome, answeredBy: "local" };
		}
		// The remote side settled first, but only an answer or a dismissal from the person closes the dialog.
		if (isRemoteDecision(first.outcome) && !signal?.aborted) {
			// The local side says why too: a structured RPC app hears "answered_elsewhere" and closes its card.
			local.abort(ANSWERED_ELSEWHERE);
			return { outcome: first.outcome, answeredBy: "remote" };
		}
		return { outcome: (await localResult).outcome, answeredBy: "local" };
	} catch (error) {
		// The local dialog failed: the remote question must not keep waiting (and holding its socket) either.
		abortBoth();
		throw error;
	} finally {
		signal?.removeEventListener("abort", abortBoth);
	}
}
