/**
 * Interactive mode (pi's TUI): shows the question dialog with `ctx.ui.custom()`, lets a person in
 * another window notice the waiting question (bell and window title, `PI_ASK_USER_NOTIFY`), and closes
 * the dialog as `cancelled` when the agent turn is aborted.
 */
import { basename } from "node:path";
import type { ExtensionUIContext } from "@mariozechner/pi-coding-agent";
import { STRINGS } from "../core/strings.js";
import type { AskOutcome, AskRequest } from "../core/types.js";
import { AskDialog } from "../ui/dialog.js";
import { dialogTheme } from "../ui/theme.js";

export interface InteractiveOptions {
	/** Aborting closes the dialog and resolves `cancelled` (agent abort, or a remote answer won). */
	signal?: AbortSignal;
	/** Earlier answers typed in this session, newest last, for ↑ recall in text inputs. */
	history?: readonly string[];
	/** Overrides `PI_ASK_USER_NOTIFY` (tests). */
	notify?: NotifySetting;
}

/** `both` (default), `bell`, `title` or `off`. */
export type NotifySetting = "both" | "bell" | "title" | "off";

/** Reads `PI_ASK_USER_NOTIFY`: 0/off/false/no silence it; `bell` or `title` keeps only that one. */
export function notifySetting(value: string | undefined): NotifySetting {
	const text = value?.trim().toLowerCase();
	if (text === "0" || text === "off" || text === "false" || text === "no" || text === "none") return "off";
	if (text === "bell" || text === "title") return text;
	return "both";
}

const BELL = "\x07";
const TITLE_CHARS = 60;

export async function askInteractive(
	ui: ExtensionUIContext,
	request: AskRequest,
	options: InteractiveOptions = {},
): Promise<AskOutcome> {
	const { signal } = options;
	if (signal?.aborted) return { kind: "cancelled" };
	const notify = options.notify ?? notifySetting(process.env.PI_ASK_USER_NOTIFY);
	const first = request.questions[0];
	let titleChanged = false;

	let removeAbort = () => {};
	try {
		// `custom()` gives nothing back where there is no TUI to show it in: that is no answer.
		return (
			(await ui.custom<AskOutcome | undefined>((tui, theme, keybindings, done) => {
				const dialog = new AskDialog(tui, dialogTheme(theme), keybindings, request.questions, {
					history: options.history,
					onDone: done,
				});
				if (signal) {
					const onAbort = () => dialog.dispatch({ type: "abort" });
					signal.addEventListener("abort", onAbort, { once: true });
					removeAbort = () => signal.removeEventListener("abort", onAbort);
					// An abort between the check above and this point would otherwise never be seen.
					if (signal.aborted) onAbort();
				}
				if (notify === "both" || notify === "bell") tui.terminal.write(BELL);
				if ((notify === "both" || notify === "title") && first) {
					const text = (first.header ?? first.question).replace(/\s+/g, " ").slice(0, TITLE_CHARS);
					ui.setTitle(STRINGS.windowTitle(text));
					titleChanged = true;
				}
				return dialog;
			})) ?? { kind: "cancelled" }
		);
	} finally {
		removeAbort();
		// pi's own title is "π - <folder>"; put it back.
		if (titleChanged) ui.setTitle(`π - ${basename(process.cwd())}`);
	}
}
