/**
 * A function that acts on its first call only: for things said to the person once, however often the cause repeats
 * (garbage sent to a listener, another package's ask_user seen at every session start).
 */

/** `fn` on its first call; every later call does nothing. */
export function once<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
	let called = false;
	return (...args) => {
		if (called) return;
		called = true;
		fn(...args);
	};
}
