/**
 * The real pi TUI asked one `ask_user` call at a time (the scripted model then says "Thanks, noted."): in a temp
 * workspace and a TUI of its own per test (tuiPerTest), or in one workspace and TUI that several tests share in turn
 * (tuiShared).
 */
import { afterAll, afterEach, beforeEach } from "vitest";
import { patient } from "../patience.js";
import {
	createWorkspace,
	KEYS,
	type LoggedMessage,
	sleep,
	startTui,
	type TuiSession,
	type Workspace,
} from "./harness.js";

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

export interface TuiShared {
	/** The shared TUI's workspace (made on first use). */
	ws(): Workspace;
	/**
	 * The model calls `ask_user` with `args` on a new prompt, typed into the shared TUI once the previous case's run
	 * ended; the first ask starts pi (100×32).
	 */
	ask(args: unknown): Promise<TuiSession>;
	/** The tool result the model received for the newest ask (a result of an earlier case is never taken). */
	toolResult(): Promise<LoggedMessage>;
}

/**
 * One pi TUI for several cases run in turn, killed after the block (or file) that calls this: each case's ask
 * scripts the model afresh (`ask_user`, then "Thanks, noted.") and types a new prompt, and a later ask returns once
 * its dialog is drawn. Saves a pi start per case. The conversation above keeps the earlier cases' results: a case
 * waits on text only its own dialog draws. `env` is pi's, or made from the workspace before pi starts.
 */
export function tuiShared(env: NodeJS.ProcessEnv | ((ws: Workspace) => NodeJS.ProcessEnv) = {}): TuiShared {
	let ws: Workspace | undefined;
	let tui: TuiSession | undefined;
	/** How many requests the model had received when the newest ask's prompt was sent. */
	let base = 0;
	afterAll(() => {
		tui?.kill();
		tui = undefined;
		ws?.cleanup();
		ws = undefined;
	});
	const workspace = (): Workspace => {
		ws ??= createWorkspace();
		return ws;
	};
	/** Resolves once the model has received `count` requests. */
	const requests = async (count: number): Promise<{ messages: LoggedMessage[] }[]> => {
		const started = Date.now();
		for (;;) {
			const seen = workspace().requests();
			if (seen.length >= count) return seen;
			if (Date.now() - started > patient(30_000))
				throw new Error(`timed out waiting for the model's request ${count}; screen:\n${tui?.screen().join("\n")}`);
			await sleep(100);
		}
	};
	return {
		ws: workspace,
		async ask(args) {
			const steps = [{ toolCall: { name: "ask_user", arguments: args } }, { text: "Thanks, noted." }];
			if (!tui) {
				workspace().script(steps);
				const more = typeof env === "function" ? env(workspace()) : env;
				tui = startTui(workspace(), ["go"], { cols: 100, rows: 32, env: { PI_ASK_USER_NOTIFY: "0", ...more } });
				base = 0;
				return tui;
			}
			// The previous case's run: the ask, then the model's reply to its result.
			await requests(base + 2);
			await sleep(patient(300));
			workspace().script(steps);
			base = workspace().requests().length;
			tui.type("go");
			await sleep(patient(200));
			tui.type(KEYS.enter);
			// The conversation above shows the earlier asks' questions: the case's waits begin once its dialog is drawn
			// (its key hints), so a key it types goes to the dialog, never to pi's editor.
			await requests(base + 1);
			await tui.waitFor("Esc cancel", 40_000);
			return tui;
		},
		async toolResult() {
			const seen = await requests(base + 2);
			const result = seen[base + 1]?.messages.filter((m) => m.role === "toolResult").at(-1);
			if (!result) throw new Error("the model's request after the ask holds no tool result");
			return result;
		},
	};
}
