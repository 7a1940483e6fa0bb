/**
 * An app that embeds pi in-process (pi's SDK, `createAgentSession`) and answers ask_user through its own UI
 * context: no terminal UI, no RPC process. Here "the app's UI" reads the person's answers from this terminal (or
 * from piped lines), one line per question; a real app would show its own cards and return what was clicked.
 *
 *   npm run build
 *   node examples/sdk-app.mjs                                  # structured: ask_user_request → ask_user_response
 *   node examples/sdk-app.mjs --plain                          # pi's plain select / input / confirm dialogs
 *   node examples/sdk-app.mjs --plain --themes                 # an app that lists its own themes (same dialogs)
 *   printf '2\norder-processor\n' | node examples/sdk-app.mjs
 *   node examples/sdk-app.mjs --model anthropic/claude-sonnet-4-5 --prompt "Plan a web app; ask me first"
 *
 * Without --model it uses the scripted model (examples/scripted-model.ts) in a temp folder, so it needs no API
 * key: the model asks the spec's example questions, then echoes what it read back.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
// The package itself, by name (Node resolves a package's own name through its "exports").
import askUser from "pi-ask-anywhere";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * pi, by the name this app installed it under: `@earendil-works/pi-coding-agent` (0.74 and later) or
 * `@mariozechner/pi-coding-agent` (0.73.1). pi 1.x cannot be imported by name (its dependencies are bundled):
 * an app imports its `dist/bundle/index.js`, and loads this package through pi (`additionalExtensionPaths`).
 */
async function importPi() {
	for (const name of ["@earendil-works/pi-coding-agent", "@mariozechner/pi-coding-agent"]) {
		try {
			return { pi: await import(name), bundled: false };
		} catch {}
	}
	const bundle = join(ROOT, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/index.js");
	if (!existsSync(bundle)) throw new Error("pi is not installed: npm install @earendil-works/pi-coding-agent");
	return { pi: await import(pathToFileURL(bundle).href), bundled: true };
}
const { pi, bundled } = await importPi();
const { createAgentSession, DefaultResourceLoader, getAgentDir, SessionManager } = pi;
const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const structured = !argv.includes("--plain");
/** `--themes`: the app lists a theme of its own, as a real app may (pi 0.73.1 cannot tell it from its TUI then). */
const listsThemes = argv.includes("--themes");
const modelName = option("--model");
const prompt = option("--prompt") ?? "Set up the new service. Ask me what you need to know.";

// ------------------------------------------------------------------------------------- the person

const terminal = createInterface({ input: process.stdin });
const typed = terminal[Symbol.asyncIterator]();

/** One line from the person; `undefined` for "esc" or the end of input. Piped input is echoed. */
async function readLine(label) {
	process.stdout.write(`  ${label}> `);
	const { value, done } = await typed.next();
	if (!process.stdin.isTTY) process.stdout.write(done ? "(end of input)\n" : `${value}\n`);
	return done || value.trim().toLowerCase() === "esc" ? undefined : value;
}

/** A number picks that choice; anything else is the person's own text; an empty line is `undefined`. */
function pick(line, choices) {
	if (line === undefined || line.trim() === "") return undefined;
	const n = Number(line.trim());
	return Number.isInteger(n) && n >= 1 && n <= choices.length ? choices[n - 1] : line.trim();
}

// ------------------------------------------------------------------------------------- the app's UI context

/**
 * The structured protocol: pi-ask-anywhere sends its ask_user_request as the prefill of an `editor` dialog titled
 * "ask_user_request"; the app answers with an ask_user_response. Typed text stays one answer (an array entry is
 * exact); a note can ride along as `{ "answer": …, "note": … }`.
 */
async function answerRequest(request) {
	const answers = [];
	for (const question of request.questions) {
		console.log(`app: ${question.header ? `${question.header}: ` : ""}${question.question}`);
		const labels = (question.options ?? []).map((o) => o.label);
		labels.forEach((label, i) => {
			console.log(`    ${i + 1}. ${label}`);
		});
		const line = await readLine(labels.length > 0 ? "number or your own text (empty skips)" : "text (empty skips)");
		if (line === undefined) return { type: "ask_user_response", requestId: request.requestId, cancelled: true };
		const answer = pick(line, labels);
		answers.push(answer === undefined ? null : question.multiSelect ? [answer] : answer);
	}
	return { type: "ask_user_response", requestId: request.requestId, answers };
}

/** The UI context pi hands to extensions. Only the dialogs and notify matter to ask_user; the rest do nothing. */
function appUi() {
	return {
		async editor(title, prefill) {
			if (title !== "ask_user_request") return undefined;
			const request = JSON.parse(prefill ?? "{}");
			if (request.error) console.log(`app: the previous response was rejected: ${request.error}`);
			return JSON.stringify(await answerRequest(request));
		},
		async select(title, options) {
			console.log(`app: ${title}`);
			options.forEach((row, i) => {
				console.log(`    ${i + 1}. ${row}`);
			});
			return pick(await readLine("number or text"), options);
		},
		async input(title) {
			console.log(`app: ${title}`);
			return readLine("text");
		},
		async confirm(title, message) {
			console.log(`app: ${title} ${message}`);
			const line = await readLine("y/n");
			return line !== undefined && /^y/i.test(line.trim());
		},
		notify(message, type) {
			// In the structured protocol an `ask_user_closed` notice means: close the card of that requestId.
			console.log(`app: notify (${type ?? "info"}): ${message}`);
		},
		// No terminal: custom components show nothing, and ask_user uses the dialogs above — also when the app lists
		// themes of its own (then pi 0.73.1 takes it for its TUI, and ask_user falls back to the plain dialogs).
		getAllThemes: () => (listsThemes ? [{ name: "app-dark", path: undefined }] : []),
		getTheme: () => undefined,
		setTheme: () => ({ success: false, error: "no themes in this app" }),
		async custom() {
			return undefined;
		},
		onTerminalInput: () => () => {},
		setStatus() {},
		setWorkingMessage() {},
		setWorkingVisible() {},
		setWorkingIndicator() {},
		setHiddenThinkingLabel() {},
		setWidget() {},
		setFooter() {},
		setHeader() {},
		setTitle() {},
		pasteToEditor() {},
		setEditorText() {},
		getEditorText: () => "",
		addAutocompleteProvider() {},
		setEditorComponent() {},
		getEditorComponent: () => undefined,
		getToolsExpanded: () => false,
		setToolsExpanded() {},
	};
}

// ------------------------------------------------------------------------------------- pi, in-process

if (structured) process.env.PI_ASK_USER_RPC_PROTOCOL = "structured";
let cwd = process.cwd();
let agentDir = getAgentDir();
const extensionPaths = [];
if (!modelName) {
	// The scripted model in a temp folder: no API key, no network, never touches ~/.pi.
	cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-sdk-app-"));
	agentDir = join(cwd, ".agent");
	// The model's script (the spec's example questions); a copy, because the model keeps its place next to it.
	const script = join(cwd, "script.json");
	copyFileSync(join(ROOT, "examples/sdk-script.json"), script);
	Object.assign(process.env, { PI_ASK_SCRIPT: script, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1" });
	extensionPaths.push(join(ROOT, "examples/scripted-model.ts"));
}

// pi 1.x: this package by its folder, so that pi's loader hands it pi's modules; otherwise the imported factory.
const packageDir = dirname(dirname(dirname(fileURLToPath(import.meta.resolve("pi-ask-anywhere")))));
const resourceLoader = new DefaultResourceLoader({
	cwd,
	agentDir,
	additionalExtensionPaths: bundled ? [...extensionPaths, packageDir] : extensionPaths,
	extensionFactories: bundled ? [] : [askUser],
});
await resourceLoader.reload();
const { session } = await createAgentSession({
	cwd,
	agentDir,
	resourceLoader,
	sessionManager: SessionManager.inMemory(),
});
// Binding the UI context starts the extensions (session_start); providers they register become usable now.
await session.bindExtensions({ uiContext: appUi(), onError: (error) => console.error("extension error:", error) });
const [provider, id] = modelName ? modelName.split("/") : ["scripted", "scripted-1"];
// pi 1.x renamed the session's modelRegistry to modelRuntime (getModel).
const model = session.modelRuntime?.getModel(provider, id) ?? session.modelRegistry.find(provider, id);
if (!model) throw new Error(`unknown model ${provider}/${id}`);
await session.setModel(model);

session.subscribe((event) => {
	if (event.type === "tool_execution_end" && event.toolName === "ask_user") {
		// The first text block is exactly the AskUserResult JSON; a second one (if any) is a sentence for the model.
		console.log(`app: ask_user result: ${event.result.content[0].text}`);
	} else if (event.type === "message_end" && event.message.role === "assistant") {
		const text = event.message.content.filter((c) => c.type === "text").map((c) => c.text);
		if (text.length > 0) console.log(`app: assistant: ${text.join("\n")}`);
	}
});

await session.prompt(prompt);
session.dispose();
terminal.close();
if (!modelName) rmSync(cwd, { recursive: true, force: true });
