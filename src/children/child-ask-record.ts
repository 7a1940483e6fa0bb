/**
 * The custom entry type under which a parent's session keeps each of its children's asks, and the custom message type
 * of the line its chat shows for one. A leaf: pi's entry and the app build take them at every start, and the parent
 * route they belong with loads `ws` and the web endpoint on first use.
 */
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { isRecord } from "../core/json.js";
import { sanitizeText } from "../core/text.js";
import type { Answer } from "../core/types.js";
import type { PiModules } from "../host/pi-modules.js";
import { contentText } from "../session/branch.js";

export const CHILD_ASK_RECORD_TYPE = "ask_user-child";

/**
 * The parent's chat line saying what the person answered a child: shown and kept in the session, never read by the
 * parent's model (the child's own output tells it what the child did).
 */
export const CHILD_ASK_LINE_TYPE = "ask_user-child-line";

/** What the parent's session keeps of a child's ask (a custom entry; the child's words, cleaned). */
export interface ChildAskRecord {
	asker: { task?: string; cwd?: string };
	questions: string[];
	outcome: "answered" | "cancelled";
	answers?: Answer[];
	unanswered?: string[];
	note?: string;
	/** Whether the reply reached the child's connection (it may have gone meanwhile). */
	delivered: boolean;
}

/**
 * The model's context without the chat's lines of children's asks (pi's `context` event); `undefined` when it holds
 * none, so the context goes on untouched. Anything that is not a list passes as it is.
 */
export function withoutChildLines<T>(messages: readonly T[]): T[] | undefined {
	if (!Array.isArray(messages)) return undefined;
	const isLine = (message: unknown) =>
		isRecord(message) && message.role === "custom" && message.customType === CHILD_ASK_LINE_TYPE;
	if (!messages.some(isLine)) return undefined;
	return messages.filter((message) => !isLine(message));
}

/** What keeps the chat's lines of children's asks from the parent's model. */
export interface ChildLines {
	/** Call before this pi shows a line: from then on, every model call's context is read without them. */
	keepFromModel(): void;
	/**
	 * At a session start (the children's, ./children.ts): a session that holds a line keeps it from the model. Not a
	 * listener of its own: this part may be built during a session start (src/asking.ts), and pi ≥0.87 runs no handler
	 * added during an event for that event.
	 */
	sessionStart(ctx: { sessionManager: { getEntries(): readonly unknown[] } }): void;
}

/**
 * Shows the lines of what the person answered a subagent in the parent's chat, one muted line each, and keeps them
 * from the model. pi hands every `context` listener the whole conversation at every model call (pi 1.x also copies and
 * compares it once a listener), so the listener is added only where a line can be: in a session that holds one when it
 * starts (`sessionStart`), or once this pi shows its first.
 */
export function showChildLines(pi: ExtensionAPI, tui: PiModules["tui"]): ChildLines {
	pi.registerMessageRenderer(
		CHILD_ASK_LINE_TYPE,
		(message, _options, theme) => new tui.Text(theme.fg("muted", sanitizeText(contentText(message.content))), 1, 0),
	);
	let listening = false;
	const keepFromModel = () => {
		if (listening) return;
		listening = true;
		pi.on("context", (event) => {
			const messages = withoutChildLines(event.messages);
			return messages ? { messages } : undefined;
		});
	};
	return {
		keepFromModel,
		sessionStart(ctx) {
			const isLine = (entry: unknown) =>
				isRecord(entry) && entry.type === "custom_message" && entry.customType === CHILD_ASK_LINE_TYPE;
			if (!listening && ctx.sessionManager.getEntries().some(isLine)) keepFromModel();
		},
	};
}
