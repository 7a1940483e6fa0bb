/**
 * What any local process can send to a port the package listens on: generated request lines, headers and WebSocket
 * frames, and a raw client that sends them and reads what comes back. Shared by the property tests of every listener.
 */
import { connect } from "node:net";
import fc from "fast-check";

/** Request targets that broke Node's URL parser in a listener, and their neighbours. */
export const BAD_TARGETS = ["//", "//?token=x", "//a:b@/", "http://[", "//[::1", "///", "//%", "http://", "*", ""];

const target = (paths: string[]) =>
	fc.oneof(
		fc.constantFrom(...BAD_TARGETS, ...paths),
		fc.constantFrom(...paths).chain((path) => fc.string({ maxLength: 30 }).map((query) => `${path}?${query}`)),
		fc.string({ maxLength: 40 }).map((text) => `/${text}`),
		fc.string({ maxLength: 40 }).map((text) => `//${text}`),
		fc.webUrl(),
		fc.string({ maxLength: 40 }),
	);

/** A WebSocket frame as a client sends it (masked), with any opcode, payload and flags. */
export function clientFrame(payload: Uint8Array, opcode = 0x1, fin = true): Buffer {
	const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
	const length = payload.length;
	const header =
		length < 126
			? Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | length])
			: Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | 126, length >> 8, length & 0xff]);
	const masked = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0)));
	return Buffer.concat([header, mask, masked]);
}

const frame = fc.oneof(
	fc.json({ maxDepth: 3 }).map((text) => clientFrame(Buffer.from(text))),
	fc
		.record({
			type: fc.constantFrom("event", "hook", "x"),
			name: fc.constantFrom("ask_user_question", "ask_user_closed", "hook.ask_user_answer", "other"),
			payload: fc.anything({ maxDepth: 3 }),
		})
		.map((value) => clientFrame(Buffer.from(JSON.stringify(value) ?? "null"))),
	fc.uint8Array({ maxLength: 200 }).map((bytes) => clientFrame(bytes, 0x1)),
	fc
		.uint8Array({ maxLength: 60 })
		.chain((bytes) => fc.integer({ min: 0, max: 15 }).map((op) => clientFrame(bytes, op))),
	fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes)),
);

/**
 * One request: a request line with any method and target, headers that sometimes ask for a WebSocket with the right
 * token (`authorization` is the value a legitimate client would send), then bytes or frames after the headers.
 */
export function rawRequests(options: { paths: string[]; authorization?: string }) {
	const header = fc.oneof(
		fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 })),
		fc.constantFrom<[string, string]>(
			["Upgrade", "websocket"],
			["Connection", "Upgrade"],
			["Sec-WebSocket-Version", "13"],
			["Sec-WebSocket-Version", "8"],
			["Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="],
			["Sec-WebSocket-Key", "%%%"],
			["Origin", "https://evil.example"],
			["Content-Length", "5"],
			["Content-Length", "-1"],
			["Transfer-Encoding", "chunked"],
			["Cookie", "a=b"],
			["Authorization", "Bearer wrong"],
			...(options.authorization ? [["Authorization", options.authorization] as [string, string]] : []),
		),
	);
	const upgradeHeaders: [string, string][] = [
		["Host", "127.0.0.1"],
		["Connection", "Upgrade"],
		["Upgrade", "websocket"],
		["Sec-WebSocket-Version", "13"],
		["Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="],
		...(options.authorization ? [["Authorization", options.authorization] as [string, string]] : []),
	];
	return fc
		.record({
			method: fc.constantFrom("GET", "POST", "PUT", "OPTIONS", "HEAD", "GET", "BREW", ""),
			target: target(options.paths),
			upgrade: fc.boolean(),
			headers: fc.array(header, { maxLength: 6 }),
			after: fc.array(frame, { maxLength: 4 }),
		})
		.map(({ method, target, upgrade, headers, after }) => {
			const lines = [`${method} ${target} HTTP/1.1`, ...(upgrade ? upgradeHeaders : []), ...headers].map((line) =>
				Array.isArray(line) ? `${line[0]}: ${line[1]}` : line,
			);
			return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), ...after]);
		});
}

/** Sends the bytes, half-closes, and resolves with what came back when the server closed (or after `waitMs`). */
export function rawExchange(port: number, bytes: Buffer, waitMs = 1_000): Promise<string> {
	return new Promise((resolve) => {
		let reply = "";
		let done = false;
		const finish = () => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			socket.destroy();
			resolve(reply);
		};
		const socket = connect(port, "127.0.0.1", () => {
			socket.write(bytes);
			socket.end();
		});
		socket.on("data", (data) => {
			reply += data.toString("latin1");
		});
		socket.on("error", finish);
		socket.on("close", finish);
		const timer = setTimeout(finish, waitMs);
	});
}
