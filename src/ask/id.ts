/**
 * Which ask: the session that asked, its tool call, and when it was made. A tool-call id alone names no ask (a
 * provider may reuse `call_0`, and sessions share nothing), so every record, lease name, wire id and signature names
 * its ask through this one identity and its one key.
 */
import { digestOf } from "../core/digest.js";

export interface AskId {
	readonly sessionId: string;
	readonly toolCallId: string;
	/** When the ask was made (ms since the epoch); absent where a record of an earlier version did not say. */
	readonly askedAt?: number | undefined;
}

/**
 * The ask's key: a short hash of its session and tool call (22 base64url characters), for a file name or an id on
 * the wire that must name the ask without telling its readers the session or the call.
 */
export function askKey(id: Pick<AskId, "sessionId" | "toolCallId">): string {
	return digestOf(`${id.sessionId}\n${id.toolCallId}`).slice(0, 22);
}
