/**
 * Questions from child pi processes reach the person through the pi that started them, wired to
 * pi's events: at session start a pi with a person behind it opens its route (parent-route.ts) and announces it in
 * its own environment, which every command its agent runs inherits; a pi with nobody of its own that finds a route
 * asks through it (child-ask.ts) and drops the remote bridge settings it inherited. At session shutdown the route
 * closes and the environment is put back.
 */

import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { once } from "../core/once.js";
import type { AskRequest } from "../core/types.js";
import type { PiModules } from "../host/pi-modules.js";
import type { AskUserSettings } from "../host/settings.js";
import { type FrontEnd, frontEndKind } from "../modes/front-end.js";
import type { RemoteAskOutcome } from "../remote/bridge.js";
import { createLazyBridge } from "../remote/lazy-bridge.js";
import type { Asker } from "../remote/protocol.js";
import { raceLocalAndRemote } from "../remote/race.js";
import type { AskHandler } from "../tool/ask-user-tool.js";
import { createChildAskHandler } from "./child-ask.js";
import { CHILD_ASK_LINE_TYPE, CHILD_ASK_RECORD_TYPE, showChildLines } from "./child-ask-record.js";
import type { ParentRouteServer } from "./parent-route.js";
import { announceRoute, childrenRole, dropRemoteSettings, type ParentRoute } from "./route-env.js";

/** How long a child waits for the person: as long as at its own terminal (the bridge's longest wait). */
const CHILD_WAIT_MS = 24 * 60 * 60 * 1000;

export interface ChildrenDeps {
	/** This process's environment: the route is announced in it, so that every command the agent runs inherits it. */
	env: NodeJS.ProcessEnv;
	argv: readonly string[];
	frontEnd(ctx: ExtensionContext): FrontEnd;
	/** This pi's own ask handler (the lifecycle's). */
	ownAsk: AskHandler;
	/** Writes to stderr. */
	warn(text: string): void;
	/** Whether this pi's model takes images and pi's settings allow them (host/image-support.ts). */
	acceptsImages(ctx: ExtensionContext): boolean;
	/** pi's TUI modules, for the chat's line of each child's ask. */
	tui: PiModules["tui"];
	/** The phone beside the parent's dialog (push notifications), told the child's task; the first answer wins. */
	phone?(
		ctx: ExtensionContext,
		shown: FrontEnd,
		ask: { toolCallId: string; task?: string; askedAt?: number },
	): ((request: AskRequest, signal: AbortSignal) => Promise<RemoteAskOutcome>) | undefined;
}

export function createChildren(pi: ExtensionAPI, deps: ChildrenDeps) {
	let server: ParentRouteServer | undefined;
	let withdraw: (() => void) | undefined;
	let parent: ParentRoute | undefined;
	/** The bridge to the parent's route, opened on the child's first ask. */
	const bridge = createLazyBridge();
	const lines = showChildLines(pi, deps.tui);

	const askParent = async (
		request: AskRequest,
		signal: AbortSignal | undefined,
		asker: Asker,
		ctx: ExtensionContext,
	) => {
		const opened = bridge.bridge(undefined);
		if (!opened) return { kind: "unavailable" as const, reason: "no parent route" };
		return (await opened).ask(request, signal, { asker, acceptsImages: deps.acceptsImages(ctx) });
	};
	const childAsk = createChildAskHandler({
		ask: askParent,
		fallback: deps.ownAsk,
		tell: (_ctx, text) => deps.warn(text),
	});

	/**
	 * The line the parent's chat keeps of a child's ask, as a custom message the model never reads (`withoutChildLines`).
	 * Idle, it is shown at once; while the agent runs (the child's command still running) it waits for the turn's end,
	 * and pi shows it there, after the command, without starting a turn of its own.
	 */
	function showLine(ctx: ExtensionContext, line: string): void {
		try {
			const message = { customType: CHILD_ASK_LINE_TYPE, content: line, display: true };
			lines.keepFromModel();
			if (ctx.isIdle()) pi.sendMessage(message);
			else pi.sendMessage(message, { deliverAs: "steer" });
		} catch (error) {
			// Only the chat's line is lost: the answer reached the child and the session keeps its record.
			deps.warn(`pi-ask-anywhere: ${(error as Error).message}`);
		}
	}

	async function stop(): Promise<void> {
		withdraw?.();
		withdraw = undefined;
		const closing = server?.close();
		server = undefined;
		bridge.dispose();
		parent = undefined;
		await closing;
	}

	return {
		/**
		 * Before the lifecycle's: the settings this pi's own asks use, returned. A child that asks its parent leaves out
		 * the remote bridge settings it inherited (and so do the commands it runs).
		 */
		async sessionStart(ctx: ExtensionContext, settings: AskUserSettings): Promise<AskUserSettings> {
			lines.sessionStart(ctx);
			await stop();
			const role = childrenRole(frontEndKind(ctx, deps.argv), deps.env, settings.children);
			if (role.kind === "ask-parent") {
				parent = role.parent;
				bridge.configure({
					url: parent.url,
					token: parent.token,
					sessionKey: ctx.sessionManager.getSessionId(),
					agentId: "pi-child",
					timeoutMs: CHILD_WAIT_MS,
					connectTimeoutMs: 3_000,
					allowInsecure: false,
				});
				dropRemoteSettings(deps.env);
				return { ...settings, remote: {} };
			}
			if (role.kind !== "offer") return settings;
			const { startParentRoute } = await import("./parent-route.js");
			try {
				server = await startParentRoute({
					cwd: ctx.cwd,
					show: async (request, options) => {
						const shown = deps.frontEnd(ctx);
						const ask = shown.ask;
						if (!ask) return { kind: "interrupted" };
						const dialog = (signal: AbortSignal) =>
							ask(request, { signal, requestId: options.requestId, history: [], acceptsImages: options.acceptsImages });
						const phone = deps.phone?.(ctx, shown, {
							toolCallId: options.requestId,
							askedAt: Date.now(),
							...(options.asker.task ? { task: options.asker.task } : {}),
						});
						if (!phone) return dialog(options.signal);
						return (await raceLocalAndRemote(dialog, (signal) => phone(request, signal), options.signal)).outcome;
					},
					record: (entry, line) => {
						pi.appendEntry(CHILD_ASK_RECORD_TYPE, entry);
						showLine(ctx, line);
						if (!entry.delivered) {
							deps
								.frontEnd(ctx)
								.tell("pi-ask-anywhere: the child process had gone; your reply did not reach it", "warning");
						}
					},
					failed: (error) => deps.frontEnd(ctx).tell(`pi-ask-anywhere: ${(error as Error).message}`, "warning"),
					// Anyone local can send the route garbage: said once, so a flood of it cannot flood the person's screen.
					listenerFailed: once((error) =>
						deps
							.frontEnd(ctx)
							.tell(`pi-ask-anywhere: refused a request to the children's route: ${String(error)}`, "warning"),
					),
				});
			} catch (error) {
				deps
					.frontEnd(ctx)
					.tell(`pi-ask-anywhere: children cannot ask through this pi: ${(error as Error).message}`, "warning");
				return settings;
			}
			withdraw = announceRoute(deps.env, server.route);
			return settings;
		},
		askHandler: ((ask) => (parent ? childAsk(ask) : deps.ownAsk(ask))) satisfies AskHandler,
		sessionShutdown: stop,
	};
}
