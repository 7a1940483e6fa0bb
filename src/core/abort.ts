/**
 * The one abort helper: waits for a promise unless the signal aborts first. Used where the awaited thing takes
 * no signal of its own (pi 0.73.1's `editor` dialog, a socket being opened), so an abort settles the ask at once.
 */

/**
 * Resolves to the promise's value, or to `undefined` as soon as the signal aborts (also when it already has).
 * A rejection passes through unless the abort came first; the abort listener never outlives the wait.
 */
export function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
	if (!signal) return promise;
	if (signal.aborted) {
		// Nobody waits for it any more; its later failure must not surface as an unhandled rejection.
		promise.catch(() => undefined);
		return Promise.resolve(undefined);
	}
	return new Promise((resolve, reject) => {
		const onAbort = (): void => resolve(undefined);
		signal.addEventListener("abort", onAbort, { once: true });
		promise.then(
			(value) => {
				signal.removeEventListener("abort", onAbort);
				resolve(value);
			},
			(error: unknown) => {
				signal.removeEventListener("abort", onAbort);
				reject(error);
			},
		);
	});
}
