/**
 * Push notifications loaded on demand: src/push/ (about 30 KB) loads at the first session start whose settings or
 * environment name push, so most pi starts never load it. Once loaded it is configured at every start, so settings
 * that no longer name it turn it off. Until then every call is the "push is off" answer. The loader is injected.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { AskUserSettings, Environment } from "../host/settings.js";
import type { RunPush } from "./run.js";

/** What is used of src/push/push.ts's createPush (declared here: the run's wiring never imports push's code). */
export interface Push extends RunPush {
	configure(fromFile: unknown, env: Environment, filePath?: string): string[];
	sessionStart(cwd: string, warn: (text: string) => void, wait: boolean): Promise<void>;
	shutdown(): Promise<void>;
}

/**
 * Whether the settings or the environment name push notifications at all. When neither does, push's configuration
 * is "off" with nothing to report (src/push/config.ts), so its code need not load.
 */
export function pushNamed(fromFile: unknown, env: Environment): boolean {
	return fromFile !== undefined || (env.PI_ASK_USER_PUSH ?? "").trim() !== "";
}

export function pushOnDemand(load: () => Promise<Push>) {
	let push: Push | undefined;
	/** What the lifecycle and the children call: the loaded push, or nothing happens. */
	const edges: RunPush = {
		dialogRemote: (remote, ctx, shown, toolCallId) =>
			push ? push.dialogRemote(remote, ctx, shown, toolCallId) : remote,
		saved: (ctx, request, toolCallId) => push?.saved(ctx, request, toolCallId),
		phone: (ctx, shown, ask) => push?.phone(ctx, shown, ask),
	};
	return {
		edges,
		/** At a session start: loads push when the settings name it, configures it, and returns the problems to tell. */
		async configure(settings: Pick<AskUserSettings, "push">): Promise<string[]> {
			if (pushNamed(settings.push.value, settings.push.env)) push ??= await load();
			return push?.configure(settings.push.value, settings.push.env, settings.push.file) ?? [];
		},
		/** Taps made while no pi ran: print mode waits for them (briefly); elsewhere they are applied beside the start. */
		async sessionStart(ctx: ExtensionContext, warn: (text: string) => void): Promise<void> {
			await push?.sessionStart(ctx.cwd, warn, !ctx.hasUI);
		},
		async shutdown(): Promise<void> {
			await push?.shutdown();
		},
	};
}
