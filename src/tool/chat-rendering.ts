/**
 * How an ask_user call and its result look in pi's chat, and answers delivered later: a compact line, all answers
 * when expanded.
 */
import type { Theme } from "@mariozechner/pi-coding-agent";
import type { Text } from "@mariozechner/pi-tui";
import { readDeliveredAnswers } from "../core/delivered-answers.js";
import { isRecord } from "../core/json.js";
import { normalizeArguments } from "../core/normalize.js";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { Answer, AskDetails } from "../core/types.js";
import type { PiModules } from "../host/pi-modules.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";

type ChatWords = CliStrings["chat"];

/** A one-line summary of possibly partial, possibly non-canonical arguments (they may still be streaming). */
export function summarizeCall(args: unknown, words: ChatWords = chosenWords().cli.chat): string {
	const normalized = normalizeArguments(args);
	const questions = isRecord(normalized) ? normalized.questions : undefined;
	if (!Array.isArray(questions) || questions.length === 0) return "";
	const first = isRecord(questions[0]) ? questions[0] : undefined;
	const title =
		typeof first?.header === "string" ? first.header : typeof first?.question === "string" ? first.question : "";
	const more = questions.length > 1 ? words.more(questions.length - 1) : "";
	return `${sanitizeLine(title)}${more}`;
}

/**
 * An answer as the summary shows it: picked options bare, typed text in quotes, so that a typed "Rate limiting, per
 * key" reads as one answer and not as two picks.
 */
function formatAnswerValue(answer: Answer, words: ChatWords): string {
	const picked = answer.selectedOption;
	const chosen = new Set(Array.isArray(picked) ? picked : picked === undefined ? [] : [picked]);
	const items = Array.isArray(answer.answer) ? answer.answer : [answer.answer];
	const value = items.map((item) => (answer.wasCustom === true && !chosen.has(item) ? `"${item}"` : item)).join(", ");
	return answer.note ? words.withNote(value, answer.note) : value;
}

/** The result's lines (plain text; the caller colours them). */
export function summarizeResult(
	details: AskDetails | undefined,
	expanded: boolean,
	words: ChatWords = chosenWords().cli.chat,
): { tone: "success" | "warning" | "muted"; lines: string[] } {
	// Details come from the session file and may have been written by another ask_user extension.
	if (!details || !Array.isArray(details.answers)) return { tone: "muted", lines: [] };
	switch (details.outcome) {
		case "cancelled":
			return { tone: "warning", lines: [words.cancelled] };
		case "timedOut":
			return { tone: "warning", lines: [words.timedOut] };
		case "connectionLost":
			return { tone: "warning", lines: [words.connectionLost] };
		case "interrupted":
			return { tone: "warning", lines: [words.interrupted] };
		case "pending":
			return {
				tone: "warning",
				lines: [
					words.pending(
						typeof details.pendingFile === "string" ? sanitizeLine(details.pendingFile) : ".pi/pending-questions.json",
					),
				],
			};
		case "answered":
			return { tone: "success", lines: answerLines(details, expanded, words) };
		default:
			return { tone: "muted", lines: [] };
	}
}

/** `Question → answer` lines of answers that may come from a session file (anything malformed is left out). */
export function answerLines(
	fields: { answers?: unknown; unanswered?: unknown; note?: unknown },
	expanded: boolean,
	words: ChatWords,
): string[] {
	const clean = (text: string) => (expanded ? sanitizeText(text) : sanitizeLine(text));
	const answers: unknown[] = Array.isArray(fields.answers) ? fields.answers : [];
	const lines = answers
		.filter(
			(a): a is Answer =>
				isRecord(a) && typeof a.question === "string" && (typeof a.answer === "string" || Array.isArray(a.answer)),
		)
		.map((a) => `${clean(a.question)} → ${clean(formatAnswerValue(a, words))}`);
	for (const question of Array.isArray(fields.unanswered) ? fields.unanswered : []) {
		if (typeof question === "string") lines.push(`${clean(question)} → ${words.skipped}`);
	}
	if (typeof fields.note === "string" && fields.note !== "") lines.push(words.noteForAll(clean(fields.note)));
	return lines;
}

/**
 * The lines of a message of delivered answers (plain text; the caller colours them), read back from the text the
 * model received; `undefined` when it cannot be read (pi then shows the text as it is).
 */
export function summarizeDelivered(
	text: string,
	expanded: boolean,
	words: ChatWords = chosenWords().cli.chat,
): { tone: "success" | "warning"; lines: string[] } | undefined {
	const read = readDeliveredAnswers(text);
	if (!read) return undefined;
	const clean = (line: string) => (expanded ? sanitizeText(line) : sanitizeLine(line));
	const lines = read.deliveries.flatMap((delivery): string[] => {
		if (delivery.kind === "answered") return answerLines(delivery.result, expanded, words);
		if (delivery.kind === "dismissed") return [words.dismissed];
		return [...delivery.questions.map(clean), words.ownWords(clean(JSON.stringify(delivery.words)))];
	});
	if (read.besides !== "") lines.push(clean(read.besides));
	// A dismissal reads as a warning, as a cancel in its own turn does.
	const tone = read.deliveries.some((delivery) => delivery.kind === "dismissed") ? "warning" : "success";
	return { tone, lines };
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
	const words = chosenWords().cli.chat;
	return new tui.Text(styledSummary(summarizeResult(details, expanded, words), expanded, theme, tui, words), 0, 0);
}

/**
 * Delivered answers in pi's chat: a title as an ask_user call has, then the same `Question → answer` lines its
 * result shows; `undefined` (pi's own rendering of the text) when the message cannot be read back.
 */
export function renderDelivered(text: string, expanded: boolean, theme: Theme, tui: RenderModules): Text | undefined {
	const words = chosenWords().cli.chat;
	const summary = summarizeDelivered(text, expanded, words);
	if (!summary) return undefined;
	const title = `${theme.fg("toolTitle", theme.bold("ask_user "))}${theme.fg("muted", words.givenLater)}`;
	return new tui.Text(`${title}\n${styledSummary(summary, expanded, theme, tui, words)}`, 1, 0);
}

/** The lines coloured in their tone, cut when collapsed (saying which key expands them). */
function styledSummary(
	{ tone, lines }: { tone: "success" | "warning" | "muted"; lines: string[] },
	expanded: boolean,
	theme: Theme,
	tui: RenderModules,
	words: ChatWords,
): string {
	const cut = !expanded && lines.some((line) => line.length > COLLAPSED_CHARS);
	const shown = cut
		? lines.map((line) => (line.length > COLLAPSED_CHARS ? `${line.slice(0, COLLAPSED_CHARS - 1)}…` : line))
		: lines;
	const styled = shown.map((line) => theme.fg(tone, line));
	const key = cut ? expandKey(tui) : "";
	if (key) styled.push(theme.fg("dim", words.toExpand(key)));
	return styled.join("\n");
}
