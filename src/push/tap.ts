/**
 * A tap on a notification's answer button: what the button publishes to the reply topic (the ask's id, the option
 * chosen, when the buttons were offered and when the offer ends, and a token), and the check of a reply read back from
 * that topic. The token is an HMAC over exactly those fields with a key that never leaves this machine, so a reply that
 * changes the option, the ask or the times, or that anyone without the key made up, fails. Pure apart from the hash
 * functions.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { askKey } from "../ask/id.js";
import { isRecord } from "../core/json.js";

/** How long a tap stays good: ntfy.sh keeps messages 12 hours, so a later tap could not be read anyway. */
export const TAP_LIFETIME_SECONDS = 12 * 60 * 60;

/** Marks our replies among whatever else someone publishes to the reply topic. */
const TAP_KIND = "pi-ask-anywhere.tap";
/** Version 2 signs the offer's time to the millisecond; version 1 (buttons published before) knew it to the second. */
const TAP_VERSION = 2;
const OLDER_TAP_VERSION = 1;
/** Replies larger than this are not ours (ours are ~150 bytes): not parsed. */
const MAX_TAP_CHARS = 1024;

export interface Tap {
	/** The ask's id (`askIdOf`). */
	ask: string;
	/** The option's index in the question's options. */
	choice: number;
	/** Unix seconds after which the tap is refused (ntfy's cache has forgotten the ask by then anyway). */
	expires: number;
	/**
	 * When the buttons were offered (ms since the epoch), signed: a tap offered before an ask was made belongs to an
	 * earlier ask that reused its id. Absent in an older tap, whose offer is known only from `expires`, to the second.
	 */
	offered?: number;
	token: string;
}

/** The ask's id on the wire: its key (ask/id.ts), so that a pending file names its ask without any record beside it. */
export function askIdOf(sessionId: string, toolCallId: string): string {
	return askKey({ sessionId, toolCallId });
}

function mac(key: Uint8Array, tap: Omit<Tap, "token">): string {
	const signed =
		tap.offered === undefined
			? `v${OLDER_TAP_VERSION}|${tap.ask}|${tap.choice}|${tap.expires}`
			: `v${TAP_VERSION}|${tap.ask}|${tap.choice}|${tap.expires}|${tap.offered}`;
	return createHmac("sha256", key).update(signed).digest("base64url");
}

/**
 * The body the answer button publishes for option `choice`, offered at `offered` (ms). Without it, the older form
 * (which this package only reads now: a test makes one to check that it is still judged as before).
 */
export function tapBody(key: Uint8Array, ask: string, choice: number, expires: number, offered?: number): string {
	const fields = { ask, choice, expires, ...(offered === undefined ? {} : { offered }) };
	const v = offered === undefined ? OLDER_TAP_VERSION : TAP_VERSION;
	return JSON.stringify({ kind: TAP_KIND, v, ...fields, token: mac(key, fields) });
}

export type ReadTap = { kind: "tap"; tap: Tap } | { kind: "not-a-tap" } | { kind: "malformed"; reason: string };

/** A reply topic message's text read as a tap; anything that does not claim to be one is `not-a-tap`. */
export function readTap(text: string): ReadTap {
	if (text.length > MAX_TAP_CHARS || !text.includes(TAP_KIND)) return { kind: "not-a-tap" };
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return { kind: "malformed", reason: "not JSON" };
	}
	if (!isRecord(data) || data.kind !== TAP_KIND) return { kind: "not-a-tap" };
	// JSON, not String(): a parsed `{"toString": ""}` makes String() throw.
	if (data.v !== TAP_VERSION && data.v !== OLDER_TAP_VERSION)
		return { kind: "malformed", reason: `version ${JSON.stringify(data.v)} is not understood` };
	const { ask, choice, expires, token } = data;
	// An older tap's token does not cover an offer time: one added to it is not read.
	const offered = data.v === TAP_VERSION ? data.offered : undefined;
	if (data.v === TAP_VERSION && (typeof offered !== "number" || !Number.isSafeInteger(offered) || offered < 0)) {
		return { kind: "malformed", reason: "no offer time" };
	}
	if (typeof ask !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(ask)) return { kind: "malformed", reason: "no ask id" };
	if (typeof choice !== "number" || !Number.isInteger(choice) || choice < 0 || choice > 99) {
		return { kind: "malformed", reason: "no option" };
	}
	if (typeof expires !== "number" || !Number.isInteger(expires)) return { kind: "malformed", reason: "no expiry" };
	if (typeof token !== "string" || token.length > 100) return { kind: "malformed", reason: "no token" };
	return {
		kind: "tap",
		tap: { ask, choice, expires, token, ...(typeof offered === "number" ? { offered } : {}) },
	};
}

export type TapCheck = { ok: true } | { ok: false; why: "forged" | "expired" };

/** Whether the tap was made by this machine's key for exactly this ask, option, offer and expiry, and is in time. */
export function checkTap(key: Uint8Array, tap: Tap, nowSeconds: number): TapCheck {
	const expected = Buffer.from(mac(key, tap));
	const given = Buffer.from(tap.token);
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, why: "forged" };
	if (nowSeconds > tap.expires) return { ok: false, why: "expired" };
	return { ok: true };
}
