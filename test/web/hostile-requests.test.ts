/**
 * A real `pi-ask-anywhere web` process against requests no browser or agent sends, over raw TCP sockets: request
 * targets Node's URL parser refuses, on plain HTTP and on a WebSocket upgrade to every path. Each gets a clear
 * refusal (400 for a bad target), and the server keeps running and serving the page and agents.
 */

import { existsSync } from "node:fs";
import { connect } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createWorkspace, type Workspace } from "../e2e/harness.js";
import { patient } from "../patience.js";
import { startWebCommand, WEB_CLI, type WebCommand } from "./web-command.js";

/** Targets `new URL(target, base)` throws on. */
const BAD_TARGETS = ["//", "//?token=x", "//a:b@/", "http://[", "//[::1", "//[::1]:99999/agent"];

const UPGRADE_HEADERS =
	"Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";

/** Sends `bytes` on a fresh TCP connection and resolves with everything the server answered until it closed. */
function rawExchange(port: number, bytes: string | Buffer, waitMs = 1_500): Promise<string> {
	return new Promise((resolve) => {
		const socket = connect(port, "127.0.0.1");
		let answer = "";
		const done = (): void => {
			clearTimeout(timer);
			socket.destroy();
			resolve(answer);
		};
		const timer = setTimeout(done, patient(waitMs));
		socket.on("data", (chunk) => {
			answer += chunk.toString("latin1");
		});
		socket.on("error", done);
		socket.on("close", done);
		socket.write(bytes);
	});
}

const statusOf = (answer: string): string => /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? `none: ${answer.slice(0, 80)}`;

let ws: Workspace;
let web: WebCommand | undefined;

beforeAll(() => {
	if (!existsSync(WEB_CLI)) throw new Error("dist/cli.mjs is missing: run npm run build first");
});

afterEach(async () => {
	await web?.stop();
	web = undefined;
	ws?.cleanup();
});

/** The server still serves: the page token signs in, and an agent connects. */
async function stillServing(command: WebCommand): Promise<void> {
	const signIn = await fetch(command.openUrl, { redirect: "manual" });
	expect(signIn.status).toBe(303);
	const agent = new WebSocket(command.agentUrl);
	await new Promise((resolve, reject) => {
		agent.once("open", resolve);
		agent.once("error", reject);
	});
	agent.terminate();
}

describe("pi-ask-anywhere web against malformed requests", () => {
	it("a request target the URL parser refuses gets 400, on HTTP and on an upgrade, and the server keeps running", async () => {
		ws = createWorkspace();
		web = await startWebCommand(ws.cwd, ws.env, ["--no-qr"]);
		const port = Number(new URL(web.origin).port);
		const statuses: Record<string, string> = {};
		for (const target of BAD_TARGETS) {
			const plain = await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
			statuses[`GET ${target}`] = statusOf(plain);
			const upgrade = await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${UPGRADE_HEADERS}\r\n`);
			statuses[`upgrade ${target}`] = statusOf(upgrade);
			const fromPage = await rawExchange(
				port,
				`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n${UPGRADE_HEADERS}\r\n`,
			);
			statuses[`upgrade from a page ${target}`] = statusOf(fromPage);
		}
		expect(statuses).toEqual(Object.fromEntries(Object.keys(statuses).map((key) => [key, "400"])));
		await stillServing(web);
		expect(web.output()).not.toMatch(/Error|exited/);
	});

	it("garbage on the agent endpoint and the page channel (bad frames, bad UTF-8, a cut handshake) ends only that socket", async () => {
		ws = createWorkspace();
		web = await startWebCommand(ws.cwd, ws.env, ["--no-qr"]);
		const port = Number(new URL(web.origin).port);
		const handshake = `GET /agent HTTP/1.1\r\nHost: 127.0.0.1\r\n${UPGRADE_HEADERS}\r\n`;
		// A masked text frame whose payload is invalid UTF-8, an unmasked frame, a reserved opcode, a 2^63 length.
		const frames = [
			Buffer.from([0x81, 0x82, 1, 2, 3, 4, 0xff ^ 1, 0xfe ^ 2]),
			Buffer.from([0x81, 0x02, 0x68, 0x69]),
			Buffer.from([0x83, 0x80, 0, 0, 0, 0]),
			Buffer.from([0x81, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4]),
			Buffer.from([0x89, 0xfe, 0x01, 0x00, 1, 2, 3, 4]),
		];
		for (const frame of frames) {
			const answer = await rawExchange(port, Buffer.concat([Buffer.from(handshake), frame]));
			expect(statusOf(answer)).toBe("101");
		}
		await rawExchange(port, handshake.slice(0, 30), 200);
		await stillServing(web);
	});
});
