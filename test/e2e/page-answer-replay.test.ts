/**
 * An answer the person gave on the web page for a pending file their pi did not write counts as theirs for that ask
 * only, against the real pi and the real `pi-ask-anywhere web`: the file replaced by another ask with the same call id
 * and the same answer (a `git pull`, a shared folder, a provider that reuses ids such as `call_0`) never delivers that
 * answer for a question the person never saw. The ask as answered is delivered, once.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answerPendingOnPage, startWebCommand } from "../web/web-command.js";
import { createWorkspace, expectSuccess, runPrint, type Workspace } from "./harness.js";

const SEEN = "Run the test suite first?";
const NEVER_SEEN = "Drop the production database?";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
});
afterEach(() => ws.cleanup());

/** The user messages of every request the model received, as one text. */
function userTextSeen(): string {
	return ws
		.requests()
		.flatMap((request) => request.messages)
		.filter((message) => message.role === "user")
		.map((message) => message.text)
		.join("\n");
}

/**
 * A pending file this user's pi did not write as theirs (`pi -p --no-session` keeps no session to match it), answered
 * "Yes" on the page after the person confirmed it.
 */
async function answeredOnPage(): Promise<void> {
	const question = { question: SEEN, header: "Tests", options: [{ label: "Yes" }, { label: "No" }] };
	ws.script([{ toolCall: { name: "ask_user", id: "call_0", arguments: { questions: [question] } } }]);
	runPrint(ws, ["--no-session", "set up"]);
	expect(existsSync(ws.pendingPath())).toBe(true);

	const web = await startWebCommand(ws.cwd, ws.env, ["--no-qr"]);
	try {
		const answer = await answerPendingOnPage(web, { name: "pending-questions.json", toolCallId: "call_0" }, "Yes");
		expect(await answer.json()).toEqual({ ok: true });
	} finally {
		await web.stop();
	}
	expect(readFileSync(join(ws.agentDir, "pi-ask-user", "facts.jsonl"), "utf8")).toContain('"fact":"given","at"');
}

describe("an answer given on the web page for a file this user's pi did not write", () => {
	it("is delivered for the ask the person answered, once", async () => {
		await answeredOnPage();
		ws.script([{ text: "ok", echo: true }]);
		expectSuccess(runPrint(ws, ["-c", "continue"]));
		const seen = userTextSeen();
		expect(seen).toContain("<ask_user_answers");
		expect(seen).toContain(`"question":"${SEEN}","answer":"Yes"`);
		expect(seen.split("<ask_user_answers").length - 1).toBe(1);
	});

	it("is never delivered for another ask with the same call id and answer that replaced the file", async () => {
		await answeredOnPage();
		// Replaced as a `git pull` would: same id and answer, another question, session, time and task.
		const file = JSON.parse(readFileSync(ws.pendingPath(), "utf8"));
		for (const question of [file.questions[0], file.request.questions[0]]) {
			question.question = NEVER_SEEN;
			question.header = "Danger";
		}
		file.sessionId = "another-session";
		file.task = "drop the database";
		file.timestamp = new Date(Date.now() + 60_000).toISOString();
		writeFileSync(ws.pendingPath(), JSON.stringify(file, null, 2));

		ws.script([{ text: "ok", echo: true }]);
		const run = runPrint(ws, ["-c", "continue"]);
		const seen = userTextSeen();
		expect(seen, run.stderr).not.toContain("<ask_user_answers");
		expect(seen).not.toContain(NEVER_SEEN);
		// Nothing is reported as the person's answer: the person is told, and the file's questions still wait for them.
		expect(run.stderr).toContain("the answers already in .pi/pending-questions.json were ignored");
		expect(existsSync(ws.pendingPath())).toBe(true);
	});
});
