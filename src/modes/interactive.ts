/**
 * Interactive mode (pi's TUI): shows the question dialog with `ctx.ui.custom()` at the height the terminal
 * leaves it, lets a person in another window notice the waiting question (bell and window title,
 * `PI_ASK_USER_NOTIFY`; on pi ≥ 1.5.1 also pi's own "blocked on the person" state), wires Ctrl+G to
 * $VISUAL/$EDITOR and Tab to path completion from the working folder, lets the person attach images to an answer
 * (the paste-image key: a typed or dropped image path, or the clipboard) when the model and pi's settings allow,
 * draws it in words for a screen reader when the settings say so, and holds back keys typed as it opens (the key
 * guard). It folds beside pi's editor, as a line above it, with the key the settings name (Alt+O by default) and
 * whenever the person is writing a message (a question that arrives while the editor holds text, or text typed as it
 * opens): folded, every key is pi's editor's (typing, Enter, Esc) until the hide key opens the dialog again.
 * pi's keys keep their meaning: Ctrl+C interrupts (twice quits pi), Ctrl+D quits pi. The dialog closes as `interrupted` when the call is aborted
 * or interrupted (never `cancelled`: a cancel is only Esc, in the dialog).
 */
import { homedir } from "node:os";
import { basename } from "node:path";
import { type ExtensionUIContext, VERSION } from "@mariozechner/pi-coding-agent";
import { type Component, type KeyId, matchesKey, type TUI } from "@mariozechner/pi-tui";
import type { GivenAnswer } from "../core/answers.js";
import type { AskOutcome, AskRequest } from "../core/types.js";
import { keepClipboardImage, nodeProcessRunner, readClipboardImage } from "../host/clipboard.js";
import type { ImageSupport } from "../host/image-support.js";
import type { DialogSettings, Environment } from "../host/settings.js";
import { words } from "../i18n/words.js";
import { AskDialog, KEY_GUARD_MS } from "../ui/dialog.js";
import { editInExternalEditor, editorCommand } from "../ui/external-editor.js";
import { type ClipboardImage, nodeImageSource } from "../ui/image-attach.js";
import {
	DEFAULT_HIDE_KEY,
	INTERRUPT_KEY,
	type KeyMatcher,
	keyLabel,
	parseKeyName,
	spokenKeyLabel,
} from "../ui/keys.js";
import { nodePathSource } from "../ui/path-completion.js";
import { dialogTheme } from "../ui/theme.js";

export interface InteractiveOptions {
	/** Aborting closes the dialog and resolves `interrupted` (pi shut down, the run aborted, or a remote answer won). */
	signal?: AbortSignal;
	/** Earlier answers typed in this session, newest last, for ↑ recall in text inputs. */
	history?: readonly string[];
	/** Answers given before the dialog opened (filled into a pending file), one per question: it opens holding them. */
	startFrom?: readonly (GivenAnswer | undefined)[];
	/** Called on every key the person presses (the opt-in time limit restarts its clock). */
	onActivity?: () => void;
	/** When the opt-in time limit closes the dialog unless a key is pressed; its last seconds are counted down. */
	closesAt?: () => number | undefined;
	/** pi's interrupt key closed the dialog (`interrupted`): stop the turn that asked (a blocking ask). */
	interruptTurn?: () => void;
	/** Quits pi (its exit key in the dialog, or its interrupt key twice), as the same keys do from pi's editor. */
	quit?: () => void;
	/** The person's settings for the dialog (host/settings.ts). */
	settings: DialogSettings;
	/** pi's version (tests); decides whether pi is told that the session waits for the person. */
	piVersion?: string;
	/** Whether the person may attach images in this ask (decided where the dialog is opened); absent: not offered. */
	images?: ImageSupport;
	/** `false`: whoever asks takes no notes (an MCP client's ask); the dialog does not offer the note key. */
	notes?: boolean;
	/** The process's environment, read for $VISUAL/$EDITOR and the clipboard's display (Wayland or X11). */
	env: Environment;
}

/** Reads `PI_ASK_USER_HIDE_KEY` (`ctrl+]`, `f2`, … in pi's key format); unset or not a key name: Alt+O. */
export function hideKeySetting(value: string | undefined): KeyId {
	return (value === undefined ? undefined : parseKeyName(value)) ?? DEFAULT_HIDE_KEY;
}

/** pi quits on its interrupt key pressed twice within this time (pi's own window for Ctrl+C twice). */
const DOUBLE_PRESS_MS = 500;

/**
 * After the interrupt key closed the dialog, the same key again within DOUBLE_PRESS_MS quits pi, as twice from pi's
 * editor does (pi's editor did not see the first press, so it would only clear itself).
 */
function quitOnSecondPress(ui: ExtensionUIContext, keys: KeyMatcher, quit: () => void): void {
	const stop = ui.onTerminalInput((data) => {
		if (!keys.matches(data, INTERRUPT_KEY)) return undefined;
		end();
		quit();
		return { consume: true };
	});
	const timer = setTimeout(() => end(), DOUBLE_PRESS_MS);
	const end = () => {
		clearTimeout(timer);
		stop();
	};
}

/** What pi ≥ 1.5.1 accepts as `custom()`'s `blocked` option: the session waits for the person. */
interface BlockedNotice {
	kind: string;
	message: string;
}
type CustomOptions = NonNullable<Parameters<ExtensionUIContext["custom"]>[1]> & { blocked?: BlockedNotice };

/** The first pi that knows `custom(…, { blocked })`. */
const BLOCKED_SINCE = [1, 5, 1] as const;

/** Whether this pi version has `custom(…, { blocked })` (a feature check on pi's own VERSION). */
export function supportsBlocked(version: string): boolean {
	const parts = version.split(/[.+-]/).map((part) => Number.parseInt(part, 10));
	for (const [i, wanted] of BLOCKED_SINCE.entries()) {
		const have = parts[i];
		if (have === undefined || Number.isNaN(have)) return false;
		if (have !== wanted) return have > wanted;
	}
	return true;
}

/** The clipboard's image, kept as a temporary file as pi keeps a pasted one. */
function clipboardImage(env: Environment): ClipboardImage {
	const read = readClipboardImage({ platform: process.platform, env, run: nodeProcessRunner });
	if (read.kind !== "image") return read;
	return { kind: "image", name: keepClipboardImage(read).name, bytes: read.bytes };
}

/** Lines pi draws with the dialog that change while it waits never exceed this (its working line, widgets). */
const LIVE_LINES_MAX = 8;
/** The dialog keeps at least this many lines, even on a terminal pi fills with its own lines. */
const MIN_DIALOG_LINES = 5;

/**
 * Lines the dialog may use: the terminal's rows less what pi draws under it (widgets, footer) and the lines
 * right above it that change while it waits (pi's working line and widgets). Those must stay on screen: when a
 * line that changes has scrolled off, pi redraws the whole screen and its scrollback on every spinner tick.
 */
export function roomFor(tui: TUI, dialog: Component, width: number): number {
	const rows = tui.terminal.rows;
	const children = tui.children;
	const at = children.findIndex(
		(child) =>
			child === dialog || ("children" in child && Array.isArray(child.children) && child.children.includes(dialog)),
	);
	if (at < 0) return rows;
	let taken = 0;
	for (const child of children.slice(at + 1)) taken += child.render(width).length;
	for (const child of children.slice(Math.max(0, at - 2), at)) {
		const lines = child.render(width).length;
		// The chat above is not "live"; only pi's short status and widget containers are.
		if (lines <= LIVE_LINES_MAX) taken += lines;
	}
	return Math.max(Math.min(rows, MIN_DIALOG_LINES), rows - taken);
}

const BELL = "\x07";
const INTERRUPTED: AskOutcome = { kind: "interrupted" };
const TITLE_CHARS = 60;
/** The line above pi's editor while the dialog is folded. */
const FOLDED_WIDGET = "ask_user-folded";
/** What custom() resolves with when the dialog folded and gave pi's editor back. */
const FOLDED = Symbol("folded");

/**
 * Waits, folded beside pi's editor, until the person presses the hide key: a line above the editor says questions
 * wait and names the key; every other key is pi's (typing, Enter, Esc). `false` when the signal aborted first.
 */
function waitFolded(
	ui: ExtensionUIContext,
	line: string,
	hideKey: KeyId,
	signal: AbortSignal | undefined,
	onActivity: (() => void) | undefined,
): Promise<boolean> {
	return new Promise((resolve) => {
		ui.setWidget(FOLDED_WIDGET, [line]);
		const end = (open: boolean) => {
			stop();
			signal?.removeEventListener("abort", onAbort);
			ui.setWidget(FOLDED_WIDGET, undefined);
			resolve(open);
		};
		const onAbort = () => end(false);
		const stop = ui.onTerminalInput((data) => {
			if (!matchesKey(data, hideKey)) {
				onActivity?.();
				return undefined;
			}
			end(true);
			return { consume: true };
		});
		signal?.addEventListener("abort", onAbort, { once: true });
		if (signal?.aborted) onAbort();
	});
}

/** Whether pi's editor holds a message being written (an app's UI without an editor holds none). */
function editorHoldsText(ui: ExtensionUIContext): boolean {
	const text: unknown = typeof ui.getEditorText === "function" ? ui.getEditorText() : undefined;
	return typeof text === "string" && text.trim() !== "";
}

export async function askInteractive(
	ui: ExtensionUIContext,
	request: AskRequest,
	options: InteractiveOptions,
): Promise<AskOutcome | undefined> {
	const { signal } = options;
	if (signal?.aborted) return INTERRUPTED;
	const { notify, screenReader } = options.settings;
	// The language chosen at this session's start; the dialog keeps it while it is open.
	const dialogWords = words().dialog;
	const first = request.questions[0];
	const headline = first ? (first.header ?? first.question).replace(/\s+/g, " ").slice(0, TITLE_CHARS) : "";
	const customOptions: CustomOptions | undefined = supportsBlocked(options.piVersion ?? VERSION)
		? { blocked: { kind: "question", message: dialogWords.windowTitle(headline) } }
		: undefined;
	const { env } = options;
	const editor = editorCommand(env);
	const hideKey = hideKeySetting(options.settings.hideKey);
	const keyGuardMs = options.settings.keyGuardMs ?? KEY_GUARD_MS;
	const count = request.questions.length;
	const foldedLine = () =>
		screenReader
			? dialogWords.screenReader.hiddenLine(count, spokenKeyLabel(hideKey))
			: ui.theme.fg("accent", dialogWords.hiddenLine(count, keyLabel(hideKey)));
	// A question that arrives while the person is writing a message waits beside pi's editor, out of their way: every
	// key stays the message's until they open it with the hide key.
	let folded = editorHoldsText(ui);
	let titleChanged = false;
	let interruptedByKey = false;
	let dialog: AskDialog | undefined;
	/** Ends the current showing of the dialog (custom()'s done). */
	let close: (result: AskOutcome | typeof FOLDED | undefined) => void = () => {};

	let removeAbort = () => {};
	let aborted = false;
	if ((notify === "both" || notify === "title") && first) {
		ui.setTitle(dialogWords.windowTitle(headline));
		titleChanged = true;
	}
	try {
		for (;;) {
			if (folded && !(await waitFolded(ui, foldedLine(), hideKey, signal, options.onActivity))) return INTERRUPTED;
			const opened = folded;
			folded = false;
			// Text typed during the key guard folds the dialog before pi hands the key on, so it reaches pi's editor.
			const stopWatch =
				typeof ui.onTerminalInput === "function"
					? ui.onTerminalInput((data) => {
							dialog?.foldForTyping(data);
							return undefined;
						})
					: () => {};
			let result: AskOutcome | typeof FOLDED | undefined;
			try {
				// `custom()` gives nothing back where there is no TUI to show it in (an SDK host): `undefined`, no decision.
				result = await ui.custom<AskOutcome | typeof FOLDED | undefined>((tui, theme, keybindings, done) => {
					close = done;
					if (dialog) {
						dialog.unfold();
						return dialog;
					}
					const shown: AskDialog = new AskDialog(tui, dialogTheme(theme, dialogWords), keybindings, request.questions, {
						history: options.history,
						...(options.startFrom ? { startFrom: options.startFrom } : {}),
						room: (width) => roomFor(tui, shown, width),
						editExternally: editor === undefined ? undefined : (text) => editInExternalEditor(tui, editor, text),
						screenReader,
						hideKey,
						paths: nodePathSource(process.cwd(), homedir()),
						...(options.images
							? {
									images: {
										support: options.images,
										source: nodeImageSource(process.cwd(), homedir(), () => clipboardImage(env)),
									},
								}
							: {}),
						...(options.notes === false ? { notes: false } : {}),
						background: request.background === true,
						// Opened with the hide key, the dialog is the person's at once.
						keyGuardMs: opened ? 0 : keyGuardMs,
						onFold: () => close(FOLDED),
						onDone: (outcome) => {
							if (outcome.kind === "interrupted" && !aborted) {
								interruptedByKey = true;
								// Armed before the next key arrives: it may come in the same read as this one.
								if (options.quit) quitOnSecondPress(ui, keybindings, options.quit);
							}
							close(outcome);
						},
						...(options.onActivity ? { onActivity: options.onActivity } : {}),
						...(options.closesAt ? { closesAt: options.closesAt } : {}),
						...(options.quit ? { onQuit: options.quit } : {}),
					});
					dialog = shown;
					if (signal) {
						const onAbort = () => {
							aborted = true;
							if (folded) return;
							shown.dispatch({ type: "abort" });
						};
						signal.addEventListener("abort", onAbort, { once: true });
						removeAbort = () => signal.removeEventListener("abort", onAbort);
						// An abort between the check above and this point would otherwise never be seen.
						if (signal.aborted) onAbort();
					}
					if (notify === "both" || notify === "bell") tui.terminal.write(BELL);
					return shown;
				}, customOptions);
			} finally {
				stopWatch();
			}
			if (result === FOLDED) {
				folded = true;
				continue;
			}
			if (interruptedByKey) options.interruptTurn?.();
			// The dialog closes an aborted ask as it closes a cancelled one; the person gave no cancel, though.
			return aborted && result?.kind === "cancelled" ? INTERRUPTED : result;
		}
	} finally {
		removeAbort();
		// pi's own title is "π - <folder>"; put it back.
		if (titleChanged) ui.setTitle(`π - ${basename(process.cwd())}`);
	}
}
