/**
 * The official MCP client (the same SDK) over real stdio against the built `pi-ask-anywhere mcp` (dist/cli.mjs), in a
 * temp project folder. A test chooses what the client's dialog does with an elicitation: a handler, or none (the
 * client then declares no elicitation).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
	type CallToolResult,
	type ElicitRequest,
	ElicitRequestSchema,
	type ElicitResult,
	ListRootsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { systemLeaseDeps } from "../../src/ask/lease.js";
import { answerWaitingAsk } from "../../src/pending/answer.js";
import { createClaims } from "../../src/pending/claims.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import { type PendingQuestion, parsePendingFile } from "../../src/pending/pending-file.js";
import { patient } from "../patience.js";

export const CLI = fileURLToPath(new URL("../../dist/bin.mjs", import.meta.url));

export type ElicitHandler = (request: ElicitRequest, signal: AbortSignal) => Promise<ElicitResult>;

export interface McpSession {
	client: Client;
	folder: string;
	/** The server's agent folder (`PI_CODING_AGENT_DIR`), where pi and the page record the person's answers. */
	agentDir: string;
	/** Everything the server wrote to stderr so far. */
	stderr(): string;
	close(): Promise<void>;
}

export interface StartOptions {
	elicit?: ElicitHandler;
	/** Extra arguments after `mcp` (`--web off` is always given unless `web` is). */
	args?: string[];
	web?: string;
	env?: Record<string, string>;
	name?: string;
	folder?: string;
	/** Folders the client names as its roots (its project). */
	roots?: string[];
}

export async function startMcp(options: StartOptions = {}): Promise<McpSession> {
	const folder = options.folder ?? mkdtempSync(join(tmpdir(), "pi-ask-mcp-"));
	// Never this user's own ~/.pi: a temp agent folder unless the test shares one (with a pi, or a second server).
	const ownAgentDir = options.env?.PI_CODING_AGENT_DIR === undefined;
	const agentDir = options.env?.PI_CODING_AGENT_DIR ?? mkdtempSync(join(tmpdir(), "pi-ask-mcp-agent-"));
	const transport = new StdioClientTransport({
		command: process.execPath,
		args: [CLI, "mcp", "--web", options.web ?? "off", ...(options.args ?? [])],
		cwd: folder,
		env: { ...(process.env as Record<string, string>), PI_CODING_AGENT_DIR: agentDir, ...options.env },
		stderr: "pipe",
	});
	let stderr = "";
	transport.stderr?.on("data", (chunk: Buffer) => {
		stderr += chunk.toString("utf8");
	});
	const client = new Client(
		{ name: options.name ?? "pi-ask-anywhere-test", version: "1.0.0" },
		{
			capabilities: {
				...(options.elicit ? { elicitation: { form: {} } } : {}),
				...(options.roots ? { roots: {} } : {}),
			},
		},
	);
	const roots = options.roots;
	if (roots) {
		client.setRequestHandler(ListRootsRequestSchema, () => ({
			roots: roots.map((root) => ({ uri: pathToFileURL(root).href })),
		}));
	}
	const handler = options.elicit;
	if (handler) client.setRequestHandler(ElicitRequestSchema, (request, extra) => handler(request, extra.signal));
	await client.connect(transport);
	return {
		client,
		folder,
		agentDir,
		stderr: () => stderr,
		async close() {
			await client.close();
			if (!options.folder) rmSync(folder, { recursive: true, force: true });
			if (ownAgentDir) rmSync(agentDir, { recursive: true, force: true });
		},
	};
}

/**
 * A form's fields by their names (`q1`, `q1_other`): the keys carry the field's position first (`02_q1`), since Codex
 * shows fields in their keys' alphabetical order.
 */
export function fieldsByName(properties: Record<string, unknown>): Record<string, unknown> {
	return Object.fromEntries(Object.entries(properties).map(([key, field]) => [key.replace(/^\d+_/, ""), field]));
}

/** The JSON in the first text block, which must equal `structuredContent`. */
export function resultJson(result: CallToolResult): Record<string, unknown> {
	const first = result.content[0];
	if (first?.type !== "text") throw new Error(`no text block: ${JSON.stringify(result)}`);
	return JSON.parse(first.text) as Record<string, unknown>;
}

/** Every text block of a result, joined. */
export function resultText(result: unknown): string {
	return (result as CallToolResult).content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

/** The project's pending files (`.pi/pending-questions*.json`), by name. */
export function pendingFiles(folder: string): string[] {
	const dir = join(folder, ".pi");
	if (!existsSync(dir)) return [];
	return readdirSync(dir).filter((name) => /^pending-questions(-\d+)?\.json$/.test(name));
}

export async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
	const started = Date.now();
	for (;;) {
		const value = probe();
		if (value !== undefined) return value;
		if (Date.now() - started > patient(timeoutMs)) throw new Error(`timed out waiting for ${what}`);
		await new Promise((done) => setTimeout(done, 50));
	}
}

/** The one pending file's JSON, once it is there. */
export async function pendingFile(folder: string): Promise<{ path: string; data: Record<string, unknown> }> {
	const name = await waitFor(() => pendingFiles(folder)[0], "a pending file");
	const path = join(folder, ".pi", name);
	return { path, data: JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown> };
}

/** The pending file in `folder` that holds the ask `askId` (the server names no file to its client). */
export function pendingFileOf(folder: string, askId: unknown): string {
	for (const name of pendingFiles(folder)) {
		const path = join(folder, ".pi", name);
		if (parsePendingFile(readFileSync(path, "utf8"), path).toolCallId === askId) return path;
	}
	throw new Error(`no pending file holds ask ${String(askId)} in ${folder}`);
}

/**
 * What the person's pi (`--answers`, `@file`, `/questions answer`) and the web page do for an MCP client's file: the
 * one writer they share, recording the answers as the person's in the agent folder `agentDir` the server reads.
 */
export function answerAsThePerson(path: string, answers: PendingQuestion["answer"][], agentDir: string): void {
	const file = parsePendingFile(readFileSync(path, "utf8"), path);
	if (!file.asker) throw new Error(`${path} names no asker`);
	// As another process sees the server's claim: some of these servers run in the test's own process.
	const claims = createClaims({ ...systemLeaseDeps(), self: { pid: 0, started: "the person's pi" } });
	// The server saves the file, then claims it: answered in between, nobody would wait for the answers yet.
	const deadline = Date.now() + patient(10_000);
	while (!claims.heldElsewhere(path, file.toolCallId) && Date.now() < deadline) {
		Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
	}
	const written = answerWaitingAsk(
		{ path, file },
		{ by: "pi", answers: () => answers },
		{
			// What the trust rule says of an MCP client's file: no session of this user's pi asked it.
			judge: () => ({ trusted: false, kind: "unknown", because: "no-session-file" }),
			heldElsewhere: claims.heldElsewhere,
			given: givenRecord(agentDir),
		},
	);
	if (written.kind !== "written") throw new Error(`not written: ${JSON.stringify(written)}`);
}
