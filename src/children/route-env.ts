/**
 * The route for children's questions as the environment carries it: a pi with a person behind it
 * announces its loopback endpoint in its own `process.env`, so that every command its agent runs (the bash tool, a
 * subagent) inherits the URL and the secret; never on a command line, where `ps` would show the secret. A pi with
 * nobody of its own that finds them asks through that parent. Pure, apart from the environment it is handed.
 */

import type { Environment } from "../host/settings.js";
import type { FrontEndKind } from "../modes/front-end.js";
import { isLoopbackHost } from "../remote/config.js";

export const PARENT_URL_ENV = "PI_ASK_USER_PARENT_URL";
export const PARENT_TOKEN_ENV = "PI_ASK_USER_PARENT_TOKEN";
const REMOTE_ENV_PREFIX = "PI_ASK_USER_REMOTE_";

export interface ParentRoute {
	/** `ws://127.0.0.1:<port>/agent`. */
	url: string;
	/** Sent only as `Authorization: Bearer …`. */
	token: string;
}

export type ChildrenRole =
	/** A person is behind this pi: it offers its children the route. */
	| { kind: "offer" }
	/** Nobody is behind this pi, and a parent offers a route: its questions go there. */
	| { kind: "ask-parent"; parent: ParentRoute }
	| { kind: "none" };

/** The parent's route, when the environment names a loopback `ws://` URL and a secret. */
export function parentRouteIn(env: Environment): ParentRoute | undefined {
	const url = env[PARENT_URL_ENV]?.trim();
	const token = env[PARENT_TOKEN_ENV]?.trim();
	if (!url || !token) return undefined;
	try {
		const parsed = new URL(url);
		if (parsed.protocol !== "ws:" || !isLoopbackHost(parsed.hostname)) return undefined;
	} catch {
		return undefined;
	}
	return { url, token };
}

/** `on`: the person's `children` setting (off: no route is offered, and no question is sent to a parent). */
export function childrenRole(kind: FrontEndKind, env: Environment, on: boolean): ChildrenRole {
	if (!on) return { kind: "none" };
	if (kind === "tui" || kind === "rpc" || kind === "sdk") return { kind: "offer" };
	const parent = parentRouteIn(env);
	return parent ? { kind: "ask-parent", parent } : { kind: "none" };
}

/** Puts the route in `env`; the function returned puts back what was there (a grandparent's route, or nothing). */
export function announceRoute(env: NodeJS.ProcessEnv, route: ParentRoute): () => void {
	const before = { url: env[PARENT_URL_ENV], token: env[PARENT_TOKEN_ENV] };
	env[PARENT_URL_ENV] = route.url;
	env[PARENT_TOKEN_ENV] = route.token;
	return () => {
		for (const [name, value] of [
			[PARENT_URL_ENV, before.url],
			[PARENT_TOKEN_ENV, before.token],
		] as const) {
			if (value === undefined) delete env[name];
			else env[name] = value;
		}
	};
}

/**
 * A child asks its parent only: the remote bridge settings it inherited are removed (from its own commands' too);
 * returns the names removed.
 */
export function dropRemoteSettings(env: NodeJS.ProcessEnv): string[] {
	const names = Object.keys(env).filter((name) => name.startsWith(REMOTE_ENV_PREFIX));
	for (const name of names) delete env[name];
	return names;
}
