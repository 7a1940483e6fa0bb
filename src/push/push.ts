/**
 * Push notifications in a pi run: configured at each session start from the settings, joined to a dialog's remote
 * side (live.ts) so that a tap answers through the dialog's race, publishing the questions print mode saves, and at
 * start writing the taps that waited in ntfy's cache into their pending files (pending-taps.ts), which pi then
 * delivers like any edited file. Nothing here waits on the server where the person or the agent would notice.
 */
import { basename } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { AskRequest } from "../core/types.js";
import type { Claims } from "../pending/claims.js";
import { listPendingFiles, type PendingFile } from "../pending/pending-file.js";
import type { PendingVerdict } from "../pending/trust.js";
import type { RemoteAskOutcome, RemoteBridge } from "../remote/bridge.js";
import { ANSWERED_ELSEWHERE } from "../remote/protocol.js";
import { isRemoteDecision } from "../remote/race.js";
import { commandInput, runPushCommand } from "./command.js";
import { type PushConfig, resolvePushConfig } from "./config.js";
import { pushKey } from "./key.js";
import {
	ANSWERED_ON_WEB,
	createLivePush,
	type LiveAskInfo,
	type LivePush,
	TAP_CACHE_SINCE,
	TAP_LIFETIME_SECONDS,
} from "./live.js";
import { askNotification, type PushedAsk } from "./message.js";
import { createNtfyClient, type Fetch, type NtfyClient } from "./ntfy.js";
import { applyWaitingTaps } from "./pending-taps.js";
import { askIdOf } from "./tap.js";

/** How long pi's shutdown waits for publishes still on their way (print mode ends right after saving). */
const FLUSH_MS = 3_000;

export interface PushDeps {
	agentDir: string;
	/** Where warnings go when there is no UI to show them (stderr). */
	warn(text: string): void;
	judge(file: PendingFile, cwd: string): PendingVerdict;
	heldElsewhere: Claims["heldElsewhere"];
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
	client: NtfyClient;
	live: LivePush;
}

export function createPush(deps: PushDeps) {
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
		key ??= pushKey(deps.agentDir);
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
				const toBridge = new AbortController();
				const toPhone = new AbortController();
				const abortBoth = () => {
					toBridge.abort(signal?.reason);
					toPhone.abort(signal?.reason);
				};
				if (signal?.aborted) abortBoth();
				signal?.addEventListener("abort", abortBoth, { once: true });
				try {
					const phone = live
						.ask({ ...info, request }, toPhone.signal)
						.then((outcome) => ({ outcome, from: "phone" as const }));
					if (!bridge) return (await phone).outcome;
					const web = bridge
						.then((open) => open.ask(request, toBridge.signal, about))
						.catch((error: unknown): RemoteAskOutcome => ({ kind: "unavailable", reason: String(error) }))
						.then((outcome) => ({ outcome, from: "web" as const }));
					const first = await Promise.race([phone, web]);
					if (isRemoteDecision(first.outcome)) {
						if (first.from === "web") toPhone.abort(ANSWERED_ON_WEB);
						else toBridge.abort(ANSWERED_ELSEWHERE);
						return first.outcome;
					}
					// That side cannot answer (the page is not running, timed out): the other still may.
					return (await (first.from === "web" ? phone : web)).outcome;
				} finally {
					signal?.removeEventListener("abort", abortBoth);
				}
			},
			dispose() {},
		};
	}

	return {
		/** Reads the settings at a session start; returns the problems to tell the person. */
		configure(fromFile: unknown, env: Readonly<Record<string, string | undefined>>, filePath?: string): string[] {
			active?.live.dispose();
			active = undefined;
			const { config, problems } = resolvePushConfig(fromFile, env, filePath);
			if (!config) return problems;
			const client = createNtfyClient({
				server: config.server,
				// pi's start reads the reply topic before going on: a slow server costs at most this, once.
				timeoutMs: 2_500,
				...(config.token ? { token: config.token } : {}),
				...(deps.fetch ? { fetch: deps.fetch } : {}),
			});
			try {
				const live = createLivePush({
					config,
					key: keyOf(),
					client,
					now,
					warn: (text) => warnHere(text),
					track,
					published: (ask) => runCommand(config, ask, process.cwd()),
				});
				active = { config, client, live };
			} catch (error) {
				problems.push(`push is off: the key file could not be made (${(error as Error).message})`);
			}
			return problems;
		},

		/**
		 * At a session start, before pi looks at the pending files: taps made while no pi ran are written into the
		 * files they answer. Only when this folder has pending questions; bounded by the client's timeout.
		 */
		async sessionStart(cwd: string, warn: (text: string) => void = deps.warn): Promise<void> {
			if (!active) return;
			if (!listPendingFiles(cwd).some((entry) => entry.file !== undefined)) return;
			const { config, client } = active;
			const read = await applyWaitingTaps(
				{
					cwd,
					config,
					key: keyOf(),
					client,
					now,
					warn,
					judge: (file) => deps.judge(file, cwd),
					heldElsewhere: deps.heldElsewhere,
				},
				TAP_CACHE_SINCE,
				track,
			);
			if (read.reason) warn(`push: could not read taps from ${config.server}: ${read.reason}`);
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
			if (ctx.hasUI) warnHere = (text) => shown.tell(`pi-ask-anywhere: ${text}`, "warning");
			const sessionId = ctx.sessionManager.getSessionId();
			const terminal =
				shown.kind === "tui" ? (ctx.ui as { onTerminalInput?: ExtensionContext["ui"]["onTerminalInput"] }) : undefined;
			const info = {
				id: askIdOf(sessionId, toolCallId),
				project: basename(ctx.cwd),
				...(terminal?.onTerminalInput
					? {
							onKey: (listener: () => void) =>
								(terminal.onTerminalInput as ExtensionContext["ui"]["onTerminalInput"])(() => {
									listener();
									return undefined;
								}),
						}
					: {}),
			};
			return Promise.resolve(joined(remote, current.live, info));
		},

		/** Questions saved where nobody can answer now (print mode): published at once. */
		saved(ctx: ExtensionContext, request: AskRequest, toolCallId: string): void {
			const current = active;
			if (!current || ctx.hasUI) return;
			const ask: PushedAsk = {
				id: askIdOf(ctx.sessionManager.getSessionId(), toolCallId),
				project: basename(ctx.cwd),
				request,
				expires: Math.floor(now() / 1000) + TAP_LIFETIME_SECONDS,
			};
			track(
				current.client.publish(askNotification(ask, current.config, keyOf())).then((result) => {
					if (!result.ok)
						deps.warn(`push: could not publish the question to ${current.config.server}: ${result.reason}`);
				}),
			);
			runCommand(current.config, ask, ctx.cwd);
		},

		/** pi is shutting down: publishes on their way get a moment (bounded), and the reply stream stops. */
		async shutdown(): Promise<void> {
			active?.live.dispose();
			if (inFlight.size > 0) {
				let timer: ReturnType<typeof setTimeout> | undefined;
				await Promise.race([
					Promise.allSettled([...inFlight]),
					new Promise((resolve) => {
						timer = setTimeout(resolve, FLUSH_MS);
					}),
				]);
				clearTimeout(timer);
			}
		},
	};
}

export type Push = ReturnType<typeof createPush>;
