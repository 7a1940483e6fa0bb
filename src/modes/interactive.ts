/** Interactive mode (pi's TUI): the question dialog. Owned by the TUI work (issue 3). */
import type { ExtensionUIContext } from "@mariozechner/pi-coding-agent";
import type { AskOutcome, AskRequest } from "../core/types.js";

export interface InteractiveOptions {
	/** Aborting closes the dialog and resolves `cancelled` (agent abort, or a remote answer won). */
	signal?: AbortSignal;
	/** Earlier answers typed in this session, newest last, for ↑ recall in text inputs. */
	history?: readonly string[];
}

export async function askInteractive(
	_ui: ExtensionUIContext,
	_request: AskRequest,
	_options: InteractiveOptions = {},
): Promise<AskOutcome> {
	throw new Error("The interactive dialog is not built yet");
}
