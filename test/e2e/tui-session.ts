/**
 * One temp workspace per test, and the real pi TUI asked one `ask_user` call in it (the scripted model then
 * says "Thanks, noted."); the TUI is killed and the workspace removed after each test.
 */
import { afterEach, beforeEach } from "vitest";
import { createWorkspace, startTui, type TuiSession, type Workspace } from "./harness.js";

export interface TuiAsking {
	/** This test's workspace. */
	ws(): Workspace;
	/** Starts pi at the size given (100×32 unless given) with the model calling `ask_user` with `args`. */
	ask(args: unknown, size?: { cols?: number; rows?: number }, env?: NodeJS.ProcessEnv): TuiSession;
}

export function tuiPerTest(): TuiAsking {
	let ws: Workspace | undefined;
	let tui: TuiSession | undefined;
	beforeEach(() => {
		ws = createWorkspace();
	});
	afterEach(() => {
		tui?.kill();
		tui = undefined;
		ws?.cleanup();
	});
	const current = (): Workspace => {
		if (!ws) throw new Error("no workspace outside a test");
		return ws;
	};
	return {
		ws: current,
		ask(args, size = {}, env = {}) {
			const workspace = current();
			workspace.script([{ toolCall: { name: "ask_user", arguments: args } }, { text: "Thanks, noted." }]);
			tui = startTui(workspace, ["go"], {
				cols: size.cols ?? 100,
				rows: size.rows ?? 32,
				env: { PI_ASK_USER_NOTIFY: "0", ...env },
			});
			return tui;
		},
	};
}
