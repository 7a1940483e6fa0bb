/**
 * `pi-ask-anywhere mcp`'s command line, pure. There is no option that takes a token: a token on a command line
 * leaks through `ps` (the HTTP token comes from PI_ASK_USER_MCP_TOKEN, or a new one is made and printed).
 */
import { parseArgs } from "node:util";

export const MCP_USAGE = `usage: pi-ask-anywhere mcp [--http] [--port 8788] [--host 127.0.0.1] [--web URL|off] [--folder DIR]
                        [--return-after SECONDS] [--quickest-reply SECONDS] [--ask-tool NAME]

  An MCP server offering ask_user (and ask_user_wait) to any agent: Claude Code, Codex, Cursor, Gemini CLI, ...
  The person answers in the client's own dialog (MCP elicitation), on the pi-ask-anywhere web page, or in the
  project's .pi/pending-questions.json; the first answer wins. Speaks stdio unless --http is given.

  --http             serve Streamable HTTP at http://HOST:PORT/mcp, every request with
                     "Authorization: Bearer <token>" (PI_ASK_USER_MCP_TOKEN, or a new token printed on start)
  --port N           the HTTP port (default 8788; 0 picks a free one)
  --host H           the HTTP address (default 127.0.0.1; only loopback addresses are allowed)
  --web URL|off      the agent URL of a running pi-ask-anywhere web (default PI_ASK_USER_REMOTE_URL, else
                     ws://127.0.0.1:8787/agent when that is running); off: no web page
  --folder DIR       where pending files go when the client names no root folder (default: this folder)
  --return-after S   return pending (with an askId for ask_user_wait) after S seconds, whatever the client;
                     without it only before a known client's limit (Codex: 60 s)
  --quickest-reply S a form the client declines sooner than S seconds after it was sent (default 2) was
                     declined by the client, not the person: not a cancel; the questions wait elsewhere
  --ask-tool NAME    the ask tool's name (default ask_user); Gemini CLI hides an MCP tool named ask_user
                     behind its own, so give it e.g. ask_person there`;

const DEFAULT_MCP_PORT = 8788;
const DEFAULT_WEB_URL = "ws://127.0.0.1:8787/agent";

export type McpCommand =
	| {
			kind: "mcp";
			http?: { port: number; host: string };
			/** The web page's agent URL; `undefined`: none. */
			web?: string;
			folder?: string;
			returnAfterMs?: number;
			quickestPersonMs?: number;
			askTool?: string;
	  }
	| { kind: "help" };

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

/** Parses the arguments after `pi-ask-anywhere mcp`; throws an Error whose message is for the person. */
export function parseMcpCommand(
	argv: readonly string[],
	env: Readonly<Record<string, string | undefined>>,
): McpCommand {
	const { values, positionals } = parseArgs({
		args: [...argv],
		allowPositionals: true,
		options: {
			http: { type: "boolean" },
			port: { type: "string" },
			host: { type: "string" },
			web: { type: "string" },
			folder: { type: "string" },
			"return-after": { type: "string" },
			"quickest-reply": { type: "string" },
			"ask-tool": { type: "string" },
			help: { type: "boolean", short: "h" },
		},
	});
	if (values.help) return { kind: "help" };
	if (positionals.length > 0) throw new Error(`unexpected ${JSON.stringify(positionals.join(" "))}\n\n${MCP_USAGE}`);
	const command: McpCommand = { kind: "mcp" };
	if (values.http) {
		const port = values.port === undefined ? DEFAULT_MCP_PORT : Number(values.port);
		if (!Number.isInteger(port) || port < 0 || port > 65_535) {
			throw new Error(`--port must be a number from 0 to 65535, got ${JSON.stringify(values.port)}`);
		}
		const host = values.host?.trim() || "127.0.0.1";
		// The server answers for the person: nobody else on the network may reach it.
		if (!LOOPBACK.has(host))
			throw new Error(`--host must be a loopback address (127.0.0.1, ::1, localhost), got ${host}`);
		command.http = { port, host };
	} else if (values.port !== undefined || values.host !== undefined) {
		throw new Error("--port and --host are for --http");
	}
	const web = values.web?.trim() || env.PI_ASK_USER_REMOTE_URL?.trim() || DEFAULT_WEB_URL;
	if (!["off", "none", "false", "0"].includes(web.toLowerCase())) command.web = web;
	if (values.folder !== undefined) command.folder = values.folder;
	if (values["return-after"] !== undefined) {
		const seconds = Number(values["return-after"]);
		if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
			throw new Error(`--return-after must be a number of seconds from 0 to 3600, got ${values["return-after"]}`);
		}
		command.returnAfterMs = Math.round(seconds * 1000);
	}
	if (values["quickest-reply"] !== undefined) {
		const seconds = Number(values["quickest-reply"]);
		if (!Number.isFinite(seconds) || seconds < 0 || seconds > 60) {
			throw new Error(`--quickest-reply must be a number of seconds from 0 to 60, got ${values["quickest-reply"]}`);
		}
		command.quickestPersonMs = Math.round(seconds * 1000);
	}
	if (values["ask-tool"] !== undefined) {
		const name = values["ask-tool"].trim();
		// MCP tool names: 1 to 128 of letters, digits, _ - . (and not the wait tool's).
		if (!/^[A-Za-z0-9_.-]{1,128}$/.test(name) || name === "ask_user_wait") {
			throw new Error(
				`--ask-tool must be 1 to 128 letters, digits, _ - or . (not ask_user_wait), got ${JSON.stringify(name)}`,
			);
		}
		command.askTool = name;
	}
	return command;
}
