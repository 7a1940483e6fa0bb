import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { AskRequest } from "../../src/core/types.js";
import { createRemoteBridge, type RemoteBridge, type RemoteLogger } from "../../src/remote/bridge.js";
import type { RemoteConfig } from "../../src/remote/config.js";
import { raceLocalAndRemote } from "../../src/remote/race.js";
import { TINY_PNG, TINY_PNG_BASE64 } from "../image-fixtures.js";
import { patient } from "../patience.js";
import { startBackend, type TestBackend } from "./backend.js";

const TOKEN = "tok-3f9a7c1e-very-secret";

const databaseQuestion: AskRequest = {
	questions: [
		{
			question: "Which database should I use for caching?",
			header: "Database",
			options: [
				{ label: "Redis", description: "In-memory store, very fast" },
				{ label: "SQLite", description: "File-based", preview: "```sql\nCREATE TABLE cache;\n```" },
				{ label: "PostgreSQL" },
			],
		},
	],
};

const featuresQuestion: AskRequest = {
	questions: [
		{
			question: "Which features should I enable?",
			header: "Features",
			options: [{ label: "Dark mode" }, { label: "Notifications" }, { label: "Sync" }],
			multiSelect: true,
		},
	],
};

interface Harness {
	bridge: RemoteBridge;
	logs: string[];
	clock: { now: number };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function config(url: string, overrides: Partial<RemoteConfig> = {}): RemoteConfig {
	return {
		url,
		token: TOKEN,
		sessionKey: "user-session-123",
		agentId: "agent-abc",
		timeoutMs: 5_000,
		connectTimeoutMs: 1_000,
		allowInsecure: false,
		...overrides,
	};
}

function makeBridge(url: string, overrides: Partial<RemoteConfig> = {}): Harness {
	const logs: string[] = [];
	const logger: RemoteLogger = { warn: (message) => logs.push(message) };
	const clock = { now: 1_000_000 };
	let next = 0;
	const bridge = createRemoteBridge(config(url, overrides), {
		logger,
		now: () => clock.now,
		randomUUID: () => `00000000-0000-4000-8000-00000000000${next++}`,
	});
	cleanups.push(() => bridge.dispose());
	return { bridge, logs, clock };
}

async function backend(): Promise<TestBackend> {
	const started = await startBackend();
	cleanups.push(() => started.kill());
	return started;
}

async function until(check: () => boolean, ms = 2_000): Promise<void> {
	const end = Date.now() + patient(ms);
	while (!check()) {
		if (Date.now() > end) throw new Error("condition not met in time");
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

describe("remote bridge against a real WebSocket server", () => {
	it("sends the ask_user_question event and maps a label answer to the selected option", async () => {
		const server = await backend();
		const { bridge } = makeBridge(server.url);
		const outcome = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		expect(frame).toEqual({
			type: "event",
			payload: {
				event: "ask_user_question",
				payload: {
					sessionKey: "user-session-123",
					agentId: "agent-abc",
					questionId: "00000000-0000-4000-8000-000000000000",
					questions: [
						{
							question: "Which database should I use for caching?",
							header: "Database",
							options: [
								{ label: "Redis", description: "In-memory store, very fast" },
								{ label: "SQLite", description: "File-based", markdown: "```sql\nCREATE TABLE cache;\n```" },
								{ label: "PostgreSQL", description: "" },
							],
							multiSelect: false,
						},
					],
					extensions: ["answer-arrays", "answer-notes", "ask_user_closed", "answer-source"],
				},
			},
		});
		server.answer(frame.payload.payload.questionId, { "Which database should I use for caching?": "Redis" });
		expect(await outcome).toEqual({
			kind: "answered",
			answers: [
				{
					question: "Which database should I use for caching?",
					answer: "Redis",
					selectedOption: "Redis",
					wasCustom: false,
				},
			],
		});
	});

	it("splits a comma-separated multi-select answer into labels", async () => {
		const server = await backend();
		const { bridge } = makeBridge(server.url);
		const outcome = bridge.ask(featuresQuestion);
		const frame = await server.nextQuestion();
		expect(frame.payload.payload.questions[0]?.multiSelect).toBe(true);
		server.answer(frame.payload.payload.questionId, { "Which features should I enable?": "Dark mode, Notifications" });
		expect(await outcome).toEqual({
			kind: "answered",
			answers: [
				{
					question: "Which features should I enable?",
					answer: ["Dark mode", "Notifications"],
					selectedOption: ["Dark mode", "Notifications"],
					wasCustom: false,
				},
			],
		});
	});

	it("keeps free text as typed and marks it custom, with control sequences removed", async () => {
		const server = await backend();
		const { bridge } = makeBridge(server.url);
		const outcome = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		server.answer(frame.payload.payload.questionId, {
			"Which database should I use for caching?": "DynamoDB — we already use AWS\u001b[2J",
		});
		expect(await outcome).toEqual({
			kind: "answered",
			answers: [
				{
					question: "Which database should I use for caching?",
					answer: "DynamoDB — we already use AWS",
					wasCustom: true,
				},
			],
		});
	});

	it("treats an empty answers object as a dismissal", async () => {
		const server = await backend();
		const { bridge } = makeBridge(server.url);
		const outcome = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		server.answer(frame.payload.payload.questionId, {});
		expect(await outcome).toEqual({ kind: "cancelled" });
	});

	it("reports questions missing from a non-empty answer as unanswered", async () => {
		const server = await backend();
		const { bridge } = makeBridge(server.url);
		const outcome = bridge.ask({ questions: [...databaseQuestion.questions, ...featuresQuestion.questions] });
		const frame = await server.nextQuestion();
		server.answer(frame.payload.payload.questionId, { "Which features should I enable?": "Sync" });
		expect(await outcome).toEqual({
			kind: "answered",
			answers: [
				{ question: "Which features should I enable?", answer: ["Sync"], selectedOption: ["Sync"], wasCustom: false },
			],
			unanswered: ["Which database should I use for caching?"],
		});
	});

	it("accepts only the first answer for a questionId and warns about later ones", async () => {
		const server = await backend();
		const { bridge, logs } = makeBridge(server.url);
		const outcome = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		const id = frame.payload.payload.questionId;
		server.answer(id, { "Which database should I use for caching?": "SQLite" });
		server.answer(id, { "Which database should I use for caching?": "Redis" });
		const result = await outcome;
		expect(result).toMatchObject({ kind: "answered", answers: [{ answer: "SQLite" }] });
		await until(() => logs.length > 0);
		expect(logs).toEqual([`ignored another answer for "Database": it was already answered or closed`]);
	});

	it("remembers the last 256 closed questions, forgetting the oldest first", async () => {
		const server = await backend();
		const { bridge, logs } = makeBridge(server.url);
		const ids: string[] = [];
		for (let i = 0; i < 257; i++) {
			const controller = new AbortController();
			const asked = bridge.ask(databaseQuestion, controller.signal);
			ids.push((await server.nextQuestion()).payload.payload.questionId);
			controller.abort();
			await asked;
			await server.nextQuestion(); // the ask_user_closed notice
		}
		server.answer(ids[0] as string, { "Which database should I use for caching?": "Redis" });
		server.answer(ids[256] as string, { "Which database should I use for caching?": "Redis" });
		await until(() => logs.length >= 2);
		expect(logs).toEqual([
			"ignored an answer for a question this session did not ask (or asked too long ago)",
			`ignored another answer for "Database": it was already answered or closed`,
		]);
	});

	it("ignores answers for unknown question ids and keeps waiting for the right one", async () => {
		const server = await backend();
		const { bridge, logs } = makeBridge(server.url);
		const outcome = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		server.answer("not-a-question-we-asked", { "Which database should I use for caching?": "Redis" });
		await until(() => logs.length > 0);
		expect(logs[0]).toBe("ignored an answer for a question this session did not ask (or asked too long ago)");
		server.answer(frame.payload.payload.questionId, { "Which database should I use for caching?": "PostgreSQL" });
		expect(await outcome).toMatchObject({ kind: "answered", answers: [{ answer: "PostgreSQL" }] });
	});

	it("ignores an answer that names none of the questions instead of closing the ask with nothing", async () => {
		const server = await backend();
		const { bridge, logs } = makeBridge(server.url);
		const outcome = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		const id = frame.payload.payload.questionId;
		server.answer(id, { "Some other question?": "Redis" });
		await until(() => logs.length > 1);
		expect(logs).toEqual([
			`"Database": ignored the answer key "Some other question?" matches no question; use a question's text, header or id: "Which database should I use for caching?"`,
			`ignored an answer for "Database" that names none of its questions`,
		]);
		server.answer(id, { "Which database should I use for caching?": "SQLite" });
		expect(await outcome).toMatchObject({ kind: "answered", answers: [{ answer: "SQLite" }] });
	});

	it("takes images only for an ask that offered them; otherwise ignores the answer, saying why, and keeps waiting", async () => {
		const server = await backend();
		const { bridge, logs } = makeBridge(server.url);
		const key = "Which database should I use for caching?";
		const image = { name: "diagram.png", mimeType: "image/png", data: TINY_PNG_BASE64 };
		const plain = bridge.ask(databaseQuestion);
		const plainFrame = await server.nextQuestion();
		expect(plainFrame.payload.payload.extensions).not.toContain("answer-images");
		server.answer(plainFrame.payload.payload.questionId, { [key]: { answer: "Redis", images: [image] } });
		await until(() => logs.length > 0);
		expect(logs).toEqual([`ignored an answer for "Database" with images: this ask did not offer to attach images`]);
		server.answer(plainFrame.payload.payload.questionId, { [key]: "Redis" });
		expect(await plain).toMatchObject({ kind: "answered", answers: [{ answer: "Redis" }] });
		await server.nextQuestion(); // the ask_user_closed notice

		const offered = bridge.ask(databaseQuestion, undefined, { acceptsImages: true });
		const offeredFrame = await server.nextQuestion();
		expect(offeredFrame.payload.payload.extensions).toContain("answer-images");
		server.answer(offeredFrame.payload.payload.questionId, { [key]: { answer: "SQLite", images: [image] } });
		expect(await offered).toMatchObject({
			kind: "answered",
			answers: [{ answer: "SQLite", images: [{ name: "diagram.png", mimeType: "image/png", bytes: TINY_PNG.length }] }],
			images: [{ data: TINY_PNG_BASE64 }],
		});
	});

	it("ignores malformed frames without crashing and still takes the real answer", async () => {
		const server = await backend();
		const { bridge, logs } = makeBridge(server.url);
		const outcome = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		const id = frame.payload.payload.questionId;
		server.sendRaw("{not json");
		server.sendRaw("[1,2,3]");
		server.sendRaw(Buffer.from([1, 2, 3]), true);
		server.send({ type: "hook.ask_user_answer" });
		server.send({ type: "hook.ask_user_answer", payload: { questionId: 42, answers: {} } });
		server.send({ type: "hook.ask_user_answer", payload: { questionId: id, answers: [] } });
		server.send({ type: "hook.ask_user_answer", payload: { questionId: id, answers: { x: { nested: true } } } });
		server.send({ type: "hook.approval", payload: { executionId: "e1", approved: true } });
		await until(() => logs.length >= 7);
		server.answer(id, { "Which database should I use for caching?": "Redis" });
		expect(await outcome).toMatchObject({ kind: "answered", answers: [{ answer: "Redis" }] });
		expect(logs).toHaveLength(7);
		expect(logs.every((line) => line.startsWith("ignored a "))).toBe(true);
	});

	it("keeps concurrent questions apart", async () => {
		const server = await backend();
		const { bridge } = makeBridge(server.url);
		const first = bridge.ask(databaseQuestion);
		const second = bridge.ask(featuresQuestion);
		const [a, b] = [await server.nextQuestion(), await server.nextQuestion()];
		const byQuestion = (frame: typeof a) => frame.payload.payload.questions[0]?.question;
		const features = byQuestion(a) === "Which features should I enable?" ? a : b;
		const database = features === a ? b : a;
		server.answer(features.payload.payload.questionId, { "Which features should I enable?": "Sync" });
		server.answer(database.payload.payload.questionId, { "Which database should I use for caching?": "Redis" });
		expect(await first).toMatchObject({ kind: "answered", answers: [{ answer: "Redis" }] });
		expect(await second).toMatchObject({ kind: "answered", answers: [{ answer: ["Sync"] }] });
		expect(server.connectionCount()).toBe(1);
	});

	it("times out after the configured time and never turns a late answer into one", async () => {
		const server = await backend();
		const { bridge, logs } = makeBridge(server.url, { timeoutMs: 200 });
		const started = Date.now();
		const outcome = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		expect(await outcome).toEqual({ kind: "timedOut" });
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
		server.answer(frame.payload.payload.questionId, { "Which database should I use for caching?": "Redis" });
		await until(() => logs.length > 0);
		expect(logs[0]).toContain("already answered or closed");
	});

	it("resolves interrupted (not a dismissal) on abort and sends the backend nothing more than the closed notice", async () => {
		const server = await backend();
		const { bridge, logs } = makeBridge(server.url);
		const controller = new AbortController();
		const outcome = bridge.ask(databaseQuestion, controller.signal);
		const frame = await server.nextQuestion();
		controller.abort();
		expect(await outcome).toEqual({ kind: "interrupted" });
		server.answer(frame.payload.payload.questionId, { "Which database should I use for caching?": "Redis" });
		await until(() => logs.length > 0);
		expect(server.received.map((received) => received.payload.event)).toEqual(["ask_user_question", "ask_user_closed"]);
		expect(await bridge.ask(databaseQuestion, AbortSignal.abort())).toEqual({ kind: "interrupted" });
		expect(server.received).toHaveLength(2);
	});

	it("reports unavailable at once when the server is down, backs off, then reconnects", async () => {
		const probe = await startBackend();
		const port = probe.port;
		await probe.kill();
		const { bridge, clock } = makeBridge(`ws://127.0.0.1:${port}`);
		const started = Date.now();
		const first = await bridge.ask(databaseQuestion);
		expect(first.kind).toBe("unavailable");
		expect(Date.now() - started).toBeLessThan(1_500);
		expect(first).toMatchObject({ reason: expect.stringContaining(`ws://127.0.0.1:${port} is unreachable`) });

		const server = await startBackend(port);
		cleanups.push(() => server.kill());
		// Within the backoff window no connection is even tried.
		expect(await bridge.ask(databaseQuestion)).toMatchObject({
			kind: "unavailable",
			reason: expect.stringContaining("next connection attempt in 1 s"),
		});
		expect(server.connectionCount()).toBe(0);

		clock.now += 1_000;
		const outcome = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		server.answer(frame.payload.payload.questionId, { "Which database should I use for caching?": "Redis" });
		expect(await outcome).toMatchObject({ kind: "answered" });
	});

	it("gives up connecting after the connect timeout when the peer never completes the handshake", async () => {
		const silentSockets: Socket[] = [];
		const silent: Server = createServer((socket) => silentSockets.push(socket));
		await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
		cleanups.push(
			() =>
				new Promise<void>((resolve) => {
					for (const socket of silentSockets) socket.destroy();
					silent.close(() => resolve());
				}),
		);
		const address = silent.address();
		const port = typeof address === "object" && address ? address.port : 0;
		const { bridge } = makeBridge(`ws://127.0.0.1:${port}`, { connectTimeoutMs: 300 });
		const started = Date.now();
		expect((await bridge.ask(databaseQuestion)).kind).toBe("unavailable");
		expect(Date.now() - started).toBeLessThan(1_000);
	});

	it("reports connectionLost when the server dies mid-question", async () => {
		const server = await startBackend();
		const { bridge, logs } = makeBridge(server.url);
		const outcome = bridge.ask(databaseQuestion);
		await server.nextQuestion();
		await server.kill();
		expect(await outcome).toEqual({ kind: "connectionLost" });
		expect(logs[0]).toContain("lost the connection");

		// The next ask opens a new connection at once.
		const restarted = await startBackend(server.port);
		cleanups.push(() => restarted.kill());
		const again = bridge.ask(databaseQuestion);
		const frame = await restarted.nextQuestion();
		restarted.answer(frame.payload.payload.questionId, { "Which database should I use for caching?": "Redis" });
		expect(await again).toMatchObject({ kind: "answered" });
	});

	it("sends the token as a Bearer Authorization header and never shows it anywhere", async () => {
		const server = await backend();
		const { bridge, logs } = makeBridge(server.url);
		const outcomes: unknown[] = [];
		const asked = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		server.answer("unknown", {});
		server.sendRaw("garbage");
		server.answer(frame.payload.payload.questionId, { "Which database should I use for caching?": "Redis" });
		outcomes.push(await asked);
		expect(server.authorizations).toEqual([`Bearer ${TOKEN}`]);
		expect(JSON.stringify(server.received)).not.toContain(TOKEN);

		// A backend that rejects the token, and one that is gone: the reasons must not carry it either.
		const rejecting = await startBackend(0, () => false);
		cleanups.push(() => rejecting.kill());
		const rejected = makeBridge(rejecting.url);
		outcomes.push(await rejected.bridge.ask(databaseQuestion));
		expect(outcomes[1]).toMatchObject({ kind: "unavailable", reason: expect.stringContaining("401") });
		const dying = await startBackend();
		const lost = makeBridge(dying.url);
		const pending = lost.bridge.ask(databaseQuestion);
		await dying.nextQuestion();
		await dying.kill();
		outcomes.push(await pending);
		outcomes.push(await lost.bridge.ask(databaseQuestion));

		const everything = [...logs, ...rejected.logs, ...lost.logs, JSON.stringify(outcomes)];
		expect(logs.length).toBeGreaterThanOrEqual(2);
		for (const line of everything) expect(line).not.toContain(TOKEN);
	});

	it("redacts the token even when a library error message would contain it", async () => {
		const server = await backend();
		const { bridge, logs } = makeBridge(server.url);
		const outcome = bridge.ask(databaseQuestion);
		const frame = await server.nextQuestion();
		server.answer(frame.payload.payload.questionId, { [TOKEN]: "x" });
		await until(() => logs.length > 0);
		expect(logs[0]).toBe(
			`"Database": ignored the answer key "[redacted]" matches no question; use a question's text, header or id: "Which database should I use for caching?"`,
		);
		bridge.dispose();
		expect(await outcome).toEqual({ kind: "interrupted" });
	});

	it("refuses plain ws:// to a non-loopback host unless explicitly allowed", () => {
		const logger = { warn() {} };
		expect(() => createRemoteBridge(config("ws://192.0.2.10:8787"), { logger })).toThrow(/not a loopback host/);
		expect(() => createRemoteBridge(config("ws://example.com/ask"), { logger })).toThrow(/wss:\/\//);
		const allowed = createRemoteBridge(config("ws://192.0.2.10:8787", { allowInsecure: true }), { logger });
		allowed.dispose();
		createRemoteBridge(config("wss://example.com/ask"), { logger }).dispose();
		createRemoteBridge(config("ws://localhost:1"), { logger }).dispose();
	});

	it("dispose settles open questions, closes the socket and refuses later asks", async () => {
		const server = await backend();
		const { bridge } = makeBridge(server.url);
		const outcome = bridge.ask(databaseQuestion);
		await server.nextQuestion();
		bridge.dispose();
		expect(await outcome).toEqual({ kind: "interrupted" });
		expect(await bridge.ask(databaseQuestion)).toMatchObject({ kind: "unavailable" });
	});

	describe("the ask_user_closed event", () => {
		const closedFrames = (server: TestBackend) =>
			server.received.filter((frame) => (frame.payload.event as string) === "ask_user_closed");

		it("follows an accepted answer with reason answered, and never follows a rejected one", async () => {
			const server = await backend();
			const { bridge } = makeBridge(server.url);
			const outcome = bridge.ask(databaseQuestion);
			const frame = await server.nextQuestion();
			server.answer(frame.payload.payload.questionId, { "Nothing we asked?": "x" });
			server.answer(frame.payload.payload.questionId, { "Which database should I use for caching?": "Redis" });
			expect(await outcome).toMatchObject({ kind: "answered" });
			await until(() => server.received.length === 2);
			expect(closedFrames(server)).toEqual([
				{
					type: "event",
					payload: {
						event: "ask_user_closed",
						payload: {
							questionId: frame.payload.payload.questionId,
							sessionKey: "user-session-123",
							agentId: "agent-abc",
							reason: "answered",
						},
					},
				},
			]);
		});

		it("says timeout when nobody answered in time", async () => {
			const server = await backend();
			const { bridge } = makeBridge(server.url, { timeoutMs: 100 });
			const outcome = bridge.ask(databaseQuestion);
			await server.nextQuestion();
			expect(await outcome).toEqual({ kind: "timedOut" });
			await until(() => server.received.length === 2);
			expect(closedFrames(server)[0]?.payload.payload).toMatchObject({ reason: "timeout" });
		});

		it("says aborted when the turn is aborted, and when pi shuts down", async () => {
			const server = await backend();
			const { bridge } = makeBridge(server.url);
			const controller = new AbortController();
			const aborted = bridge.ask(databaseQuestion, controller.signal);
			await server.nextQuestion();
			controller.abort();
			expect(await aborted).toEqual({ kind: "interrupted" });
			const open = bridge.ask(featuresQuestion);
			await server.nextQuestion();
			bridge.dispose();
			expect(await open).toEqual({ kind: "interrupted" });
			await until(() => closedFrames(server).length === 2);
			expect(closedFrames(server).map((frame) => frame.payload.payload)).toMatchObject([
				{ reason: "aborted" },
				{ reason: "aborted" },
			]);
		});

		it("says answered_elsewhere when the person answered in the terminal first", async () => {
			const server = await backend();
			const { bridge } = makeBridge(server.url);
			const local = {
				kind: "answered" as const,
				answers: [{ question: "Which database should I use for caching?", answer: "Redis", wasCustom: true }],
			};
			const asked = server.nextQuestion();
			const raced = raceLocalAndRemote(
				async () => {
					await asked;
					return local;
				},
				(signal) => bridge.ask(databaseQuestion, signal),
			);
			expect(await raced).toEqual({ outcome: local, answeredBy: "local" });
			await until(() => closedFrames(server).length === 1);
			expect(closedFrames(server)[0]?.payload.payload).toMatchObject({
				questionId: (await asked).payload.payload.questionId,
				reason: "answered_elsewhere",
			});
		});
	});
});
