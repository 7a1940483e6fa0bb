/**
 * A scripted model for pi: no API key, no network. Used by the demo and by the end-to-end tests.
 *
 *   PI_ASK_SCRIPT=script.json pi -e ./examples/scripted-model.ts --provider scripted --model scripted-1 …
 *
 * script.json: { "steps": [ { "toolCall": { "name": "ask_user", "arguments": { … } } }, { "echo": true } ] }
 * Step kinds: `toolCall` (or `toolCalls`), `text`, `echo` (repeat the last tool result or user message); any step
 * may take `thinkMs`, how long the model thinks before it answers (a test signals pi meanwhile).
 * A cursor file next to the script keeps the position across processes (`pi -p`, then `pi -p -c`);
 * once the steps run out the model echoes. Summarization requests do not use up tool-call steps (see nextStep).
 * With PI_ASK_LOG set, every request's messages are appended
 * there as one JSON line, so a test can check exactly what the model received (an image block as its type, size and
 * SHA-256). The model takes images; PI_SCRIPTED_TEXT_ONLY=1 makes it a text-only model.
 */
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import {
	type AssistantMessage,
	type Context,
	createAssistantMessageEventStream,
	type Model,
	type ToolCall,
} from "@mariozechner/pi-ai";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

interface ToolCallStep {
	name: string;
	arguments: unknown;
	/** The call's id; some providers reuse ids across turns, so a script can too. Generated when absent. */
	id?: string;
}
interface Step {
	toolCall?: ToolCallStep;
	toolCalls?: ToolCallStep[];
	text?: string;
	echo?: boolean;
	thinkMs?: number;
}

function messageText(message: Context["messages"][number]): string {
	const content = message.content;
	if (typeof content === "string") return content;
	return content
		.map((block) => {
			if (block.type === "text") return block.text;
			if (block.type === "toolCall") return `[toolCall ${block.name} ${JSON.stringify(block.arguments)}]`;
			if (block.type === "thinking") return "";
			return `[${block.type}]`;
		})
		.join("\n");
}

/** A message's image blocks as the log keeps them: type, size and SHA-256 of the bytes, in order. */
function imagesOf(message: Context["messages"][number]): {
	images?: { mimeType: string; bytes: number; sha256: string }[];
} {
	if (typeof message.content === "string") return {};
	const images = message.content.flatMap((block) => {
		if (block.type !== "image") return [];
		const bytes = Buffer.from(block.data, "base64");
		return [
			{ mimeType: block.mimeType, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") },
		];
	});
	return images.length > 0 ? { images } : {};
}

/** pi's compaction and branch summaries ask with this system prompt (0.73.1 … 0.87.1). */
const SUMMARIZATION_PROMPT_START = "You are a context summarization assistant.";

/** 0.73.1 sends that prompt as the system prompt; 0.87.1 as a leading message with the role "system". */
function isSummaryRequest(context: Context): boolean {
	if (context.systemPrompt?.startsWith(SUMMARIZATION_PROMPT_START)) return true;
	const first = context.messages[0];
	if (!first || (first.role as string) !== "system") return false;
	return messageText(first).startsWith(SUMMARIZATION_PROMPT_START);
}

/**
 * The step that answers this request. A summarization request (pi 0.87.1 also compacts on its own before a large
 * call) takes the next step only when it is a `text` step, the summary a test scripted; otherwise it gets a fixed
 * summary and leaves the script where it was, so the scripted tool calls still come in order.
 */
function nextStep(summarizing: boolean): { index: number; step: Step } {
	const scriptPath = process.env.PI_ASK_SCRIPT;
	if (!scriptPath) return { index: 0, step: { echo: true } };
	const steps = (JSON.parse(readFileSync(scriptPath, "utf8")) as { steps: Step[] }).steps;
	const cursorPath = `${scriptPath}.cursor`;
	const index = existsSync(cursorPath) ? Number(readFileSync(cursorPath, "utf8")) : 0;
	const step = steps[index] ?? { echo: true };
	if (summarizing && step.text === undefined) return { index: -1, step: { text: "Summary of the conversation." } };
	writeFileSync(cursorPath, String(index + 1));
	return { index, step };
}

function respond(step: Step, context: Context): AssistantMessage["content"] {
	const calls = step.toolCalls ?? (step.toolCall ? [step.toolCall] : []);
	if (calls.length > 0) {
		return calls.map((call, i) => ({
			type: "toolCall" as const,
			id: call.id ?? `call_${Date.now().toString(36)}_${i}`,
			name: call.name,
			arguments: call.arguments as ToolCall["arguments"],
		}));
	}
	if (step.text !== undefined) return [{ type: "text", text: step.text }];
	const last = context.messages[context.messages.length - 1];
	const received = last ? messageText(last) : "(nothing)";
	return [{ type: "text", text: `The model received:\n${received}` }];
}

export default function scriptedModel(pi: ExtensionAPI) {
	pi.registerProvider("scripted", {
		name: "Scripted model",
		baseUrl: "http://scripted.invalid",
		apiKey: "scripted-no-key",
		api: "pi-ask-anywhere-scripted",
		models: [
			{
				id: "scripted-1",
				name: "Scripted model",
				reasoning: false,
				input: process.env.PI_SCRIPTED_TEXT_ONLY === "1" ? ["text"] : ["text", "image"],
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
				contextWindow: 200_000,
				maxTokens: 8_192,
			},
		],
		streamSimple(model: Model<string>, context: Context, options?: { signal?: AbortSignal }) {
			const stream = createAssistantMessageEventStream();
			const summarizing = isSummaryRequest(context);
			const { index, step } = nextStep(summarizing);
			const logPath = process.env.PI_ASK_LOG;
			// The log holds the conversation's requests (tests read its last line); a summary request is not one.
			if (logPath && !summarizing) {
				const messages = context.messages.map((m) => ({
					role: m.role,
					text: messageText(m),
					...(m.role === "toolResult" ? { toolName: m.toolName, isError: m.isError } : {}),
					...imagesOf(m),
				}));
				const tools = process.env.PI_ASK_LOG_TOOLS ? context.tools : undefined;
				const systemPrompt = process.env.PI_ASK_LOG_TOOLS ? context.systemPrompt : undefined;
				appendFileSync(logPath, `${JSON.stringify({ step: index, messages, tools, systemPrompt })}\n`);
			}
			const content = respond(step, context);
			const message: AssistantMessage = {
				role: "assistant",
				content,
				api: model.api,
				provider: model.provider,
				model: model.id,
				usage: {
					input: 0,
					output: 0,
					cacheRead: 0,
					cacheWrite: 0,
					totalTokens: 0,
					cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
				},
				stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop",
				timestamp: Date.now(),
			};
			const answer = setTimeout(() => {
				options?.signal?.removeEventListener("abort", abort);
				stream.push({ type: "start", partial: message });
				stream.push({ type: "done", reason: message.stopReason as "stop" | "toolUse", message });
				stream.end(message);
			}, step.thinkMs ?? 0);
			// An abort (pi shutting down, the person's Ctrl+C) ends a model still thinking, as a real provider does.
			function abort() {
				clearTimeout(answer);
				const aborted: AssistantMessage = {
					...message,
					content: [],
					stopReason: "aborted",
					errorMessage: "Request was aborted",
				};
				stream.push({ type: "error", reason: "aborted", error: aborted });
				stream.end(aborted);
			}
			options?.signal?.addEventListener("abort", abort, { once: true });
			// A turn aborted before this request (between a tool's end and the next call) ends it at once, too.
			if (options?.signal?.aborted) abort();
			return stream;
		},
	});
}
