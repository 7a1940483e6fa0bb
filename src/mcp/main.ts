/**
 * `pi-ask-anywhere mcp`'s entry, small on purpose: it reads the command line and, on stdio, answers the client's
 * handshake and tool list at once (./stdio-front.ts) while the MCP SDK and what an ask needs (./serve.ts) load only
 * after that. Built as its own file; the bin loads it only for this command.
 */
import { readFileSync } from "node:fs";
import { MCP_USAGE, parseMcpCommand } from "./args.js";
import type * as Serve from "./serve.js";
import { createStdioFront } from "./stdio-front.js";
import { SERVER_CAPABILITIES, SERVER_INSTRUCTIONS, SERVER_NAME, toolList } from "./tools.js";

function packageVersion(): string {
	try {
		const data: unknown = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
		const version = (data as { version?: unknown }).version;
		return typeof version === "string" ? version : "0.0.0";
	} catch {
		return "0.0.0";
	}
}

/**
 * The MCP SDK is an optional peer dependency (a pi user never downloads it): an agent's user gets it with the server
 * in one line. Said before anything is answered, so that a client never sees a server that fails at its first call.
 */
export const SDK_MISSING =
	"pi-ask-anywhere mcp needs @modelcontextprotocol/sdk installed beside pi-ask-anywhere (an optional peer " +
	"dependency, so that pi users do not download it). Start the server with " +
	"`npx -y -p pi-ask-anywhere -p @modelcontextprotocol/sdk pi-ask-anywhere mcp`, or run " +
	"`npm install @modelcontextprotocol/sdk` where pi-ask-anywhere is installed (docs/mcp.md).";

/** Whether the SDK resolves from this package (resolved, not loaded: loading it is what the stdio front defers). */
function sdkInstalled(): boolean {
	try {
		import.meta.resolve("@modelcontextprotocol/sdk/server/index.js");
		return true;
	} catch {
		return false;
	}
}

/** The SDK side, built beside this file (dist/mcp/serve.mjs). */
function loadServe(): Promise<typeof Serve> {
	return import(new URL("./serve.mjs", import.meta.url).href);
}

function fail(error: unknown): never {
	process.stderr.write(`pi-ask-anywhere mcp: ${(error as Error).stack ?? String(error)}\n`);
	process.exit(1);
}

/** Runs `pi-ask-anywhere mcp` with the arguments after `mcp`. */
export async function runMcp(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
	const command = parseMcpCommand(argv, env);
	if (command.kind === "help") {
		process.stdout.write(`${MCP_USAGE}\n`);
		return;
	}
	if (!sdkInstalled()) {
		process.stderr.write(`${SDK_MISSING}\n`);
		process.exit(1);
	}
	const version = packageVersion();
	if (command.http) {
		const serve = await loadServe();
		return serve.serveHttp(command, command.http, env, version);
	}
	const answers = {
		serverInfo: { name: SERVER_NAME, version },
		capabilities: SERVER_CAPABILITIES,
		instructions: SERVER_INSTRUCTIONS,
		tools: toolList(command.askTool),
	};
	const front = createStdioFront(
		answers,
		{ input: process.stdin, output: process.stdout },
		{
			needed: () => {
				loadServe()
					.then((serve) => serve.serveStdio(command, env, version, front))
					.catch(fail);
			},
			ended: () => process.exit(0),
		},
	);
}
