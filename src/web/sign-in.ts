/**
 * The addresses that sign a browser in to `pi-ask-anywhere web`, pure: each carries a code that works once and
 * only for `SIGN_IN_LIFETIME_MS`, so an address left in a browser's history, a terminal's scrollback or a photo of a
 * QR code opens nothing later. Using the code (or trying it once it expired) makes the next one, which whoever runs
 * the server prints. A browser signed in keeps its cookie; the codes only let new browsers in.
 */
import { sameSecret } from "../net/same-secret.js";

/** How long an address signs a browser in after it was printed. */
export const SIGN_IN_LIFETIME_MS = 10 * 60_000;

export type SignInResult =
	/** The code was right and fresh: the browser gets its cookie; `next` is the address for another browser. */
	| { kind: "signed-in"; next: string }
	/** The code was the current one but too old: nobody is signed in; `next` replaces it. */
	| { kind: "expired"; next: string }
	/** Not the current code: used before, replaced, or never made. */
	| { kind: "unknown" };

export interface SignInCodes {
	/** The code the next address carries. */
	current(): string;
	use(code: string): SignInResult;
	/** A new code now, the old one no longer works (every browser was signed out). */
	renew(): string;
}

export function createSignInCodes(options: {
	now: () => number;
	newCode: () => string;
	lifetimeMs?: number;
	/** The first code (tests); a new one otherwise. */
	first?: string;
}): SignInCodes {
	const lifetime = options.lifetimeMs ?? SIGN_IN_LIFETIME_MS;
	let code = options.first ?? options.newCode();
	let madeAt = options.now();
	const renew = (): string => {
		code = options.newCode();
		madeAt = options.now();
		return code;
	};
	return {
		current: () => code,
		use(given) {
			if (!sameSecret(given, code)) return { kind: "unknown" };
			const fresh = options.now() - madeAt < lifetime;
			return { kind: fresh ? "signed-in" : "expired", next: renew() };
		},
		renew,
	};
}
