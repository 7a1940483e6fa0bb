/**
 * The settings file against the real pi: `<agentDir>/pi-ask-user/settings.json` turns the tool off
 * or rewords its guidance; a project's file counts only where pi trusts the project.
 */
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkspace, expectSuccess, piAtLeast, runPrint, type Workspace } from "./harness.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
	ws.script([{ text: "ok" }]);
});
afterEach(() => ws.cleanup());

const LOG_TOOLS = { PI_ASK_LOG_TOOLS: "1" };

function writeSettings(folder: string, settings: unknown) {
	mkdirSync(join(folder, "pi-ask-user"), { recursive: true });
	writeFileSync(join(folder, "pi-ask-user", "settings.json"), JSON.stringify(settings));
}

/** What the model was offered in its last request: tool names and the system prompt. */
function offered(): { tools: string[]; systemPrompt: string } {
	const lines = readFileSync(join(ws.root, "model-log.jsonl"), "utf8").trim().split("\n");
	const last = JSON.parse(lines.at(-1) ?? "{}") as { tools?: { name: string }[]; systemPrompt?: string };
	return { tools: (last.tools ?? []).map((t) => t.name), systemPrompt: last.systemPrompt ?? "" };
}

/** The model calls ask_user; `--answers` answers it when the tool is there. */
function askOnce(): { isError: boolean | undefined; text: string } {
	ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Name?" }] } } }, { text: "done" }]);
	expectSuccess(runPrint(ws, ["--answers", '["svc"]', "go"], { env: LOG_TOOLS }));
	const result = ws.lastToolResult();
	return { isError: result?.isError, text: result?.text ?? "" };
}

/** pi's own trust store saying yes for the project (pi ≥0.79 reads it; what `pi -a` writes). */
function trustProject() {
	writeFileSync(join(ws.agentDir, "trust.json"), JSON.stringify({ [realpathSync(ws.cwd)]: true }));
}

describe("settings.json", () => {
	it("enabled: false leaves ask_user unregistered; /questions still works", () => {
		expect(askOnce().isError).toBeFalsy();
		writeSettings(ws.agentDir, { enabled: false });
		const off = askOnce();
		expect(off.isError).toBe(true);
		expect(off.text).toMatch(/not found/i);
		expect(expectSuccess(runPrint(ws, ["/questions"])).stdout).toContain("No pending questions.");
	});

	// pi 0.87 and 1.x hand a custom provider no system prompt, so the scripted model sees it only on 0.73.1 (the
	// tool definition's unit test covers the rest).
	it.skipIf(piAtLeast("0.87.0"))("guidelines replace the lines pi adds to the system prompt for the tool", () => {
		expectSuccess(runPrint(ws, ["hi"], { env: LOG_TOOLS }));
		expect(offered().systemPrompt).toContain("(Recommended)");
		writeSettings(ws.agentDir, { guidelines: ["ask_user: ask one question at a time."] });
		expectSuccess(runPrint(ws, ["hi"], { env: LOG_TOOLS }));
		expect(offered().systemPrompt).toContain("ask_user: ask one question at a time.");
		expect(offered().systemPrompt).not.toContain("(Recommended)");
	});

	it("a project's file is ignored unless the person trusted the project in pi (pi ≥0.79), and they are told", () => {
		writeSettings(join(ws.cwd, ".pi"), { enabled: false });
		ws.script([{ text: "ok" }]);
		const run = expectSuccess(runPrint(ws, ["hi"]));
		expect(run.stderr).toContain("is ignored: pi does not trust this project");
		expect(askOnce().isError).toBeFalsy();
		trustProject();
		// pi 0.73.1 has no project trust to ask: a project's file never counts there.
		if (piAtLeast("0.79.0")) expect(askOnce().isError).toBe(true);
		else expect(askOnce().isError).toBeFalsy();
	});

	it("a broken file is named, and the tool stays on", () => {
		mkdirSync(join(ws.agentDir, "pi-ask-user"), { recursive: true });
		writeFileSync(join(ws.agentDir, "pi-ask-user", "settings.json"), "{ nope");
		const run = expectSuccess(runPrint(ws, ["hi"]));
		expect(run.stderr).toContain("settings.json is not valid JSON");
		expect(askOnce().isError).toBeFalsy();
	});
});

describe("language in the settings file", () => {
	it('"language": "de" makes pi -p tell the person in German; the locale says nothing', () => {
		writeSettings(ws.agentDir, { language: "de" });
		ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Name?" }] } } }]);
		const run = expectSuccess(runPrint(ws, ["go"]));
		const shown = run.stdout + run.stderr;
		expect(shown, shown).toContain("Fragen gespeichert in: .pi/pending-questions.json");
	});
});

describe("the settings file stays out of the environment", () => {
	it("a command the agent runs sees none of the file's settings as PI_ASK_USER_* variables", () => {
		writeSettings(ws.agentDir, { timeoutSeconds: 300, screenReader: true, hideKey: "alt+h", language: "de" });
		ws.script([
			{
				toolCall: {
					name: "bash",
					// The names the file's settings had in the environment; the test run's own PI_ASK_USER_* are no matter.
					arguments: {
						command: "env | grep -E '^PI_ASK_USER_(TIMEOUT|SCREEN_READER|HIDE_KEY|LANG)=' | sort; echo end",
					},
				},
			},
			{ text: "done" },
		]);
		expectSuccess(runPrint(ws, ["go"]));
		const result = ws.lastToolResult();
		expect(result?.isError).toBeFalsy();
		// The file is read into a value for this pi: what its commands inherit is the person's environment only.
		expect(result?.text.trim()).toBe("end");
	});
});
