/**
 * What a message read from the reply topic means for the asks waiting here: an answer (one option of the ask it
 * names), a refusal with one warning (a forged, expired or malformed tap, one offered for an earlier ask that reused
 * the ask's id, an ask already answered, an option that does not exist), or nothing to do here (not a tap, or an ask that is not this place's: one topic serves every
 * project of the person, so another folder's tap is that folder's business). Pure.
 */
import type { AskRequest } from "../core/types.js";
import { buttonOptions } from "./message.js";
import { checkTap, readTap, TAP_LIFETIME_SECONDS, type Tap } from "./tap.js";

/** An ask a tap may name, as the place reading the reply topic knows it. */
export interface TapTarget {
	request: AskRequest;
	/** The ask is over (answered here or elsewhere): a tap for it is refused. */
	ended: boolean;
	/**
	 * When the ask was made (ms): a good tap offered before then was made for an earlier ask whose tool-call id this
	 * one reuses (some providers reuse ids), and is not this ask's answer. `undefined`: not known, not checked.
	 */
	askedAt?: number;
}

/**
 * An older tap (no signed offer time) offered this long before the ask's recorded time still counts: its offer is known
 * only from its expiry, cut to the second. Also the margin for ntfy's own receipt time (its clock, in seconds).
 */
const OFFER_SLACK_SECONDS = 2;

/**
 * Whether a good tap was offered before the ask was made (`askedAt`, ms): then it was made for an earlier ask that
 * reused the ask's id. A tap signs its offer to the millisecond; an older one is judged by its expiry's second.
 */
function offeredBefore(tap: Tap, askedAt: number): boolean {
	if (tap.offered !== undefined) return tap.offered < askedAt;
	return tap.expires - TAP_LIFETIME_SECONDS < askedAt / 1000 - OFFER_SLACK_SECONDS;
}

export type TapVerdict =
	| { kind: "ignore" }
	| { kind: "refuse"; warning: string }
	| { kind: "answer"; ask: string; choice: number; label: string };

/** The warning for a tap on a question answered first another way. */
export const TAP_TOO_LATE = "ignored a tap from the phone: that question was already answered";

/**
 * `sentAt`: when the reply topic received the tap (unix seconds, ntfy's `time`), when known. A tap offered for an
 * earlier ask that reused the ask's id is refused when it was sent after this ask was made (the person tapped an old
 * notification); one sent before was that earlier ask's, read again from the cache, and is left alone.
 */
export function judgeTap(
	text: string,
	key: Uint8Array,
	nowSeconds: number,
	targetOf: (ask: string) => TapTarget | undefined,
	sentAt?: number,
): TapVerdict {
	const read = readTap(text);
	if (read.kind === "not-a-tap") return { kind: "ignore" };
	if (read.kind === "malformed")
		return { kind: "refuse", warning: `ignored a malformed tap from the phone (${read.reason})` };
	const { tap } = read;
	const target = targetOf(tap.ask);
	if (target === undefined) return { kind: "ignore" };
	const check = checkTap(key, tap, nowSeconds);
	if (!check.ok) {
		return {
			kind: "refuse",
			warning:
				check.why === "expired"
					? "ignored a tap from the phone that came too late (its offer had expired)"
					: "ignored a tap from the phone whose token is wrong (not made by this machine's buttons)",
		};
	}
	const { askedAt } = target;
	if (askedAt !== undefined && offeredBefore(tap, askedAt)) {
		if (sentAt !== undefined && sentAt < askedAt / 1000 - OFFER_SLACK_SECONDS) return { kind: "ignore" };
		return {
			kind: "refuse",
			warning: "ignored a tap from the phone made for an earlier question (offered before this one was asked)",
		};
	}
	if (target.ended) return { kind: "refuse", warning: TAP_TOO_LATE };
	const label = buttonOptions(target.request)?.[tap.choice];
	if (label === undefined)
		return { kind: "refuse", warning: "ignored a tap from the phone naming an option the question does not have" };
	return { kind: "answer", ask: tap.ask, choice: tap.choice, label };
}
