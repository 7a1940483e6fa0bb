import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createRemoteBridge } from "../../src/remote/bridge.js";
import { resolveRemoteConfig } from "../../src/remote/config.js";

const root = join(import.meta.dirname, "../..");
const jiti = join(root, "node_modules/.bin/jiti");
const children: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
	for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
});

/** Starts examples/remote-backend.mjs on a free port; resolves with its URL and its output so far. */
async function startExampleBackend(): Promise<{ url: string; output: () => string; type: (text: string) => void }> {
	const child = spawn(process.execPath, [join(root, "examples/remote-backend.mjs"), "--port", "0"], {
		env: { ...process.env, PI_ASK_USER_REMOTE_TOKEN: "example-token" },
	});
	children.push(child);
	let output = "";
	const url = await new Promise<string>((resolve, reject) => {
		child.stdout.on("data", (chunk: Buffer) => {
			output += chunk.toString();
			const match = /listening on (ws:\/\/\S+)/.exec(output);
			if (match?.[1]) resolve(match[1]);
		});
		child.on("exit", () => reject(new Error(`backend exited: ${output}`)));
	});
	return { url, output: () => output, type: (text) => child.stdin.write(text) };
}

describe("examples/remote-backend.mjs", () => {
	it("shows the questions and sends back what the person types", async () => {
		const backend = await startExampleBackend();
		const config = resolveRemoteConfig(() => undefined, {
			PI_ASK_USER_REMOTE_URL: backend.url,
			PI_ASK_USER_REMOTE_TOKEN: "example-token",
		});
		if (!config) throw new Error("no config");
		const bridge = createRemoteBridge(config, { logger: { warn() {} } });
		try {
			const asked = bridge.ask({
				questions: [
					{ question: "Which database?", header: "DB", options: [{ label: "Redis" }, { label: "SQLite" }] },
					{ question: "Which features?", multiSelect: true, options: [{ label: "A" }, { label: "B" }, { label: "C" }] },
					{ question: "Anything else?" },
				],
			});
			backend.type("2\n1,3\nuse WAL mode\n");
			expect(await asked).toEqual({
				kind: "answered",
				answers: [
					{ question: "Which database?", answer: "SQLite", selectedOption: "SQLite", wasCustom: false },
					{ question: "Which features?", answer: ["A", "C"], selectedOption: ["A", "C"], wasCustom: false },
					{ question: "Anything else?", answer: "use WAL mode", wasCustom: true },
				],
			});
			// The answer can overtake the backend's own stdout on a busy machine: wait for the text, briefly.
			for (let i = 0; i < 50 && !backend.output().includes("[DB] Which database?"); i++) {
				await new Promise((done) => setTimeout(done, 20));
			}
			expect(backend.output()).toContain("[DB] Which database?");

			const dismissed = bridge.ask({
				questions: [{ question: "Proceed?", options: [{ label: "Yes" }, { label: "No" }] }],
			});
			backend.type("/dismiss\n");
			expect(await dismissed).toEqual({ kind: "cancelled" });

			// Multi-select picks travel as an exact array; a question closed by the agent is dropped here.
			const picked = bridge.ask({
				questions: [{ question: "Which?", multiSelect: true, options: [{ label: "A, with B" }, { label: "C" }] }],
			});
			backend.type("1,2\n");
			expect(await picked).toMatchObject({ answers: [{ answer: ["A, with B", "C"], wasCustom: false }] });
			const controller = new AbortController();
			const withdrawn = bridge.ask({ questions: [{ question: "Still there?" }] }, controller.signal);
			for (let i = 0; i < 100 && !backend.output().includes("Still there?"); i++) {
				await new Promise((done) => setTimeout(done, 20));
			}
			controller.abort();
			expect(await withdrawn).toEqual({ kind: "interrupted" });
			for (let i = 0; i < 100 && !backend.output().includes("closed by the agent: aborted"); i++) {
				await new Promise((done) => setTimeout(done, 20));
			}
			expect(backend.output()).toContain("(question closed by the agent: aborted)");
		} finally {
			bridge.dispose();
		}
	});

	it("refuses an agent without the backend's token", async () => {
		const backend = await startExampleBackend();
		const bridge = createRemoteBridge(
			{
				url: backend.url,
				sessionKey: "s",
				agentId: "a",
				timeoutMs: 5_000,
				connectTimeoutMs: 1_000,
				allowInsecure: false,
			},
			{ logger: { warn() {} } },
		);
		expect(await bridge.ask({ questions: [{ question: "Q?" }] })).toMatchObject({ kind: "unavailable" });
		bridge.dispose();
	});

	// Runs the bridge in its own process (TypeScript through jiti, when installed) to prove that an idle
	// connection never keeps the agent alive: the process exits with the socket still open and undisposed.
	it.skipIf(!existsSync(jiti))("does not keep the agent's process alive once the question is answered", async () => {
		const backend = await startExampleBackend();
		const agent = spawn(jiti, [join(root, "test/remote/fixtures/ask-once.ts")], {
			env: {
				...process.env,
				PI_ASK_USER_REMOTE_URL: backend.url,
				PI_ASK_USER_REMOTE_TOKEN: "example-token",
				PI_ASK_USER_REMOTE_TIMEOUT: "20",
			},
		});
		children.push(agent);
		let printed = "";
		agent.stdout.on("data", (chunk: Buffer) => {
			printed += chunk.toString();
		});
		backend.type("1\n2\n\n");
		const exitCode = await new Promise<number | null>((resolve) => agent.on("exit", resolve));
		expect(exitCode).toBe(0);
		expect(JSON.parse(printed)).toMatchObject({
			kind: "answered",
			answers: [{ answer: "Redis" }, { answer: ["Notifications"] }],
			unanswered: ["Anything else?"],
		});
	});
});
