/**
 * The stdio front that answers a client's handshake before the MCP SDK loads (src/mcp/stdio-front.ts): it answers
 * what the SDK's server would, asks for the SDK only when a message needs it, and hands the SDK the handshake and
 * every waiting message in order, its answer to the replayed handshake dropped.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createStdioFront, PROTOCOL_VERSIONS } from "../../src/mcp/stdio-front.js";

const ANSWERS = { serverInfo: { name: "s", version: "1" }, capabilities: { tools: {} }, instructions: "i", tools: [] };
const HANDSHAKE = {
	jsonrpc: "2.0",
	id: 1,
	method: "initialize",
	params: { protocolVersion: "2099-01-01", capabilities: {}, clientInfo: { name: "c", version: "1" } },
};

function front() {
	const input = new PassThrough();
	const output = new PassThrough();
	const written: Record<string, unknown>[] = [];
	output.on("data", (chunk: Buffer) => {
		for (const line of chunk.toString().split("\n")) if (line) written.push(JSON.parse(line));
	});
	let needed = 0;
	let ended = 0;
	const made = createStdioFront(ANSWERS, { input, output }, { needed: () => needed++, ended: () => ended++ });
	const send = (message: unknown): boolean => input.write(`${JSON.stringify(message)}\n`);
	const settle = () => new Promise((done) => setImmediate(done));
	return { made, input, written, send, settle, needed: () => needed, ended: () => ended };
}

describe("the stdio front", () => {
	it("speaks the protocol versions of the SDK it stands in for", () => {
		expect(PROTOCOL_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
	});

	it("answers the handshake, tools/list and ping itself; the first other message asks for the SDK, which hears all in order", async () => {
		const f = front();
		f.send(HANDSHAKE);
		f.send({ jsonrpc: "2.0", method: "notifications/initialized" });
		f.send({ jsonrpc: "2.0", id: 2, method: "ping" });
		await f.settle();
		expect(f.needed()).toBe(0);
		const { capabilities, serverInfo, instructions } = ANSWERS;
		expect(f.written).toEqual([
			{
				jsonrpc: "2.0",
				id: 1,
				result: { protocolVersion: PROTOCOL_VERSIONS[0], capabilities, serverInfo, instructions },
			},
			{ jsonrpc: "2.0", id: 2, result: {} },
		]);
		f.send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "ask_user" } });
		f.input.write("not json\n");
		await f.settle();
		expect(f.needed()).toBe(1);
		const heard: unknown[] = [];
		const errors: string[] = [];
		f.made.onmessage = (message) => heard.push(message);
		f.made.onerror = (error) => errors.push(error.message);
		f.made.attach((line) => JSON.parse(line));
		expect(heard).toEqual([
			{ ...HANDSHAKE, id: "pi-ask-anywhere-handshake" },
			{ jsonrpc: "2.0", method: "notifications/initialized" },
			{ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "ask_user" } },
		]);
		expect(errors).toHaveLength(1);
		// The SDK's own answer to the replayed handshake never reaches the client; its other answers do.
		await f.made.send({ jsonrpc: "2.0", id: "pi-ask-anywhere-handshake", result: {} });
		await f.made.send({ jsonrpc: "2.0", id: 3, result: { content: [] } });
		await f.settle();
		expect(f.written.map((reply) => reply.id)).toEqual([1, 2, 3]);
	});

	it("input that ends before the SDK was needed ends the server", async () => {
		const f = front();
		f.send(HANDSHAKE);
		f.input.end();
		await f.settle();
		expect(f.ended()).toBe(1);
		expect(f.needed()).toBe(0);
	});
});

describe("without the MCP SDK installed beside the package (an optional peer dependency)", () => {
	it("`pi-ask-anywhere mcp` answers nothing, exits 1 and names the one line that brings the SDK", () => {
		// The built package without node_modules: nothing resolves @modelcontextprotocol/sdk from there.
		const copy = mkdtempSync(join(tmpdir(), "pi-ask-no-sdk-"));
		try {
			cpSync(fileURLToPath(new URL("../../dist", import.meta.url)), join(copy, "dist"), { recursive: true });
			cpSync(fileURLToPath(new URL("../../package.json", import.meta.url)), join(copy, "package.json"));
			const run = spawnSync(process.execPath, [join(copy, "dist", "bin.mjs"), "mcp"], {
				input: `${JSON.stringify(HANDSHAKE)}\n`,
				encoding: "utf8",
				timeout: 20_000,
			});
			expect(run.stdout).toBe("");
			expect(run.stderr).toContain("@modelcontextprotocol/sdk");
			expect(run.stderr).toContain("npx -y -p pi-ask-anywhere -p @modelcontextprotocol/sdk pi-ask-anywhere mcp");
			expect(run.status).toBe(1);
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	});
});
