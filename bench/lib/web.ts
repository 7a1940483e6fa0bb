/**
 * What the web benchmarks share: the built `pi-ask-anywhere web` started on a free port, a page listening on `/live`
 * (counting the asks it shows), an agent speaking the bridge protocol, and a process's memory from /proc (Linux).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { ROOT } from "../../test/e2e/harness.js";

/** `VmRSS` (now) and `VmHWM` (the peak so far) of a process, in MB. */
export function memory(pid: number): { rss: number; peak: number } {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	const kb = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN);
	return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

export async function startCommand(
	cwd: string,
	agentDir: string,
): Promise<{ child: ChildProcess; output: () => string }> {
	const child = spawn(process.execPath, [join(ROOT, "dist/cli.mjs"), "web", "--port", "0", "--no-qr"], {
		cwd,
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1" },
		stdio: ["ignore", "pipe", "pipe"],
	});
	let output = "";
	await new Promise<void>((resolve, reject) => {
		const onData = (chunk: Buffer): void => {
			output += chunk.toString();
			if (/^open: (\S+)$/m.test(output)) resolve();
		};
		child.stdout?.on("data", onData);
		child.stderr?.on("data", onData);
		child.on("exit", (code) => reject(new Error(`pi-ask-anywhere web exited (${code}): ${output}`)));
	});
	return { child, output: () => output };
}

export const latestUrl = (output: string): string => [...output.matchAll(/^open: (\S+)$/gm)].at(-1)?.[1] ?? "";

/**
 * `pi-ask-anywhere web` started in a new temp folder (`<root>/project`, agent folder `<root>/agent`), signed in: its
 * process, its origin and the session cookie. The caller removes `root` when done.
 */
export async function signedInCommand(name: string): Promise<{
	root: string;
	child: ChildProcess;
	pid: number;
	origin: string;
	cookie: string;
	output: () => string;
}> {
	const root = mkdtempSync(join(tmpdir(), `pi-ask-anywhere-bench-${name}-`));
	const agentDir = join(root, "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir);
	mkdirSync(cwd);
	const { child, output } = await startCommand(cwd, agentDir);
	const signIn = await fetch(latestUrl(output()), { redirect: "manual" });
	const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
	return { root, child, pid: child.pid ?? 0, origin: new URL(latestUrl(output())).origin, cookie, output };
}

export interface Page {
	socket: WebSocket;
	/** How many asks the page shows now. */
	asks(): number;
	/** Resolves at the next message. */
	next(): Promise<void>;
}

export async function openPage(origin: string, cookie: string): Promise<Page> {
	const socket = new WebSocket(`${origin.replace("http", "ws")}/live`, { headers: { cookie, origin } });
	const shown = new Set<string>();
	let waiting: (() => void)[] = [];
	socket.on("message", (data) => {
		const message = JSON.parse(String(data)) as {
			reset: boolean;
			ops: { op: string; ask?: { id: string }; id?: string }[];
		};
		if (message.reset) shown.clear();
		for (const op of message.ops) {
			if (op.op === "ask" && op.ask) shown.add(op.ask.id);
			if (op.op === "ask-gone" && op.id) shown.delete(op.id);
		}
		const resolved = waiting;
		waiting = [];
		for (const resolve of resolved) resolve();
	});
	await once(socket, "open");
	return {
		socket,
		asks: () => shown.size,
		next: () => new Promise((resolve) => waiting.push(resolve)),
	};
}

export async function until(check: () => boolean, ms = 60_000): Promise<void> {
	const end = Date.now() + ms;
	while (!check()) {
		if (Date.now() > end) throw new Error("condition not met in time");
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

export const askFrame = (questionId: string, description = ""): string =>
	JSON.stringify({
		type: "event",
		payload: {
			event: "ask_user_question",
			payload: {
				sessionKey: "k",
				agentId: "bench",
				questionId,
				questions: [{ question: `Ask ${questionId}?`, options: [{ label: "Yes", description }] }],
			},
		},
	});
export const closedFrame = (questionId: string): string =>
	JSON.stringify({
		type: "event",
		payload: {
			event: "ask_user_closed",
			payload: { sessionKey: "k", agentId: "bench", questionId, reason: "aborted" },
		},
	});

export interface Agent {
	socket: WebSocket;
	refusals: string[];
}

export async function openAgent(agentUrl: string): Promise<Agent | string> {
	const socket = new WebSocket(agentUrl);
	const refused = new Promise<string>((resolve) =>
		socket.once("unexpected-response", (_request, response) => resolve(`refused (${response.statusCode})`)),
	);
	const opened = once(socket, "open").then(() => "open");
	const result = await Promise.race([opened, refused]);
	if (result !== "open") {
		socket.terminate();
		return result;
	}
	const agent: Agent = { socket, refusals: [] };
	socket.on("message", (data) => {
		const frame = JSON.parse(String(data)) as { type: string; payload: { error: string } };
		if (frame.type === "hook.ask_user_refused") agent.refusals.push(frame.payload.error);
	});
	return agent;
}

/** Resets a process's peak RSS (`VmHWM`) to its RSS now (Linux: `clear_refs` 5), so that the next peak is one step's. */
export function resetPeak(pid: number): void {
	writeFileSync(`/proc/${pid}/clear_refs`, "5");
}
