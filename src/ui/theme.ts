/**
 * The narrow theme the dialog draws with, built from the theme pi passes to `custom()`, and the words it speaks,
 * handed in with it when the dialog opens. Tests pass `plainTheme` (identity functions, English) so that rendered
 * lines are plain text.
 */
import type { Theme } from "@mariozechner/pi-coding-agent";
import type { MarkdownTheme } from "@mariozechner/pi-tui";
import { en } from "../i18n/dialog/en.js";
import type { DialogStrings } from "../i18n/dialog/types.js";

type Style = (text: string) => string;

export interface DialogTheme {
	accent: Style;
	text: Style;
	muted: Style;
	dim: Style;
	success: Style;
	warning: Style;
	border: Style;
	bold: Style;
	selected: Style;
	markdown: MarkdownTheme;
	/** The dialog's words, in the language chosen when it opened. */
	words: DialogStrings;
}

const identity: Style = (text) => text;

export const plainTheme: DialogTheme = {
	accent: identity,
	text: identity,
	muted: identity,
	dim: identity,
	success: identity,
	warning: identity,
	border: identity,
	bold: identity,
	selected: identity,
	markdown: {
		heading: identity,
		link: identity,
		linkUrl: identity,
		code: identity,
		codeBlock: identity,
		codeBlockBorder: identity,
		quote: identity,
		quoteBorder: identity,
		hr: identity,
		listBullet: identity,
		bold: identity,
		italic: identity,
		strikethrough: identity,
		underline: identity,
	},
	words: en,
};

export function dialogTheme(theme: Theme, words: DialogStrings): DialogTheme {
	return {
		accent: (t) => theme.fg("accent", t),
		text: (t) => theme.fg("text", t),
		muted: (t) => theme.fg("muted", t),
		dim: (t) => theme.fg("dim", t),
		success: (t) => theme.fg("success", t),
		warning: (t) => theme.fg("warning", t),
		border: (t) => theme.fg("borderMuted", t),
		bold: (t) => theme.bold(t),
		selected: (t) => theme.bg("selectedBg", theme.fg("text", t)),
		markdown: {
			heading: (t) => theme.bold(theme.fg("mdHeading", t)),
			link: (t) => theme.fg("mdLink", t),
			linkUrl: (t) => theme.fg("mdLinkUrl", t),
			code: (t) => theme.fg("mdCode", t),
			codeBlock: (t) => theme.fg("mdCodeBlock", t),
			codeBlockBorder: (t) => theme.fg("mdCodeBlockBorder", t),
			quote: (t) => theme.fg("mdQuote", t),
			quoteBorder: (t) => theme.fg("mdQuoteBorder", t),
			hr: (t) => theme.fg("mdHr", t),
			listBullet: (t) => theme.fg("mdListBullet", t),
			bold: (t) => theme.bold(t),
			italic: (t) => theme.italic(t),
			strikethrough: (t) => theme.strikethrough(t),
			underline: (t) => theme.underline(t),
		},
		words,
	};
}
