/**
 * A local stand-in for an ntfy server, written from ntfy's published API (no ntfy server is installable here):
 * publish as JSON to `/` (topic, title, message, tags, priority, actions, click, sequence_id) or a raw body to
 * `/<topic>`; read a topic through `/<topic>/json` (a stream of one JSON event per line: `open`, then messages) or
 * `?poll=1` (the cached messages, then the response ends), from `since=` (`all`, unix seconds, a duration such as
 * `10m`, or a message id); `Authorization: Bearer <token>` when the server is protected. Stricter than ntfy where it
 * helps the tests see a mistake: more than three actions, or a message over the size limit, is refused.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { patient } from "../patience.js";

export interface StoredMessage {
	id: string;
	time: number;
	expires: number;
	event: "message";
	topic: string;
	message: string;
	title?: string;
	tags?: string[];
	priority?: number;
	click?: string;
	sequence_id?: string;
	actions?: StoredAction[];
}

export interface StoredAction {
	action: string;
	label: string;
	url: string;
	method?: string;
	headers?: Record<string, string>;
	body?: string;
	clear?: boolean;
}

export interface NtfyStandIn {
	/** `http://127.0.0.1:<port>` */
	url: string;
	/** The messages of a topic, oldest first. */
	messages(topic: string): StoredMessage[];
	/** Waits until the topic holds at least `count` messages. */
	waitForMessages(topic: string, count: number, timeoutMs?: number): Promise<StoredMessage[]>;
	/** Every request's method, path and Authorization header, oldest first. */
	requests: { method: string; path: string; authorization?: string }[];
	/** What the phone does when the person taps an `http` button: that request, as the button describes it. */
	tap(action: StoredAction): Promise<number>;
	/**
	 * A slow server: every `?poll=1` read is held until `releasePolls` (a held read answers with what the cache holds
	 * then). Held, not timed: a test that asserts on a held read must not race a clock on a loaded machine.
	 */
	holdPolls(): void;
	releasePolls(): void;
	/** The `?poll=1` reads received and not yet answered whose client still waits (it did not give up). */
	pollsWaiting(): number;
	/** Stops answering (requests then fail to connect) while keeping the port for `resume`. */
	close(): Promise<void>;
}

const MESSAGE_LIMIT = 4096;
const CACHE_SECONDS = 12 * 60 * 60;

function sinceFilter(since: string | null, messages: StoredMessage[], nowSeconds: number): StoredMessage[] {
	if (since === null || since === "all") return messages;
	if (/^\d+$/.test(since)) return messages.filter((m) => m.time >= Number(since));
	const duration = /^(\d+)([smhd])$/.exec(since);
	if (duration) {
		const seconds = Number(duration[1]) * { s: 1, m: 60, h: 3600, d: 86400 }[duration[2] as "s" | "m" | "h" | "d"];
		return messages.filter((m) => m.time >= nowSeconds - seconds);
	}
	const at = messages.findIndex((m) => m.id === since);
	return at < 0 ? messages : messages.slice(at + 1);
}

function readBody(request: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		let body = "";
		request.setEncoding("utf8");
		request.on("data", (chunk: string) => {
			body += chunk;
		});
		request.on("end", () => resolve(body));
		request.on("error", reject);
	});
}

export async function startNtfyStandIn(options: { token?: string } = {}): Promise<NtfyStandIn> {
	const topics = new Map<string, StoredMessage[]>();
	const followers = new Map<string, Set<ServerResponse>>();
	const requests: NtfyStandIn["requests"] = [];
	let heldPolls: { released: Promise<void>; release: () => void } | undefined;
	const waitingPolls = new Set<ServerResponse>();
	const now = () => Math.floor(Date.now() / 1000);

	function store(
		topic: string,
		fields: Omit<StoredMessage, "id" | "time" | "expires" | "event" | "topic">,
	): StoredMessage {
		const message: StoredMessage = {
			id: randomBytes(9).toString("base64url"),
			time: now(),
			expires: now() + CACHE_SECONDS,
			event: "message",
			topic,
			...fields,
		};
		const list = topics.get(topic) ?? [];
		list.push(message);
		topics.set(topic, list);
		for (const follower of followers.get(topic) ?? []) follower.write(`${JSON.stringify(message)}\n`);
		return message;
	}

	const fail = (response: ServerResponse, status: number, error: string) => {
		response.writeHead(status, { "Content-Type": "application/json" });
		response.end(`${JSON.stringify({ code: status * 100 + 1, http: status, error })}\n`);
	};

	async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const url = new URL(request.url ?? "/", "http://stand-in");
		const authorization = request.headers.authorization;
		requests.push({ method: request.method ?? "", path: url.pathname, ...(authorization ? { authorization } : {}) });
		if (options.token && authorization !== `Bearer ${options.token}`) return fail(response, 403, "forbidden");
		const parts = url.pathname.split("/").filter(Boolean);
		if ((request.method === "POST" || request.method === "PUT") && parts.length === 0) {
			const body = await readBody(request);
			let data: Record<string, unknown>;
			try {
				data = JSON.parse(body) as Record<string, unknown>;
			} catch {
				return fail(response, 400, "invalid request: request body must be message JSON");
			}
			if (typeof data.topic !== "string" || !/^[-_A-Za-z0-9]{1,64}$/.test(data.topic)) {
				return fail(response, 400, "invalid request: topic invalid");
			}
			const message = typeof data.message === "string" ? data.message : "triggered";
			if (Buffer.byteLength(message) > MESSAGE_LIMIT) return fail(response, 413, "message too large");
			const actions = data.actions as StoredAction[] | undefined;
			if (actions !== undefined && (!Array.isArray(actions) || actions.length > 3)) {
				return fail(response, 400, "invalid request: actions invalid, too many actions");
			}
			const stored = store(data.topic, {
				message,
				...(typeof data.title === "string" ? { title: data.title } : {}),
				...(Array.isArray(data.tags) ? { tags: data.tags as string[] } : {}),
				...(typeof data.priority === "number" ? { priority: data.priority } : {}),
				...(typeof data.click === "string" ? { click: data.click } : {}),
				...(typeof data.sequence_id === "string" ? { sequence_id: data.sequence_id } : {}),
				...(actions ? { actions } : {}),
			});
			response.writeHead(200, { "Content-Type": "application/json" });
			response.end(`${JSON.stringify(stored)}\n`);
			return;
		}
		if ((request.method === "POST" || request.method === "PUT") && parts.length === 1) {
			const body = await readBody(request);
			if (Buffer.byteLength(body) > MESSAGE_LIMIT) return fail(response, 413, "message too large");
			const title = request.headers["x-title"] ?? request.headers.title;
			const stored = store(parts[0] as string, { message: body, ...(typeof title === "string" ? { title } : {}) });
			response.writeHead(200, { "Content-Type": "application/json" });
			response.end(`${JSON.stringify(stored)}\n`);
			return;
		}
		if (request.method === "GET" && parts.length === 2 && parts[1] === "json") {
			const topic = parts[0] as string;
			const since = url.searchParams.get("since");
			const poll = url.searchParams.get("poll") === "1";
			const cached = sinceFilter(poll ? (since ?? "all") : since, topics.get(topic) ?? [], now());
			response.writeHead(200, { "Content-Type": "application/x-ndjson; charset=utf-8" });
			if (poll) {
				if (heldPolls) {
					waitingPolls.add(response);
					response.on("close", () => waitingPolls.delete(response));
					await heldPolls.released;
					waitingPolls.delete(response);
				}
				// What the cache holds when the answer goes out: a slow server answers with what it has then.
				const answer = sinceFilter(since ?? "all", topics.get(topic) ?? [], now());
				response.end(answer.map((m) => `${JSON.stringify(m)}\n`).join(""));
				return;
			}
			response.write(
				`${JSON.stringify({ id: randomBytes(9).toString("base64url"), time: now(), event: "open", topic })}\n`,
			);
			for (const message of since === null ? [] : cached) response.write(`${JSON.stringify(message)}\n`);
			const set = followers.get(topic) ?? new Set();
			set.add(response);
			followers.set(topic, set);
			const keepalive = setInterval(
				() => response.write(`${JSON.stringify({ id: "k", time: now(), event: "keepalive", topic })}\n`),
				5_000,
			);
			response.on("close", () => {
				clearInterval(keepalive);
				set.delete(response);
			});
			return;
		}
		fail(response, 404, "page not found");
	}

	const server = createServer((request, response) => {
		handle(request, response).catch((error: unknown) => {
			if (!response.headersSent) fail(response, 500, String(error));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const messages = (topic: string) => [...(topics.get(topic) ?? [])];
	return {
		url,
		messages,
		requests,
		async waitForMessages(topic, count, timeoutMs = 30_000) {
			const started = Date.now();
			// A loaded machine makes pi slower (test/patience.ts): the wait stretches with it.
			const limit = patient(timeoutMs);
			while (messages(topic).length < count) {
				if (Date.now() - started > limit) throw new Error(`timed out waiting for ${count} message(s) on ${topic}`);
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			return messages(topic);
		},
		async tap(action) {
			const response = await fetch(action.url, {
				method: action.method ?? "POST",
				...(action.headers ? { headers: action.headers } : {}),
				...(action.body !== undefined ? { body: action.body } : {}),
			});
			await response.arrayBuffer();
			return response.status;
		},
		holdPolls() {
			let release = () => {};
			const released = new Promise<void>((resolve) => {
				release = resolve;
			});
			heldPolls = { released, release };
		},
		releasePolls() {
			heldPolls?.release();
			heldPolls = undefined;
		},
		pollsWaiting: () => waitingPolls.size,
		close: () =>
			new Promise<void>((resolve) => {
				for (const set of followers.values()) for (const follower of set) follower.destroy();
				for (const poll of waitingPolls) poll.destroy();
				heldPolls?.release();
				heldPolls = undefined;
				server.close(() => resolve());
			}),
	};
}
