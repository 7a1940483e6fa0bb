/**
 * A scripted model API on loopback for a real agent client, from each provider's published wire format: Anthropic's
 * Messages API with SSE streaming (Claude Code, ANTHROPIC_BASE_URL), OpenAI's Responses API streaming (Codex, a
 * custom `model_provider`'s base_url) and Gemini's generateContent / streamGenerateContent (Gemini CLI,
 * GOOGLE_GEMINI_BASE_URL). Its script: the first turn that offers the ask tool calls it with `arguments`; when the
 * tool's result comes back the model records it and ends with text. Any other request (a title, a check the client
 * makes on the side) is answered with a short text.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Wire = "anthropic" | "openai" | "gemini";

export interface StandInModel {
	/** The base URL to give the client (no trailing slash). */
	url: string;
	/** The tool names the client offered the model, per request that offered any. */
	offered: string[][];
	/** The name of the ask tool the model called, once it did. */
	called(): string | undefined;
	/** Every tool result for the ask call the client sent back, as text. */
	results: string[];
	/** Every request's path, in order. */
	paths: string[];
	close(): Promise<void>;
}

export interface Script {
	/** Which offered tool is the ask tool (e.g. `/ask_user$/`, never the wait tool). */
	tool: (name: string) => boolean;
	arguments: Record<string, unknown>;
	/** The model's last words, after the result came back. */
	reply?: string;
	/**
	 * A tool that loads a deferred tool's schema first (Claude Code's `ToolSearch`, for MCP tools it lists only by
	 * name): called once with `input` while the ask tool is not offered yet.
	 */
	find?: { tool: string; input: Record<string, unknown> };
}

const CALL_ID = "call_ask_1";
const FIND_ID = "call_find_1";

type Json = Record<string, unknown>;

function records(value: unknown): Json[] {
	return Array.isArray(value) ? value.filter((item): item is Json => typeof item === "object" && item !== null) : [];
}

function text(value: unknown): string {
	if (typeof value === "string") return value;
	return JSON.stringify(value);
}

/** What one request offers and returns, read the provider's way. */
interface Turn {
	tools: string[];
	/** The namespace each namespaced tool is called in (Codex groups an MCP server's tools as `mcp__<server>`). */
	namespaces?: Map<string, string>;
	/** The ask call's result, when this request carries it. */
	result?: string;
}

function anthropicTurn(body: Json): Turn {
	const tools = records(body.tools).map((tool) => String(tool.name));
	let result: string | undefined;
	for (const message of records(body.messages)) {
		for (const block of records(message.content)) {
			if (block.type === "tool_result" && block.tool_use_id === CALL_ID) {
				const content = block.content;
				result = Array.isArray(content)
					? records(content)
							.map((part) => text(part.text))
							.join("\n")
					: text(content);
			}
		}
	}
	return { tools, ...(result === undefined ? {} : { result }) };
}

function openaiTurn(body: Json): Turn {
	const tools: string[] = [];
	const namespaces = new Map<string, string>();
	for (const tool of records(body.tools)) {
		if (tool.type === "namespace") {
			// A namespace groups a server's tools: a member is called by its name with `namespace` beside it.
			for (const member of records(tool.tools)) {
				const name = `${String(tool.name)}__${String(member.name)}`;
				tools.push(name);
				namespaces.set(name, String(tool.name));
			}
		} else if (typeof tool.name === "string") tools.push(tool.name);
	}
	let result: string | undefined;
	for (const item of records(body.input)) {
		if (item.call_id === CALL_ID && String(item.type).endsWith("_output")) {
			const output = item.output;
			result = Array.isArray(output)
				? records(output)
						.map((part) => text(part.text))
						.join("\n")
				: text(output);
		}
	}
	return { tools, namespaces, ...(result === undefined ? {} : { result }) };
}

function geminiTurn(body: Json): Turn {
	const tools = records(body.tools).flatMap((tool) =>
		records(tool.functionDeclarations).map((declaration) => String(declaration.name)),
	);
	let result: string | undefined;
	for (const content of records(body.contents)) {
		for (const part of records(content.parts)) {
			const response = part.functionResponse as Json | undefined;
			if (response && typeof response === "object") result = text(response.response);
		}
	}
	return { tools, ...(result === undefined ? {} : { result }) };
}

function sse(res: ServerResponse, events: Array<[string | undefined, unknown]>): void {
	res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
	for (const [event, data] of events) {
		res.write(`${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
	}
	res.end();
}

interface Call {
	id: string;
	name: string;
	input: unknown;
	namespace?: string;
}

function anthropicReply(res: ServerResponse, body: Json, call: Call | undefined, words: string) {
	const model = String(body.model ?? "claude-stand-in");
	const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
	const start = {
		type: "message_start",
		message: { id: "msg_1", type: "message", role: "assistant", model, content: [], stop_reason: null, usage },
	};
	const blocks: Array<[string, unknown]> = call
		? [
				[
					"content_block_start",
					{
						type: "content_block_start",
						index: 0,
						content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
					},
				],
				[
					"content_block_delta",
					{
						type: "content_block_delta",
						index: 0,
						delta: { type: "input_json_delta", partial_json: JSON.stringify(call.input) },
					},
				],
			]
		: [
				["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
				["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: words } }],
			];
	if (body.stream !== true) {
		res.writeHead(200, { "content-type": "application/json" });
		const content = call
			? [{ type: "tool_use", id: call.id, name: call.name, input: call.input }]
			: [{ type: "text", text: words }];
		res.end(JSON.stringify({ ...start.message, content, stop_reason: call ? "tool_use" : "end_turn" }));
		return;
	}
	sse(res, [
		["message_start", start],
		...blocks,
		["content_block_stop", { type: "content_block_stop", index: 0 }],
		[
			"message_delta",
			{
				type: "message_delta",
				delta: { stop_reason: call ? "tool_use" : "end_turn", stop_sequence: null },
				usage: { output_tokens: 5 },
			},
		],
		["message_stop", { type: "message_stop" }],
	]);
}

function openaiReply(res: ServerResponse, body: Json, call: Call | undefined, words: string) {
	const model = String(body.model ?? "gpt-stand-in");
	const named = call?.namespace
		? { namespace: call.namespace, name: call.name.slice(call.namespace.length + 2) }
		: { name: call?.name };
	const item = call
		? {
				type: "function_call",
				id: "fc_1",
				call_id: call.id,
				...named,
				arguments: JSON.stringify(call.input),
				status: "completed",
			}
		: {
				type: "message",
				id: "msg_1",
				role: "assistant",
				status: "completed",
				content: [{ type: "output_text", text: words, annotations: [] }],
			};
	const response = { id: "resp_1", object: "response", model, status: "in_progress", output: [] as unknown[] };
	const usage = {
		input_tokens: 10,
		input_tokens_details: { cached_tokens: 0 },
		output_tokens: 5,
		output_tokens_details: { reasoning_tokens: 0 },
		total_tokens: 15,
	};
	sse(res, [
		["response.created", { type: "response.created", sequence_number: 0, response }],
		[
			"response.output_item.added",
			{
				type: "response.output_item.added",
				sequence_number: 1,
				output_index: 0,
				item: { ...item, status: "in_progress" },
			},
		],
		...(call
			? []
			: ([
					[
						"response.output_text.delta",
						{
							type: "response.output_text.delta",
							sequence_number: 2,
							item_id: "msg_1",
							output_index: 0,
							content_index: 0,
							delta: words,
						},
					],
				] as Array<[string, unknown]>)),
		["response.output_item.done", { type: "response.output_item.done", sequence_number: 3, output_index: 0, item }],
		[
			"response.completed",
			{
				type: "response.completed",
				sequence_number: 4,
				response: { ...response, status: "completed", output: [item], usage },
			},
		],
	]);
}

/** A value of a JSON schema (Gemini's side requests ask for JSON: a complexity score, who speaks next). */
function filled(schema: unknown): unknown {
	const node = (typeof schema === "object" && schema !== null ? schema : {}) as Json;
	if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
	switch (String(node.type).toLowerCase()) {
		case "object":
			return Object.fromEntries(
				Object.entries((node.properties ?? {}) as Json).map(([key, value]) => [key, filled(value)]),
			);
		case "array":
			return [];
		case "integer":
		case "number":
			return 1;
		case "boolean":
			return false;
		default:
			return "stand-in";
	}
}

function geminiReply(res: ServerResponse, body: Json, stream: boolean, call: Call | undefined, words: string) {
	const config = (body.generationConfig ?? {}) as Json;
	const schema = config.responseJsonSchema ?? config.responseSchema;
	const answer = config.responseMimeType === "application/json" ? JSON.stringify(filled(schema)) : words;
	const part = call ? { functionCall: { name: call.name, args: call.input } } : { text: answer };
	const chunk = {
		candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
		usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
		modelVersion: "gemini-stand-in",
	};
	if (stream) {
		sse(res, [[undefined, chunk]]);
		return;
	}
	res.writeHead(200, { "content-type": "application/json" });
	res.end(JSON.stringify(chunk));
}

async function readBody(req: IncomingMessage): Promise<Json> {
	let raw = "";
	for await (const chunk of req) raw += chunk;
	try {
		const parsed: unknown = JSON.parse(raw || "{}");
		return typeof parsed === "object" && parsed !== null ? (parsed as Json) : {};
	} catch {
		return {};
	}
}

export async function startStandInModel(wire: Wire, script: Script): Promise<StandInModel> {
	const offered: string[][] = [];
	const results: string[] = [];
	const paths: string[] = [];
	let called: string | undefined;
	let found = false;
	const reply = script.reply ?? "Noted.";

	const server = createServer((req, res) => {
		void (async () => {
			const path = req.url ?? "/";
			paths.push(`${req.method} ${path}`);
			const body = await readBody(req);
			// STAND_IN_DUMP=1 shows what a client sends (to read a new version's requests).
			if (process.env.STAND_IN_DUMP) process.stderr.write(`${req.url} ${JSON.stringify(body).slice(0, 4000)}\n`);
			if (path.includes("count_tokens") || path.includes(":countTokens")) {
				res.writeHead(200, { "content-type": "application/json" });
				res.end(JSON.stringify({ input_tokens: 10, totalTokens: 10 }));
				return;
			}
			const turn = wire === "anthropic" ? anthropicTurn(body) : wire === "openai" ? openaiTurn(body) : geminiTurn(body);
			if (turn.tools.length > 0) offered.push(turn.tools);
			if (turn.result !== undefined && !results.includes(turn.result)) results.push(turn.result);
			const tool = turn.tools.find(script.tool);
			// Call the ask tool once, in the conversation that offers it and holds no result of it yet; before it is
			// offered, load it with the client's finding tool (once).
			let call: Call | undefined;
			if (tool !== undefined && turn.result === undefined && called === undefined) {
				const namespace = turn.namespaces?.get(tool);
				call = { id: CALL_ID, name: tool, input: script.arguments, ...(namespace ? { namespace } : {}) };
				called = tool;
			} else if (tool === undefined && script.find && !found && turn.tools.includes(script.find.tool)) {
				call = { id: FIND_ID, name: script.find.tool, input: script.find.input };
				found = true;
			}
			const words = turn.result !== undefined ? reply : "OK.";
			if (wire === "anthropic") anthropicReply(res, body, call, words);
			else if (wire === "openai") openaiReply(res, body, call, words);
			else geminiReply(res, body, path.includes("streamGenerateContent"), call, words);
		})().catch((error: unknown) => {
			res.writeHead(500);
			res.end(String(error));
		});
	});
	await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		offered,
		called: () => called,
		results,
		paths,
		close: () =>
			new Promise<void>((closed) => {
				server.closeAllConnections();
				server.close(() => closed());
			}),
	};
}
