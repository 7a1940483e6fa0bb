/**
 * The bridge client (the agent's side of the remote protocol) against a backend that sends generated frames over a
 * raw socket: answer frames near the protocol's shape for the very question asked, refusals, any opcode, invalid
 * UTF-8, lying lengths, a handshake cut short or refused. Nothing may escape a handler: no uncaught error, and the
 * ask always ends as a value (answered, dismissed, unavailable, a lost connection, a timeout).
 */
import { createHash } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRemoteBridge } from "../../src/remote/bridge.js";

const RUNS = Number(process.env.PI_ASK_USER_PROPERTY_RUNS ?? 150);
const escaped: unknown[] = [];
const onUncaught = (error: unknown): void => {
	escaped.push(error);
};

/** What the backend does once a bridge connects: its answer to the handshake, then frames built from the question id. */
let script: { handshake: "accept" | "refuse" | "cut"; frames: (questionId: string) => Buffer[] } = {
	handshake: "accept",
	frames: () => [],
};
let backend: Server;
let port = 0;

/** The payload of the first client frame in `data` (clients mask their frames), or undefined until it is whole. */
function firstClientText(data: Buffer): string | undefined {
	if (data.length < 2) return undefined;
	let length = (data[1] ?? 0) & 0x7f;
	let offset = 2;
	if (length === 126) {
		if (data.length < 4) return undefined;
		length = data.readUInt16BE(2);
		offset = 4;
	} else if (length === 127) {
		if (data.length < 10) return undefined;
		length = Number(data.readBigUInt64BE(2));
		offset = 10;
	}
	if (data.length < offset + 4 + length) return undefined;
	const mask = data.subarray(offset, offset + 4);
	const payload = data.subarray(offset + 4, offset + 4 + length).map((byte, index) => byte ^ (mask[index % 4] ?? 0));
	return Buffer.from(payload).toString("utf8");
}

function onClient(socket: Socket): void {
	socket.on("error", () => {});
	let buffered = Buffer.alloc(0);
	let upgraded = false;
	socket.on("data", (chunk: Buffer) => {
		buffered = Buffer.concat([buffered, chunk]);
		if (!upgraded) {
			const end = buffered.indexOf("\r\n\r\n");
			if (end < 0) return;
			const head = buffered.subarray(0, end).toString("latin1");
			buffered = buffered.subarray(end + 4);
			if (script.handshake === "cut") {
				socket.end("HTTP/1.1 101 Switching");
				return;
			}
			if (script.handshake === "refuse") {
				socket.end("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 9\r\n\r\nbusy\u001b[31m\n");
				return;
			}
			const key = /sec-websocket-key: *(\S+)/i.exec(head)?.[1] ?? "";
			const accept = createHash("sha1").update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest("base64");
			socket.write(
				`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
			);
			upgraded = true;
		}
		const text = firstClientText(buffered);
		if (text === undefined) return;
		buffered = Buffer.alloc(0);
		let questionId = "";
		try {
			questionId = String(JSON.parse(text)?.payload?.payload?.questionId ?? "");
		} catch {
			// Not the question frame (an ask_user_closed later): nothing more to send.
			return;
		}
		if (questionId === "") return;
		for (const frame of script.frames(questionId)) socket.write(frame);
	});
}

beforeAll(async () => {
	process.on("uncaughtException", onUncaught);
	backend = createServer(onClient);
	await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
	port = (backend.address() as { port: number }).port;
});

afterAll(async () => {
	await new Promise((resolve) => backend.close(resolve));
	process.off("uncaughtException", onUncaught);
});

/** A server frame (unmasked) from its parts; `lie` makes the length field disagree with the payload. */
function serverFrame(parts: { fin: boolean; rsv: number; opcode: number; payload: Buffer; lie: number }): Buffer {
	const length = Math.max(0, parts.payload.length + parts.lie);
	const first = (parts.fin ? 0x80 : 0) | ((parts.rsv & 7) << 4) | (parts.opcode & 15);
	let lengthBytes: Buffer;
	if (length < 126) lengthBytes = Buffer.from([length]);
	else if (length < 65_536) {
		lengthBytes = Buffer.alloc(3);
		lengthBytes[0] = 126;
		lengthBytes.writeUInt16BE(length, 1);
	} else {
		lengthBytes = Buffer.alloc(9);
		lengthBytes[0] = 127;
		lengthBytes.writeBigUInt64BE(BigInt(length), 1);
	}
	return Buffer.concat([Buffer.from([first]), lengthBytes, parts.payload]);
}

const QUESTION = "Which database?";
/** An answer value near the protocol's shapes: strings, arrays, { answer, note, images } with broken parts. */
const answerValue = fc.oneof(
	fc.constantFrom("Redis", "SQLite", ["Redis"], null, { answer: "Redis", note: "n" }),
	fc.record(
		{
			answer: fc.oneof(
				fc.string({ maxLength: 10 }),
				fc.array(fc.string({ maxLength: 5 })),
				fc.anything({ maxDepth: 1 }),
			),
			note: fc.anything({ maxDepth: 1 }),
			images: fc.oneof(
				fc.anything({ maxDepth: 2 }),
				fc.array(
					fc.record({
						name: fc.anything({ maxDepth: 0 }),
						mimeType: fc.constantFrom("image/png", "image/jpeg", "text/plain", 5),
						data: fc.oneof(fc.base64String({ maxLength: 40 }), fc.anything({ maxDepth: 0 })),
					}),
					{ maxLength: 3 },
				),
			),
		},
		{ requiredKeys: [] },
	),
	fc.anything({ maxDepth: 2 }),
);
/** A text payload built for the question asked. */
const textFor = fc.oneof(
	fc
		.record({
			type: fc.constantFrom("hook.ask_user_answer", "hook.ask_user_refused", "ping", 7),
			sameId: fc.boolean(),
			answers: fc.oneof(
				fc.dictionary(fc.constantFrom(QUESTION, "DB", "0", "__proto__", "constructor", "x"), answerValue, {
					maxKeys: 3,
				}),
				fc.anything({ maxDepth: 2 }),
			),
			note: fc.anything({ maxDepth: 1 }),
			error: fc.anything({ maxDepth: 1 }),
		})
		.map(
			(frame) => (questionId: string) =>
				JSON.stringify({
					type: frame.type,
					payload: {
						questionId: frame.sameId ? questionId : "other",
						answers: frame.answers,
						note: frame.note,
						error: frame.error,
					},
				}),
		),
	fc.json({ maxDepth: 3 }).map((text) => () => text),
	fc.string({ maxLength: 40 }).map((text) => () => text),
);
const frames = fc.array(
	fc.record({
		fin: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
		rsv: fc.oneof({ weight: 8, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 7 }) }),
		opcode: fc.oneof(
			{ weight: 6, arbitrary: fc.constant(1) },
			{ weight: 2, arbitrary: fc.integer({ min: 0, max: 15 }) },
		),
		payload: fc.oneof(
			{ weight: 4, arbitrary: textFor },
			{ weight: 1, arbitrary: fc.uint8Array({ maxLength: 30 }).map((bytes) => () => Buffer.from(bytes)) },
		),
		lie: fc.oneof(
			{ weight: 10, arbitrary: fc.constant(0) },
			{ weight: 1, arbitrary: fc.integer({ min: -3, max: 70_000 }) },
		),
	}),
	{ minLength: 1, maxLength: 4 },
);

const ENDINGS = ["answered", "cancelled", "unavailable", "connectionLost", "timedOut", "interrupted"];

describe("the bridge client against a backend sending generated frames", () => {
	it("never throws out of a handler; every ask ends as a value", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom("accept", "accept", "accept", "refuse", "cut"),
				frames,
				async (handshake, sent) => {
					script = {
						handshake: handshake as typeof script.handshake,
						frames: (questionId) =>
							sent.map((part) => {
								const made = part.payload(questionId);
								return serverFrame({ ...part, payload: typeof made === "string" ? Buffer.from(made) : made });
							}),
					};
					const warnings: string[] = [];
					const bridge = createRemoteBridge(
						{
							url: `ws://127.0.0.1:${port}/agent`,
							sessionKey: "s",
							agentId: "pi",
							timeoutMs: 400,
							connectTimeoutMs: 1_000,
							allowInsecure: false,
						},
						{ logger: { warn: (message) => warnings.push(message) } },
					);
					try {
						const outcome = await bridge.ask({
							questions: [{ question: QUESTION, header: "DB", options: [{ label: "Redis" }, { label: "SQLite" }] }],
						});
						expect(ENDINGS).toContain(outcome.kind);
						if (handshake === "refuse") {
							expect(outcome).toEqual({
								kind: "unavailable",
								reason: expect.stringMatching(/refused the connection \(503\): busy/),
							});
						}
					} finally {
						bridge.dispose();
					}
					expect(escaped.splice(0)).toEqual([]);
				},
			),
			{ numRuns: RUNS },
		);
	}, 240_000);
});
