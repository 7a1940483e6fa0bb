/**
 * Remote answering configuration: the CLI flags and environment variables that turn the WebSocket bridge
 * on, resolved by a pure function. Off unless a URL is given. The token is read from the environment only:
 * a token on a command line leaks through `ps`.
 */
import { isIP } from "node:net";

export interface RemoteConfig {
	/** `wss://…`, or `ws://…` to a loopback host (or anywhere when `allowInsecure`). */
	url: string;
	/** Sent as `Authorization: Bearer <token>`; never logged. */
	token?: string;
	sessionKey: string;
	agentId: string;
	/** How long one question waits for its answer. */
	timeoutMs: number;
	/** How long opening the connection may take before the ask reports `unavailable`. */
	connectTimeoutMs: number;
	allowInsecure: boolean;
}

export interface RemoteFlag {
	name: string;
	type: "string" | "boolean";
	description: string;
}

/** Flags to register with `pi.registerFlag(flag.name, { type: flag.type, description: flag.description })`. */
export const remoteFlags: readonly RemoteFlag[] = [
	{
		name: "ask-remote",
		type: "string",
		description:
			"Answer ask_user remotely through a WebSocket backend at this URL (wss://, or ws:// to loopback); off disables",
	},
	{
		name: "ask-remote-timeout",
		type: "string",
		description: "Seconds a remotely asked question waits for its answer (default 120)",
	},
	{ name: "ask-remote-session-key", type: "string", description: "sessionKey sent with remote questions" },
	{ name: "ask-remote-agent-id", type: "string", description: "agentId sent with remote questions (default pi)" },
	{
		name: "ask-remote-allow-insecure",
		type: "boolean",
		description: "Allow plain ws:// to a non-loopback host (token and answers travel unencrypted)",
	},
];

const REMOTE_ENV = {
	url: "PI_ASK_USER_REMOTE_URL",
	token: "PI_ASK_USER_REMOTE_TOKEN",
	sessionKey: "PI_ASK_USER_REMOTE_SESSION_KEY",
	agentId: "PI_ASK_USER_REMOTE_AGENT_ID",
	timeout: "PI_ASK_USER_REMOTE_TIMEOUT",
	allowInsecure: "PI_ASK_USER_REMOTE_ALLOW_INSECURE",
} as const;

const DEFAULT_REMOTE_TIMEOUT_MS = 120_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
const MAX_TIMEOUT_SECONDS = 24 * 60 * 60;
const DISABLED_VALUES = new Set(["off", "none", "false", "0"]);
const TRUE_VALUES = new Set(["1", "true", "yes", "on"]);

export type FlagReader = (name: string) => boolean | string | undefined;
export type Environment = Readonly<Record<string, string | undefined>>;

/** Used when neither flag nor variable names a session; the caller usually passes pi's session id. */
export interface RemoteDefaults {
	sessionKey?: string;
}

function stringFlag(getFlag: FlagReader, name: string): string | undefined {
	const value = getFlag(name);
	return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function envValue(env: Environment, name: string): string | undefined {
	const value = env[name];
	return value !== undefined && value.trim() !== "" ? value.trim() : undefined;
}

function parseTimeoutSeconds(text: string, source: string): number {
	const seconds = Number(text);
	if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_TIMEOUT_SECONDS) {
		throw new Error(
			`${source} must be a number of seconds between 0 and ${MAX_TIMEOUT_SECONDS} (e.g. 120), got ${JSON.stringify(text)}`,
		);
	}
	return Math.round(seconds * 1000);
}

/**
 * 127.0.0.0/8, ::1 (also as an IPv4-mapped address) and `localhost` itself. Other `*.localhost` names are not
 * loopback here: what they resolve to depends on the resolver, and nothing checks it before connecting.
 */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
	if (host === "localhost") return true;
	const version = isIP(host);
	if (version === 4) return host.startsWith("127.");
	if (version === 6) {
		if (host === "::1" || host === "0:0:0:0:0:0:0:1") return true;
		const mapped = /^::ffff:(.+)$/.exec(host)?.[1];
		if (mapped === undefined) return false;
		if (isIP(mapped) === 4) return mapped.startsWith("127.");
		// The URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
		return /^7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(mapped);
	}
	return false;
}

/** The URL as it may appear in messages: scheme, host and path; never credentials or a query. */
export function describeRemoteUrl(url: string): string {
	try {
		const parsed = new URL(url);
		return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
	} catch {
		return "the remote URL";
	}
}

/** Throws a clear error unless the URL is `wss://`, or `ws://` to loopback, or `ws://` explicitly allowed. */
export function checkRemoteUrl(url: string, allowInsecure: boolean, source = "The remote URL"): void {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		throw new Error(`${source} is not a valid URL; expected e.g. wss://host/path or ws://127.0.0.1:8787`);
	}
	if (parsed.protocol !== "ws:" && parsed.protocol !== "wss:") {
		throw new Error(`${source} must start with wss:// (or ws:// to a loopback host), got ${parsed.protocol}//`);
	}
	if (parsed.username !== "" || parsed.password !== "") {
		throw new Error(`${source} must not contain credentials; put the token in ${REMOTE_ENV.token}`);
	}
	if (parsed.protocol === "ws:" && !allowInsecure && !isLoopbackHost(parsed.hostname)) {
		throw new Error(
			`${source} uses plain ws:// to ${parsed.hostname}, which is not a loopback host, so the token and answers would travel unencrypted. Use wss://, or set ${REMOTE_ENV.allowInsecure}=1 (or --ask-remote-allow-insecure) to allow it.`,
		);
	}
}

/**
 * The remote configuration from flags (which win) and environment variables: `undefined` when remote
 * answering is off, an error with a clear message when a value is wrong.
 */
export function resolveRemoteConfig(
	getFlag: FlagReader,
	env: Environment,
	defaults: RemoteDefaults = {},
): RemoteConfig | undefined {
	const urlFlag = stringFlag(getFlag, "ask-remote");
	if (urlFlag !== undefined && DISABLED_VALUES.has(urlFlag.toLowerCase())) return undefined;
	const url = urlFlag ?? envValue(env, REMOTE_ENV.url);
	if (url === undefined) return undefined;
	const urlSource = urlFlag !== undefined ? "--ask-remote" : REMOTE_ENV.url;

	const insecureEnv = envValue(env, REMOTE_ENV.allowInsecure);
	const allowInsecure =
		getFlag("ask-remote-allow-insecure") === true ||
		(insecureEnv !== undefined && TRUE_VALUES.has(insecureEnv.toLowerCase()));
	checkRemoteUrl(url, allowInsecure, urlSource);

	const timeoutFlag = stringFlag(getFlag, "ask-remote-timeout");
	const timeoutEnv = envValue(env, REMOTE_ENV.timeout);
	const timeoutMs =
		timeoutFlag !== undefined
			? parseTimeoutSeconds(timeoutFlag, "--ask-remote-timeout")
			: timeoutEnv !== undefined
				? parseTimeoutSeconds(timeoutEnv, REMOTE_ENV.timeout)
				: DEFAULT_REMOTE_TIMEOUT_MS;

	const config: RemoteConfig = {
		url,
		sessionKey:
			stringFlag(getFlag, "ask-remote-session-key") ??
			envValue(env, REMOTE_ENV.sessionKey) ??
			defaults.sessionKey ??
			"pi",
		agentId: stringFlag(getFlag, "ask-remote-agent-id") ?? envValue(env, REMOTE_ENV.agentId) ?? "pi",
		timeoutMs,
		connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS,
		allowInsecure,
	};
	const token = envValue(env, REMOTE_ENV.token);
	if (token !== undefined) config.token = token;
	return config;
}
