/**
 * One MCP client's server: the `ask_user` and `ask_user_wait` tools on the SDK's low-level `Server` (the input is
 * read by this product's normaliser, not by an SDK schema, so that every dialect is taken and every error names the
 * key). Each client is its own owner in the shared ask book: it sees and waits for its own asks only.
 */
import { randomUUID } from "node:crypto";
import { statSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
	CallToolRequestSchema,
	type CallToolResult,
	ElicitResultSchema,
	ListToolsRequestSchema,
	type ServerNotification,
	type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { AskUserError } from "../core/validate.js";
import type { LivePush } from "../push/live.js";
import { askIdOf } from "../push/tap.js";
import type { RemoteBridge } from "../remote/bridge.js";
import { type AskBook, type OpenAsk, UnknownAskError } from "./asks.js";
import {
	type Elicit,
	type FileOwner,
	type Log,
	startElicitation,
	startPendingFile,
	startPush,
	startWeb,
} from "./channels.js";
import { readMcpAsk, readWaitCall } from "./request.js";
import { type McpStatus, mcpExplanation, mcpResult } from "./result.js";
import { ASK_TOOL, SERVER_CAPABILITIES, SERVER_INSTRUCTIONS, SERVER_NAME, toolList, WAIT_TOOL } from "./tools.js";

/** Clients known to end a tool call after a fixed time, by the name they give at initialisation (ms). */
const KNOWN_CLIENT_LIMITS: Readonly<Record<string, number>> = {
	// Codex's `tool_timeout_sec` defaults to 60 s.
	"codex-mcp-client": 60_000,
};
/** How long before a client's limit a call returns `pending`, so that the result arrives in time. */
const LIMIT_MARGIN_MS = 10_000;
/** How long `ask_user_wait` waits when the call does not say. */
const DEFAULT_WAIT_MS = 5 * 60_000;
/** Progress is reported this often while a call waits: clients that reset their time limit on progress keep waiting. */
const PROGRESS_EVERY_MS = 15_000;
/** How long asking the client for its roots may take before the server's folder is used. */
const ROOTS_TIMEOUT_MS = 2_000;
/**
 * A form declined sooner than this after it was sent was declined by the client, not by a person, who needs at least
 * this long to read it (Codex declines in about 1 ms). Taking a quick person's decline for the client's costs little:
 * the questions stay open elsewhere; the other way round reports a cancel nobody gave.
 */
const QUICKEST_PERSON_MS = 2_000;
/** The client's dialog stays open as long as the questions do; the ask stops it when decided elsewhere. */
const ELICITATION_TIMEOUT_MS = 24 * 60 * 60_000;

/** When a call returns `pending` at the latest: before the client's own limit (`undefined`: no known limit). */
export function returnAfterMs(clientName: string | undefined, overrideMs?: number): number | undefined {
	if (overrideMs !== undefined) return overrideMs;
	const limit = clientName === undefined ? undefined : KNOWN_CLIENT_LIMITS[clientName];
	return limit === undefined ? undefined : Math.max(1_000, limit - LIMIT_MARGIN_MS);
}

export interface AskServerDeps {
	book: AskBook;
	/** Where pending files go when the client names no root folder. */
	folder: string;
	/** This server's claims on its pending files (pending/claims.ts, as `pi-ask-anywhere mcp`). */
	claims: FileOwner["claims"];
	/** The answers the person's pi or web page wrote into this server's files (the only ones taken from a file). */
	given: FileOwner["given"];
	/** This user's fact log, where each saved pending file is recorded (web --all lists the asks from it). */
	facts?: FileOwner["facts"];
	/** A bridge to a running `pi-ask-anywhere web` for this client's asks; `undefined` when none is configured. */
	webBridge?: (sessionKey: string) => RemoteBridge | undefined;
	/** The person's phone, when they set up push for pi (src/push/); shared by every client of this server. */
	push?: LivePush;
	/** Return `pending` after this long, whatever the client (otherwise only before a known client's limit). */
	returnAfterMs?: number;
	/** The ask tool's name (`ask_user` when absent). */
	askTool?: string;
	/** A form declined sooner than this (ms) was declined by the client itself, not by a person; 2 s when absent. */
	quickestPersonMs?: number;
	/** How often a waiting call reports progress; 15 s when absent (tests take a shorter one). */
	progressEveryMs?: number;
	version: string;
	log: Log;
}

export interface AskServer {
	server: Server;
	/** Ends the web connection of this client; its asks stay open (their pending files stay). */
	close(): void;
}

/** What the SDK passes a tool call's handler: its cancellation, its progress token, its way back to the client. */
type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

function toolError(text: string): CallToolResult {
	return { isError: true, content: [{ type: "text", text }] };
}

function toolResult(open: OpenAsk, status: McpStatus): CallToolResult {
	const notes = { formDeclinedByClient: open.formDeclinedByClient === true };
	const structured = mcpResult(open.ask, status, notes);
	const explanation = mcpExplanation(status, notes);
	const content: CallToolResult["content"] = [{ type: "text", text: JSON.stringify(structured) }];
	if (explanation) content.push({ type: "text", text: explanation });
	return { content, structuredContent: structured as unknown as Record<string, unknown> };
}

/** The client's first root folder that exists here, or the server's folder. */
async function projectFolder(server: Server, fallback: string): Promise<string> {
	if (!server.getClientCapabilities()?.roots) return fallback;
	try {
		const { roots } = await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
		for (const root of roots) {
			if (!root.uri.startsWith("file:")) continue;
			const path = fileURLToPath(root.uri);
			if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) return path;
		}
	} catch {
		// A client that does not answer in time is asked again at the next ask.
	}
	return fallback;
}

/** One call's progress notifications (for a client that asked for them), each with its next number, until it ends. */
interface Progress {
	extra: CallExtra;
	report(message?: string): void;
	end(): void;
}

function callProgress(extra: CallExtra): Progress {
	const token = extra._meta?.progressToken;
	let count = 0;
	let ended = false;
	return {
		extra,
		report(message) {
			if (token === undefined || ended) return;
			count += 1;
			const params = { progressToken: token, progress: count, ...(message ? { message } : {}) };
			extra.sendNotification({ method: "notifications/progress", params }).catch(() => undefined);
		},
		end() {
			ended = true;
		},
	};
}

export function createAskServer(deps: AskServerDeps): AskServer {
	const owner = randomUUID();
	const server = new Server(
		{ name: SERVER_NAME, version: deps.version },
		{ capabilities: SERVER_CAPABILITIES, instructions: SERVER_INSTRUCTIONS },
	);
	// The official TypeScript client ignores a cancellation of request id 0 (it tests the id for truthiness), so the
	// client's dialog for a first ask could never be withdrawn once answered elsewhere: a ping takes id 0.
	server.oninitialized = () => {
		server.ping().catch(() => undefined);
	};
	let bridge: RemoteBridge | undefined;
	let bridgeMade = false;
	const clientName = (): string => server.getClientVersion()?.name ?? "an MCP client";
	/** The name this client's asks go by in pending files and on the page. */
	const sessionId = `mcp-${owner.slice(0, 8)}`;
	const webBridge = (): RemoteBridge | undefined => {
		if (!bridgeMade) {
			bridgeMade = true;
			try {
				bridge = deps.webBridge?.(sessionId);
			} catch (error) {
				deps.log(`web page: ${(error as Error).message}`);
			}
		}
		return bridge;
	};

	/** Waits for the ask as the call allows, reporting progress to a client that asked for it. */
	async function waitFor(id: string, maxWaitMs: number | undefined, progress: Progress): Promise<McpStatus> {
		const ticker = setInterval(() => progress.report(), deps.progressEveryMs ?? PROGRESS_EVERY_MS);
		try {
			return await deps.book.wait(owner, id, maxWaitMs, progress.extra.signal);
		} finally {
			clearInterval(ticker);
			progress.end();
		}
	}

	const askTool = deps.askTool ?? ASK_TOOL;
	const tools = toolList(askTool);
	server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
	server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
		const args = request.params.arguments ?? {};
		const limitMs = returnAfterMs(server.getClientVersion()?.name, deps.returnAfterMs);
		const progress = callProgress(extra);
		try {
			// Under another name, ask_user is still taken: a call never fails for the tool's usual name.
			if (request.params.name === askTool || request.params.name === ASK_TOOL) {
				const ask = readMcpAsk(args);
				const folder = await projectFolder(server, deps.folder);
				const open = deps.book.open(owner, ask, { sessionId, asker: clientName(), project: folder });
				startPendingFile(
					deps.book,
					open,
					folder,
					{
						sessionId,
						client: clientName(),
						claims: deps.claims,
						given: deps.given,
						...(deps.facts ? { facts: deps.facts } : {}),
					},
					deps.log,
				);
				const bridge = webBridge();
				const task = `${clientName()} (MCP)`;
				if (bridge) startWeb(deps.book, open, bridge, { task, cwd: folder }, deps.log);
				if (deps.push) {
					// The id a tap names, as for pi's own asks: the same the pending file's questions go by.
					const about = { id: askIdOf(sessionId, open.id), project: basename(folder), task };
					startPush(deps.book, open, deps.push, about, deps.log);
				}
				if (server.getClientCapabilities()?.elicitation) {
					const elicit: Elicit = (params, signal) =>
						extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema, {
							signal,
							timeout: ELICITATION_TIMEOUT_MS,
						});
					const timing = {
						quickestPersonMs: deps.quickestPersonMs ?? QUICKEST_PERSON_MS,
						now: Date.now,
						tell: (message: string) => progress.report(message),
					};
					startElicitation(deps.book, open, elicit, timing, deps.log);
				}
				if (ask.background) {
					progress.end();
					return toolResult(open, { kind: "pending", askId: open.id });
				}
				return toolResult(open, await waitFor(open.id, limitMs, progress));
			}
			if (request.params.name === WAIT_TOOL) {
				const call = readWaitCall(args);
				const open = deps.book.find(owner, call.askId);
				if (!open) throw new UnknownAskError(call.askId);
				const bounds = [call.maxWaitMs ?? DEFAULT_WAIT_MS, ...(limitMs === undefined ? [] : [limitMs])];
				return toolResult(open, await waitFor(open.id, Math.min(...bounds), progress));
			}
			return toolError(
				`unknown tool ${JSON.stringify(request.params.name)}; this server offers ${askTool} and ${WAIT_TOOL}`,
			);
		} catch (error) {
			if (error instanceof AskUserError) return toolError(`Validation error: ${error.message}`);
			if (error instanceof UnknownAskError) return toolError(error.message);
			deps.log(`${request.params.name} failed: ${(error as Error).stack ?? String(error)}`);
			return toolError(`${request.params.name} failed: ${(error as Error).message}`);
		}
	});

	return {
		server,
		close() {
			bridge?.dispose();
		},
	};
}
