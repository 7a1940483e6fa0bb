/**
 * The stdio side of `pi-ask-anywhere mcp`, which answers before the MCP SDK is loaded: some clients offer a server's
 * tools only if it answered within about half a second (`codex exec`), and loading the SDK costs several times a bare
 * Node start. Until the SDK is attached, `initialize`, `tools/list` and `ping` are answered here with what the SDK's
 * server would answer (the same tool list, instructions and protocol versions), and every other message waits; the
 * first message that needs the SDK (or the tool list, after which a call comes) asks for it to be loaded. Once
 * attached, this is the SDK server's transport: the handshake is replayed to it (its answer dropped, the client has
 * one), then the waiting messages, then everything as it comes.
 */
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isRecord } from "../core/json.js";

/** The protocol versions the pinned SDK answers, newest first (test/mcp/stdio-front.test.ts compares them). */
export const PROTOCOL_VERSIONS: readonly string[] = [
	"2025-11-25",
	"2025-06-18",
	"2025-03-26",
	"2024-11-05",
	"2024-10-07",
];

/** The id the handshake is replayed to the SDK under, so that its answer is told apart and dropped. */
const REPLAYED_HANDSHAKE_ID = "pi-ask-anywhere-handshake";

export interface FrontAnswers {
	serverInfo: { name: string; version: string };
	capabilities: Record<string, unknown>;
	instructions: string;
	tools: readonly unknown[];
}

export interface StdioFront extends Transport {
	/** From now on the SDK server (connected to this transport) reads every message, each through `parse`. */
	attach(parse: (line: string) => JSONRPCMessage): void;
}

export interface FrontEvents {
	/** The SDK is needed now; called once. */
	needed(): void;
	/** The input ended before the SDK was attached (after that, the SDK server's `onclose` hears it). */
	ended(): void;
}

function isHandshake(params: unknown): params is { protocolVersion: string } {
	if (!isRecord(params) || typeof params.protocolVersion !== "string" || !isRecord(params.capabilities)) return false;
	const client = params.clientInfo;
	return isRecord(client) && typeof client.name === "string" && typeof client.version === "string";
}

export function createStdioFront(
	answers: FrontAnswers,
	io: { input: Readable; output: Writable },
	events: FrontEvents,
) {
	const waiting: string[] = [];
	let parse: ((line: string) => JSONRPCMessage) | undefined;
	let asked = false;
	let buffered = "";
	let closed = false;
	let ended = false;

	const need = (): void => {
		if (asked) return;
		asked = true;
		events.needed();
	};
	const write = (message: unknown): Promise<void> =>
		new Promise((done) => {
			if (io.output.write(`${JSON.stringify(message)}\n`)) done();
			else io.output.once("drain", done);
		});
	const answer = (id: unknown, result: unknown): void => void write({ jsonrpc: "2.0", id, result });

	/** Answers what needs no SDK; keeps the rest (and the handshake, for the SDK to learn the client) for later. */
	function early(line: string): void {
		let message: unknown;
		try {
			message = JSON.parse(line);
		} catch {
			message = undefined;
		}
		const id = isRecord(message) ? message.id : undefined;
		if (isRecord(message) && message.jsonrpc === "2.0" && (typeof id === "string" || typeof id === "number")) {
			if (message.method === "initialize" && isHandshake(message.params)) {
				const asked = message.params.protocolVersion;
				const protocolVersion = PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0];
				const { serverInfo, capabilities, instructions } = answers;
				answer(id, { protocolVersion, capabilities, serverInfo, instructions });
				waiting.push(JSON.stringify({ ...message, id: REPLAYED_HANDSHAKE_ID }));
				return;
			}
			if (message.method === "tools/list") {
				answer(id, { tools: answers.tools });
				need();
				return;
			}
			if (message.method === "ping") {
				answer(id, {});
				return;
			}
		}
		waiting.push(line);
		// The handshake's last step needs no answer: the SDK loads with the tool list or the first call, not before.
		if (!(isRecord(message) && message.method === "notifications/initialized")) need();
	}

	const front: StdioFront = {
		async start() {
			// The SDK server connected: it hears what waited, in order, once `attach` gave the parser.
		},
		send(message) {
			if ((message as { id?: unknown }).id === REPLAYED_HANDSHAKE_ID) return Promise.resolve();
			return write(message);
		},
		async close() {
			if (closed) return;
			closed = true;
			io.input.pause();
			front.onclose?.();
		},
		attach(parser) {
			parse = parser;
			for (const line of waiting.splice(0)) deliver(line);
			if (ended) void front.close();
		},
	};

	function deliver(line: string): void {
		if (!parse) {
			early(line);
			return;
		}
		let message: JSONRPCMessage;
		try {
			message = parse(line);
		} catch (error) {
			front.onerror?.(error as Error);
			return;
		}
		front.onmessage?.(message);
	}

	io.input.on("data", (chunk: Buffer) => {
		buffered += chunk.toString("utf8");
		const lines = buffered.split("\n");
		buffered = lines.pop() ?? "";
		for (const line of lines) {
			const text = line.replace(/\r$/, "");
			if (text.trim() !== "") deliver(text);
		}
	});
	const end = (): void => {
		if (ended) return;
		ended = true;
		if (parse) void front.close();
		else events.ended();
	};
	io.input.once("end", end);
	io.input.once("close", end);
	io.input.on("error", (error: Error) => front.onerror?.(error));
	return front;
}
