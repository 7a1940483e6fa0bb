/**
 * Push notifications in a pi run: configured at each session start from the settings, joined to every dialog's
 * remote side (live.ts: the model's ask, a background ask, a subagent's question) so that a tap answers through the
 * dialog's race, publishing the questions print mode saves, and at start applying the taps that waited in ntfy's
 * cache: to the dialog that shows their ask, or else into their pending files (pending-taps.ts), which pi then
 * delivers like any edited file. Nothing here waits on the server where the person or the agent would notice: only
 * print mode's start waits (briefly) for the taps, since that run is the one that delivers them.
 */
import { basename, relative } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { createFirstDecision } from "../core/first-decision.js";
import { timeOf } from "../core/json.js";
import type { AskRequest } from "../core/types.js";
import { listPendingFiles, noAnswerYet, readPendingEntry } from "../pending/pending-file.js";
import type { PiStore } from "../records/pi-store.js";
import type { RemoteAskOutcome, RemoteBridge } from "../remote/bridge.js";
import { ANSWERED_ELSEWHERE } from "../remote/protocol.js";
import { isRemoteDecision } from "../remote/race.js";
import { commandInput, runPushCommand } from "./command.js";
import { DEFAULT_PUSH_WAIT_MS, hasNtfy, type PushConfig, resolvePushConfig } from "./config.js";
import { pushKey } from "./key.js";
import { ANSWERED_ON_WEB, createLivePush, type LiveAskInfo, type LivePush, TAP_CACHE_SINCE } from "./live.js";
import { askNotification, buttonOptions, type PushedAsk } from "./message.js";
import { createNtfyClient, type Fetch, type NtfyClient } from "./ntfy.js";
import { applyWaitingTaps } from "./pending-taps.js";
import { askIdOf, TAP_LIFETIME_SECONDS } from "./tap.js";
import { webAddressFor } from "./web-address.js";

/** How long a publish may take. */
const PUBLISH_MS = 10_000;
/** How long an interactive start's read of the taps, which nobody waits for, may take. */
const BACKGROUND_READ_MS = 60_000;

export interface PushDeps {
	/**
	 * The pi's store (records/pi-store.ts): its agent folder, what judges a pending file a tap would answer (this pi's
	 * claims among it: a file it holds is its dialog's, or its answers are on their way), and `writtenBy`, which records
	 * that a tap wrote answers into the person's own pi's file (the decision log names it).
	 */
	store: Pick<PiStore, "agentDir" | "judging" | "writtenBy">;
	/** Where warnings go when there is no UI to show them (stderr). */
	warn(text: string): void;
	now?: () => number;
	fetch?: Fetch;
}

/** How a dialog's front end is seen here: whether it shows dialogs, and how it tells the person something. */
export interface ShownFrontEnd {
	kind: string;
	ask: unknown;
	tell(text: string, level?: "warning"): void;
}

interface Active {
	config: PushConfig;
	/** Only when an ntfy topic is set up. */
	client: NtfyClient | undefined;
	live: LivePush;
	/** Ends the start's read of the taps when the session changes or pi shuts down. */
	reading: AbortController;
}

/** An ask shown in a dialog, as the phone names it. */
export interface PhoneAsk {
	toolCallId: string;
	/** The session the ask belongs to, when not the running one (a pending file of another session). */
	sessionId?: string;
	/** A subagent's task, when a child pi asks. */
	task?: string;
	/** When the ask was made (ms), for a question asked now: taps offered for an earlier ask with its id do not count. */
	askedAt?: number;
	/** The pending file a dialog shows again: its ask was made at the file's time (the same check, for a re-ask). */
	pendingPath?: string;
}

/** When a pending file's ask was made (ms), when the file still holds that ask and says. */
function pendingAskedAt(path: string, toolCallId: string): number | undefined {
	const file = readPendingEntry(path)?.file;
	return file?.toolCallId === toolCallId ? timeOf(file.timestamp) : undefined;
}

/** The phone's side of a dialog: resolves with an answer from a tap, or `interrupted` once `signal` aborts. */
export type PhoneSide = (request: AskRequest, signal: AbortSignal) => Promise<RemoteAskOutcome>;

export function createPush(deps: PushDeps) {
	const { agentDir, judging } = deps.store;
	const wroteByTap = deps.store.writtenBy("tap");
	const now = deps.now ?? Date.now;
	let active: Active | undefined;
	let key: Uint8Array | undefined;
	let warnHere = deps.warn;
	const inFlight = new Set<Promise<unknown>>();
	const track = (work: Promise<unknown>) => {
		const settled = work.catch(() => undefined).finally(() => inFlight.delete(settled));
		inFlight.add(settled);
	};
	const keyOf = () => {
		key ??= pushKey(agentDir);
		return key;
	};

	function runCommand(config: PushConfig, ask: PushedAsk, cwd: string): void {
		if (!config.command) return;
		track(
			runPushCommand(config.command, commandInput(ask, config.detail), cwd).then((failed) => {
				if (failed) warnHere(`push: ${failed}`);
			}),
		);
	}

	/** Joins the remote answering of the web page's bridge (when configured) and the phone. */
	function joined(
		bridge: Promise<RemoteBridge> | undefined,
		live: LivePush,
		info: Omit<LiveAskInfo, "request">,
	): RemoteBridge {
		return {
			async ask(request, signal, about) {
				// The phone and the page are two channels of one decision slot: the first answer or dismissal wins.
				const slot = createFirstDecision<RemoteAskOutcome, "phone" | "web">();
				const toBridge = new AbortController();
				const toPhone = new AbortController();
				const abortBoth = () => {
					toBridge.abort(signal?.reason);
					toPhone.abort(signal?.reason);
				};
				if (signal?.aborted) abortBoth();
				signal?.addEventListener("abort", abortBoth, { once: true });
				// The side that lost is told where the answer came from (the phone's notice, the page's card say so).
				slot.decided.addEventListener("abort", () =>
					slot.decided.reason === "web" ? toPhone.abort(ANSWERED_ON_WEB) : toBridge.abort(ANSWERED_ELSEWHERE),
				);
				// A side that cannot answer (the page is not running, timed out) decides nothing: the other still may, and
				// when neither does, the side that ended last says why.
				let last: RemoteAskOutcome = { kind: "interrupted" };
				const offer = (from: "phone" | "web") => (outcome: RemoteAskOutcome) => {
					last = outcome;
					if (isRemoteDecision(outcome)) slot.decide(outcome, from);
				};
				try {
					const phone = live.ask({ ...info, request }, toPhone.signal).then(offer("phone"));
					const web = bridge
						?.then((open) => open.ask(request, toBridge.signal, about))
						.catch((error: unknown): RemoteAskOutcome => ({ kind: "unavailable", reason: String(error) }))
						.then(offer("web"));
					const neither = Promise.all([phone, web]).then(() => ({ decision: last, from: undefined }));
					const { decision, from } = await Promise.race([slot.first, neither]);
					if (from === "phone") about?.from?.("phone");
					return decision;
				} finally {
					signal?.removeEventListener("abort", abortBoth);
				}
			},
			dispose() {},
		};
	}

	/** Who asks, as the phone is told, and the keys pressed in pi's terminal (the wait before publishing). */
	function askInfo(ctx: ExtensionContext, shown: ShownFrontEnd, ask: PhoneAsk): Omit<LiveAskInfo, "request"> {
		if (ctx.hasUI) warnHere = (text) => shown.tell(`pi-ask-anywhere: ${text}`, "warning");
		const terminal =
			shown.kind === "tui" ? (ctx.ui as { onTerminalInput?: ExtensionContext["ui"]["onTerminalInput"] }) : undefined;
		const onTerminalInput = terminal?.onTerminalInput;
		// Read now: the context may be stale by the time the ask is published.
		const cwd = ctx.cwd;
		return {
			id: askIdOf(ask.sessionId ?? ctx.sessionManager.getSessionId(), ask.toolCallId),
			project: basename(cwd),
			webPage: () => webAddressFor(agentDir, cwd),
			...(ask.task ? { task: ask.task } : {}),
			...(ask.askedAt !== undefined ? { askedAt: ask.askedAt } : {}),
			...(onTerminalInput
				? {
						onKey: (listener: () => void) =>
							onTerminalInput.call(terminal, () => {
								listener();
								return undefined;
							}),
					}
				: {}),
		};
	}

	return {
		/** Reads the settings at a session start; returns the problems to tell the person. */
		configure(fromFile: unknown, env: Readonly<Record<string, string | undefined>>, filePath?: string): string[] {
			active?.live.dispose();
			active?.reading.abort();
			active = undefined;
			const { config, problems } = resolvePushConfig(fromFile, env, filePath);
			if (!config) return problems;
			const client = config.ntfy
				? createNtfyClient({
						server: config.ntfy.server,
						// A publish runs beside the dialog: a slow server may take its time (the start's read has its own limit).
						timeoutMs: PUBLISH_MS,
						...(config.ntfy.token ? { token: config.ntfy.token } : {}),
						...(deps.fetch ? { fetch: deps.fetch } : {}),
					})
				: undefined;
			try {
				const live = createLivePush({
					config,
					// The key signs and checks taps: with only push.command there are none, and no key file is made.
					key: client ? keyOf() : new Uint8Array(),
					...(client ? { client } : {}),
					now,
					warn: (text) => warnHere(text),
					track,
					published: (ask) => runCommand(config, ask, process.cwd()),
				});
				active = { config, client, live, reading: new AbortController() };
			} catch (error) {
				problems.push(`push is off: the key file could not be made (${(error as Error).message})`);
			}
			return problems;
		},

		/**
		 * At a session start, before pi looks at the pending files: taps made while no pi ran go to the dialog that
		 * shows their ask, or else into the files they answer. Only when this folder has an unanswered question a tap
		 * could answer (one offered with answer buttons); otherwise nothing is read. `wait`
		 * (print mode, whose start is the run that delivers them): the start waits, at most `push.waitSeconds`; otherwise the
		 * read runs beside pi, which starts at once.
		 */
		async sessionStart(cwd: string, warn: (text: string) => void = deps.warn, wait = true): Promise<void> {
			const current = active;
			const config = current?.config;
			if (!current?.client || !config || !hasNtfy(config)) return;
			// Only a question whose notification had answer buttons can have a tap waiting: anything else is not worth
			// a read (nor, in print mode, a wait on a slow server).
			const tappable = listPendingFiles(cwd).some(
				({ file }) => file !== undefined && buttonOptions(file.request) !== undefined && noAnswerYet(file),
			);
			if (!tappable) return;
			const { reading, live } = current;
			const read = applyWaitingTaps(
				{
					cwd,
					config,
					key: keyOf(),
					client: current.client,
					now,
					warn,
					judge: (file) => judging.trust(file, cwd),
					heldElsewhere: judging.claims.heldElsewhere,
					heldHere: judging.claims.stillHeld,
					given: judging.given,
					wrote: wroteByTap,
				},
				{
					since: TAP_CACHE_SINCE,
					track,
					takenHere: live.takeWaiting,
					// Print mode's start waits for the taps in ntfy's cache: a slow server costs at most this, once.
					within: wait ? config.waitMs : BACKGROUND_READ_MS,
					signal: reading.signal,
				},
			).then((result) => {
				if (reading.signal.aborted) return;
				if (result.reason) warn(`push: could not read taps from ${config.ntfy.server}: ${result.reason}`);
				// Written after the start: pi delivers them like any filled-in file (`pi -c` in their session).
				if (!wait)
					for (const file of result.written) warn(`push: a tap from your phone answered ${relative(cwd, file)}`);
			});
			// Never a reason for the rest of the session start not to run; beside pi, a session that changed meanwhile
			// (its context gone stale) must not turn into an unhandled error either.
			const settled = read.catch((error: unknown) => {
				try {
					if (!reading.signal.aborted) warn(`push: could not apply the taps: ${(error as Error).message}`);
				} catch {
					// A stale session's warning has nowhere to go.
				}
			});
			if (wait) await settled;
		},

		/** The remote side of a dialog ask, with the phone joined when push is on and there is a dialog. */
		dialogRemote(
			remote: Promise<RemoteBridge> | undefined,
			ctx: ExtensionContext,
			shown: ShownFrontEnd,
			toolCallId: string,
		): Promise<RemoteBridge> | undefined {
			const current = active;
			if (!current || !shown.ask) return remote;
			return Promise.resolve(joined(remote, current.live, askInfo(ctx, shown, { toolCallId, askedAt: now() })));
		},

		/**
		 * The phone as the remote side of a dialog shown outside the model's ask (a background ask, a pending one, a
		 * subagent's question); `undefined` when push is off or there is no dialog.
		 */
		phone(ctx: ExtensionContext, shown: ShownFrontEnd, ask: PhoneAsk): PhoneSide | undefined {
			const current = active;
			if (!current || !shown.ask) return undefined;
			const askedAt = ask.askedAt ?? (ask.pendingPath ? pendingAskedAt(ask.pendingPath, ask.toolCallId) : undefined);
			const info = askInfo(ctx, shown, { ...ask, ...(askedAt !== undefined ? { askedAt } : {}) });
			return (request, signal) => current.live.ask({ ...info, request }, signal);
		},

		/** Questions saved where nobody can answer now (print mode): published at once. */
		saved(ctx: ExtensionContext, request: AskRequest, toolCallId: string): void {
			const current = active;
			if (!current || ctx.hasUI) return;
			// Offered after the questions were saved: never before the time their file says they were asked.
			const offered = now();
			const ask: PushedAsk = {
				id: askIdOf(ctx.sessionManager.getSessionId(), toolCallId),
				project: basename(ctx.cwd),
				request,
				expires: Math.floor(offered / 1000) + TAP_LIFETIME_SECONDS,
				offered,
				waitsIn: "file",
			};
			const { client, config } = current;
			const openUrl = config.openUrl ? undefined : webAddressFor(agentDir, ctx.cwd);
			if (openUrl) ask.openUrl = openUrl;
			if (client && hasNtfy(config)) {
				track(
					client.publish(askNotification(ask, config, keyOf())).then((result) => {
						if (!result.ok)
							deps.warn(`push: could not publish the question to ${config.ntfy.server}: ${result.reason}`);
					}),
				);
			}
			runCommand(config, ask, ctx.cwd);
		},

		/**
		 * pi is shutting down: publishes on their way get a moment (`push.waitSeconds`; print mode ends right after
		 * saving), and the reply stream stops.
		 */
		async shutdown(): Promise<void> {
			// Publishes of a session whose start turned push off since still get the default moment.
			const waitMs = active?.config.waitMs ?? DEFAULT_PUSH_WAIT_MS;
			active?.live.dispose();
			active?.reading.abort();
			if (inFlight.size > 0) {
				let timer: ReturnType<typeof setTimeout> | undefined;
				await Promise.race([
					Promise.allSettled([...inFlight]),
					new Promise((resolve) => {
						timer = setTimeout(resolve, waitMs);
					}),
				]);
				clearTimeout(timer);
			}
		},
	};
}

export type Push = ReturnType<typeof createPush>;
