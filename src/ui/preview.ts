/**
 * Option previews and question context through pi-tui's Markdown component (theme from `custom()`): markdown
 * stays markdown (tables render as tables); anything else (code, an ASCII mock-up) and a preview that is one
 * fenced code block are shown verbatim in the code style, without fence lines (the pane has its own title). A
 * pane shows a window of the rendered lines at a height the layout chose, says how many lines are hidden, and
 * scrolls.
 */
import { Markdown, type MarkdownTheme, truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import { sanitizeText } from "../core/text.js";
import type { Question } from "../core/types.js";
import type { DialogTheme } from "./theme.js";

/** Block-level markdown: fences, headings, lists, quotes, and a table's `|---|---|` separator row. */
const MARKDOWN_SIGNS = /```|^#{1,6} |^\s*[-*+] |^\s*\d+\. |^> |^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/m;

/** A whole preview that is one fenced code block: its opening fence, its code, its closing fence. */
const ONE_FENCED_BLOCK = /^\s*(`{3,}|~{3,})[^\n`]*\n([\s\S]*?)\n?\1\s*$/;
const FENCE_LINE = /^\s*(`{3,}|~{3,})/m;

/** What a preview is shown as: markdown, or verbatim lines (code, plain text, the inside of one fenced block). */
function previewContent(preview: string): { markdown: string } | { verbatim: string } {
	const text = sanitizeText(preview);
	const block = ONE_FENCED_BLOCK.exec(text);
	const code = block?.[2];
	if (code !== undefined && !FENCE_LINE.test(code)) return { verbatim: code };
	return MARKDOWN_SIGNS.test(text) ? { markdown: text } : { verbatim: text };
}

/**
 * Rendered markdown per theme, keyed by width and text: every key press re-renders the dialog, and a preview
 * (up to 50 000 characters of markdown) should be parsed once, not on each press. Only the last few are kept.
 */
const renderCache = new WeakMap<DialogTheme, Map<string, readonly string[]>>();
const CACHE_ENTRIES = 32;

function cached(theme: DialogTheme, key: string, render: () => readonly string[]): readonly string[] {
	let cache = renderCache.get(theme);
	if (!cache) {
		cache = new Map();
		renderCache.set(theme, cache);
	}
	const hit = cache.get(key);
	if (hit) return hit;
	const lines = render();
	if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
	cache.set(key, lines);
	return lines;
}

/**
 * The markdown theme with code lines wrapped inside their block: pi-tui indents each code line once and wraps what
 * is too long afterwards, so a long line would go on at the pane's first column, out of its block. Each line is
 * wrapped to the block's width first (after the theme's own highlighting, if it has one), and every part indented.
 */
function codeWrappedInBlock(markdown: MarkdownTheme, width: number): MarkdownTheme {
	const room = Math.max(1, width - visibleWidth(markdown.codeBlockIndent ?? "  "));
	const highlight = markdown.highlightCode ?? ((code: string) => code.split("\n").map(markdown.codeBlock));
	return {
		...markdown,
		highlightCode: (code, lang) =>
			highlight(code, lang).flatMap((line) => {
				const parts = wrapTextWithAnsi(line, room);
				return parts.length > 0 ? parts : [line];
			}),
	};
}

/** Every line of `markdown` rendered at `width`, each fitting it. */
export function markdownLines(markdown: string, theme: DialogTheme, width: number): readonly string[] {
	const w = Math.max(1, width);
	return cached(theme, `m${w}\u0000${markdown}`, () => {
		const lines = new Markdown(markdown, 0, 0, codeWrappedInBlock(theme.markdown, w))
			.render(w)
			.map((line) => truncateToWidth(line, w));
		// Markdown ends a block with a blank line; the pane draws its own spacing.
		while (lines.length > 0 && lines.at(-1)?.trim() === "") lines.pop();
		return lines;
	});
}

/** Lines shown as they are, in the code style; a line wider than the pane wraps rather than losing its end. */
function verbatimLines(text: string, theme: DialogTheme, width: number): string[] {
	const lines = text
		.split("\n")
		.flatMap((line) => (line.trim() === "" ? [""] : wrapTextWithAnsi(theme.markdown.codeBlock(line), width)))
		.map((line) => truncateToWidth(line, width));
	while (lines.length > 0 && lines.at(-1)?.trim() === "") lines.pop();
	return lines;
}

export function previewLines(preview: string, theme: DialogTheme, width: number): readonly string[] {
	const content = previewContent(preview);
	if ("markdown" in content) return markdownLines(content.markdown, theme, width);
	return cached(theme, `v${Math.max(1, width)}\u0000${content.verbatim}`, () =>
		verbatimLines(content.verbatim, theme, Math.max(1, width)),
	);
}

const tallestCache = new WeakMap<Question, Map<string, number>>();

/**
 * The tallest preview of a question at this width: the pane keeps that height while the focus moves, so the
 * dialog does not jump. Computed once per question, theme and width.
 */
export function tallestPreview(question: Question, theme: DialogTheme, width: number): number {
	let byWidth = tallestCache.get(question);
	if (!byWidth) {
		byWidth = new Map();
		tallestCache.set(question, byWidth);
	}
	const cached = byWidth.get(String(width));
	if (cached !== undefined) return cached;
	let tallest = 0;
	for (const option of question.options ?? []) {
		if (option.preview) tallest = Math.max(tallest, previewLines(option.preview, theme, width).length);
	}
	byWidth.set(String(width), tallest);
	return tallest;
}

export interface Pane {
	/** Exactly the height asked for (blank lines below a short preview). */
	lines: string[];
	/** The scroll actually used, and the largest useful one. */
	scroll: number;
	scrollMax: number;
}

/**
 * A window of `lines` exactly `height` lines tall, from `scroll`. When lines are hidden, the last line of the
 * window says how many and how to scroll, after `indent` (the indent of the lines it stands for).
 */
export function pane(
	lines: readonly string[],
	height: number,
	scroll: number,
	theme: DialogTheme,
	width: number,
	indent = "",
): Pane {
	if (height <= 0) return { lines: [], scroll: 0, scrollMax: 0 };
	if (lines.length <= height) {
		return { lines: [...lines, ...Array<string>(height - lines.length).fill("")], scroll: 0, scrollMax: 0 };
	}
	const shown = Math.max(1, height - 1);
	const scrollMax = lines.length - shown;
	const top = Math.max(0, Math.min(scroll, scrollMax));
	const window = lines.slice(top, top + shown);
	if (height === 1) return { lines: window, scroll: top, scrollMax };
	const note = indent + theme.dim(theme.words.linesHidden(top, lines.length - top - shown));
	return { lines: [...window, truncateToWidth(note, width)], scroll: top, scrollMax };
}
