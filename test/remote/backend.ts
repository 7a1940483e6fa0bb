/** A real WebSocket backend on 127.0.0.1 for the bridge tests: records what it receives, sends what a test says. */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import type { QuestionFrame } from "../../src/remote/protocol.js";

export interface TestBackend {
	url: string;
	port: number;
	/** The Authorization header of every connection, in order. */
	authorizations: (string | undefined)[];
	/** Every text frame received, parsed. */
	received: QuestionFrame[];
	connectionCount(): number;
	nextQuestion(): Promise<QuestionFrame>;
	send(frame: unknown): void;
	sendRaw(data: string | Buffer, binary?: boolean): void;
	answer(questionId: string, answers: Record<string, unknown>): void;
	/** Drops every connection abruptly and stops listening. */
	kill(): Promise<void>;
}

export async function startBackend(
	port = 0,
	verifyClient?: (authorization: string | undefined) => boolean,
): Promise<TestBackend> {
	const server = new WebSocketServer({
		host: "127.0.0.1",
		port,
		...(verifyClient
			? {
					verifyClient: (info: { req: { headers: { authorization?: string } } }) =>
						verifyClient(info.req.headers.authorization),
				}
			: {}),
	});
	await once(server, "listening");
	const actualPort = (server.address() as AddressInfo).port;
	const authorizations: (string | undefined)[] = [];
	const received: QuestionFrame[] = [];
	const waiting: ((frame: QuestionFrame) => void)[] = [];
	let unread = 0;
	const clients: WebSocket[] = [];

	server.on("connection", (client, request) => {
		authorizations.push(request.headers.authorization);
		clients.push(client);
		client.on("message", (data) => {
			const frame = JSON.parse(String(data)) as QuestionFrame;
			received.push(frame);
			const waiter = waiting.shift();
			if (waiter) waiter(frame);
			else unread += 1;
		});
	});

	const openClients = () => clients.filter((client) => client.readyState === WebSocket.OPEN);
	const sendRaw = (data: string | Buffer, binary = false) => {
		for (const client of openClients()) client.send(data, { binary });
	};

	return {
		url: `ws://127.0.0.1:${actualPort}`,
		port: actualPort,
		authorizations,
		received,
		connectionCount: () => clients.length,
		nextQuestion() {
			if (unread > 0) {
				const frame = received[received.length - unread];
				unread -= 1;
				if (frame) return Promise.resolve(frame);
			}
			return new Promise((resolve) => waiting.push(resolve));
		},
		send: (frame) => sendRaw(JSON.stringify(frame)),
		sendRaw,
		answer(questionId, answers) {
			sendRaw(JSON.stringify({ type: "hook.ask_user_answer", payload: { questionId, answers } }));
		},
		async kill() {
			for (const client of clients) client.terminate();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
