/**
 * `pi-ask-anywhere mcp` with the MCP SDK: the server over stdio (one client, the process that started it, behind the
 * front that answered its handshake: ./stdio-front.ts) or Streamable HTTP on loopback with a token (many clients, each
 * with its own session and its own asks). Built as its own file and loaded by ./main.ts only when needed, so neither
 * `pi-ask-anywhere web` nor the pi extension loads the MCP SDK, and a client's handshake does not wait for it.
 * Wiring only; nothing is written to stdout but the protocol (stdio) or the start-up lines (HTTP).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { deserializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { decisionOf, decisionRecorder } from "../ask/decision.js";
import { systemLeaseDeps } from "../ask/lease.js";
import type { DecidedBy, FactLog } from "../ask/log.js";
import { isRecord } from "../core/json.js";
import { words } from "../i18n/words.js";
import { sameSecret } from "../net/same-secret.js";
import { createClaims } from "../pending/claims.js";
import { currentSessionPlaces } from "../pending/trust.js";
import { resolvePushConfig } from "../push/config.js";
import { pushKey } from "../push/key.js";
import { createLivePush, type LivePush } from "../push/live.js";
import { createNtfyClient } from "../push/ntfy.js";
import { openAskStore } from "../records/store.js";
import { createRemoteBridge } from "../remote/bridge.js";
import { isLoopbackHost, resolveRemoteConfig } from "../remote/config.js";
import type { McpCommand } from "./args.js";
import { type AskBookOptions, type Channel, createAskBook } from "./asks.js";
import { type AskServerDeps, createAskServer } from "./server.js";
import type { StdioFront } from "./stdio-front.js";

/** The web page's card stays as long as the questions: the bridge's own limit is its longest. */
const WEB_ASK_TIMEOUT_MS = 24 * 60 * 60_000;
const MAX_BODY_BYTES = 4 * 1024 * 1024;

function log(message: string): void {
	process.stderr.write(`pi-ask-anywhere mcp: ${message}\n`);
}

/** Push to the person's phone as pi reads its settings (`push` in <agent dir>/pi-ask-user/settings.json, the env). */
function livePush(cwd: string, env: NodeJS.ProcessEnv): LivePush | undefined {
	const { agentDir } = currentSessionPlaces({ argv: [], env, cwd });
	const path = join(agentDir, "pi-ask-user", "settings.json");
	let settings: unknown;
	try {
		settings = JSON.parse(readFileSync(path, "utf8"));
	} catch {
		settings = undefined;
	}
	const { config, problems } = resolvePushConfig(isRecord(settings) ? settings.push : undefined, env, path);
	for (const problem of problems) log(`push: ${problem}`);
	// Only ntfy answers back; push.command alone is not used here.
	if (!config?.ntfy) return undefined;
	try {
		const client = createNtfyClient({
			server: config.ntfy.server,
			timeoutMs: 10_000,
			...(config.ntfy.token ? { token: config.ntfy.token } : {}),
		});
		return createLivePush({
			config,
			key: pushKey(agentDir),
			client,
			now: Date.now,
			warn: log,
			track: (work) => void work.catch(() => undefined),
			published: () => undefined,
		});
	} catch (error) {
		log(`push is off: ${(error as Error).message}`);
		return undefined;
	}
}

/** Where an MCP ask's decision came from, as the decision log names it. */
const DECIDED_BY: Record<Channel, DecidedBy> = {
	elicitation: "mcp-form",
	web: "page",
	push: "tap",
	"pending-file": "for-asker",
};

/** Writes each MCP ask's decision into this user's decision log (ask/decision.ts); a failure is said once on stderr. */
function mcpDecisionRecorder(facts: FactLog): NonNullable<AskBookOptions["decided"]> {
	const record = decisionRecorder(facts);
	return (open, decision, from) => {
		const by = DECIDED_BY[from];
		const made = decisionOf(by, open.ask.request.questions, decision);
		if (!made || !open.about) return;
		// The client's form declined is the person's "no" to the form, said so.
		const outcome = from === "elicitation" && decision.kind === "cancelled" ? "declined" : made.outcome;
		const { sessionId, asker, project } = open.about;
		record({ ...made, outcome, sessionId, toolCallId: open.id, project, asker }, (reason) =>
			log(words().cli.notices.decisionNotLogged(reason)),
		);
	};
}

export type ServeCommand = Extract<McpCommand, { kind: "mcp" }>;

function serverDeps(command: ServeCommand, env: NodeJS.ProcessEnv, version: string): AskServerDeps {
	const web = command.web;
	// Where pi must record the answers it writes for this server's client: named in the server's claims.
	const { agentDir } = currentSessionPlaces({ argv: [], env, cwd: process.cwd() });
	const store = openAskStore(agentDir, { argv: [], env });
	const { facts } = store;
	const deps: AskServerDeps = {
		book: createAskBook({ log, decided: mcpDecisionRecorder(facts) }),
		folder: resolve(command.folder ?? process.cwd()),
		claims: createClaims({ ...systemLeaseDeps(), holder: "mcp", records: agentDir }),
		given: store,
		facts,
		version,
		log,
	};
	if (command.returnAfterMs !== undefined) deps.returnAfterMs = command.returnAfterMs;
	if (command.quickestPersonMs !== undefined) deps.quickestPersonMs = command.quickestPersonMs;
	if (command.askTool !== undefined) deps.askTool = command.askTool;
	const push = livePush(deps.folder, env);
	if (push) deps.push = push;
	if (web !== undefined) {
		deps.webBridge = (sessionKey) => {
			const config = resolveRemoteConfig((name) => (name === "ask-remote" ? web : undefined), env, { sessionKey });
			if (!config) return undefined;
			return createRemoteBridge(
				{ ...config, agentId: env.PI_ASK_USER_REMOTE_AGENT_ID?.trim() || "mcp", timeoutMs: WEB_ASK_TIMEOUT_MS },
				{ logger: { warn: (message) => log(`web page: ${message}`) } },
			);
		};
	}
	return deps;
}

/** Serves the one client on stdio behind `front`, which answered its handshake already. */
export async function serveStdio(command: ServeCommand, env: NodeJS.ProcessEnv, version: string, front: StdioFront) {
	const { server, close } = createAskServer(serverDeps(command, env, version));
	// The client went away (its pipe closed, with or without a signal): its asks are left as they are (pending files
	// stay in its folder), never cancelled. A server left running would keep claiming its files, and a pi would then
	// write answers no client will ever read.
	server.onclose = () => {
		close();
		process.exit(0);
	};
	await server.connect(front);
	front.attach(deserializeMessage);
}

function readBody(request: IncomingMessage): Promise<unknown> {
	return new Promise((done, fail) => {
		const chunks: Buffer[] = [];
		let size = 0;
		request.on("data", (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				fail(new Error("request body too large"));
				request.destroy();
			} else chunks.push(chunk);
		});
		request.on("end", () => {
			try {
				done(chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8")));
			} catch {
				fail(new Error("request body is not JSON"));
			}
		});
		request.on("error", fail);
	});
}

function reply(response: ServerResponse, status: number, message: string): void {
	if (response.headersSent) return void response.end();
	response.writeHead(status, { "content-type": "application/json" });
	response.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

export async function serveHttp(
	command: ServeCommand,
	http: { port: number; host: string },
	env: NodeJS.ProcessEnv,
	version: string,
) {
	const deps = serverDeps(command, env, version);
	const token = env.PI_ASK_USER_MCP_TOKEN?.trim() || randomBytes(24).toString("base64url");
	const sessions = new Map<string, { transport: StreamableHTTPServerTransport; close(): void }>();

	async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const url = new URL(request.url ?? "/", "http://localhost");
		if (url.pathname !== "/mcp") return reply(response, 404, "not found; the MCP endpoint is /mcp");
		// Another site open in the person's browser must not reach a server that answers for them (DNS rebinding).
		const host = (request.headers.host ?? "").replace(/:\d+$/, "");
		if (!isLoopbackHost(host)) return reply(response, 403, "forbidden host");
		if (request.headers.origin !== undefined) return reply(response, 403, "browsers may not call this server");
		const auth = request.headers.authorization ?? "";
		if (!auth.startsWith("Bearer ") || !sameSecret(auth.slice(7).trim(), token)) {
			return reply(response, 401, "missing or wrong token (Authorization: Bearer <PI_ASK_USER_MCP_TOKEN>)");
		}
		const id = request.headers["mcp-session-id"];
		const known = typeof id === "string" ? sessions.get(id) : undefined;
		if (known) {
			const body = request.method === "POST" ? await readBody(request) : undefined;
			return known.transport.handleRequest(request, response, body);
		}
		if (id !== undefined) return reply(response, 404, "unknown session; initialize again");
		if (request.method !== "POST") return reply(response, 400, "initialize first");
		const body = await readBody(request);
		if (!isInitializeRequest(body)) return reply(response, 400, "initialize first");
		const client = createAskServer(deps);
		const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
			sessionIdGenerator: randomUUID,
			onsessioninitialized: (sessionId) => {
				sessions.set(sessionId, { transport, close: client.close });
			},
		});
		// A session that ends (the client's DELETE) leaves its asks open, as a client that went away does.
		transport.onclose = () => {
			if (transport.sessionId) sessions.delete(transport.sessionId);
			client.close();
		};
		await client.server.connect(transport);
		await transport.handleRequest(request, response, body);
	}

	const server = createServer((request, response) => {
		// Nothing a client sends may end the process: every failure is an error reply.
		handle(request, response).catch((error: unknown) => reply(response, 400, (error as Error).message));
	});
	await new Promise<void>((done, fail) => {
		server.once("error", fail);
		server.listen(http.port, http.host, () => done());
	});
	const address = server.address();
	const port = typeof address === "object" && address ? address.port : http.port;
	const shownHost = http.host.includes(":") ? `[${http.host}]` : http.host;
	process.stdout.write(`url: http://${shownHost}:${port}/mcp\n`);
	if (env.PI_ASK_USER_MCP_TOKEN?.trim()) process.stdout.write("token: PI_ASK_USER_MCP_TOKEN\n");
	else process.stdout.write(`token: ${token}\n`);
	const stop = (): void => {
		for (const session of sessions.values()) session.close();
		server.close(() => process.exit(0));
		server.closeAllConnections();
	};
	process.on("SIGINT", stop);
	process.on("SIGTERM", stop);
}
