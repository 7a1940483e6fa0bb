/**
 * `pi-ask-anywhere mcp` against the official MCP client over real stdio: the tool list and its schemas, where the
 * person answers (the client's dialog, the pending file) and that only the first answer counts, a client's own time
 * limit and `ask_user_wait`, clients kept apart, malformed calls, and that the pi extension never loads any of it.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CancelledNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { systemLeaseDeps } from "../../src/ask/lease.js";
import { createAskBook } from "../../src/mcp/asks.js";
import { createAskServer } from "../../src/mcp/server.js";
import { createClaims } from "../../src/pending/claims.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import {
	answerAsThePerson,
	fieldsByName,
	type McpSession,
	pendingFile,
	pendingFileOf,
	pendingFiles,
	resultJson,
	resultText,
	startMcp,
	waitFor,
} from "./mcp-client.js";

/** The decided facts in the agent folder's fact log, oldest first. */
function decisions(agentDir: string): Record<string, unknown>[] {
	let text = "";
	try {
		text = readFileSync(join(agentDir, "pi-ask-user", "facts.jsonl"), "utf8");
	} catch {
		return [];
	}
	return text
		.split("\n")
		.filter((line) => line.includes('"decided"'))
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const sessions: McpSession[] = [];
afterAll(async () => {
	await Promise.all(sessions.map((session) => session.close()));
});

async function start(options: Parameters<typeof startMcp>[0] = {}): Promise<McpSession> {
	const session = await startMcp(options);
	sessions.push(session);
	return session;
}

const DATABASE = {
	question: "Which database should we use?",
	header: "Database",
	options: [
		{ label: "PostgreSQL (Recommended)", description: "Battle-tested relational DB" },
		{ label: "SQLite", description: "Lightweight, file-based" },
	],
};

describe.concurrent("pi-ask-anywhere mcp", () => {
	it("lists ask_user and ask_user_wait with input and output schemas", async () => {
		const { client } = await start();
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name)).toEqual(["ask_user", "ask_user_wait"]);
		const [ask, wait] = tools;
		expect(ask?.inputSchema).toMatchObject({
			type: "object",
			required: ["questions"],
			properties: {
				questions: { items: { properties: { type: { enum: ["text", "select", "multi-select", "confirm"] } } } },
				title: { maxLength: 100 },
				timeout: { minimum: 10_000, maximum: 1_800_000, default: 300_000 },
				background: { type: "boolean" },
			},
		});
		expect(ask?.outputSchema).toMatchObject({ required: ["answered", "cancelled", "timedOut", "answers"] });
		expect(wait?.inputSchema).toMatchObject({ required: ["askId"] });
		expect(wait?.outputSchema).toEqual(ask?.outputSchema);
	});

	it("--ask-tool names the ask tool (Gemini CLI hides an MCP tool named ask_user behind its own)", async () => {
		const { client, folder, agentDir } = await start({ args: ["--ask-tool", "ask_person"] });
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name)).toEqual(["ask_person", "ask_user_wait"]);
		const call = client.callTool({ name: "ask_person", arguments: { questions: [DATABASE] } });
		answerAsThePerson((await pendingFile(folder)).path, ["SQLite"], agentDir);
		expect(resultJson((await call) as never)).toMatchObject({ answered: true, answers: [{ values: ["SQLite"] }] });
		// The decision log says who answered (in the file, for this client), where, and what.
		expect(decisions(agentDir)).toMatchObject([
			{
				by: "for-asker",
				outcome: "answered",
				asker: "pi-ask-anywhere-test",
				project: folder,
				questions: [{ header: "Database", question: DATABASE.question }],
				answers: ["SQLite"],
			},
		]);
	});

	it("takes this product's own fields (descriptions, header, multiSelect) and Claude Code's shape", async () => {
		const { client } = await start({
			elicit: async (request) => {
				expect(
					request.params.mode === "form" && fieldsByName(request.params.requestedSchema.properties).q1,
				).toMatchObject({
					title: "Database: Which database should we use?",
					oneOf: [
						{ const: "PostgreSQL (Recommended)", title: "PostgreSQL (Recommended) — Battle-tested relational DB" },
						{ const: "SQLite", title: "SQLite — Lightweight, file-based" },
					],
				});
				return { action: "accept", content: { q1: "SQLite", q2: ["Auth", "Search"], q2_other: "Billing" } };
			},
		});
		const result = await client.callTool({
			name: "ask_user",
			arguments: {
				questions: [
					DATABASE,
					{ question: "Which features?", multiSelect: true, options: [{ label: "Auth" }, { label: "Search" }] },
				],
			},
		});
		expect(resultJson(result as never)).toEqual({
			answered: true,
			cancelled: false,
			timedOut: false,
			answers: [
				{
					questionId: "q_1",
					values: ["SQLite"],
					question: "Which database should we use?",
					answer: "SQLite",
					selectedOption: "SQLite",
					wasCustom: false,
				},
				{
					questionId: "q_2",
					values: ["Auth", "Search", "Billing"],
					customText: "Billing",
					question: "Which features?",
					answer: ["Auth", "Search", "Billing"],
					selectedOption: ["Auth", "Search"],
					wasCustom: true,
				},
			],
		});
	});

	it("a form never ends on an optional text field (Codex submits only from the last field), and an empty Other never overrides a pick", async () => {
		/** Whether a person can submit from the form's last field by choosing: a choice, or a field they must fill. */
		const endsOnChoice = (schema: { properties: Record<string, object>; required?: string[] }): boolean => {
			// Codex shows the fields in their keys' alphabetical order, whatever the schema's order.
			const names = Object.keys(schema.properties).sort();
			const last = names[names.length - 1] ?? "";
			const field = schema.properties[last] as { oneOf?: unknown; items?: unknown };
			return field.oneOf !== undefined || field.items !== undefined || (schema.required ?? []).includes(last);
		};
		const forms: { properties: Record<string, object>; required?: string[] }[] = [];
		const session = await start({
			elicit: async (request) => {
				if (request.params.mode === "form") forms.push(request.params.requestedSchema as never);
				// The person picks and leaves the text fields empty (or blank), as Enter on a pick does.
				return { action: "accept", content: { q1: "SQLite", q1_other: "", q2_other: "  " } };
			},
		});
		const asks = [
			[DATABASE],
			[DATABASE, { question: "Anything else?", required: false }],
			[{ question: "Anything else?", required: false }],
		];
		for (const questions of asks) {
			const result = await session.client.callTool({ name: "ask_user", arguments: { questions } });
			if (questions[0] === DATABASE) {
				expect(resultJson(result as never)).toMatchObject({ answered: true, answers: [{ values: ["SQLite"] }] });
			}
		}
		expect(forms).toHaveLength(asks.length);
		for (const form of forms) expect(endsOnChoice(form), JSON.stringify(form)).toBe(true);
	});

	it("a client whose dialog is cancelled keeps waiting; the answer comes from the pending file", async () => {
		let replied = false;
		const session = await start({
			elicit: async () => {
				replied = true;
				return { action: "cancel" };
			},
		});
		const told: string[] = [];
		const call = session.client.callTool({ name: "ask_user", arguments: { questions: [DATABASE] } }, undefined, {
			onprogress: (notification) => told.push(notification.message ?? ""),
		});
		const { path, data } = await pendingFile(session.folder);
		expect(data.request).toMatchObject({ questions: [{ question: DATABASE.question }] });
		await waitFor(() => (replied ? true : undefined), "the dialog's cancel");
		// The client shows only that the call runs: a progress message says where the questions wait now.
		await waitFor(() => (told.some((line) => line.includes("/questions")) ? true : undefined), "the progress message");
		// The cancel was no answer: the call still waits, until the person answers for the file (pi, the page).
		answerAsThePerson(path, ["PostgreSQL (Recommended)"], session.agentDir);
		const result = resultJson((await call) as never);
		expect(result).toMatchObject({
			answered: true,
			cancelled: false,
			answers: [
				{ questionId: "q_1", values: ["PostgreSQL (Recommended)"], selectedOption: "PostgreSQL (Recommended)" },
			],
		});
		// Answered once: the file is gone, so nobody answers these questions again.
		await waitFor(() => (pendingFiles(session.folder).length === 0 ? true : undefined), "the file to go");
	});

	it("a client whose dialog never answers: the file in its root folder answers, and the dialog is withdrawn", async () => {
		let dialogSignal: AbortSignal | undefined;
		const project = mkdtempSync(join(tmpdir(), "pi-ask-mcp-root-"));
		const session = await start({
			roots: [project],
			elicit: (_request, signal) => {
				dialogSignal = signal;
				return new Promise(() => {});
			},
		});
		const call = session.client.callTool({
			name: "ask_user",
			arguments: { questions: [{ question: "Name?", id: "name" }, DATABASE] },
		});
		// The pending file goes to the client's project (its root), not to where the server was started.
		const { path, data } = await pendingFile(project);
		expect(pendingFiles(session.folder)).toEqual([]);
		// As the web page writes answers into a pending file, one question left out: the person's whole answer.
		expect(data.toolCallId).toEqual(expect.any(String));
		answerAsThePerson(path, ["orders", null], session.agentDir);
		const result = resultJson((await call) as never);
		expect(result).toMatchObject({
			answered: true,
			answers: [{ questionId: "name", values: ["orders"], id: "name" }],
			unanswered: ["Which database should we use?"],
		});
		await waitFor(() => (dialogSignal?.aborted ? true : undefined), "the client's dialog to be cancelled");
		rmSync(project, { recursive: true, force: true });
	});

	it("a decline that comes back faster than a person reads (Codex with approval_policy never) is no cancel: the pending file answers, and the result says so", async () => {
		let declined = false;
		const session = await start({
			elicit: async () => {
				declined = true;
				return { action: "decline" };
			},
		});
		const call = session.client.callTool({ name: "ask_user", arguments: { questions: [DATABASE] } });
		const { path } = await pendingFile(session.folder);
		await waitFor(() => (declined ? true : undefined), "the client's decline");
		await waitFor(() => (session.stderr().includes("declined its form") ? true : undefined), "the log line");
		answerAsThePerson(path, ["SQLite"], session.agentDir);
		const result = (await call) as never;
		expect(resultJson(result)).toMatchObject({
			answered: true,
			cancelled: false,
			formDeclinedByClient: true,
			answers: [{ values: ["SQLite"] }],
		});
		expect(resultText(result)).toMatch(/declined its own question form .*not the user's cancel/);
	});

	it("declining the client's dialog is the person's cancel; a later answer in the file counts for nothing", async () => {
		// A person reads before they decline: the reply comes after the server's quickest-person time.
		const session = await start({
			args: ["--quickest-reply", "0.2"],
			elicit: async () => {
				await new Promise((done) => setTimeout(done, 300));
				return { action: "decline" };
			},
		});
		// The form the client closed is not withdrawn afterwards.
		const withdrawn: unknown[] = [];
		session.client.setNotificationHandler(CancelledNotificationSchema, (notification) => {
			withdrawn.push(notification.params);
		});
		const result = await session.client.callTool({ name: "ask_user", arguments: { questions: [DATABASE] } });
		expect(resultJson(result as never)).toEqual({ answered: false, cancelled: true, timedOut: false, answers: [] });
		await waitFor(() => (pendingFiles(session.folder).length === 0 ? true : undefined), "the file to go");
		await session.client.ping();
		expect(withdrawn).toEqual([]);
		expect(decisions(session.agentDir)).toMatchObject([{ by: "mcp-form", outcome: "declined", answers: [] }]);
	});

	it("ask_user_wait after the client gave up: the answer given meanwhile is returned once", async () => {
		const session = await start();
		// The client's own limit (Codex: 60 s) is 1 s here: it gives up and cancels the call.
		await expect(
			session.client.callTool({ name: "ask_user", arguments: { questions: [DATABASE] } }, undefined, {
				timeout: 1_000,
			}),
		).rejects.toThrow(/timed out/i);
		const { path, data } = await pendingFile(session.folder);
		const askId = String(data.toolCallId);
		// Giving up was no cancel: the questions still wait in the file.
		expect(pendingFiles(session.folder)).toHaveLength(1);
		answerAsThePerson(path, ["SQLite"], session.agentDir);
		await waitFor(() => (session.stderr().includes("through pending-file") ? true : undefined), "the answer");
		// Taken, but nobody has it yet: the file with the person's answers stays until the client fetches them.
		expect(pendingFiles(session.folder)).toHaveLength(1);
		const waited = await session.client.callTool({ name: "ask_user_wait", arguments: { askId } });
		expect(resultJson(waited as never)).toMatchObject({ answered: true, answers: [{ values: ["SQLite"] }] });
		await waitFor(() => (pendingFiles(session.folder).length === 0 ? true : undefined), "the file to go");
		// Exactly once: the answers were handed out; the ask is gone.
		const again = await session.client.callTool({ name: "ask_user_wait", arguments: { askId } });
		expect(again.isError).toBe(true);
	});

	it("background, and a client's time limit: pending with an askId, then ask_user_wait", async () => {
		const session = await start({ args: ["--return-after", "1"] });
		const background = await session.client.callTool({
			name: "ask_user",
			arguments: { questions: [DATABASE], background: true },
		});
		const first = resultJson(background as never);
		expect(first).toMatchObject({ answered: false, cancelled: false, timedOut: false, pending: true, answers: [] });
		// No file is named to the client's model: it is no place for the model to answer.
		expect(first).not.toHaveProperty("pendingFile");
		const askId = String(first.askId);
		// Before the client's limit (here 1 s) the call returns pending again.
		const waited = await session.client.callTool({ name: "ask_user_wait", arguments: { askId } });
		expect(resultJson(waited as never)).toMatchObject({ pending: true, askId });
		const { path } = await pendingFile(session.folder);
		const call = session.client.callTool({ name: "ask_user_wait", arguments: { askId, waitSeconds: 30 } });
		answerAsThePerson(path, ["SQLite"], session.agentDir);
		// The limit still applies: the answer comes within it, or pending does and the next wait has it.
		let result = resultJson((await call) as never);
		if (result.pending)
			result = resultJson((await session.client.callTool({ name: "ask_user_wait", arguments: { askId } })) as never);
		expect(result).toMatchObject({ answered: true, answers: [{ values: ["SQLite"] }] });
	});

	it("a call that waits reports progress at the server's interval: a client that resets its limit on progress outlives the limit", async () => {
		// In process, with a 100 ms interval in place of the 15 s one: the same server code, the official client. The
		// client's limit is 20 intervals, so a stalled machine (an fsync behind other work) does not outrun it.
		const folder = mkdtempSync(join(tmpdir(), "mcp-progress-"));
		const agentDir = mkdtempSync(join(tmpdir(), "mcp-progress-agent-"));
		const { server } = createAskServer({
			book: createAskBook(),
			folder,
			claims: createClaims({ ...systemLeaseDeps(), holder: "mcp" }),
			given: givenRecord(agentDir),
			version: "test",
			log: () => undefined,
			progressEveryMs: 100,
		});
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		const client = new Client({ name: "progress-test", version: "1" });
		await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
		const progress: number[] = [];
		const started = Date.now();
		// A 2 s limit, reset by each progress notification (as pi 1.x's MCP client does).
		const call = client.callTool({ name: "ask_user", arguments: { questions: [DATABASE] } }, undefined, {
			timeout: 2_000,
			resetTimeoutOnProgress: true,
			onprogress: (notification) => progress.push(notification.progress),
		});
		const { path } = await pendingFile(folder);
		// Past the client's own 2 s limit twice over: only the progress kept the call alive.
		await waitFor(() => (Date.now() - started > 4_500 ? true : undefined), "the limit to pass", 10_000);
		answerAsThePerson(path, ["SQLite"], agentDir);
		expect(resultJson((await call) as never)).toMatchObject({ answered: true, answers: [{ values: ["SQLite"] }] });
		expect(progress.slice(0, 3)).toEqual([1, 2, 3]);
		await client.close();
		rmSync(folder, { recursive: true, force: true });
		rmSync(agentDir, { recursive: true, force: true });
	});

	it("a client that disconnects cancels nothing: its questions stay in the pending file, unanswered", async () => {
		const session = await startMcp({ elicit: () => new Promise(() => {}) });
		await session.client.callTool({ name: "ask_user", arguments: { questions: [DATABASE], background: true } });
		const { path } = await pendingFile(session.folder);
		await session.client.close();
		const data = JSON.parse(readFileSync(path, "utf8")) as { questions: { question: string; answer: unknown }[] };
		expect(data.questions).toEqual([expect.objectContaining({ question: DATABASE.question, answer: null })]);
		rmSync(session.folder, { recursive: true, force: true });
	});

	it("two clients at once in one folder: each gets its own answers, and neither can read the other's ask", async () => {
		const a = await start();
		// One person, one agent folder: both servers read the answers their pi records there.
		const b = await start({ folder: a.folder, env: { PI_CODING_AGENT_DIR: a.agentDir } });
		const askA = resultJson(
			(await a.client.callTool({
				name: "ask_user",
				arguments: { questions: [{ question: "A's question?" }], background: true },
			})) as never,
		);
		const askB = resultJson(
			(await b.client.callTool({
				name: "ask_user",
				arguments: { questions: [{ question: "B's question?" }], background: true },
			})) as never,
		);
		const stolen = await b.client.callTool({ name: "ask_user_wait", arguments: { askId: askA.askId, waitSeconds: 0 } });
		expect(stolen.isError).toBe(true);
		expect(JSON.stringify(stolen.content)).not.toContain("A's question?");
		for (const ask of [askA, askB]) {
			const path = pendingFileOf(a.folder, ask.askId);
			const data = JSON.parse(readFileSync(path, "utf8")) as { questions: { question: string }[] };
			answerAsThePerson(path, [`answer to ${data.questions[0]?.question}`], a.agentDir);
		}
		const gotA = resultJson(
			(await a.client.callTool({ name: "ask_user_wait", arguments: { askId: askA.askId } })) as never,
		);
		const gotB = resultJson(
			(await b.client.callTool({ name: "ask_user_wait", arguments: { askId: askB.askId } })) as never,
		);
		expect(gotA).toMatchObject({ answers: [{ values: ["answer to A's question?"] }] });
		expect(gotB).toMatchObject({ answers: [{ values: ["answer to B's question?"] }] });
	});

	it("a malformed call is a tool error naming the key, and asks nothing", async () => {
		const session = await start();
		const cases: [unknown, RegExp][] = [
			[{ questions: [] }, /questions is empty/],
			[{ questions: [{ question: "Pick", type: ["select"], options: ["a"] }] }, /questions\[0\]\.type/],
			[{ questions: [{ question: "Pick", type: "select" }] }, /questions\[0\]\.options is missing/],
			[{ questions: [{ question: "Ok?", required: "yes" }] }, /questions\[0\]\.required must be true or false/],
			[{ questions: [{ question: "Ok?" }], timeout: 5 }, /timeout is 5 ms/],
			[{ questions: [{ question: "Ok?" }], title: "x".repeat(101) }, /title is 101 characters/],
			[
				{ questions: [{ question: "Ok?", options: [{ label: "a" }, { label: "A" }] }] },
				/questions\[0\]\.options\[1\]\.label "A" duplicates/,
			],
			[{ question_list: [{ text: "" }] }, /question_list\[0\]\.text is empty/],
		];
		for (const [args, message] of cases) {
			const result = await session.client.callTool({ name: "ask_user", arguments: args as Record<string, unknown> });
			expect(result.isError, JSON.stringify(args)).toBe(true);
			expect(resultText(result)).toMatch(message);
		}
		const wait = await session.client.callTool({ name: "ask_user_wait", arguments: {} });
		expect(wait.isError).toBe(true);
		expect(JSON.stringify(wait.content)).toMatch(/askId is missing/);
		expect(pendingFiles(session.folder)).toEqual([]);
	});

	it("the pi extension's chunks never reach the MCP server or its SDK", () => {
		const dist = fileURLToPath(new URL("../../dist/", import.meta.url));
		const seen = new Set<string>();
		const visit = (file: string): void => {
			if (seen.has(file)) return;
			seen.add(file);
			const text = readFileSync(join(dist, file), "utf8");
			expect(text, file).not.toContain("@modelcontextprotocol");
			expect(text, file).not.toContain("mcp/main");
			for (const [, next] of text.matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+\.js)"/g)) visit(next as string);
		};
		visit("index.js");
		expect(seen.size).toBeGreaterThan(1);
	});
});
