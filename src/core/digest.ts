/**
 * The one way a value is named by a hash here: its canonical JSON (every object's keys in one order, no `undefined`),
 * hashed with SHA-256 and written base64url. The ask's key, the fingerprint of an ask and its answers, and the name of
 * one tool call are all made with it.
 */
import { createHash } from "node:crypto";
import { isRecord } from "./json.js";

/** JSON with every object's keys in one order and no `undefined`: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
	if (isRecord(value)) {
		const keys = Object.keys(value)
			.filter((key) => value[key] !== undefined)
			.sort();
		return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
	}
	return JSON.stringify(value ?? null);
}

/** The SHA-256 of `text`, base64url (43 characters; a caller that needs a short name keeps a prefix). */
export function digestOf(text: string): string {
	return createHash("sha256").update(text).digest("base64url");
}
