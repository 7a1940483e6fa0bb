/**
 * The `pi-ask-anywhere` command line, pure: `pi-ask-anywhere web [--all] [--port 8787] [--host 127.0.0.1] [--keep-token]`. There
 * is no option that takes a token on purpose: a token on a command line leaks through `ps`.
 */
import { parseArgs } from "node:util";

export const USAGE = `usage: pi-ask-anywhere web [--all] [--port 8787] [--host 127.0.0.1] [--keep-token]
       pi-ask-anywhere mcp [--http] …   (an MCP server offering ask_user; pi-ask-anywhere mcp --help)
       pi-ask-anywhere log [--json] …   (who answered what, where and when; pi-ask-anywhere log --help)

  Serves a page where you answer the questions pi's ask_user is waiting on (live, through the
  remote bridge) and the pending questions of this folder. Prints the agent URL for
  PI_ASK_USER_REMOTE_URL and the page's address (with a QR code for a phone).

  --all        one inbox for this machine: the pending questions of every folder where you have
               questions waiting (read from your fact log), grouped by folder, newest first
  --port N     port to listen on (default 8787; 0 picks a free one)
  --host H     address to listen on (default 127.0.0.1; 0.0.0.0 exposes the page to your network)
  --keep-token keep the page token across restarts, so signed-in pages reconnect by themselves. It is
               kept in <agent dir>/pi-ask-user/web-token (mode 0600) until you delete that file or sign
               out every browser: anyone who reads it, or who has a signed-in browser, can answer for
               you whenever the server runs. Without it each start makes a new token.

  The printed address signs in one browser, within 10 minutes; then a new one is printed. The page's
  "Sign out every browser" signs out every browser and prints a new address.

  PI_ASK_USER_REMOTE_TOKEN, when set, is required from agents (set the same value for pi).`;

export type WebCommand =
	| { kind: "web"; port: number; host: string; qr: boolean; keepToken: boolean; all: boolean }
	| { kind: "help" };

const DEFAULT_PORT = 8787;
const DEFAULT_HOST = "127.0.0.1";

/** Parses the arguments after `pi-ask-anywhere`; throws an Error whose message is for the person. */
export function parseCommand(argv: readonly string[]): WebCommand {
	const { values, positionals } = parseArgs({
		args: [...argv],
		allowPositionals: true,
		options: {
			port: { type: "string" },
			host: { type: "string" },
			"no-qr": { type: "boolean" },
			"keep-token": { type: "boolean" },
			all: { type: "boolean" },
			help: { type: "boolean", short: "h" },
		},
	});
	if (values.help || positionals[0] === "help") return { kind: "help" };
	if (positionals[0] !== "web" || positionals.length > 1) {
		throw new Error(`unknown command ${JSON.stringify(positionals.join(" "))}\n\n${USAGE}`);
	}
	const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
	if (!Number.isInteger(port) || port < 0 || port > 65_535) {
		throw new Error(`--port must be a number from 0 to 65535, got ${JSON.stringify(values.port)}`);
	}
	const host = values.host?.trim() || DEFAULT_HOST;
	return {
		kind: "web",
		port,
		host,
		qr: values["no-qr"] !== true,
		keepToken: values["keep-token"] === true,
		all: values.all === true,
	};
}
