/** Small checks for JSON that came from outside (a model, a client, a file, a socket). */

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
