/**
 * `pi-ask-anywhere push setup [--server URL] [--detail minimal|full]`: makes a random topic and reply topic, saves
 * them in the user's settings file, and prints the ntfy app's subscribe link with a QR code.
 * `pi-ask-anywhere push listen`: follows the reply topic and writes each tap into its pending file in this folder at
 * once. `listenBeside` is the same for `pi-ask-anywhere web`.
 */

import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";
import qrcode from "qrcode-terminal";
import { writeFileAtomically } from "../ask/files.js";
import { isRecord } from "../core/json.js";
import { type Claims, createClaims } from "../pending/claims.js";
import type { GivenRecord } from "../pending/given-for-asker.js";
import type { PendingFile } from "../pending/pending-file.js";
import { currentSessionPlaces, type PendingVerdict } from "../pending/trust.js";
import { type AnswersOf, openAskStore } from "../records/store.js";
import { checkServer, hasNtfy, isPublicServer, type NtfyPushConfig, resolvePushConfig } from "./config.js";
import { pushKey } from "./key.js";
import { TAP_CACHE_SINCE } from "./live.js";
import { createNtfyClient } from "./ntfy.js";
import { listenForTaps } from "./pending-taps.js";

const PUSH_USAGE = `usage: pi-ask-anywhere push setup [--server https://ntfy.sh] [--detail minimal|full]
       pi-ask-anywhere push listen

  setup   makes a random topic (your phone subscribes to it) and a reply topic (the answer
          buttons publish to it), saves them in <agent dir>/pi-ask-user/settings.json under
          "push", and prints the ntfy app's subscribe link and a QR code. An access token for
          a protected server goes in "push.token" (or PI_ASK_USER_PUSH_TOKEN).
  listen  writes each tap on a notification's button into its pending file in this folder
          at once (pi -c then delivers it); pi-ask-anywhere web does the same.`;

function settingsPath(agentDir: string): string {
	return join(agentDir, "pi-ask-user", "settings.json");
}

function readSettings(path: string): Record<string, unknown> {
	let text: string;
	try {
		text = fs.readFileSync(path, "utf8");
	} catch {
		return {};
	}
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		throw new Error(`${path} is not valid JSON (${(error as Error).message}); fix or remove it first`);
	}
	if (!isRecord(data)) throw new Error(`${path} must hold a JSON object; fix or remove it first`);
	return data;
}

function writeSettings(path: string, data: Record<string, unknown>): void {
	fs.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
	// The file now holds the topics (and maybe an access token): readable by this user only.
	writeFileAtomically(path, `${JSON.stringify(data, null, 2)}\n`);
}

/** A topic nobody can guess: 96 random bits. */
function newTopic(prefix: string): string {
	return `${prefix}${randomBytes(12).toString("base64url")}`;
}

function setup(agentDir: string, server: string, detail: string | undefined, print: (text: string) => void): void {
	const checked = checkServer(server);
	if ("error" in checked) throw new Error(`--server: ${checked.error}`);
	if (detail !== undefined && detail !== "minimal" && detail !== "full")
		throw new Error('--detail must be "minimal" or "full"');
	const path = settingsPath(agentDir);
	const settings = readSettings(path);
	const earlier = isRecord(settings.push) ? settings.push : {};
	const push: Record<string, unknown> = {
		...earlier,
		server: checked.server,
		topic: newTopic("pi-ask-"),
		replyTopic: newTopic("pi-reply-"),
	};
	if (detail !== undefined) push.detail = detail;
	writeSettings(path, { ...settings, push });
	pushKey(agentDir);
	const host = new URL(checked.server);
	const web = `${checked.server}/${push.topic as string}`;
	const appLink = `ntfy://${host.host}${host.pathname.replace(/\/+$/, "")}/${push.topic as string}`;
	const shownDetail = (push.detail as string | undefined) ?? (isPublicServer(checked.server) ? "minimal" : "full");
	print(`saved in ${path}:`);
	print(`  server ${checked.server}, topic ${push.topic as string}, reply topic ${push.replyTopic as string}`);
	print(`subscribe in the ntfy app: ${appLink}  (or add the topic by hand, or open ${web})`);
	print(
		`detail: ${shownDetail}${shownDetail === "minimal" ? ' (only "a question is waiting"; set "detail": "full" in push for the question and answer buttons)' : ""}`,
	);
	print("The topic names are secrets: whoever knows them can read your questions or try to answer.");
	qrcode.generate(appLink, { small: true }, (drawn) => print(drawn));
}

/** What `pi-ask-anywhere push` and the web command's listener need, read the way pi reads it. */
export function pushDeps(cwd: string, env: NodeJS.ProcessEnv): ListenDeps {
	const { agentDir } = currentSessionPlaces({ argv: [], env, cwd });
	const store = openAskStore(agentDir, { argv: [], env });
	return {
		cwd,
		agentDir,
		env,
		judge: (file, folder) => store.trust(file, folder),
		heldElsewhere: createClaims().heldElsewhere,
		given: store,
		wrote: store.writtenBy("tap"),
		print: (text) => console.log(text),
		warn: (text) => process.stderr.write(`pi-ask-anywhere: ${text}\n`),
	};
}

export interface ListenDeps {
	cwd: string;
	/** The folders whose pending files taps answer (`web --all`); just `cwd` if absent. */
	folders?: () => readonly string[];
	agentDir: string;
	env: Readonly<Record<string, string | undefined>>;
	judge(file: PendingFile, folder: string): PendingVerdict;
	heldElsewhere: Claims["heldElsewhere"];
	/** This user's record of answers the person gave (records/store.ts). */
	given: GivenRecord;
	/** Records that a tap wrote answers into the person's own pi's file (the decision log names it). */
	wrote?: (file: AnswersOf) => void;
	print(text: string): void;
	warn(text: string): void;
}

/** The push settings as a pi would read them (the user's file, then the environment). */
function configFor(agentDir: string, env: ListenDeps["env"]): { config?: NtfyPushConfig; problems: string[] } {
	const path = settingsPath(agentDir);
	let settings: Record<string, unknown>;
	try {
		settings = readSettings(path);
	} catch (error) {
		// The web page keeps serving with push off, as pi does with a settings file it cannot read.
		return { problems: [(error as Error).message] };
	}
	const { config, problems } = resolvePushConfig(settings.push, env, path);
	// Taps come back only through ntfy: a `push.command` alone has nothing to listen to.
	return config && hasNtfy(config) ? { config, problems } : { problems };
}

/** Follows the reply topic beside the web page (or alone); `undefined` when push is not set up. */
export function listenBeside(deps: ListenDeps, signal: AbortSignal): Promise<void> | undefined {
	const { config, problems } = configFor(deps.agentDir, deps.env);
	for (const problem of problems) deps.warn(`push: ${problem}`);
	if (!config) return undefined;
	const { server, token } = config.ntfy;
	const client = createNtfyClient({ server, ...(token ? { token } : {}) });
	const where = deps.folders ? "every folder with questions waiting" : deps.cwd;
	deps.print(`push: applying taps from ${server} to the pending questions in ${where}`);
	return listenForTaps(
		{
			cwd: deps.cwd,
			config,
			key: pushKey(deps.agentDir),
			client,
			now: Date.now,
			warn: deps.warn,
			judge: deps.judge,
			heldElsewhere: deps.heldElsewhere,
			given: deps.given,
			...(deps.wrote ? { wrote: deps.wrote } : {}),
			...(deps.folders ? { folders: deps.folders } : {}),
		},
		signal,
		(file) => deps.print(`push: a tap answered ${relative(deps.cwd, file)}; pi -c delivers it`),
		TAP_CACHE_SINCE,
	);
}

/** `pi-ask-anywhere push …`; resolves when the command is done (listen: when stopped). */
export async function pushCommand(argv: readonly string[], deps: ListenDeps): Promise<void> {
	const { values, positionals } = parseArgs({
		args: [...argv],
		allowPositionals: true,
		options: { server: { type: "string" }, detail: { type: "string" }, help: { type: "boolean", short: "h" } },
	});
	if (values.help || positionals.length !== 1) {
		deps.print(PUSH_USAGE);
		return;
	}
	if (positionals[0] === "setup")
		return setup(deps.agentDir, values.server ?? "https://ntfy.sh", values.detail, deps.print);
	if (positionals[0] !== "listen") throw new Error(`unknown command push ${positionals.join(" ")}\n\n${PUSH_USAGE}`);
	const stop = new AbortController();
	process.on("SIGINT", () => stop.abort());
	process.on("SIGTERM", () => stop.abort());
	const listening = listenBeside(deps, stop.signal);
	if (!listening) throw new Error("no ntfy topic is set up: run pi-ask-anywhere push setup (or set PI_ASK_USER_PUSH)");
	await listening;
}
