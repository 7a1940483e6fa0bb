/** How an ask_user call and its result look in pi's chat: a compact line, all answers when expanded. */
import type { Theme } from "@mariozechner/pi-coding-agent";
import type { Text } from "@mariozechner/pi-tui";
import { isRecord } from "../core/json.js";
import { normalizeArguments } from "../core/normalize.js";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { Answer, AskDetails } from "../core/types.js";
import type { PiModules } from "../host/pi-modules.js";

/** A one-line summary of possibly partial, possibly non-canonical arguments (they may still be streaming). */
export function summarizeCall(args: unknown): string {
	const normalized = normalizeArguments(args);
	const questions = isRecord(normalized) ? normalized.questions : undefined;
	if (!Array.isArray(questions) || questions.length === 0) return "";
	const first = isRecord(questions[0]) ? questions[0] : undefined;
	const title =
		typeof first?.header === "string" ? first.header : typeof first?.question === "string" ? first.question : "";
	const more = questions.length > 1 ? ` (+${questions.length - 1} more)` : "";
	return `${sanitizeLine(title)}${more}`;
}

/**
 * An answer as the summary shows it: picked options bare, typed text in quotes, so that a typed "Rate limiting, per
 * key" reads as one answer and not as two picks.
 */
export function formatAnswerValue(answer: Answer): string {
	const picked = answer.selectedOption;
	const chosen = new Set(Array.isArray(picked) ? picked : picked === undefined ? [] : [picked]);
	const items = Array.isArray(answer.answer) ? answer.answer : [answer.answer];
	const value = items.map((item) => (answer.wasCustom === true && !chosen.has(item) ? `"${item}"` : item)).join(", ");
	return answer.note ? `${value} — note: ${answer.note}` : value;
}

/** The result's lines (plain text; the caller colours them). */
export function summarizeResult(
	details: AskDetails | undefined,
	expanded: boolean,
): { tone: "success" | "warning" | "muted"; lines: string[] } {
	// Details come from the session file and may have been written by another ask_user extension.
	if (!details || !Array.isArray(details.answers)) return { tone: "muted", lines: [] };
	switch (details.outcome) {
		case "cancelled":
			return { tone: "warning", lines: ["Cancelled by the user"] };
		case "timedOut":
			return { tone: "warning", lines: ["No answer in time"] };
		case "connectionLost":
			return { tone: "warning", lines: ["Connection to the user lost"] };
		case "interrupted":
			return { tone: "warning", lines: ["Interrupted: asked again when the session continues"] };
		case "pending":
			return {
				tone: "warning",
				lines: [
					`Pending: answers go in ${typeof details.pendingFile === "string" ? sanitizeLine(details.pendingFile) : ".pi/pending-questions.json"}`,
				],
			};
		case "answered": {
			const clean = (text: string) => (expanded ? sanitizeText(text) : sanitizeLine(text));
			const lines = details.answers
				.filter((a) => typeof a?.question === "string" && (typeof a.answer === "string" || Array.isArray(a.answer)))
				.map((a) => `${clean(a.question)} → ${clean(formatAnswerValue(a))}`);
			for (const question of Array.isArray(details.unanswered) ? details.unanswered : []) {
				if (typeof question === "string") lines.push(`${clean(question)} → (skipped)`);
			}
			if (typeof details.note === "string" && details.note !== "") lines.push(`Note for all: ${clean(details.note)}`);
			return { tone: "success", lines };
		}
		default:
			return { tone: "muted", lines: [] };
	}
}

/** What rendering needs of pi-tui: the TUI's own copy, handed over by the caller. */
export type RenderModules = Pick<PiModules["tui"], "Text" | "getKeybindings">;

export function renderCall(args: unknown, theme: Theme, tui: RenderModules): Text {
	const summary = summarizeCall(args);
	return new tui.Text(`${theme.fg("toolTitle", theme.bold("ask_user "))}${theme.fg("muted", summary)}`, 0, 0);
}

/** A collapsed result line longer than this is cut, and the result says which key expands it. */
const COLLAPSED_CHARS = 200;

/** pi's key for expanding tool output (`app.tools.expand`, ctrl+o unless the person remapped it). */
function expandKey(tui: RenderModules): string {
	return tui.getKeybindings().getKeys("app.tools.expand").join("/");
}

export function renderResult(
	details: AskDetails | undefined,
	expanded: boolean,
	theme: Theme,
	tui: RenderModules,
): Text {
	const { tone, lines } = summarizeResult(details, expanded);
	const cut = !expanded && lines.some((line) => line.length > COLLAPSED_CHARS);
	const shown = cut
		? lines.map((line) => (line.length > COLLAPSED_CHARS ? `${line.slice(0, COLLAPSED_CHARS - 1)}…` : line))
		: lines;
	const styled = shown.map((line) => theme.fg(tone, line));
	const key = cut ? expandKey(tui) : "";
	if (key) styled.push(theme.fg("dim", `(${key} to expand)`));
	return new tui.Text(styled.join("\n"), 0, 0);
}
