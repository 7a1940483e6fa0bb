#!/usr/bin/env node
/**
 * The `pi-ask-anywhere` bin: `pi-ask-anywhere web` starts the answering page (see server.ts), `pi-ask-anywhere mcp`
 * the MCP server (src/mcp/main.ts), `pi-ask-anywhere log` prints the decision log (./log-command.ts). Wiring only: arguments, the page's files, the trust rule's inputs, and what is
 * printed.
 */
import { readFileSync } from "node:fs";
import { networkInterfaces } from "node:os";
import qrcode from "qrcode-terminal";
import { selfIdentity } from "../host/process-identity.js";
import { languageFromEnv } from "../i18n/languages.js";
import { useLanguage } from "../i18n/words.js";
import { currentSessionPlaces } from "../pending/trust.js";
import { listenBeside, pushCommand, pushDeps } from "../push/cli.js";
import { writeWebAddress } from "../push/web-address.js";
import { openAskStore, userFacts } from "../records/store.js";
import { isLoopbackHost } from "../remote/config.js";
import { newSecret } from "./access.js";
import { inboxFolders } from "./inbox-folders.js";
import { keptToken, writeKeptToken } from "./kept-token.js";
import {
	chooseDecisions,
	formatDecisionLines,
	formatDecisionTable,
	LOG_USAGE,
	parseLogCommand,
} from "./log-command.js";
import { type Asset, startWebServer } from "./server.js";
import { SIGN_IN_LIFETIME_MS } from "./sign-in.js";
import { parseCommand, USAGE } from "./web-command.js";

const LIFETIME_MINUTES = SIGN_IN_LIFETIME_MS / 60_000;

const PAGE_FILES: readonly [string, string, string][] = [
	["/", "index.html", "text/html; charset=utf-8"],
	["/app.js", "app.js", "text/javascript; charset=utf-8"],
	["/app.css", "app.css", "text/css; charset=utf-8"],
];

/** The page's files, next to this file once built (dist/web/). */
function loadAssets(): Map<string, Asset> {
	const folder = new URL("./web/", import.meta.url);
	return new Map(
		PAGE_FILES.map(([path, name, type]) => [path, { type, body: readFileSync(new URL(name, folder)) }] as const),
	);
}

/** An address of this machine another device can reach, for the printed page address when bound to all. */
function networkAddress(): string | undefined {
	for (const addresses of Object.values(networkInterfaces())) {
		const found = addresses?.find((address) => address.family === "IPv4" && !address.internal);
		if (found) return found.address;
	}
	return undefined;
}

/** `pi-ask-anywhere log`: the decision log, in the language pi would speak here. */
async function printDecisions(argv: readonly string[]): Promise<void> {
	const cwd = process.cwd();
	const command = parseLogCommand(argv, cwd, Date.now());
	if (command === "help") {
		console.log(LOG_USAGE);
		return;
	}
	const { agentDir } = currentSessionPlaces({ argv: [], env: process.env, cwd });
	const decisions = chooseDecisions(userFacts(agentDir), command);
	if (command.json) {
		if (decisions.length > 0) console.log(formatDecisionLines(decisions));
		return;
	}
	const { cli } = await useLanguage(languageFromEnv(process.env));
	console.log(formatDecisionTable(decisions, cli.log));
}

async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	if (argv[0] === "mcp") {
		// Its own file, loaded only for this command: the MCP SDK stays out of `web` (and of the pi extension).
		const mcp: typeof import("../mcp/main.js") = await import(new URL("./mcp/main.mjs", import.meta.url).href);
		return mcp.runMcp(argv.slice(1));
	}
	if (argv[0] === "push") return pushCommand(argv.slice(1), pushDeps(process.cwd(), process.env));
	if (argv[0] === "log") return printDecisions(argv.slice(1));
	const command = parseCommand(argv);
	if (command.kind === "help") {
		console.log(USAGE);
		return;
	}
	const cwd = process.cwd();
	const { agentDir } = currentSessionPlaces({ argv: [], env: process.env, cwd });
	const records = openAskStore(agentDir);
	const agentToken = process.env.PI_ASK_USER_REMOTE_TOKEN?.trim() || undefined;
	const kept = command.keepToken ? keptToken(agentDir) : undefined;
	const pageToken = kept?.token ?? newSecret();
	const everywhere = command.host === "0.0.0.0" || command.host === "::";
	const agentHost = everywhere || isLoopbackHost(command.host) ? "127.0.0.1" : command.host;
	const pageHost = everywhere ? (networkAddress() ?? command.host) : command.host;
	const bracket = (host: string): string => (host.includes(":") ? `[${host}]` : host);
	let port = command.port;
	const pageUrl = (code: string): string => `http://${bracket(pageHost)}:${port}/?token=${code}`;
	const printAddress = (code: string): void => {
		console.log(`open: ${pageUrl(code)}`);
		if (command.qr) qrcode.generate(pageUrl(code), { small: true }, (drawn) => console.log(drawn));
	};
	const all = command.all ? inboxFolders(records.facts) : undefined;
	const server = await startWebServer({
		host: command.host,
		port: command.port,
		cwd,
		...(all ? { all } : {}),
		pageToken,
		...(agentToken ? { agentToken } : {}),
		assets: loadAssets(),
		// The same verdict pi acts on: a copied or restored file, or one already answered, is not this user's to answer.
		judge: (file, folder) => records.trust(file, folder),
		given: records,
		writtenByPage: records.writtenBy("page"),
		onSignInCode(code, why, secret) {
			if (why === "used")
				console.log(`A browser signed in. For another one (works once, within ${LIFETIME_MINUTES} min):`);
			else if (why === "expired") console.log("Someone opened an address that had expired. A new one:");
			else {
				console.log("Every browser was signed out. A new address:");
				try {
					if (kept) writeKeptToken(kept.path, secret);
				} catch (error) {
					console.log(
						`warning: could not replace ${kept?.path} (${(error as Error).message}): delete it, or a restart signs the old browsers in again`,
					);
				}
			}
			printAddress(code);
		},
		// The error's kind only: its message may quote the request's URL, which may hold the page token.
		onListenerFailure: (error) =>
			process.stderr.write(
				`pi-ask-anywhere web: refused a request it could not handle (${error instanceof Error ? error.name : typeof error}); still serving\n`,
			),
	});
	port = server.port;
	console.log(`agent: ws://${bracket(agentHost)}:${server.port}/agent`);
	console.log(`open: ${pageUrl(server.signInCode())}`);
	console.log(
		`  (the address signs in one browser, within ${LIFETIME_MINUTES} min; then a new one is printed here. A page's "Sign out every browser" makes a new one too.)`,
	);
	if (!isLoopbackHost(command.host)) {
		console.log(
			`warning: listening on ${command.host}: anyone on your network who has the page address can answer; the page is plain http (use a trusted network)${agentToken ? "" : ", and agents need no token (set PI_ASK_USER_REMOTE_TOKEN)"}`,
		);
	}
	if (kept) {
		console.log(
			`token: kept in ${kept.path}${kept.renewed === undefined ? "" : ` (new: ${kept.renewed})`}; signed-in pages reconnect after a restart. Delete the file (or sign out every browser) for a new token.`,
		);
	}
	console.log(
		command.all
			? "folders: every folder where you have questions waiting (from your fact log), newest first"
			: `folder: ${cwd} (its pending questions are listed too)`,
	);
	console.log(`Tell pi: PI_ASK_USER_REMOTE_URL=ws://${bracket(agentHost)}:${server.port}/agent pi …   Ctrl+C stops.`);
	if (command.qr) qrcode.generate(pageUrl(server.signInCode()), { small: true }, (drawn) => console.log(drawn));
	// Taps on the phone's notification buttons are written into this folder's pending files at once (src/push/).
	const stopPush = new AbortController();
	// With --all, into the pending files of every folder the page serves.
	void listenBeside({ ...pushDeps(cwd, process.env), ...(all ? { folders: all.list } : {}) }, stopPush.signal);
	// The notifications' "Open" button opens this page: its bare address, never the sign-in code.
	let removeAddress = (): void => {};
	try {
		removeAddress = writeWebAddress(agentDir, {
			url: `http://${bracket(pageHost)}:${server.port}/`,
			folders: command.all ? [] : [cwd],
			...(command.all ? { all: true as const } : {}),
			...selfIdentity(),
		});
	} catch (error) {
		console.log(`warning: notifications will have no Open button (${(error as Error).message})`);
	}
	const stop = (): void => {
		stopPush.abort();
		try {
			removeAddress();
		} catch {
			// Left behind, it names a process that no longer runs: push gives it no button, and removes it.
		}
		void server.close().then(() => process.exit(0));
	};
	process.on("SIGINT", stop);
	process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
	process.stderr.write(`pi-ask-anywhere: ${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
