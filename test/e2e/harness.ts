/**
 * Runs the real `pi` binary with this package and the scripted model (examples/scripted-model.ts):
 * print mode and RPC mode as child processes, the TUI under a pseudo-terminal. Every run gets a temp
 * project folder and a temp PI_CODING_AGENT_DIR, so ~/.pi is never touched and no network is used.
 * PI_ASK_USER_TEST_PI=<folder> runs a second pi (e.g. test/pi-versions/0.87) under the Node that folder ships.
 * Every wait here takes a time that suffices on a quiet machine and stretches it by this run's measured slowness
 * (`patient`, test/patience.ts); tests pass quiet-machine times.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import xterm from "@xterm/headless";
import * as pty from "node-pty";
import { expect } from "vitest";
import { KEYS } from "../fixtures.js";
import { patient } from "../patience.js";
import { PI, ROOT } from "../pi-versions/pi.js";

export { FEATURES, KEYS, SPEC_EXAMPLE, SPEC_RESULT } from "../fixtures.js";
export { patient } from "../patience.js";
export { PI, PROJECT_TRUST_ARGS, piAtLeast, ROOT } from "../pi-versions/pi.js";

/** The CLI of the pi under test (PI_ASK_USER_TEST_PI chooses it; see test/pi-versions/pi.ts). */
export const PI_CLI = PI.cli;
export const SCRIPTED_MODEL = join(ROOT, "examples/scripted-model.ts");

/** Waits until the model has received answers delivered as a user message; returns that message's text. */
export async function waitForDelivery(ws: Workspace, timeoutMs = 30_000): Promise<string> {
	const started = Date.now();
	for (;;) {
		const delivered = ws.lastMessages().find((m) => m.role === "user" && m.text.includes("<ask_user_answers"));
		if (delivered) return delivered.text;
		if (Date.now() - started > patient(timeoutMs)) throw new Error("timed out waiting for delivered answers");
		await sleep(100);
	}
}

/** Waits until `check` holds; throws when it does not within the time (stretched on a loaded machine). */
export async function until(check: () => boolean, timeoutMs: number, what = "a condition"): Promise<void> {
	for (const started = Date.now(); !check(); await sleep(50)) {
		if (Date.now() - started > patient(timeoutMs)) throw new Error(`timed out waiting for ${what}`);
	}
}

/**
 * Whether `path` is gone within the time: delivered answers count as delivered, and their pending file goes, once
 * the session holds them (after the model's reply), a moment after the model received them.
 */
export async function goneSoon(path: string, timeoutMs = 15_000): Promise<boolean> {
	for (const started = Date.now(); existsSync(path); await sleep(50)) {
		if (Date.now() - started > patient(timeoutMs)) return false;
	}
	return true;
}

export interface ScriptStep {
	/** `id`: the call's id (generated when absent); some providers reuse ids across turns. */
	toolCall?: { name: string; arguments: unknown; id?: string };
	toolCalls?: { name: string; arguments: unknown; id?: string }[];
	text?: string;
	echo?: boolean;
	/** How long the model thinks before it answers. */
	thinkMs?: number;
}

export interface LoggedMessage {
	role: string;
	text: string;
	toolName?: string;
	isError?: boolean;
	/** The message's image blocks, in order (examples/scripted-model.ts). */
	images?: { mimeType: string; bytes: number; sha256: string }[];
}

export interface Workspace {
	root: string;
	/** The project folder pi runs in. */
	cwd: string;
	agentDir: string;
	env: NodeJS.ProcessEnv;
	/** Replaces the scripted model's steps and rewinds it. */
	script(steps: ScriptStep[]): void;
	/** Every request the model received, oldest first. */
	requests(): { step: number; messages: LoggedMessage[] }[];
	/** The messages of the newest request. */
	lastMessages(): LoggedMessage[];
	/** The newest tool result the model received. */
	lastToolResult(): LoggedMessage | undefined;
	pendingPath(name?: string): string;
	cleanup(): void;
}

export function createWorkspace(): Workspace {
	const root = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-e2e-"));
	const cwd = join(root, "project");
	const agentDir = join(root, "agent");
	mkdirSync(cwd);
	mkdirSync(agentDir);
	const scriptPath = join(root, "script.json");
	const logPath = join(root, "model-log.jsonl");
	writeFileSync(scriptPath, JSON.stringify({ steps: [] }));
	const env: NodeJS.ProcessEnv = {
		...process.env,
		PI_CODING_AGENT_DIR: agentDir,
		PI_OFFLINE: "1",
		PI_ASK_SCRIPT: scriptPath,
		PI_ASK_LOG: logPath,
		NO_COLOR: undefined,
		// The dialog speaks the locale's language: tests read English unless they choose another (LANG=de_DE.UTF-8 …).
		LC_ALL: undefined,
		LC_MESSAGES: undefined,
		LANG: "C.UTF-8",
		PI_ASK_USER_LANG: undefined,
	};
	const requests = () =>
		existsSync(logPath)
			? readFileSync(logPath, "utf8")
					.split("\n")
					.filter(Boolean)
					.map((line) => JSON.parse(line) as { step: number; messages: LoggedMessage[] })
			: [];
	return {
		root,
		cwd,
		agentDir,
		env,
		script(steps) {
			writeFileSync(scriptPath, JSON.stringify({ steps }));
			rmSync(`${scriptPath}.cursor`, { force: true });
		},
		requests,
		lastMessages: () => requests().at(-1)?.messages ?? [],
		lastToolResult: () =>
			requests()
				.at(-1)
				?.messages.filter((m) => m.role === "toolResult")
				.at(-1),
		pendingPath: (name = "pending-questions.json") => join(cwd, ".pi", name),
		cleanup: () => removeWhenQuiet(root),
	};
}

/**
 * Removes a test's folder that a pi just killed may still be writing into (pi 1.x saves its session on SIGTERM; a
 * loaded machine slows its exit). rmSync's own maxRetries retries only the folder it found not empty, without
 * listing it again, so a file written after the listing fails it for good (seen under CI's load on Node 22): each
 * try here walks the tree afresh, for up to about 15 s.
 */
function removeWhenQuiet(folder: string): void {
	for (let attempt = 1; ; attempt++) {
		try {
			rmSync(folder, { recursive: true, force: true });
			return;
		} catch (error) {
			if (attempt >= 60 || (error as NodeJS.ErrnoException).code !== "ENOTEMPTY") throw error;
			Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
		}
	}
}

/** pi's arguments that load this package and the scripted model. */
export function piArgs(extra: string[], options: { extensions?: string[]; loadPackage?: boolean } = {}): string[] {
	const load = options.loadPackage === false ? [] : ["-e", ROOT];
	const more = (options.extensions ?? []).flatMap((e) => ["-e", e]);
	return [PI_CLI, "-e", SCRIPTED_MODEL, ...load, ...more, "--provider", "scripted", "--model", "scripted-1", ...extra];
}

export interface RunResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** `pi …` as a child process with stdin closed (pi would otherwise read it, or switch to print mode). */
export function runPi(
	ws: Workspace,
	args: string[],
	options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): RunResult {
	const result = spawnSync(PI.node, args, {
		cwd: ws.cwd,
		env: { ...ws.env, ...options.env },
		stdio: ["ignore", "pipe", "pipe"],
		encoding: "utf8",
		timeout: patient(options.timeoutMs ?? 30_000),
		// A pi stuck in a blocking read never runs its SIGTERM handler: the test must end anyway.
		killSignal: "SIGKILL",
	});
	return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The run exited 0; otherwise the failure shows how it ended and the end of what pi wrote to stderr. */
export function expectSuccess<T extends Pick<RunResult, "code" | "stderr">>(run: T): T {
	expect(run.code, `pi exited ${run.code}; stderr ends with:\n${run.stderr.slice(-3000)}`).toBe(0);
	return run;
}

/** `pi -p …` with the package and the scripted model. */
export function runPrint(ws: Workspace, extra: string[], options: { env?: NodeJS.ProcessEnv } = {}): RunResult {
	return runPi(ws, piArgs(["-p", ...extra]), options);
}

export function readJson(path: string): unknown {
	return JSON.parse(readFileSync(path, "utf8"));
}

/** The JSON object at the start of a tool-result text (the AskUserResult). */
export function resultJson(text: string | undefined): Record<string, unknown> {
	if (!text) throw new Error("no tool result");
	const start = text.indexOf("{");
	const line = text.slice(start).split("\n")[0] ?? "";
	return JSON.parse(line) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------- RPC

export interface RpcSession {
	child: ChildProcessWithoutNullStreams;
	/** Every JSON line pi wrote, in order. */
	lines: Record<string, unknown>[];
	send(message: Record<string, unknown>): void;
	/** Resolves with the first line (seen or future) matching the predicate, after `from` lines. */
	waitFor(
		predicate: (line: Record<string, unknown>) => boolean,
		timeoutMs?: number,
		from?: number,
	): Promise<Record<string, unknown>>;
	/** Resolves when the process exits. */
	exited: Promise<number | null>;
	stderr(): string;
	close(): void;
}

export function startRpc(ws: Workspace, extra: string[] = [], options: { env?: NodeJS.ProcessEnv } = {}): RpcSession {
	const child = spawn(PI.node, piArgs(["--mode", "rpc", ...extra]), {
		cwd: ws.cwd,
		env: { ...ws.env, ...options.env },
		stdio: ["pipe", "pipe", "pipe"],
	});
	const lines: Record<string, unknown>[] = [];
	const waiters: {
		predicate: (line: Record<string, unknown>) => boolean;
		from: number;
		resolve: (l: Record<string, unknown>) => void;
	}[] = [];
	let buffer = "";
	let stderr = "";
	child.stderr.on("data", (d: Buffer) => {
		stderr += d.toString();
	});
	child.stdout.on("data", (d: Buffer) => {
		buffer += d.toString();
		let newline = buffer.indexOf("\n");
		while (newline >= 0) {
			const text = buffer.slice(0, newline).trim();
			buffer = buffer.slice(newline + 1);
			newline = buffer.indexOf("\n");
			if (!text) continue;
			let line: Record<string, unknown>;
			try {
				line = JSON.parse(text) as Record<string, unknown>;
			} catch {
				line = { type: "__raw", text };
			}
			lines.push(line);
			for (const waiter of [...waiters]) {
				if (lines.length > waiter.from && waiter.predicate(line)) {
					waiters.splice(waiters.indexOf(waiter), 1);
					waiter.resolve(line);
				}
			}
		}
	});
	const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
	return {
		child,
		lines,
		send(message) {
			child.stdin.write(`${JSON.stringify(message)}\n`);
		},
		waitFor(predicate, timeoutMs = 20_000, from = 0) {
			const seen = lines.slice(from).find(predicate);
			if (seen) return Promise.resolve(seen);
			return new Promise((done, fail) => {
				const timer = setTimeout(
					() =>
						fail(
							new Error(
								`timed out waiting for an RPC line; got:\n${lines.map((l) => JSON.stringify(l)).join("\n")}\n${stderr}`,
							),
						),
					patient(timeoutMs),
				);
				waiters.push({
					predicate,
					from,
					resolve: (line) => {
						clearTimeout(timer);
						done(line);
					},
				});
			});
		},
		exited,
		stderr: () => stderr,
		close() {
			child.stdin.end();
		},
	};
}

// ---------------------------------------------------------------------------------------------- TUI

export interface TuiSession {
	/** The visible screen as plain text lines. */
	screen(): string[];
	/** Everything pi wrote to the terminal, raw. */
	raw(): string;
	type(data: string): void;
	/** Waits until the screen contains the text (or matches the regex). */
	waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
	waitForGone(text: string | RegExp, timeoutMs?: number): Promise<void>;
	exited: Promise<number>;
	kill(signal?: string): void;
}

export function startTui(
	ws: Workspace,
	extra: string[] = [],
	options: { cols?: number; rows?: number; env?: NodeJS.ProcessEnv; extensions?: string[] } = {},
): TuiSession {
	const cols = options.cols ?? 100;
	const rows = options.rows ?? 32;
	const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
	// A test types as soon as the dialog shows, faster than a person: the key guard that holds back a person's typing
	// as a question opens is off unless a test turns it on (test/e2e/typing.test.ts).
	const env = {
		...ws.env,
		TERM: "xterm-256color",
		COLORTERM: "truecolor",
		PI_ASK_USER_KEY_GUARD: "0",
		...options.env,
	} as Record<string, string>;
	const proc = pty.spawn(PI.node, piArgs(extra, { extensions: options.extensions }), {
		cols,
		rows,
		cwd: ws.cwd,
		env,
	});
	let raw = "";
	proc.onData((data) => {
		raw += data;
		term.write(data);
	});
	const exited = new Promise<number>((done) => proc.onExit(({ exitCode }) => done(exitCode)));
	const screen = () => {
		const buffer = term.buffer.active;
		const out: string[] = [];
		for (let i = 0; i < rows; i++) out.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? "");
		return out;
	};
	const matches = (text: string | RegExp) => {
		const joined = screen().join("\n");
		return typeof text === "string" ? joined.includes(text) : text.test(joined);
	};
	const poll = (done: () => boolean, what: string, timeoutMs: number) =>
		new Promise<void>((resolveWait, fail) => {
			const started = Date.now();
			const deadline = patient(timeoutMs);
			const tick = () => {
				if (done()) return resolveWait();
				if (Date.now() - started > deadline)
					return fail(new Error(`timed out waiting for ${what}; screen:\n${screen().join("\n")}`));
				setTimeout(tick, 50);
			};
			tick();
		});
	return {
		screen,
		raw: () => raw,
		type: (data) => proc.write(data),
		waitFor: (text, timeoutMs = 20_000) => poll(() => matches(text), String(text), timeoutMs),
		waitForGone: (text, timeoutMs = 20_000) => poll(() => !matches(text), `${String(text)} to go`, timeoutMs),
		exited,
		kill: (signal) => proc.kill(signal),
	};
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Waits until the scripted model has received a tool result (the dialog closed and pi moved on). */
export async function waitForToolResult(ws: Workspace, timeoutMs = 30_000): Promise<LoggedMessage> {
	const started = Date.now();
	for (;;) {
		const result = ws.lastToolResult();
		if (result) return result;
		if (Date.now() - started > patient(timeoutMs))
			throw new Error("timed out waiting for the model to receive a tool result");
		await sleep(100);
	}
}

/** `pi …` as a child process without blocking the event loop (for tests that serve pi something meanwhile). */
export function runPiAsync(
	ws: Workspace,
	args: string[],
	options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunResult> {
	return new Promise((done) => {
		const child = spawn(PI.node, args, {
			cwd: ws.cwd,
			env: { ...ws.env, ...options.env },
			stdio: ["ignore", "pipe", "pipe"],
		});
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (d: Buffer) => {
			stdout += d.toString();
		});
		child.stderr.on("data", (d: Buffer) => {
			stderr += d.toString();
		});
		const timer = setTimeout(() => child.kill("SIGKILL"), patient(options.timeoutMs ?? 30_000));
		child.on("exit", (code) => {
			clearTimeout(timer);
			done({ code, stdout, stderr });
		});
	});
}

/** Types a slash command into a TUI that has just started (once its editor takes input) and runs it. */
export async function runTuiCommand(tui: TuiSession, text: string): Promise<void> {
	// The editor takes input once pi has drawn its footer (the model's name).
	await tui.waitFor("scripted-1", 40_000);
	await sleep(500);
	tui.type(text);
	await tui.waitFor(text, 20_000);
	tui.type(KEYS.escape); // close the command autocomplete, keep the text
	tui.type(KEYS.enter);
}

/**
 * In the spec example's dialog: picks option 2 (SQLite), types `name` for the service, submits; then waits
 * until the answers were delivered to the model and returns that message's text.
 */
export async function answerSpecExampleInTui(ws: Workspace, tui: TuiSession, name: string): Promise<string> {
	await tui.waitFor("Other (type your answer)", 40_000);
	tui.type("2");
	await tui.waitFor(/Enter (to )?(submit|review)/);
	tui.type(name);
	await tui.waitFor(name);
	tui.type(KEYS.enter);
	await tui.waitFor("Review your answers");
	tui.type(KEYS.enter);
	return waitForDelivery(ws);
}

/** `pi-ask-anywhere log --json` in the workspace (its agent folder), as the person runs it: the decisions, newest first. */
export function decisionLog(ws: Workspace, args: string[] = []): Record<string, unknown>[] {
	const result = spawnSync(process.execPath, [join(ROOT, "dist/bin.mjs"), "log", "--json", ...args], {
		cwd: ws.cwd,
		env: ws.env,
		encoding: "utf8",
		timeout: patient(20_000),
	});
	if (result.status !== 0) throw new Error(`pi-ask-anywhere log failed: ${result.stderr}`);
	return result.stdout
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}
