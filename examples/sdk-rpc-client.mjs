/**
 * pi's own `RpcClient` (from `@mariozechner/pi-coding-agent`) driving ask_user with the structured protocol.
 * RpcClient has no public method to answer a dialog (`extension_ui_response`): this example writes that one line
 * to the child's stdin itself — a WORKAROUND that relies on RpcClient's private `process` field, checked at start
 * so that a pi release that renames it fails loudly here instead of hanging.
 *
 *   npm run build
 *   printf '2\norder-processor\n' | node examples/sdk-rpc-client.mjs
 *
 * It uses the scripted model (examples/scripted-model.ts) in a temp folder, so it needs no API key.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { RpcClient } from "@mariozechner/pi-coding-agent";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const temp = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-sdk-rpc-client-"));
const script = join(temp, "script.json");
copyFileSync(join(ROOT, "examples/sdk-script.json"), script);

const client = new RpcClient({
	cliPath: join(ROOT, "node_modules/@mariozechner/pi-coding-agent/dist/cli.js"),
	cwd: temp,
	env: {
		PI_ASK_USER_RPC_PROTOCOL: "structured",
		PI_ASK_SCRIPT: script,
		PI_CODING_AGENT_DIR: join(temp, ".agent"),
		PI_OFFLINE: "1",
	},
	provider: "scripted",
	model: "scripted-1",
	args: ["-e", join(ROOT, "examples/scripted-model.ts"), "-e", ROOT],
});

/** The workaround: one `extension_ui_response` line on pi's stdin (RpcClient offers no method for it). */
function respond(id, value) {
	// biome-ignore lint/complexity/useLiteralKeys: a private field, on purpose; see the header.
	const stdin = client["process"]?.stdin;
	if (!stdin) throw new Error("RpcClient changed: no child process to answer the dialog on");
	stdin.write(`${JSON.stringify({ type: "extension_ui_response", id, value })}\n`);
}

const terminal = createInterface({ input: process.stdin });
const lines = terminal[Symbol.asyncIterator]();
async function readLine(label) {
	process.stdout.write(`  ${label}> `);
	const { value, done } = await lines.next();
	if (!process.stdin.isTTY) process.stdout.write(done ? "(end of input)\n" : `${value}\n`);
	return done ? "" : value.trim();
}

/** The app's own card for an ask_user_request: a number picks an option, anything else is the person's text. */
async function answer(request) {
	const answers = [];
	for (const question of request.questions) {
		const labels = (question.options ?? []).map((o) => o.label);
		console.log(`app: ${question.question} ${labels.map((label, i) => `[${i + 1}] ${label}`).join(" ")}`);
		const line = await readLine("answer (empty skips)");
		const n = Number(line);
		answers.push(line === "" ? null : (labels[n - 1] ?? line));
	}
	return { type: "ask_user_response", requestId: request.requestId, answers };
}

let done;
const finished = new Promise((resolve) => {
	done = resolve;
});
client.onEvent((event) => {
	// RpcClient passes every line that is not a command response to its listeners, dialogs included.
	if (event.type === "extension_ui_request" && event.method === "editor" && event.title === "ask_user_request") {
		void answer(JSON.parse(event.prefill)).then((response) => respond(event.id, JSON.stringify(response)));
	} else if (event.type === "extension_ui_request" && event.method === "notify") {
		console.log(`app: notify (${event.notifyType ?? "info"}): ${event.message}`);
	} else if (event.type === "tool_execution_end" && event.toolName === "ask_user") {
		console.log(`app: ask_user result: ${event.result.content[0].text}`);
	} else if (event.type === "agent_end") {
		done();
	}
});

await client.start();
// biome-ignore lint/complexity/useLiteralKeys: the same check as in respond(), before anything is asked.
if (!client["process"]?.stdin) throw new Error("RpcClient changed: no child process to answer dialogs on");
await client.prompt("Set up the new service. Ask me what you need to know.");
await finished;
console.log(`app: assistant: ${await client.getLastAssistantText()}`);
await client.stop();
terminal.close();
rmSync(temp, { recursive: true, force: true });
