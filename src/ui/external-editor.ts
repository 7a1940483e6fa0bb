/**
 * Ctrl+G in the dialog's text inputs: the text goes to $VISUAL (else $EDITOR) in a temp file and comes back
 * when the editor exits with status 0, exactly as pi's own editor does it (pi stops its TUI, runs the command
 * split on spaces with the file as the last argument, drops one trailing newline, restarts and redraws).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Environment } from "../host/settings.js";

/** The part of pi's TUI that hands the terminal to another program and takes it back. */
export interface TerminalOwner {
	stop(): void;
	start(): void;
	requestRender(force?: boolean): void;
}

/** The editor command a person configured, or `undefined`: then Ctrl+G does nothing and is not offered. */
export function editorCommand(env: Environment): string | undefined {
	const command = (env.VISUAL || env.EDITOR)?.trim();
	return command ? command : undefined;
}

/** Runs `command` on a temp file holding `text`; the edited text, or `undefined` when the editor failed. */
export function editInExternalEditor(tui: TerminalOwner, command: string, text: string): string | undefined {
	const dir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-"));
	const file = join(dir, "answer.md");
	try {
		writeFileSync(file, text, "utf8");
		tui.stop();
		const [program, ...args] = command.split(" ");
		if (!program) return undefined;
		const result = spawnSync(program, [...args, file], { stdio: "inherit", shell: process.platform === "win32" });
		return result.status === 0 ? readFileSync(file, "utf8").replace(/\r?\n$/, "") : undefined;
	} finally {
		rmSync(dir, { recursive: true, force: true });
		tui.start();
		// The editor may have used the alternate screen: draw everything again.
		tui.requestRender(true);
	}
}
