/**
 * The MCP client's own model must not answer its own questions. A coding agent's model can edit any file in its
 * project, the server's pending file too; the server cannot see its client's tool calls, so answers in that file count
 * only when one of the person's channels wrote them (pi's `--answers`, `@file` with words, `/questions answer`, the
 * web page): those record what they wrote in this user's agent folder, where the server checks. The official MCP
 * client over real stdio against the real server, and a real pi in the same folder.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkspace, expectSuccess, patient, runPrint, type Workspace } from "../e2e/harness.js";
import { type McpSession, pendingFile, pendingFiles, resultJson, resultText, startMcp, waitFor } from "./mcp-client.js";

const FORCE_PUSH = { question: "May I force-push to main?", options: [{ label: "Yes" }, { label: "No" }] };

let ws: Workspace;
let mcp: McpSession | undefined;

beforeEach(() => {
	ws = createWorkspace();
	ws.script([{ text: "Noted." }]);
});
afterEach(async () => {
	await mcp?.close();
	mcp = undefined;
	ws.cleanup();
});

/** What a coding agent's Edit tool does to a JSON file: fills in `answer`s and saves. */
function editAnswers(path: string, answers: unknown[]): void {
	const data = JSON.parse(readFileSync(path, "utf8")) as { questions: { answer: unknown }[] };
	data.questions.forEach((question, i) => {
		question.answer = answers[i] ?? null;
	});
	writeFileSync(`${path}.edit`, JSON.stringify(data, null, 2));
	renameSync(`${path}.edit`, path);
}

async function askInBackground(questions: unknown[]): Promise<Record<string, unknown>> {
	mcp = await startMcp({ folder: ws.cwd, env: { PI_CODING_AGENT_DIR: ws.agentDir } });
	return resultJson(
		(await mcp.client.callTool({ name: "ask_user", arguments: { questions, background: true } })) as never,
	);
}

/** One `ask_user_wait` of up to `seconds`, as the client's model calls it. */
async function waitOnce(askId: unknown, seconds: number): Promise<Record<string, unknown>> {
	const session = mcp as McpSession;
	return resultJson(
		(await session.client.callTool({ name: "ask_user_wait", arguments: { askId, waitSeconds: seconds } }, undefined, {
			timeout: patient(60_000),
		})) as never,
	);
}

describe("answers the client's model wrote into the pending file", () => {
	it("are never returned as the person's; the person's answer through pi still is, once", async () => {
		const first = await askInBackground([FORCE_PUSH]);
		const { path } = await pendingFile(ws.cwd);
		editAnswers(path, ["Yes"]);
		const session = mcp as McpSession;
		const waited = await waitOnce(first.askId, 3);
		expect(waited).toMatchObject({ answered: false, pending: true, answers: [] });
		expect(session.stderr()).toMatch(/not written by the person/);
		// The person answers with pi: their answer replaces the model's, and only theirs reaches the client.
		const run = expectSuccess(runPrint(ws, ["@.pi/pending-questions.json", "No"]));
		expect(run.stdout + run.stderr).toContain("answered for");
		const answered = await waitOnce(first.askId, 30);
		expect(answered).toMatchObject({ answered: true, answers: [{ questionId: "q_1", values: ["No"] }] });
		await waitFor(() => (pendingFiles(ws.cwd).length === 0 ? true : undefined), "the file to go", 15_000);
		// The model is not handed the file as a place to answer.
		expect(first).not.toHaveProperty("pendingFile");
	});

	it("the pending result tells the model where the person answers, not to edit the file", async () => {
		const first = await askInBackground([FORCE_PUSH]);
		const session = mcp as McpSession;
		const text = resultText(
			await session.client.callTool({ name: "ask_user_wait", arguments: { askId: first.askId, waitSeconds: 0 } }),
		);
		expect(text).toMatch(/do not (write|edit)/i);
		expect(text).not.toContain("pending-questions.json");
	});

	it("part of the answers written in the file is never sent as final, however long it stands", async () => {
		const first = await askInBackground([
			{ question: "Name?", id: "name" },
			{ question: "Colour?", id: "colour" },
		]);
		const { path } = await pendingFile(ws.cwd);
		editAnswers(path, ["Ada", null]);
		// Longer than the file ever had to stand still before (1.5 s): still nothing is taken.
		expect(await waitOnce(first.askId, 4)).toMatchObject({ answered: false, pending: true });
	});
});
