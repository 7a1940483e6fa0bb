/** Small checks for JSON that came from outside (a model, a client, a file, a socket). */

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A text parsed as one JSON object, or which of the two ways it is not one. */
export type ParsedJsonObject =
	| { ok: true; value: JsonObject }
	| { ok: false; reason: "not JSON" | "not a JSON object" };

/** Parses a text that should hold one JSON object (a frame, a reply); never throws. */
export function parseJsonObject(text: string): ParsedJsonObject {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return { ok: false, reason: "not JSON" };
	}
	return isRecord(data) ? { ok: true, value: data } : { ok: false, reason: "not a JSON object" };
}

/** A time written as ISO text, in ms; `undefined` for anything else. */
export function timeOf(text: unknown): number | undefined {
	const time = typeof text === "string" ? Date.parse(text) : Number.NaN;
	return Number.isFinite(time) ? time : undefined;
}
