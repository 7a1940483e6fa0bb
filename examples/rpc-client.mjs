/**
 * A small RPC client for pi with pi-ask-anywhere: spawns `pi --mode rpc`, sends one prompt, lets you answer
 * ask_user on this terminal (or from piped lines) and prints a transcript of what crossed the wire.
 *
 *   npm run build
 *   node examples/rpc-client.mjs                 # plain dialogs: select / input / confirm (any client)
 *   node examples/rpc-client.mjs --structured    # the ask_user_request / ask_user_response JSON protocol
 *   printf '1\norder-processor\n' | node examples/rpc-client.mjs
 *   node examples/rpc-client.mjs --structured --abort   # stops the run at the first question: how dialogs close
 *   node examples/rpc-client.mjs --prompt "Plan a web app; ask me first" -- --provider anthropic --model claude-sonnet-4-5
 *
 * Without pi arguments after `--` it uses the scripted model (examples/scripted-model.ts) in a temp folder,
 * so it needs no API key: the model asks the spec's example questions, then echoes what it read back.
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LOCAL_PI = join(ROOT, "node_modules/@mariozechner/pi-coding-agent/dist/cli.js");

const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const own = split >= 0 ? argv.slice(0, split) : argv;
const piExtra = split >= 0 ? argv.slice(split + 1) : [];
const structured = own.includes("--structured");
const abortAtFirstQuestion = own.includes("--abort");
const promptAt = own.indexOf("--prompt");
const prompt = promptAt >= 0 ? own[promptAt + 1] : "Set up the new service. Ask me what you need to know.";

/** pi's command line and environment: the scripted model in a temp folder, or the provider you passed. */
function piCommand() {
	const [command, base] = existsSync(LOCAL_PI) ? [process.execPath, [LOCAL_PI]] : ["pi", []];
	const env = { ...process.env };
	if (structured) env.PI_ASK_USER_RPC_PROTOCOL = "structured";
	const args = [...base, "--mode", "rpc", "-e", ROOT];
	if (piExtra.length > 0) return { command, args: [...args, ...piExtra], env, cwd: process.cwd() };
	const temp = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-rpc-client-"));
	const script = join(temp, "script.json");
	copyFileSync(join(ROOT, "examples/sdk-script.json"), script);
	Object.assign(env, { PI_ASK_SCRIPT: script, PI_CODING_AGENT_DIR: temp, PI_OFFLINE: "1" });
	const scripted = ["-e", join(ROOT, "examples/scripted-model.ts"), "--provider", "scripted", "--model", "scripted-1"];
	return { command, args: [...args, ...scripted], env, cwd: temp, temp };
}

// ------------------------------------------------------------------------------------- the person

const terminal = createInterface({ input: process.stdin });
const typed = terminal[Symbol.asyncIterator]();

/** One line from the person, `undefined` for "esc" or end of input; piped input is echoed for the transcript. */
async function ask(label) {
	process.stdout.write(`  ${label}> `);
	const { value, done } = await typed.next();
	if (!process.stdin.isTTY) process.stdout.write(done ? "(end of input)\n" : `${value}\n`);
	return done || value.trim().toLowerCase() === "esc" ? undefined : value;
}

function showChoices(options) {
	options.forEach((option, i) => {
		console.log(`    ${i + 1}. ${option}`);
	});
}

/** A number picks that choice; anything else is returned as typed; an empty line (or esc) is undefined. */
function pick(line, options) {
	if (line === undefined || line.trim() === "") return undefined;
	const n = Number(line.trim());
	return Number.isInteger(n) && n >= 1 && n <= options.length ? options[n - 1] : line.trim();
}

// ------------------------------------------------------------------------------------- the protocol

const pi = piCommand();
const child = spawn(pi.command, pi.args, { cwd: pi.cwd, env: pi.env, stdio: ["pipe", "pipe", "inherit"] });

function send(message) {
	console.log(`client → ${JSON.stringify(message)}`);
	child.stdin.write(`${JSON.stringify(message)}\n`);
}

/**
 * Dialogs pi asked for that this client still shows, by request id. pi's RPC cannot withdraw a dialog, so a client
 * closes its open dialogs itself when the ask is over: at `tool_execution_end` of ask_user, at `agent_end`, and (in
 * the structured protocol) at an `ask_user_closed` notice for the request's id.
 */
const openDialogs = new Map();

function closeDialogs(why, which = () => true) {
	for (const [id, request] of openDialogs) {
		if (!which(request)) continue;
		console.log(`client: closes the dialog "${request.title}" (${why})`);
		openDialogs.delete(id);
	}
}

/** The structured protocol's notice, when a notify message is one. */
function closedNotice(message) {
	try {
		const notice = JSON.parse(message);
		return notice?.type === "ask_user_closed" ? notice : undefined;
	} catch {
		return undefined;
	}
}

function reply(request, answer) {
	// The person answered a dialog that was closed meanwhile: pi no longer waits for it.
	if (!openDialogs.delete(request.id)) return;
	if (answer === undefined) send({ type: "extension_ui_response", id: request.id, cancelled: true });
	else if (typeof answer === "boolean") send({ type: "extension_ui_response", id: request.id, confirmed: answer });
	else send({ type: "extension_ui_response", id: request.id, value: answer });
}

/** Any client: answer each standard dialog. */
async function answerDialog(request) {
	console.log(`pi → ${request.method}: ${request.title}`);
	if (request.method === "select") {
		showChoices(request.options);
		return reply(request, pick(await ask("number or text, esc to cancel"), request.options));
	}
	if (request.method === "confirm") {
		console.log(`    ${request.message}`);
		const line = await ask("y/n, esc to cancel");
		return reply(request, line === undefined ? undefined : /^y/i.test(line.trim()));
	}
	const line = await ask(request.method === "input" ? "text (empty to skip), esc to cancel" : "text, esc to cancel");
	return reply(request, line);
}

/** A structured client: read the ask_user_request, show its questions its own way, send ask_user_response. */
async function answerStructured(request) {
	const askRequest = JSON.parse(request.prefill);
	console.log(`pi → editor "${request.title}": ${request.prefill}`);
	if (askRequest.error) console.log(`  (the previous response was rejected: ${askRequest.error})`);
	const answers = [];
	for (const question of askRequest.questions) {
		console.log(`  ${question.header ? `${question.header}: ` : ""}${question.question}`);
		const labels = (question.options ?? []).map((o) => o.label);
		showChoices((question.options ?? []).map((o) => (o.description ? `${o.label} — ${o.description}` : o.label)));
		const line = await ask(`${labels.length ? "number(s) or your own text" : "text"} (empty to skip), esc to cancel`);
		if (line === undefined) {
			return reply(
				request,
				JSON.stringify({ type: "ask_user_response", requestId: askRequest.requestId, cancelled: true }),
			);
		}
		const parts = question.multiSelect ? line.split(",").map((part) => pick(part, labels)) : [pick(line, labels)];
		const given = parts.filter((part) => part !== undefined);
		const picked = given.length === 0 ? null : question.multiSelect ? given : given[0];
		answers.push(picked);
	}
	reply(request, JSON.stringify({ type: "ask_user_response", requestId: askRequest.requestId, answers }));
}

let queue = Promise.resolve();
const events = createInterface({ input: child.stdout });
events.on("line", (text) => {
	const event = JSON.parse(text);
	if (event.type === "extension_ui_request") {
		if (event.method === "notify") {
			console.log(`pi → notify (${event.notifyType ?? "info"}): ${event.message}`);
			const notice = closedNotice(event.message);
			if (notice) {
				closeDialogs(`ask_user_closed: ${notice.reason}`, (request) => request.requestId === notice.requestId);
			}
		} else if (["select", "input", "confirm", "editor"].includes(event.method)) {
			const isRequest = structured && event.title === "ask_user_request";
			openDialogs.set(event.id, isRequest ? { ...event, requestId: JSON.parse(event.prefill).requestId } : event);
			if (abortAtFirstQuestion) {
				// The person stops the run instead of answering; pi ends the ask and the client closes the dialog.
				console.log(`pi → ${event.method}: ${event.title}`);
				send({ type: "abort" });
				return;
			}
			const handle = isRequest ? answerStructured : answerDialog;
			// A dialog closed while an earlier one was being answered is never shown.
			queue = queue.then(() => (openDialogs.has(event.id) ? handle(event) : undefined));
		}
	} else if (event.type === "tool_execution_end" && event.toolName === "ask_user") {
		// The first text block is exactly the AskUserResult JSON; a second one (if any) is a sentence for the model.
		console.log(`pi → ask_user result: ${event.result.content[0].text}`);
		closeDialogs("the ask_user call ended");
	} else if (event.type === "message_end" && event.message.role === "assistant") {
		const text = event.message.content.filter((c) => c.type === "text").map((c) => c.text);
		if (text.length > 0) console.log(`pi → assistant: ${text.join("\n")}`);
	} else if (event.type === "agent_end") {
		closeDialogs("the run ended");
		child.stdin.end();
	} else if (event.type === "response" && !event.success) {
		console.log(`pi → error: ${event.error}`);
	}
});
child.on("exit", (code) => {
	terminal.close();
	if (pi.temp) rmSync(pi.temp, { recursive: true, force: true });
	process.exitCode = code ?? 1;
});

send({ type: "prompt", message: prompt });
