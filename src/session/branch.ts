/** Reading the session branch: what the user asked for, and the ask_user records on this branch. */
import { readFileSync } from "node:fs";
import type { SessionEntry } from "@mariozechner/pi-coding-agent";
import { typedParts } from "../core/answers.js";
import { DELIVERED_ANSWERS_TYPE } from "../core/delivered-answers.js";
import { sanitizeText } from "../core/text.js";
import type { AskDetails } from "../core/types.js";
import { isAskUserResult } from "./ask-entries.js";

/** The text of a message's content (a string, or text parts). */
export function contentText(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((block) => (block && typeof block === "object" && block.type === "text" ? String(block.text) : ""))
		.join("\n");
}

/**
 * The text of an entry that may carry delivered answers: a user message (how answers were delivered before, and
 * still are when they travel with the person's prompt) or our delivered-answers custom message; else `undefined`.
 */
export function deliveredText(entry: unknown): string | undefined {
	const { type, message, customType, content } = (entry ?? {}) as {
		type?: unknown;
		message?: { role?: unknown; content?: unknown };
		customType?: unknown;
		content?: unknown;
	};
	if (type === "message" && message?.role === "user") return contentText(message.content);
	if (type === "custom_message" && customType === DELIVERED_ANSWERS_TYPE) return contentText(content);
	return undefined;
}

function deliveredWith(entry: unknown, text: string): boolean {
	return deliveredText(entry)?.includes(text) === true;
}

/**
 * Whether the session pi will continue holds delivered answers carrying `text` (a user message or our custom
 * message): its file on disk where the session has one (pi writes a new session's file only after the model's
 * first reply), else the session in memory.
 */
export function sessionHolds(sessionFile: string | undefined, branch: () => SessionEntry[], text: string): boolean {
	if (sessionFile === undefined) return branch().some((entry) => deliveredWith(entry, text));
	let lines: string[];
	try {
		lines = readFileSync(sessionFile, "utf8").split("\n");
	} catch {
		return false;
	}
	return lines.some((line) => {
		if (!line.includes('"user"') && !line.includes('"custom_message"')) return false;
		try {
			return deliveredWith(JSON.parse(line), text);
		} catch {
			// A line cut short by a crash holds nothing pi will continue.
			return false;
		}
	});
}

/** The newest user message on the branch: the task a fresh session needs to continue. */
export function lastUserText(branch: SessionEntry[]): string | undefined {
	for (let i = branch.length - 1; i >= 0; i--) {
		const entry = branch[i];
		if (entry?.type === "message" && entry.message.role === "user") {
			const text = contentText(entry.message.content).trim();
			if (text) return text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
		}
	}
	return undefined;
}

/** The person's own typed answers on this branch, oldest first, for ↑ recall in text inputs. */
export function typedAnswerHistory(branch: SessionEntry[]): string[] {
	const history: string[] = [];
	for (const entry of branch) {
		if (entry.type !== "message" || !isAskUserResult(entry.message)) continue;
		const details = entry.message.details as AskDetails | undefined;
		for (const answer of Array.isArray(details?.answers) ? details.answers : []) {
			// Details come from the session file: skip anything that is not an answer record.
			if (typeof answer !== "object" || answer === null) continue;
			for (const value of typedParts(answer)) {
				// A session file can be forged: what the editor will show again is made safe for the terminal.
				const clean = typeof value === "string" ? sanitizeText(value) : "";
				if (clean !== "" && history.at(-1) !== clean) history.push(clean);
			}
		}
	}
	return history;
}
