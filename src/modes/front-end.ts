/**
 * The front end pi is running, decided once per context and passed around as a value: how a question reaches
 * the person (pi's TUI dialog, an RPC client's dialogs, an SDK host's dialogs, or nobody now), how the person is
 * told something, and how a problem that stops the run is reported.
 */

import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { GivenAnswer } from "../core/answers.js";
import type { AskMode, AskOutcome, AskRequest } from "../core/types.js";
import type { ImageSupport } from "../host/image-support.js";
import type { DialogSettings, Environment } from "../host/settings.js";
import type { RpcDialogs } from "./rpc-dialogs.js";

export type FrontEndKind = "tui" | "rpc" | "sdk" | "print" | "json";

/** `info` is for the person's eyes (print mode: stdout); `notice` is about this package's own doings (stderr). */
export type Level = "info" | "notice" | "warning" | "error";

export interface AskOptions {
	signal?: AbortSignal;
	/** The toolCallId of the ask (the structured RPC protocol's `requestId`). */
	requestId: string;
	/** Earlier answers typed in this session, newest last, for ↑ recall. */
	history: readonly string[];
	/**
	 * Answers given before the dialog opened (filled into a pending file whose answers count), one per question: the
	 * TUI dialog opens holding them. The plain dialogs of an RPC client ask from scratch.
	 */
	startFrom?: readonly (GivenAnswer | undefined)[];
	/** The person did something in the dialog (a key, a reply): the opt-in time limit restarts its clock. */
	onActivity?: () => void;
	/** When the opt-in time limit closes the dialog unless the person does something (the TUI counts down to it). */
	closesAt?: () => number | undefined;
	/** `false`: whoever asks cannot take images (a child pi whose model reads none), whatever this pi's model takes. */
	acceptsImages?: boolean;
	/** `false`: whoever asks cannot take notes (an MCP client's ask): the TUI dialog does not offer the note key. */
	acceptsNotes?: boolean;
}

export interface FrontEnd {
	readonly kind: FrontEndKind;
	/** The `mode` recorded in the ask's details. */
	readonly recordedMode: AskMode;
	/** Shows the questions; `undefined` where nobody can answer now (print and JSON mode). */
	readonly ask: ((request: AskRequest, options: AskOptions) => Promise<AskOutcome>) | undefined;
	/** Tells the person something: a notification where there is a UI, the terminal otherwise. */
	tell(text: string, level?: Level): void;
	/** Reports a problem that stops what was asked for; without a UI the run's exit code becomes 1. */
	fail(message: string): void;
}

/**
 * Which front end: pi ≥0.78.1 says so in `ctx.mode`, except that pi ≥0.87 binds an SDK session as "print" (or
 * "json") unless the app names a mode, while the dialogs the app handed pi work (`ctx.hasUI`): an app that gave
 * pi dialogs is asked through them. pi 0.73.1 has no `ctx.mode`: a UI context with themes is taken for the TUI
 * (an SDK host that lists themes looks the same — its custom dialog falls back to plain dialogs), one without
 * for an RPC client; without a UI, `--mode json` on the command line tells JSON from print mode.
 */
export function frontEndKind(ctx: ExtensionContext, argv: readonly string[]): FrontEndKind {
	const declared = (ctx as { mode?: unknown }).mode;
	if (declared === "tui" || declared === "rpc") return declared;
	if ((declared === "print" || declared === "json") && !ctx.hasUI) return declared;
	if (ctx.hasUI) {
		if (declared !== undefined) return "sdk";
		return ctx.ui.getAllThemes().length > 0 ? "tui" : "rpc";
	}
	const flag = argv.indexOf("--mode");
	const mode = flag >= 0 ? argv[flag + 1] : argv.find((a) => a.startsWith("--mode="))?.slice("--mode=".length);
	return mode === "json" ? "json" : "print";
}

/** What the front ends need from the process: the terminal's file descriptors and the exit code. */
export interface ProcessEdges {
	write(fd: 1 | 2, text: string): void;
	failExit(): void;
	/** `PI_ASK_USER_RPC_PROTOCOL=structured`: the RPC client speaks ask_user_request / ask_user_response. */
	structuredRpc: boolean;
	/** The process's environment, read for $VISUAL/$EDITOR and the clipboard's display. */
	env: Environment;
	/**
	 * Whether the person may attach images to answers (host/image-support.ts): decided per ask, since the person may
	 * switch to a model that takes images, or away from one.
	 */
	imageSupport(ctx: ExtensionContext): ImageSupport;
}

type DialogAsk = (request: AskRequest, options: AskOptions) => Promise<AskOutcome>;

/**
 * pi's dialogs for an RPC client or SDK host: the plain ones (select / input / confirm), which every client
 * answers, or the structured ask_user_request editor when the app speaks it.
 */
function rpcDialogs(ctx: ExtensionContext, structured: boolean, edges: ProcessEdges): DialogAsk {
	return (request, options) =>
		import("./rpc.js").then((m) =>
			m.askRpc(touching(ctx.ui, options.onActivity), request, {
				signal: options.signal,
				structured,
				requestId: options.requestId,
				// Only the structured protocol carries images (base64); the plain dialogs are text.
				acceptsImages: structured && options.acceptsImages !== false && edges.imageSupport(ctx).allowed,
			}),
		);
}

/** The app's dialogs, each reply also counted as the person's activity (an SDK app may lack some of them). */
function touching(ui: ExtensionContext["ui"], onActivity: (() => void) | undefined): RpcDialogs {
	if (!onActivity) return ui;
	const after =
		<A extends unknown[], R>(ask: ((...args: A) => Promise<R>) | undefined) =>
		async (...args: A): Promise<R> => {
			if (!ask) throw new Error("this app gives pi no such dialog");
			const reply = await ask.apply(ui, args);
			onActivity();
			return reply;
		};
	return {
		select: after(ui.select),
		input: after(ui.input),
		confirm: after(ui.confirm),
		editor: after(ui.editor),
		notify: (...args) => ui.notify(...args),
	};
}

/**
 * pi's TUI dialog. Where `custom()` shows nothing (an SDK host taken for the TUI), the answer is `undefined`:
 * the plain dialogs ask instead, so a cancel is only ever one the person gave.
 */
function tuiDialog(ctx: ExtensionContext, edges: ProcessEdges, settings: DialogSettings): DialogAsk {
	const fallback = rpcDialogs(ctx, false, edges);
	return async (request, options) => {
		const { askInteractive } = await import("./interactive.js");
		const outcome = await askInteractive(ctx.ui, request, {
			settings,
			env: edges.env,
			signal: options.signal,
			history: options.history,
			...(options.startFrom ? { startFrom: options.startFrom } : {}),
			images: options.acceptsImages === false ? { allowed: false, why: "model" } : edges.imageSupport(ctx),
			...(options.acceptsNotes === false ? { notes: false } : {}),
			...(options.onActivity ? { onActivity: options.onActivity } : {}),
			...(options.closesAt ? { closesAt: options.closesAt } : {}),
			// A blocking ask (it has the turn's signal) stops its turn on Ctrl+C; a background or late one leaves it be.
			...(options.signal ? { interruptTurn: () => ctx.abort() } : {}),
			// pi quits as on SIGTERM, its own graceful shutdown: `ctx.shutdown()` waits for the turn to end, and the turn
			// waits for this dialog.
			quit: () => process.kill(process.pid, "SIGTERM"),
		});
		return outcome ?? fallback(request, options);
	};
}

/** `dialog`: the person's settings for the TUI dialog, as read at this session's start. */
export function createFrontEnd(
	kind: FrontEndKind,
	ctx: ExtensionContext,
	edges: ProcessEdges,
	dialog: DialogSettings,
): FrontEnd {
	const withUi = kind === "tui" || kind === "rpc" || kind === "sdk";
	const notify = (text: string, level: Level) => ctx.ui.notify(text, level === "notice" ? "info" : level);
	const terminal = (text: string, level: Level) =>
		// In JSON mode stdout carries pi's events; print mode's stdout is the person's terminal.
		edges.write(kind === "print" && level === "info" ? 1 : 2, `${text.endsWith("\n") ? text : `${text}\n`}`);
	const tell = withUi ? notify : terminal;
	const ask =
		kind === "tui"
			? tuiDialog(ctx, edges, dialog)
			: kind === "rpc" || kind === "sdk"
				? rpcDialogs(ctx, edges.structuredRpc, edges)
				: undefined;
	return {
		kind,
		recordedMode: kind === "tui" ? "interactive" : kind === "rpc" || kind === "sdk" ? "rpc" : "print",
		ask,
		tell: (text, level = "info") => tell(text, level),
		fail: (message) => {
			if (withUi) return notify(`pi-ask-anywhere: ${message}`, "error");
			// The exit code tells of the failure even when stderr takes nothing; a report must not become a new error
			// where it is called (a promise's catch, an event handler).
			edges.failExit();
			try {
				edges.write(2, `pi-ask-anywhere: ${message}\n`);
			} catch {
				// Nowhere left to say it.
			}
		},
	};
}
