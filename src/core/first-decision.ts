/**
 * The one place an ask's decision is taken: every surface that can answer (a dialog, the web page, the phone, a
 * pending file, a client's form) is a channel that offers its decision here, and the first one wins, once. The others
 * learn it from `decided` (its reason names the channel that won) and stop. A channel that ends with nothing to decide
 * (unavailable, timed out, failed) just does not call `decide`. Pure: no I/O, no timers.
 */

export interface Taken<D, C extends string> {
	decision: D;
	from: C;
}

export interface FirstDecision<D, C extends string> {
	/** Offers a channel's decision: `true` when it is the first, `false` once decided or closed. */
	decide(decision: D, from: C): boolean;
	/** Aborted once decided, with the winning channel as its reason; never by the slot's own signal. */
	readonly decided: AbortSignal;
	/** The decision taken, once there is one. */
	readonly taken: Taken<D, C> | undefined;
	/** Resolves with the decision taken; never when the slot closed undecided. */
	readonly first: Promise<Taken<D, C>>;
}

export interface FirstDecisionOptions<D, C extends string> {
	/** Once aborted, the slot takes nothing more (the ask ended undecided: pi went away, the caller gave up). */
	signal?: AbortSignal;
	/** Told the decision once, before `decided` aborts (the decision log). */
	decided?: (decision: D, from: C) => void;
}

export function createFirstDecision<D, C extends string>(
	options: FirstDecisionOptions<D, C> = {},
): FirstDecision<D, C> {
	const stop = new AbortController();
	let taken: Taken<D, C> | undefined;
	let resolve: (taken: Taken<D, C>) => void = () => undefined;
	const first = new Promise<Taken<D, C>>((done) => {
		resolve = done;
	});
	return {
		decide(decision, from) {
			if (taken || options.signal?.aborted) return false;
			taken = { decision, from };
			resolve(taken);
			try {
				options.decided?.(decision, from);
			} finally {
				// A notice that fails still ends the other channels: the decision stands.
				stop.abort(from);
			}
			return true;
		},
		decided: stop.signal,
		get taken() {
			return taken;
		},
		first,
	};
}
