/**
 * `pi-ask-anywhere mcp --http`: Streamable HTTP on loopback with a token, several clients on one server, each with
 * its own asks. The official MCP client's HTTP transport against the built server.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerAsThePerson, CLI, pendingFileOf, resultJson, resultText } from "./mcp-client.js";

let server: ChildProcessWithoutNullStreams;
let url: string;
const token = "mcp-http-token-8c1d7e2a";
const folder = mkdtempSync(join(tmpdir(), "pi-ask-mcp-http-"));
const agentDir = mkdtempSync(join(tmpdir(), "pi-ask-mcp-http-agent-"));
const clients: Client[] = [];

beforeAll(async () => {
	server = spawn(process.execPath, [CLI, "mcp", "--http", "--port", "0", "--web", "off"], {
		cwd: folder,
		env: { ...process.env, PI_ASK_USER_MCP_TOKEN: token, PI_CODING_AGENT_DIR: agentDir },
	});
	let output = "";
	url = await new Promise<string>((resolve, reject) => {
		server.stdout.on("data", (chunk: Buffer) => {
			output += chunk.toString();
			const found = /^url: (\S+)$/m.exec(output)?.[1];
			if (found) resolve(found);
		});
		server.on("exit", (code) => reject(new Error(`exited (${code}): ${output}`)));
	});
	expect(output).not.toContain(token);
});

afterAll(async () => {
	await Promise.all(clients.map((client) => client.close()));
	const exited = new Promise((resolve) => server.on("exit", resolve));
	server.kill("SIGTERM");
	await exited;
	rmSync(folder, { recursive: true, force: true });
	rmSync(agentDir, { recursive: true, force: true });
});

async function connect(name: string, withToken = token): Promise<Client> {
	const client = new Client({ name, version: "1.0.0" });
	const transport = new StreamableHTTPClientTransport(new URL(url), {
		requestInit: { headers: { Authorization: `Bearer ${withToken}` } },
	});
	await client.connect(transport);
	clients.push(client);
	return client;
}

describe("pi-ask-anywhere mcp --http", () => {
	it("refuses a request without the right token, and one from a browser", async () => {
		const none = await fetch(url, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
		expect(none.status).toBe(401);
		const wrong = await fetch(url, { method: "POST", body: "{}", headers: { Authorization: "Bearer nope" } });
		expect(wrong.status).toBe(401);
		const browser = await fetch(url, {
			method: "POST",
			body: "{}",
			headers: { Authorization: `Bearer ${token}`, Origin: "https://example.com" },
		});
		expect(browser.status).toBe(403);
		await expect(connect("intruder", "wrong")).rejects.toThrow();
	});

	it("two clients on one server: each waits for its own ask and cannot see the other's", async () => {
		const a = await connect("client-a");
		const b = await connect("client-b");
		const askA = resultJson(
			(await a.callTool({
				name: "ask_user",
				arguments: { questions: [{ question: "A's question?" }], background: true },
			})) as never,
		);
		expect(askA).toMatchObject({ pending: true });
		const stolen = await b.callTool({ name: "ask_user_wait", arguments: { askId: askA.askId, waitSeconds: 0 } });
		expect(stolen.isError).toBe(true);
		expect(resultText(stolen)).not.toContain("A's question?");
		const waiting = a.callTool({ name: "ask_user_wait", arguments: { askId: askA.askId, waitSeconds: 60 } });
		answerAsThePerson(pendingFileOf(folder, askA.askId), ["from the file"], agentDir);
		expect(resultJson((await waiting) as never)).toMatchObject({
			answered: true,
			answers: [{ questionId: "q_1", values: ["from the file"] }],
		});
	});
});
