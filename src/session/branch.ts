/** Reading the session branch: what the user asked for, and the ask_user records on this branch. */
import type { SessionEntry } from "@mariozechner/pi-coding-agent";

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((block) => (block && typeof block === "object" && block.type === "text" ? String(block.text) : ""))
		.join("\n");
}

/** The newest user message on the branch: the task a fresh session needs to continue. */
export function lastUserText(branch: SessionEntry[]): string | undefined {
	for (let i = branch.length - 1; i >= 0; i--) {
		const entry = branch[i];
		if (entry?.type === "message" && entry.message.role === "user") {
			const text = textOf(entry.message.content).trim();
			if (text) return text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
		}
	}
	return undefined;
}
