#!/usr/bin/env node
/**
 * The `pi-ask-anywhere` bin: `mcp` goes straight to the MCP server's small entry (./main.ts), every other command to
 * the web command's bin (src/web/cli.ts). It imports nothing else: an MCP client waits for the server's handshake,
 * and `codex exec` drops a server that takes longer than about half a second.
 */
const argv = process.argv.slice(2);
if (argv[0] === "mcp") {
	try {
		const mcp: typeof import("./main.js") = await import(new URL("./mcp/main.mjs", import.meta.url).href);
		await mcp.runMcp(argv.slice(1));
	} catch (error) {
		process.stderr.write(`pi-ask-anywhere: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	}
} else await import(new URL("./cli.mjs", import.meta.url).href);
