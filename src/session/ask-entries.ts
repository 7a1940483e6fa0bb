/**
 * The one reader of ask_user in a session's messages: the calls the model made to it and the results it got back,
 * recognised by the tool's one name (core/prompt.ts). Messages may come from a session file anyone could edit, so
 * a call is read only when its block is an object with a string id.
 */
import { isRecord } from "../core/json.js";
import { TOOL_NAME } from "../core/prompt.js";

/** One ask_user call in an assistant message: its tool-call id and the arguments the model gave. */
export interface AskUserCall {
	id: string;
	arguments: unknown;
}

/** The ask_user calls in an assistant message's content, in order; anything else is passed over. */
export function askUserCalls(content: unknown): AskUserCall[] {
	if (!Array.isArray(content)) return [];
	return content.flatMap((block: unknown) =>
		isRecord(block) && block.type === "toolCall" && block.name === TOOL_NAME && typeof block.id === "string"
			? [{ id: block.id, arguments: block.arguments }]
			: [],
	);
}

/** The calls of an assistant message's content to tools other than ask_user (an approval asks about one). */
export function otherToolCalls(content: unknown): { id: string; name: unknown; arguments: unknown }[] {
	if (!Array.isArray(content)) return [];
	return content.flatMap((block: unknown) =>
		isRecord(block) && block.type === "toolCall" && block.name !== TOOL_NAME && typeof block.id === "string"
			? [{ id: block.id, name: block.name, arguments: block.arguments }]
			: [],
	);
}

/** Whether a message is the result of an ask_user call. */
export function isAskUserResult<M extends { role: string; toolName?: unknown }>(
	message: M,
): message is Extract<M, { role: "toolResult" }> {
	return message.role === "toolResult" && message.toolName === TOOL_NAME;
}
