/**
 * The HTTP edge to an ntfy server, with `fetch` and the clock injected: publish a message as JSON, read a topic's
 * cached messages (`/<topic>/json?poll=1&since=…`) and follow its JSON stream (`/<topic>/json?since=…`, one message
 * per line). Every call is bounded in time and returns a value; nothing here throws at the caller, and the access
 * token never appears in what is returned.
 */
import { isRecord } from "../core/json.js";
import type { NtfyPublish } from "./message.js";

/** A message event read from a topic (ntfy's JSON message format, the fields used here). */
export interface NtfyMessage {
	id: string;
	/** Unix seconds. */
	time: number;
	message: string;
}

export type Fetch = typeof fetch;

export interface NtfyClient {
	/** Publishes; `ok: false` with one sentence when the server is down, slow or refuses. */
	publish(message: NtfyPublish): Promise<{ ok: true } | { ok: false; reason: string }>;
	/**
	 * The topic's cached messages since `since` (a message id, unix seconds, a duration such as `12h`, or `all`);
	 * `options.within` replaces the client's time limit for this read; `options.signal` ends it early.
	 */
	poll(
		topic: string,
		since: string,
		options?: { within?: number; signal?: AbortSignal },
	): Promise<{ ok: true; messages: NtfyMessage[] } | { ok: false; reason: string }>;
	/**
	 * Follows the topic's stream from `since`, calling `onMessage` for each message, until `signal` aborts or the
	 * stream ends; resolves with why it ended.
	 */
	follow(topic: string, since: string, onMessage: (message: NtfyMessage) => void, signal: AbortSignal): Promise<string>;
}

export interface NtfyClientOptions {
	server: string;
	token?: string;
	fetch?: Fetch;
	/** How long a publish or poll may take. */
	timeoutMs?: number;
}

/** Lines longer than this are not read (ntfy's messages are at most a few KB). */
const MAX_LINE_CHARS = 64 * 1024;

/** A line of ntfy's JSON stream as a message, or `undefined` for other events (open, keepalive) and garbage. */
export function messageOfLine(line: string): NtfyMessage | undefined {
	if (line.length > MAX_LINE_CHARS) return undefined;
	let data: unknown;
	try {
		data = JSON.parse(line);
	} catch {
		return undefined;
	}
	if (!isRecord(data) || data.event !== "message") return undefined;
	if (typeof data.id !== "string" || typeof data.time !== "number") return undefined;
	return { id: data.id, time: data.time, message: typeof data.message === "string" ? data.message : "" };
}

export function createNtfyClient(options: NtfyClientOptions): NtfyClient {
	const doFetch = options.fetch ?? fetch;
	const timeoutMs = options.timeoutMs ?? 5_000;
	const headers: Record<string, string> = options.token ? { Authorization: `Bearer ${options.token}` } : {};
	const redact = (text: string) => (options.token ? text.split(options.token).join("[token]") : text);
	const describe = (error: unknown) =>
		redact(
			error instanceof Error
				? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
				: String(error),
		);
	const topicUrl = (topic: string, query: string) => `${options.server}/${encodeURIComponent(topic)}/json?${query}`;

	return {
		async publish(message) {
			try {
				const response = await doFetch(`${options.server}/`, {
					method: "POST",
					headers: { ...headers, "Content-Type": "application/json" },
					body: JSON.stringify(message),
					signal: AbortSignal.timeout(timeoutMs),
				});
				await response.arrayBuffer().catch(() => undefined);
				return response.ok ? { ok: true } : { ok: false, reason: `the server answered ${response.status}` };
			} catch (error) {
				return { ok: false, reason: describe(error) };
			}
		},
		async poll(topic, since, options = {}) {
			const timeout = AbortSignal.timeout(options.within ?? timeoutMs);
			try {
				const response = await doFetch(topicUrl(topic, `poll=1&since=${encodeURIComponent(since)}`), {
					headers,
					signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
				});
				const text = await response.text();
				if (!response.ok) return { ok: false, reason: `the server answered ${response.status}` };
				const messages = text.split("\n").flatMap((line) => messageOfLine(line) ?? []);
				return { ok: true, messages };
			} catch (error) {
				return { ok: false, reason: describe(error) };
			}
		},
		async follow(topic, since, onMessage, signal) {
			try {
				const response = await doFetch(topicUrl(topic, `since=${encodeURIComponent(since)}`), { headers, signal });
				if (!response.ok || !response.body) {
					await response.arrayBuffer().catch(() => undefined);
					return `the server answered ${response.status}`;
				}
				const decoder = new TextDecoder();
				let buffered = "";
				const reader = response.body.getReader();
				for (;;) {
					const { done, value } = await reader.read();
					if (done) break;
					buffered += decoder.decode(value, { stream: true });
					let end = buffered.indexOf("\n");
					while (end >= 0) {
						const message = messageOfLine(buffered.slice(0, end));
						buffered = buffered.slice(end + 1);
						if (message) onMessage(message);
						end = buffered.indexOf("\n");
					}
					if (buffered.length > MAX_LINE_CHARS) buffered = "";
				}
				return "the stream ended";
			} catch (error) {
				return signal.aborted ? "stopped" : describe(error);
			}
		},
	};
}
