/**
 * The web server's listeners against generated input over raw TCP: request lines (methods, targets built from the
 * pieces that have broken URL parsers), headers (cookies, origins, upgrade headers, lying lengths) and bodies to
 * the HTTP handler; WebSocket frames (any opcode, masked or not, lying lengths, JSON near the protocol's shapes) to
 * the agent endpoint and the page channel. Nothing may escape a handler: no uncaught error, no 500, a bad target
 * gets 400, and the server still serves afterwards.
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import { startWebServer, type WebServer } from "../../src/web/server.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

const PAGE_TOKEN = "page-token-for-property-tests-0123456789";
const RUNS = Number(process.env.PI_ASK_USER_PROPERTY_RUNS ?? 300);

let web: WebServer;
let cwd: string;
let cookie = "";
const escaped: unknown[] = [];
const onUncaught = (error: unknown): void => {
	escaped.push(error);
};

beforeAll(async () => {
	process.on("uncaughtException", onUncaught);
	cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-web-property-"));
	web = await startWebServer({
		host: "127.0.0.1",
		port: 0,
		cwd,
		pageToken: PAGE_TOKEN,
		assets: new Map([["/", { type: "text/html", body: readFileSync("src/web/page/index.html") }]]),
		judge: () => ({ trusted: false, kind: "unknown", because: "no-session-file" }),
		given: givenRecord(TEST_AGENT_DIR as string),
	});
	const signIn = await fetch(`http://127.0.0.1:${web.port}/?token=${web.signInCode()}`, { redirect: "manual" });
	cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
});

afterAll(async () => {
	await web.close();
	rmSync(cwd, { recursive: true, force: true });
	process.off("uncaughtException", onUncaught);
});

/**
 * Sends `bytes` on a fresh connection; resolves with what came back once the server closed, fell quiet for a
 * moment after answering, or said nothing for `waitMs`.
 */
function exchange(bytes: Buffer, waitMs = 250): Promise<Buffer> {
	return new Promise((resolve) => {
		const socket = connect(web.port, "127.0.0.1");
		const chunks: Buffer[] = [];
		let idle: NodeJS.Timeout | undefined;
		const done = (): void => {
			clearTimeout(cap);
			clearTimeout(idle);
			socket.destroy();
			resolve(Buffer.concat(chunks));
		};
		const cap = setTimeout(done, waitMs);
		socket.on("data", (chunk: Buffer) => {
			chunks.push(chunk);
			clearTimeout(idle);
			idle = setTimeout(done, 40);
		});
		socket.on("error", done);
		socket.on("close", done);
		socket.write(bytes);
	});
}

/** The server answers a signed-in request for its state. */
async function stillServes(): Promise<boolean> {
	const response = await fetch(`http://127.0.0.1:${web.port}/api/state`, { headers: { cookie } });
	return response.status === 200;
}

const statusOf = (answer: Buffer): number | undefined => {
	const match = /^HTTP\/1\.[01] (\d{3})/.exec(answer.subarray(0, 20).toString("latin1"));
	return match ? Number(match[1]) : undefined;
};

const TARGET_PIECES = [
	"/",
	"//",
	"/agent",
	"/live",
	"/api/state",
	"/api/answer",
	"/api/pending/answer",
	"/app.js",
	"?",
	"token=",
	PAGE_TOKEN,
	"&",
	"#",
	"@",
	":",
	"[",
	"]",
	"::1",
	"%",
	"%zz",
	"%00",
	"%2F",
	"http:",
	"http://",
	"https://[",
	"a:b",
	"..",
	"*",
	"é",
	"\u0000",
	" ",
	"\t",
];
const target = fc.oneof(
	{
		weight: 4,
		arbitrary: fc.array(fc.constantFrom(...TARGET_PIECES), { minLength: 1, maxLength: 6 }).map((p) => p.join("")),
	},
	{ weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
const method = fc.oneof(
	{ weight: 5, arbitrary: fc.constantFrom("GET", "POST", "PUT", "HEAD", "OPTIONS", "DELETE", "PATCH", "CONNECT") },
	{ weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) },
);
const version = fc.constantFrom("HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/1.1x", "");

const UPGRADE = [
	"Connection: Upgrade",
	"Upgrade: websocket",
	"Sec-WebSocket-Version: 13",
	"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
];
/** Header lines, each group present or not; `cookie` is filled in at run time (it is made in beforeAll). */
const headers = fc.record({
	host: fc.constantFrom(["Host: 127.0.0.1"], [], ["Host: "], ["Host: [::1"], ["Host: a b"], ["Host: evil.example"]),
	upgrade: fc.constantFrom(UPGRADE, [], UPGRADE.slice(0, 2), [...UPGRADE.slice(0, 3), "Sec-WebSocket-Key: x"]),
	origin: fc.constantFrom([], ["Origin: http://evil.example"], ["Origin: null"], ["Origin: "], ["ORIGIN"]),
	signedIn: fc.boolean(),
	badCookie: fc.constantFrom([], ["Cookie: pi_ask_user="], ["Cookie: ;;=;"], ["Cookie: pi_ask_user=%zz; a"]),
	auth: fc.constantFrom([], ["Authorization: Bearer"], ["Authorization: Bearer x"], ["Authorization: "]),
	type: fc.constantFrom([], ["Content-Type: application/json"], ["Content-Type: text/plain"]),
	length: fc.constantFrom("exact", "none", "short", "long", "garbage", "chunked"),
	extra: fc.array(
		fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 })).map(([name, value]) => `${name}: ${value}`),
		{ maxLength: 2 },
	),
});
const body = fc.oneof(
	fc.constant(""),
	fc.json({ maxDepth: 3 }),
	fc.constantFrom('{"id":"1","answers":[{"chosen":["x"]}]}', '{"id":"1","dismiss":true}', '{"name":"../x"}', "{"),
	fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
);

type Headers = typeof headers extends fc.Arbitrary<infer T> ? T : never;

function request(parts: { method: string; target: string; version: string; headers: Headers; body: string }): Buffer {
	const h = parts.headers;
	const payload = Buffer.from(parts.body, "latin1");
	const lines = [
		`${parts.method} ${parts.target} ${parts.version}`.trimEnd(),
		...h.host,
		...h.upgrade,
		...h.origin,
		...(h.signedIn ? [`Cookie: ${cookie}`] : h.badCookie),
		...h.auth,
		...h.type,
		...h.extra,
	];
	if (h.length === "exact") lines.push(`Content-Length: ${payload.length}`);
	if (h.length === "short") lines.push(`Content-Length: ${Math.max(0, payload.length - 1)}`);
	if (h.length === "long") lines.push(`Content-Length: ${payload.length + 5}`);
	if (h.length === "garbage") lines.push("Content-Length: 1x");
	if (h.length === "chunked") lines.push("Transfer-Encoding: chunked");
	const framed =
		h.length === "chunked"
			? Buffer.from(`${payload.length.toString(16)}\r\n${parts.body}\r\n0\r\n\r\n`, "latin1")
			: payload;
	return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), framed]);
}

/** Whether Node's URL parser, as the server once used it, refuses this target. */
function urlRefuses(value: string): boolean {
	try {
		new URL(value, "http://localhost");
		return false;
	} catch {
		return true;
	}
}

/** One WebSocket frame from its parts; `lie` makes the length field disagree with the payload. */
function frame(parts: {
	fin: boolean;
	rsv: number;
	opcode: number;
	masked: boolean;
	payload: Buffer;
	lie: number;
}): Buffer {
	const length = Math.max(0, parts.payload.length + parts.lie);
	const first = (parts.fin ? 0x80 : 0) | ((parts.rsv & 7) << 4) | (parts.opcode & 15);
	let lengthBytes: Buffer;
	if (length < 126) lengthBytes = Buffer.from([(parts.masked ? 0x80 : 0) | length]);
	else if (length < 65_536) {
		lengthBytes = Buffer.alloc(3);
		lengthBytes[0] = (parts.masked ? 0x80 : 0) | 126;
		lengthBytes.writeUInt16BE(length, 1);
	} else {
		lengthBytes = Buffer.alloc(9);
		lengthBytes[0] = (parts.masked ? 0x80 : 0) | 127;
		lengthBytes.writeBigUInt64BE(BigInt(length), 1);
	}
	const mask = Buffer.from([0x11, 0x22, 0x33, 0x44]);
	const payload = parts.masked ? parts.payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0)) : parts.payload;
	return Buffer.concat([
		Buffer.from([first]),
		lengthBytes,
		parts.masked ? mask : Buffer.alloc(0),
		Buffer.from(payload),
	]);
}

/** Text near the agent protocol: events with broken or hostile payloads, and plain garbage. */
const agentText = fc.oneof(
	fc.json({ maxDepth: 4 }),
	fc
		.record({
			event: fc.constantFrom("ask_user_question", "ask_user_closed", "other"),
			payload: fc.oneof(
				fc.anything({ maxDepth: 2 }),
				fc.record({
					questionId: fc.oneof(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 })),
					questions: fc.oneof(
						fc.anything({ maxDepth: 3 }),
						fc.array(
							fc.record(
								{
									question: fc.oneof(fc.string({ maxLength: 20 }), fc.anything({ maxDepth: 1 })),
									header: fc.anything({ maxDepth: 1 }),
									options: fc.oneof(
										fc.array(
											fc.record({ label: fc.anything({ maxDepth: 1 }), description: fc.anything({ maxDepth: 1 }) }),
										),
										fc.anything({ maxDepth: 2 }),
									),
									multiSelect: fc.anything({ maxDepth: 1 }),
								},
								{ requiredKeys: [] },
							),
							{ maxLength: 3 },
						),
					),
					extensions: fc.anything({ maxDepth: 2 }),
					asker: fc.anything({ maxDepth: 2 }),
					reason: fc.anything({ maxDepth: 1 }),
				}),
			),
		})
		.map((payload) => JSON.stringify({ type: "event", payload })),
	fc.string({ maxLength: 60 }),
);
const frames = fc.array(
	fc.record({
		fin: fc.boolean(),
		rsv: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 7 }) }),
		opcode: fc.oneof(
			{ weight: 5, arbitrary: fc.constant(1) },
			{ weight: 2, arbitrary: fc.integer({ min: 0, max: 15 }) },
		),
		masked: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
		payload: fc.oneof(
			agentText.map((text) => Buffer.from(text)),
			fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes)),
		),
		lie: fc.oneof(
			{ weight: 8, arbitrary: fc.constant(0) },
			{ weight: 1, arbitrary: fc.integer({ min: -3, max: 2 ** 20 }) },
		),
	}),
	{ minLength: 1, maxLength: 4 },
);

describe("the web server's listeners against generated input", () => {
	it("HTTP and upgrade requests: no uncaught error, never 500, a target the URL parser refuses gets 400", async () => {
		await fc.assert(
			fc.asyncProperty(fc.record({ method, target, version, headers, body }), async (parts) => {
				const answer = await exchange(request(parts));
				const status = statusOf(answer);
				expect(escaped).toEqual([]);
				expect(status).not.toBe(500);
				if (urlRefuses(parts.target) && status !== undefined) expect(status).toBe(400);
			}),
			{ numRuns: RUNS },
		);
		expect(await stillServes()).toBe(true);
	}, 240_000);

	it("WebSocket frames to the agent endpoint and the page channel: no uncaught error, the server still serves", async () => {
		await fc.assert(
			fc.asyncProperty(fc.constantFrom("/agent", "/live"), frames, async (path, sent) => {
				const handshake =
					path === "/agent"
						? `GET /agent HTTP/1.1\r\nHost: 127.0.0.1\r\n${UPGRADE.join("\r\n")}\r\n\r\n`
						: `GET /live HTTP/1.1\r\nHost: 127.0.0.1:${web.port}\r\nOrigin: http://127.0.0.1:${web.port}\r\nCookie: ${cookie}\r\n${UPGRADE.join("\r\n")}\r\n\r\n`;
				const answer = await exchange(Buffer.concat([Buffer.from(handshake), ...sent.map(frame)]));
				expect(escaped.splice(0)).toEqual([]);
				expect(statusOf(answer)).toBe(101);
			}),
			{ numRuns: Math.ceil(RUNS / 2) },
		);
		expect(await stillServes()).toBe(true);
	}, 240_000);
});
