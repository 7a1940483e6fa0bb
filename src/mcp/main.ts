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
