/**
 * Push notifications: the settings that turn them on, resolved by a pure function from the user's settings file
 * (`push` object) and the environment (which wins, for one run). Off until an ntfy topic or a `push.command` is
 * given; either works alone. A project's settings file never sets these: a cloned repository must not redirect
 * questions to its topic or run its command.
 */
import { isRecord } from "../core/json.js";
import { isLoopbackHost } from "../remote/config.js";

/** `minimal`: only "a question is waiting in <project>"; `full`: the question, its options and answer buttons. */
export type PushDetail = "minimal" | "full";

/** Where ntfy messages are published and taps read back. */
export interface NtfyTarget {
	/** `https://ntfy.sh`, or a self-hosted server; no trailing slash. */
	server: string;
	/** The topic the phone subscribes to (a secret: whoever knows it reads the questions). */
	topic: string;
	/** The topic the answer buttons publish to, which pi reads (a secret too: whoever knows it could try answering). */
	replyTopic: string;
	/** An ntfy access token for a protected server (`Authorization: Bearer`); never logged. */
	token?: string;
}

export interface PushConfig {
	/** ntfy, when a topic is set; without it only `command` tells the person (it cannot answer). */
	ntfy?: NtfyTarget;
	detail: PushDetail;
	/** Publish once nobody pressed a key in pi's terminal for this long; 0: at once. */
	afterMs: number;
	/**
	 * How long print mode waits for the server, at most, twice a run: its start for the taps waiting in ntfy's cache,
	 * its end for the questions it published. A slow link (or a busy machine) may need longer.
	 */
	waitMs: number;
	/** A command run with the ask as JSON on its standard input (Apprise, Pushover, a webhook). */
	command?: string;
	/** The web page's address, opened by the notification's "Open" button; none when unset. */
	openUrl?: string;
}

const PUSH_ENV = {
	target: "PI_ASK_USER_PUSH",
	after: "PI_ASK_USER_PUSH_AFTER",
	wait: "PI_ASK_USER_PUSH_WAIT",
	detail: "PI_ASK_USER_PUSH_DETAIL",
	token: "PI_ASK_USER_PUSH_TOKEN",
} as const;

/** A short while away from the terminal before the phone is told. */
const DEFAULT_AFTER_SECONDS = 30;
const MAX_AFTER_SECONDS = 24 * 60 * 60;
const DEFAULT_WAIT_SECONDS = 3;
/** `push.waitSeconds` when nothing sets it. */
export const DEFAULT_PUSH_WAIT_MS = DEFAULT_WAIT_SECONDS * 1000;
const MAX_WAIT_SECONDS = 60;
const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;
const OFF = new Set(["off", "none", "false", "0"]);

export type PushSettingsResult = { config: PushConfig | undefined; problems: string[] };

/** A configuration that publishes through ntfy (and reads taps back). */
export type NtfyPushConfig = PushConfig & { ntfy: NtfyTarget };

export function hasNtfy(config: PushConfig): config is NtfyPushConfig {
	return config.ntfy !== undefined;
}

/** The public ntfy.sh (and its subdomains): questions there travel through a server the person does not run. */
export function isPublicServer(server: string): boolean {
	try {
		const host = new URL(server).hostname.toLowerCase();
		return host === "ntfy.sh" || host.endsWith(".ntfy.sh");
	} catch {
		return false;
	}
}

/** The server's URL without a trailing slash, or why it cannot be used. */
export function checkServer(text: string): { server: string } | { error: string } {
	let url: URL;
	try {
		url = new URL(text.includes("://") ? text : `https://${text}`);
	} catch {
		return { error: `${JSON.stringify(text)} is not a URL (e.g. https://ntfy.sh)` };
	}
	if (url.protocol !== "https:" && url.protocol !== "http:") return { error: `${text} must be an https:// URL` };
	if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
		return { error: `${text} uses plain http to a host that is not this machine; questions would travel unencrypted` };
	}
	if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") {
		return { error: `${text} must not carry credentials or a query; put an access token in push.token` };
	}
	return { server: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}

/** A number of seconds from the file or the environment, in milliseconds; `undefined` (said) when out of range. */
function secondsSetting(
	value: unknown,
	source: string,
	range: { max: number; fallback: number },
	problems: string[],
): number | undefined {
	const seconds = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
	if (typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0 && seconds <= range.max) {
		return Math.round(seconds * 1000);
	}
	problems.push(`${source} must be a number of seconds from 0 to ${range.max}; ${range.fallback} is used`);
	return undefined;
}

function detailOf(value: unknown, source: string, problems: string[]): PushDetail | undefined {
	if (value === "minimal" || value === "full") return value;
	problems.push(`${source} must be "minimal" or "full"`);
	return undefined;
}

/** `<server>/<topic>` from `PI_ASK_USER_PUSH`: the last path segment is the topic. */
function splitTarget(text: string): { server: string; topic: string } | { error: string } {
	const cut = text.replace(/\/+$/, "").lastIndexOf("/");
	const topic = cut < 0 ? "" : text.replace(/\/+$/, "").slice(cut + 1);
	if (!TOPIC.test(topic)) return { error: `${PUSH_ENV.target} must be <server>/<topic>, e.g. https://ntfy.sh/<topic>` };
	const server = checkServer(text.replace(/\/+$/, "").slice(0, cut));
	return "error" in server ? server : { server: server.server, topic };
}

/**
 * The ntfy server and topics from the file or `PI_ASK_USER_PUSH`; `undefined` when neither names one, `invalid` (with
 * the problem said) when what is named cannot be used.
 */
function ntfyTarget(
	text: (key: string) => string | undefined,
	envTarget: string | undefined,
	env: Readonly<Record<string, string | undefined>>,
	filePath: string,
	problems: string[],
): NtfyTarget | "invalid" | undefined {
	let server: string;
	let topic: string | undefined;
	let replyTopic = text("replyTopic");
	if (envTarget) {
		const target = splitTarget(envTarget);
		if ("error" in target) {
			problems.push(target.error);
			return "invalid";
		}
		({ server, topic } = target);
		// The reply topic saved with this topic, or one named after it (a one-run setting names only the topic).
		if (text("topic") !== topic || replyTopic === undefined) replyTopic = `${topic}-reply`;
	} else {
		const fileServer = text("server");
		topic = text("topic");
		if (fileServer === undefined && topic === undefined) return undefined;
		const checked = checkServer(fileServer ?? "https://ntfy.sh");
		if ("error" in checked) {
			problems.push(`${filePath}: push.server ${checked.error}`);
			return "invalid";
		}
		server = checked.server;
	}
	if (topic === undefined || !TOPIC.test(topic)) {
		problems.push(`${filePath}: push.topic must be 1–64 letters, digits, - or _ (run pi-ask-anywhere push setup)`);
		return "invalid";
	}
	if (replyTopic === undefined || !TOPIC.test(replyTopic) || replyTopic === topic) {
		problems.push(`${filePath}: push.replyTopic must be another topic of 1–64 letters, digits, - or _`);
		return "invalid";
	}
	const target: NtfyTarget = { server, topic, replyTopic };
	const token = env[PUSH_ENV.token]?.trim() || text("token");
	if (token) target.token = token;
	return target;
}

/**
 * The push configuration from the user's settings file's `push` object and the environment; `config` undefined when
 * push is off. Every problem is one sentence; a wrong value is left out rather than guessed.
 */
export function resolvePushConfig(
	fromFile: unknown,
	env: Readonly<Record<string, string | undefined>>,
	filePath = "settings.json",
): PushSettingsResult {
	const problems: string[] = [];
	const file = isRecord(fromFile) ? fromFile : {};
	if (fromFile !== undefined && !isRecord(fromFile)) problems.push(`${filePath}: push must be an object`);
	const text = (key: string): string | undefined => {
		const value = file[key];
		if (value === undefined) return undefined;
		if (typeof value === "string" && value.trim() !== "") return value.trim();
		problems.push(`${filePath}: push.${key} must be text`);
		return undefined;
	};
	const envTarget = env[PUSH_ENV.target]?.trim();
	if (envTarget !== undefined && OFF.has(envTarget.toLowerCase())) return { config: undefined, problems };

	const found = ntfyTarget(text, envTarget, env, filePath, problems);
	// A target that cannot be used is left out (and said); a command given beside it still runs.
	const ntfy = found === "invalid" ? undefined : found;
	const command = text("command");
	if (ntfy === undefined && command === undefined) return { config: undefined, problems };

	const config: PushConfig = {
		// A command's service is the person's own choice; ntfy.sh is a server anyone with the topic reads.
		detail: ntfy && isPublicServer(ntfy.server) ? "minimal" : "full",
		afterMs: DEFAULT_AFTER_SECONDS * 1000,
		waitMs: DEFAULT_PUSH_WAIT_MS,
	};
	if (ntfy) config.ntfy = ntfy;
	if (file.detail !== undefined)
		config.detail = detailOf(file.detail, `${filePath}: push.detail`, problems) ?? config.detail;
	const envDetail = env[PUSH_ENV.detail]?.trim();
	if (envDetail) config.detail = detailOf(envDetail, PUSH_ENV.detail, problems) ?? config.detail;
	const after = { max: MAX_AFTER_SECONDS, fallback: DEFAULT_AFTER_SECONDS };
	if (file.afterSeconds !== undefined) {
		config.afterMs =
			secondsSetting(file.afterSeconds, `${filePath}: push.afterSeconds`, after, problems) ?? config.afterMs;
	}
	const envAfter = env[PUSH_ENV.after]?.trim();
	if (envAfter) config.afterMs = secondsSetting(envAfter, PUSH_ENV.after, after, problems) ?? config.afterMs;
	const wait = { max: MAX_WAIT_SECONDS, fallback: DEFAULT_WAIT_SECONDS };
	if (file.waitSeconds !== undefined) {
		config.waitMs = secondsSetting(file.waitSeconds, `${filePath}: push.waitSeconds`, wait, problems) ?? config.waitMs;
	}
	const envWait = env[PUSH_ENV.wait]?.trim();
	if (envWait) config.waitMs = secondsSetting(envWait, PUSH_ENV.wait, wait, problems) ?? config.waitMs;
	if (command) config.command = command;
	const openUrl = text("openUrl");
	if (openUrl) {
		if (/^https?:\/\//i.test(openUrl)) config.openUrl = openUrl;
		else problems.push(`${filePath}: push.openUrl must be an http(s) address`);
	}
	return { config, problems };
}
