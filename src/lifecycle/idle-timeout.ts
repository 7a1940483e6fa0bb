/**
 * The opt-in time limit on a local dialog (`PI_ASK_USER_TIMEOUT=<seconds>`, off by default as the
 * specification's "no timeout" says): a dialog nobody touched for that long ends `timedOut`; any key (or, in RPC
 * mode, any reply) restarts the clock. It only ever closes the dialog — no option is picked on the person's behalf —
 * and the questions stay pending, so a later answer still reaches the model (as a user message).
 */
import type { AskOutcome } from "../core/types.js";

export interface Timers {
	set(run: () => void, ms: number): unknown;
	clear(id: unknown): void;
}

const systemTimers: Timers = {
	set: (run, ms) => setTimeout(run, ms),
	clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * Shows a dialog under the limit: `show` gets the signal that closes it, `onActivity`, the one function that restarts
 * the clock (each front end calls it on the person's keys or replies), and `closesAt`, when the limit will close the
 * dialog if nobody touches it (`undefined`: no limit).
 * A dialog closed by the limit is `timedOut`; one closed by pi's own abort stays `interrupted`.
 */
export async function withIdleTimeout(
	ms: number | undefined,
	signal: AbortSignal | undefined,
	show: (signal: AbortSignal, onActivity: () => void, closesAt: () => number | undefined) => Promise<AskOutcome>,
	timers: Timers = systemTimers,
	now: () => number = Date.now,
): Promise<AskOutcome> {
	const controller = new AbortController();
	// The reason travels on (a remote answer that won closes an RPC app's request as `answered_elsewhere`).
	const onAbort = () => controller.abort(signal?.reason);
	signal?.addEventListener("abort", onAbort, { once: true });
	if (signal?.aborted) onAbort();
	let timedOut = false;
	let timer: unknown;
	let deadline: number | undefined;
	const restart = () => {
		if (ms === undefined || controller.signal.aborted) return;
		timers.clear(timer);
		deadline = now() + ms;
		timer = timers.set(() => {
			timedOut = true;
			// The structured RPC protocol tells the app its request closed for this reason.
			controller.abort("timeout");
		}, ms);
	};
	restart();
	try {
		// The dialog reads when the limit will close it, to count down its last seconds.
		const outcome = await show(controller.signal, restart, () => deadline);
		return timedOut && outcome.kind === "interrupted" ? { kind: "timedOut" } : outcome;
	} finally {
		timers.clear(timer);
		signal?.removeEventListener("abort", onAbort);
	}
}
