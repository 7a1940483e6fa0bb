/** Drives the real dialog component headlessly: plain theme, default keybindings, a fake TUI. */
import { stripVTControlCharacters } from "node:util";
import type { Theme } from "@mariozechner/pi-coding-agent";
import { CURSOR_MARKER, KeybindingsManager, type TUI, TUI_KEYBINDINGS, visibleWidth } from "@mariozechner/pi-tui";
import type { AskOutcome, Question } from "../../src/core/types.js";
import type { ImageSupport } from "../../src/host/image-support.js";
import { words } from "../../src/i18n/words.js";
import { AskDialog } from "../../src/ui/dialog.js";
import type { ImageSource } from "../../src/ui/image-attach.js";
import type { PathSource } from "../../src/ui/path-completion.js";
import { plainTheme } from "../../src/ui/theme.js";
import { KEYS } from "../fixtures.js";

/** pi's default keybindings the dialog uses: pi-tui's, and pi's own key for the external editor. */
export const PI_KEYBINDINGS = {
	...TUI_KEYBINDINGS,
	"app.editor.external": { defaultKeys: "ctrl+g", description: "Open external editor" },
	"app.clipboard.pasteImage": { defaultKeys: "ctrl+v", description: "Paste image from clipboard" },
	"app.clear": { defaultKeys: "ctrl+c", description: "Clear editor" },
	"app.exit": { defaultKeys: "ctrl+d", description: "Exit when editor is empty" },
} as const;

/** Key bytes (the same table the end-to-end tests use). */
export const K = KEYS;

export interface Harness {
	dialog: AskDialog;
	/** Sends each item as one key press (a string is split into characters unless it is a known key). */
	press(...keys: string[]): void;
	type(text: string): void;
	lines(width?: number): string[];
	text(width?: number): string;
	outcome(): AskOutcome | undefined;
}

export interface DialogSetup {
	/** Lines the dialog may use (the fake terminal's rows); 24 unless given. */
	rows?: number;
	editExternally?: (text: string) => string | undefined;
	screenReader?: boolean;
	paths?: PathSource;
	images?: { support: ImageSupport; source: ImageSource };
	/** The key guard and its clock (see AskDialog's options). */
	keyGuardMs?: number;
	now?: () => number;
	background?: boolean;
	onQuit?: () => void;
	onActivity?: () => void;
	closesAt?: () => number | undefined;
}

export function openDialog(questions: Question[], history?: string[], setup: DialogSetup = {}): Harness {
	const tui = { requestRender() {}, terminal: { rows: setup.rows ?? 24, columns: 80 } } as unknown as TUI;
	let outcome: AskOutcome | undefined;
	// In the language chosen last, as the TUI opens a dialog (modes/interactive.ts).
	const theme = { ...plainTheme, words: words().dialog };
	const dialog = new AskDialog(tui, theme, new KeybindingsManager(PI_KEYBINDINGS), questions, {
		history,
		editExternally: setup.editExternally,
		screenReader: setup.screenReader,
		paths: setup.paths,
		...(setup.images ? { images: setup.images } : {}),
		...(setup.keyGuardMs !== undefined ? { keyGuardMs: setup.keyGuardMs } : {}),
		...(setup.now ? { now: setup.now } : {}),
		...(setup.background ? { background: true } : {}),
		...(setup.onQuit ? { onQuit: setup.onQuit } : {}),
		...(setup.onActivity ? { onActivity: setup.onActivity } : {}),
		...(setup.closesAt ? { closesAt: setup.closesAt } : {}),
		onDone: (o) => {
			outcome = o;
		},
	});
	dialog.focused = true;
	const lines = (width = 80) =>
		dialog.render(width).map((l) => stripVTControlCharacters(l.replaceAll(CURSOR_MARKER, "")));
	return {
		dialog,
		press: (...keys) => {
			for (const key of keys) dialog.handleInput(key);
		},
		type: (text) => {
			for (const ch of text) dialog.handleInput(ch);
		},
		lines,
		text: (width) => lines(width).join("\n"),
		outcome: () => outcome,
	};
}

/** Every rendered line fits the width (checked on the raw, styled lines). */
export function widest(dialog: AskDialog, width: number): number {
	return Math.max(...dialog.render(width).map((l) => visibleWidth(l)));
}

const identity = (text: string) => text;

/** pi's theme as `custom()` hands it over, drawing nothing: the dialog's lines are plain text. */
export const piTheme = {
	fg: (_color: string, text: string) => text,
	bg: (_color: string, text: string) => text,
	bold: identity,
	italic: identity,
	underline: identity,
	strikethrough: identity,
} as unknown as Theme;
