/**
 * A real agent client (Claude Code, Codex, Gemini CLI, installed by test/agents/install) run headless in a temp HOME
 * against a stand-in model on loopback, with `pi-ask-anywhere mcp` (dist/bin.mjs) configured as docs/mcp.md says.
 * The person's side is the real pi of the other tests, in the client's project folder (test/e2e/harness.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { claimPathOf } from "../../src/pending/claims.js";
import { patient } from "../patience.js";
import { type StandInModel, startStandInModel, type Wire } from "./stand-in-model.js";

export const AGENTS = fileURLToPath(new URL(".", import.meta.url));
export const SERVER = fileURLToPath(new URL("../../dist/bin.mjs", import.meta.url));

export type AgentName = "claude" | "codex" | "gemini";

/** The client's installed binary, or undefined (the test then skips and says how to install it). */
export function agentBin(name: AgentName): string | undefined {
	const bin = join(AGENTS, name, "node_modules", ".bin", name);
	return existsSync(bin) ? bin : undefined;
}

/** Why a client's tests skip: it is not installed. */
export function notInstalled(name: AgentName): string {
	return `${name} is not installed: run test/agents/install ${name}`;
}

/** The installed client's version (for the test's name and the report). */
export function agentVersion(name: AgentName): string {
	const packages: Record<AgentName, string> = {
		claude: "@anthropic-ai/claude-code",
		codex: "@openai/codex",
		gemini: "@google/gemini-cli",
	};
	const file = join(AGENTS, name, "node_modules", packages[name], "package.json");
	return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version : "not installed";
}

export const DATABASE = {
	question: "Which database should we use?",
	options: ["PostgreSQL", "SQLite"],
	type: "select",
};

export interface AgentRun {
	model: StandInModel;
	child: ChildProcess;
	/** stdout and stderr so far. */
	output(): string;
	/** The client's exit code, once it ended. */
	exited: Promise<number | null>;
}

/**
 * Starts the client with `args` in `cwd`: the stand-in model serves `wire` and calls the tool `isAskTool` picks with
 * one database question. `env` is the client's whole environment (a temp HOME, the model's address).
 */
export async function runAgent(options: {
	bin: string;
	args: string[];
	cwd: string;
	env: NodeJS.ProcessEnv;
	wire: Wire;
	isAskTool: (name: string) => boolean;
	find?: { tool: string; input: Record<string, unknown> };
	/** Where the model's address goes, given the stand-in's URL. */
	modelEnv: (url: string) => NodeJS.ProcessEnv;
	before?: (url: string) => void;
}): Promise<AgentRun> {
	const model = await startStandInModel(options.wire, {
		tool: options.isAskTool,
		arguments: { questions: [DATABASE] },
		...(options.find ? { find: options.find } : {}),
	});
	options.before?.(model.url);
	const child = spawn(options.bin, options.args, {
		cwd: options.cwd,
		env: { ...options.env, ...options.modelEnv(model.url) },
		stdio: ["ignore", "pipe", "pipe"],
	});
	let output = "";
	child.stdout?.on("data", (chunk: Buffer) => {
		output += chunk.toString("utf8");
	});
	child.stderr?.on("data", (chunk: Buffer) => {
		output += chunk.toString("utf8");
	});
	const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
	return { model, child, output: () => output, exited };
}

/**
 * The pid of the server that holds the claim on `pendingPath` (the server the client started). The server saves the
 * file, then claims it (an MCP claim names the file's real path): the claim may come a moment after the file.
 */
export function serverPid(pendingPath: string): number {
	const giveUpAt = Date.now() + 10_000;
	for (;;) {
		try {
			return (JSON.parse(readFileSync(claimPathOf(pendingPath), "utf8")) as { pid: number }).pid;
		} catch (error) {
			if (Date.now() > giveUpAt) throw error;
			Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
		}
	}
}

export function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** Resolves when the client ended; fails the test with its output if it did not within `ms`. */
export async function ended(run: AgentRun, ms: number): Promise<number | null> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<never>((_, fail) => {
		timer = setTimeout(() => {
			run.child.kill("SIGKILL");
			fail(new Error(`the client did not end within ${ms} ms; its output:\n${run.output().slice(-3000)}`));
		}, patient(ms));
	});
	try {
		return await Promise.race([run.exited, late]);
	} finally {
		clearTimeout(timer);
	}
}

/** The ask tool's result the client's model received: the first object with `answered` in it, however wrapped. */
export function resultSeen(model: StandInModel): Record<string, unknown> {
	const text = model.results.at(-1);
	if (text === undefined) throw new Error("the model received no result of the ask tool");
	const found = askResultIn(text);
	if (!found) throw new Error(`no ask result in what the model received: ${text.slice(0, 800)}`);
	return found;
}

/** Clients wrap the MCP result their own way (a text, a JSON string in an object): look through each layer. */
function askResultIn(value: unknown): Record<string, unknown> | undefined {
	if (typeof value === "string") {
		for (let start = value.indexOf("{"); start >= 0; start = value.indexOf("{", start + 1)) {
			for (let end = value.lastIndexOf("}"); end > start; end = value.lastIndexOf("}", end - 1)) {
				try {
					const found = askResultIn(JSON.parse(value.slice(start, end + 1)));
					if (found) return found;
					break;
				} catch {
					// not JSON from here to there: a shorter span
				}
			}
		}
		return undefined;
	}
	if (typeof value !== "object" || value === null) return undefined;
	if ("answered" in value) return value as Record<string, unknown>;
	for (const inner of Object.values(value)) {
		const found = askResultIn(inner);
		if (found) return found;
	}
	return undefined;
}

/** A temp HOME's folder, made. */
export function homeFolder(home: string, ...parts: string[]): string {
	const folder = join(home, ...parts);
	mkdirSync(folder, { recursive: true });
	return folder;
}
