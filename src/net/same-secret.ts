/**
 * Secrets compared in constant time, for every listener that checks one (the web page's cookie and sign-in codes, an
 * agent's Bearer token), so that how long a refusal takes tells nothing about how much of a guess was right.
 */
import { timingSafeEqual } from "node:crypto";

/** Compares secrets in constant time; an absent value never matches. */
export function sameSecret(given: string | undefined, expected: string): boolean {
	if (given === undefined) return false;
	const a = Buffer.from(given);
	const b = Buffer.from(expected);
	return a.length === b.length && timingSafeEqual(a, b);
}
