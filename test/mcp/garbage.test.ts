/**
 * Whatever arrives on the server's stdin — lines that are not JSON, JSON that is not JSON-RPC, calls before the
 * handshake, arguments of every wrong shape — is answered or ignored, and the server keeps serving.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { CLI } from "./mcp-client.js";

it("garbage on stdin ends nothing: the server still answers a well-formed call after it", async () => {
	const folder = mkdtempSync(join(tmpdir(), "pi-ask-mcp-garbage-"));
	const server = spawn(process.execPath, [CLI, "mcp", "--web", "off"], { cwd: folder });
	const replies: Record<string, unknown>[] = [];
	let buffered = "";
	server.stdout.on("data", (chunk: Buffer) => {
		buffered += chunk.toString();
		const lines = buffered.split("\n");
		buffered = lines.pop() ?? "";
		for (const line of lines) if (line.trim() !== "") replies.push(JSON.parse(line) as Record<string, unknown>);
	});
	const send = (value: unknown): boolean =>
		server.stdin.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`);
	const call = (id: number, args: unknown) =>
		send({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "ask_user", arguments: args } });
	send("not json at all");
	send("[1, 2, 3]");
	send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask_user" } });
	send({
		jsonrpc: "2.0",
		id: 2,
		method: "initialize",
		params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "garbage", version: "0" } },
	});
	send({ jsonrpc: "2.0", method: "notifications/initialized" });
	const shapes: unknown[] = [
		null,
		[],
		"questions",
		{ questions: [{ question: { __proto__: null } }] },
		{ questions: [{ question: "x", options: "{not json" }] },
		{ questions: [{ question: "x", options: [null, 3, { label: ["a"] }] }] },
		{ ["__proto__"]: { questions: [] } },
		{ questions: [{ question: "x".repeat(20_000) }] },
		{ questions: [{ question: "x", type: "confirm" }], timeout: "soon" },
	];
	for (const [i, args] of shapes.entries()) call(10 + i, args);
	send({ jsonrpc: "2.0", id: 99, method: "tools/list" });
	const started = Date.now();
	// The tool list is answered before the SDK has loaded (src/mcp/stdio-front.ts): wait for every reply.
	const expected = [99, ...shapes.map((_, i) => 10 + i)];
	while (!expected.every((id) => replies.some((reply) => reply.id === id)) && Date.now() - started < 20_000) {
		await new Promise((done) => setTimeout(done, 50));
	}
	expect(server.exitCode).toBeNull();
	const list = replies.find((reply) => reply.id === 99) as { result?: { tools?: { name: string }[] } } | undefined;
	expect(list?.result?.tools?.map((tool) => tool.name)).toEqual(["ask_user", "ask_user_wait"]);
	// Every malformed call got an answer: a tool error (or a protocol error for arguments that are not an object).
	for (const id of shapes.map((_, i) => 10 + i)) {
		const reply = replies.find((r) => r.id === id) as { result?: { isError?: boolean }; error?: unknown } | undefined;
		expect(reply, `reply to ${id}`).toBeDefined();
		expect(reply?.result?.isError === true || reply?.error !== undefined, `reply to ${id}`).toBe(true);
	}
	server.kill();
	rmSync(folder, { recursive: true, force: true });
}, 30_000);
