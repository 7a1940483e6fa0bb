#!/usr/bin/env node
/**
 * A minimal remote-answering backend for pi-ask-anywhere (plain Node + ws): it shows the agent's questions in
 * this terminal and sends back what you type, speaking the `ask_user_question` / `hook.ask_user_answer`
 * protocol.
 *
 * Try it with two terminals:
 *   1. node examples/remote-backend.mjs --port 8787
 *   2. PI_ASK_USER_REMOTE_URL=ws://127.0.0.1:8787 pi "ask me which database to use"
 *
 * For each question type an option number (several, comma-separated, for multi-select), or any other text
 * as a free-text answer; an empty line skips the question; /dismiss dismisses the whole batch.
 * When the agent lists "answer-arrays" in the question's `extensions`, multi-select picks travel as an exact
 * array of labels; otherwise as the plain Whimmy protocol's comma-separated string. An `ask_user_closed` event (the question
 * was answered in the terminal, aborted or timed out) drops the question here.
 * If PI_ASK_USER_REMOTE_TOKEN is set here too, connections without that Bearer token are refused.
 * Options: --port N (default 8787; 0 picks a free port), --host H (default 127.0.0.1).
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { WebSocketServer } from "ws";

const { values: args } = parseArgs({
	options: { port: { type: "string", default: "8787" }, host: { type: "string", default: "127.0.0.1" } },
});
const expectedToken = process.env.PI_ASK_USER_REMOTE_TOKEN;

/** Text from the agent is shown in this terminal, so escape sequences and control characters never pass. */
function clean(text) {
	let shown = "";
	/** "" outside an escape sequence; "esc" just after ESC; "csi" / "osc" inside one. */
	let state = "";
	for (const char of String(text ?? "")) {
		const code = char.codePointAt(0) ?? 0;
		if (state === "esc") state = char === "[" ? "csi" : char === "]" ? "osc" : "";
		else if (state === "csi") state = code >= 0x40 && code <= 0x7e ? "" : "csi";
		else if (state === "osc") state = code === 0x07 ? "" : code === 0x1b ? "esc" : "osc";
		else if (code === 0x1b) state = "esc";
		else if (char === "\n" || (code >= 0x20 && code !== 0x7f && (code < 0x80 || code > 0x9f))) shown += char;
	}
	return shown;
}

const terminal = createInterface({ input: process.stdin, output: process.stdout });
/** Lines typed before they are asked for are kept, so pasted or piped answers are not lost. */
const typedLines = [];
const lineWaiters = [];
terminal.on("line", (line) => {
	const waiter = lineWaiters.shift();
	if (waiter) waiter(line);
	else typedLines.push(line);
});

function readAnswer(prompt) {
	process.stdout.write(prompt);
	const typed = typedLines.shift();
	return typed !== undefined ? Promise.resolve(typed) : new Promise((resolve) => lineWaiters.push(resolve));
}

/** Question batches wait here so that only one is asked at a time. */
const queue = [];
let busy = false;

/** Question ids the agent closed (`ask_user_closed`): their answers are no longer wanted. */
const closedIds = new Set();

async function askBatch({ socket, event }) {
	if (closedIds.has(event.questionId)) return;
	const exactArrays = Array.isArray(event.extensions) && event.extensions.includes("answer-arrays");
	console.log(`\n— ${clean(event.agentId)} asks (session ${clean(event.sessionKey)}):`);
	const answers = {};
	for (const q of event.questions ?? []) {
		console.log(`\n${q.header ? `[${clean(q.header)}] ` : ""}${clean(q.question)}`);
		const options = q.options ?? [];
		options.forEach((option, i) => {
			const description = option.description ? ` — ${clean(option.description)}` : "";
			console.log(`  ${i + 1}. ${clean(option.label)}${description}`);
			if (option.markdown) console.log(clean(option.markdown).replace(/^/gm, "       │ "));
		});
		const hint = options.length === 0 ? "text" : q.multiSelect ? "numbers like 1,3, or text" : "a number, or text";
		const line = (await readAnswer(`answer (${hint}; empty skips; /dismiss): `)).trim();
		if (socket.readyState !== socket.OPEN) {
			console.log("(the agent disconnected; answer not sent)");
			return;
		}
		if (closedIds.has(event.questionId)) {
			console.log("(closed by the agent; answer not sent)");
			return;
		}
		if (line === "/dismiss") {
			socket.send(
				JSON.stringify({ type: "hook.ask_user_answer", payload: { questionId: event.questionId, answers: {} } }),
			);
			console.log("dismissed");
			return;
		}
		if (line === "") continue;
		const picks = line.split(",").map((part) => part.trim());
		const labels = picks.map((pick) => options[Number(pick) - 1]?.label);
		const allNumbers = picks.every((pick) => /^\d+$/.test(pick)) && labels.every((label) => label !== undefined);
		// Picked labels: an exact array when the agent accepts one, else the plain Whimmy protocol's comma-separated string.
		const picked = q.multiSelect && exactArrays ? labels : labels.join(", ");
		answers[q.question] = allNumbers && (q.multiSelect || labels.length === 1) ? picked : line;
	}
	socket.send(JSON.stringify({ type: "hook.ask_user_answer", payload: { questionId: event.questionId, answers } }));
	console.log("sent");
}

async function drainQueue() {
	if (busy) return;
	busy = true;
	while (queue.length > 0) await askBatch(queue.shift());
	busy = false;
}

const server = new WebSocketServer({
	host: args.host,
	port: Number(args.port),
	verifyClient: ({ req }) => !expectedToken || req.headers.authorization === `Bearer ${expectedToken}`,
});

server.on("listening", () => {
	const { address, port } = server.address();
	console.log(`remote-backend listening on ws://${address}:${port}`);
});

server.on("connection", (socket) => {
	console.log("agent connected");
	socket.on("close", () => console.log("agent disconnected"));
	socket.on("message", (data, isBinary) => {
		if (isBinary) return;
		let frame;
		try {
			frame = JSON.parse(String(data));
		} catch {
			return;
		}
		if (frame?.type !== "event" || !frame.payload?.payload) return;
		const event = frame.payload.payload;
		if (frame.payload.event === "ask_user_question") {
			queue.push({ socket, event });
			void drainQueue();
		} else if (frame.payload.event === "ask_user_closed" && typeof event.questionId === "string") {
			closedIds.add(event.questionId);
			console.log(`\n(question closed by the agent: ${clean(event.reason)})`);
		}
	});
});

terminal.on("close", () => {
	server.close();
	for (const client of server.clients) client.terminate();
});
