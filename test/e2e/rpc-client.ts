/** Plays an RPC client in end-to-end tests: hands out pi's dialog requests one by one and answers them. */
import { afterAll, expect } from "vitest";
import { patient } from "../patience.js";
import { createWorkspace, type RpcSession, startRpc, type Workspace } from "./harness.js";

export type Line = Record<string, unknown>;

const DIALOGS = ["select", "input", "confirm", "editor"];

/** A client that reads pi's lines from `from` on (0: all of them). */
export function rpcClient(rpc: RpcSession, from = 0) {
	const nextOf = async (predicate: (line: Line) => boolean) => {
		const line = await rpc.waitFor(predicate, 30_000, from);
		from = rpc.lines.indexOf(line) + 1;
		return line;
	};
	return {
		dialog: (method: string) =>
			nextOf((l) => l.type === "extension_ui_request" && DIALOGS.includes(String(l.method))).then((line) => {
				expect(line.method).toBe(method);
				return line;
			}),
		notification: () => nextOf((l) => l.type === "extension_ui_request" && l.method === "notify"),
		value: (request: Line, value: string) => rpc.send({ type: "extension_ui_response", id: request.id, value }),
		confirm: (request: Line, confirmed: boolean) =>
			rpc.send({ type: "extension_ui_response", id: request.id, confirmed }),
		cancel: (request: Line) => rpc.send({ type: "extension_ui_response", id: request.id, cancelled: true }),
		finished: () => rpc.waitFor((l) => l.type === "agent_end", 30_000, from),
		/** The content blocks of the newest ask_user result, as the client saw them in `tool_execution_end`. */
		resultBlocks: async () => {
			const end = await rpc.waitFor((l) => l.type === "tool_execution_end", 30_000, from);
			const result = end.result as { content: { type: string; text: string }[] };
			return { isError: end.isError === true, blocks: result.content.map((block) => block.text) };
		},
	};
}

/** Starts pi in RPC mode with a model that asks `ask` on the first prompt, and sends that prompt. */
export function startAsking(ws: Workspace, ask: unknown, structured = false, env: NodeJS.ProcessEnv = {}) {
	ws.script([{ toolCall: { name: "ask_user", arguments: ask } }]);
	const rpc = startRpc(ws, [], { env: { PI_ASK_USER_RPC_PROTOCOL: structured ? "structured" : undefined, ...env } });
	rpc.send({ type: "prompt", message: "set up the service" });
	return { rpc, ui: rpcClient(rpc) };
}

/** Closes the client's side and waits for pi to exit (killing it after 5 s). */
export async function stopRpc(rpc: RpcSession): Promise<void> {
	rpc.close();
	const timer = setTimeout(() => rpc.child.kill(), patient(5_000));
	await rpc.exited;
	clearTimeout(timer);
}

export interface SharedAsking {
	/** The shared pi's workspace (made with the first ask). */
	ws(): Workspace;
	/**
	 * The shared pi's model asks `ask` on a new prompt, once the previous prompt's run ended; the client reads what
	 * pi sends from then on. The first ask starts pi.
	 */
	ask(ask: unknown): Promise<ReturnType<typeof rpcClient>>;
}

/**
 * One pi in RPC mode for several cases run in turn, stopped after the block (or file) that calls this: each case's
 * `ask` scripts the model afresh and sends a new prompt. Saves a pi start per case; the scripted model gives each
 * tool call a new id, so the asks are distinct. A case that needs the workspace to hold only its own records reads
 * what was added since it began (the decision log, the model's requests).
 */
export function sharedAsking(structured = false, env: NodeJS.ProcessEnv = {}): SharedAsking {
	let shared: { ws: Workspace; rpc: RpcSession } | undefined;
	/** Where the previous prompt's lines begin: its run ended at the first agent_end after it. */
	let previous: number | undefined;
	afterAll(async () => {
		if (shared) await stopRpc(shared.rpc);
		shared?.ws.cleanup();
		shared = undefined;
	});
	const current = () => {
		if (shared) return shared;
		const ws = createWorkspace();
		const rpc = startRpc(ws, [], { env: { PI_ASK_USER_RPC_PROTOCOL: structured ? "structured" : undefined, ...env } });
		shared = { ws, rpc };
		return shared;
	};
	return {
		ws: () => current().ws,
		async ask(ask) {
			const { ws, rpc } = current();
			if (previous !== undefined) await rpc.waitFor((l) => l.type === "agent_end", 30_000, previous);
			ws.script([{ toolCall: { name: "ask_user", arguments: ask } }]);
			const from = rpc.lines.length;
			previous = from;
			rpc.send({ type: "prompt", message: "set up the service" });
			return rpcClient(rpc, from);
		},
	};
}
