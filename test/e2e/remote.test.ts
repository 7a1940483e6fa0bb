/** Remote answering with the real pi: a WebSocket backend on 127.0.0.1 answers, or the questions go pending. */
import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { startBackend, type TestBackend } from "../remote/backend.js";
import {
	createWorkspace,
	KEYS,
	piArgs,
	readJson,
	resultJson,
	runPiAsync,
	SPEC_EXAMPLE,
	SPEC_RESULT,
	startTui,
	type Workspace,
} from "./harness.js";

let ws: Workspace;
let backend: TestBackend | undefined;
beforeEach(() => {
	ws = createWorkspace();
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
});
afterEach(async () => {
	await backend?.kill();
	backend = undefined;
	ws.cleanup();
});

describe("remote answering with the real pi", () => {
	it("print mode: the backend's answer reaches the model, with the token only in the Authorization header", async () => {
		backend = await startBackend();
		const env = { PI_ASK_USER_REMOTE_URL: backend.url, PI_ASK_USER_REMOTE_TOKEN: "s3cret-token" };
		const running = runPiAsync(ws, piArgs(["-p", "set up the service"]), { env });
		const frame = await backend.nextQuestion();
		expect(frame.payload.event).toBe("ask_user_question");
		expect(frame.payload.payload.questions.map((q) => q.question)).toEqual([
			"Which database should we use?",
			"What should we name this service?",
		]);
		backend.answer(frame.payload.payload.questionId, {
			"Which database should we use?": "PostgreSQL (Recommended)",
			"What should we name this service?": "order-processor",
		});
		const run = await running;
		expect(run.code).toBe(0);
		expect(backend.authorizations).toEqual(["Bearer s3cret-token"]);
		expect(resultJson(ws.lastToolResult()?.text)).toEqual(SPEC_RESULT);
		expect(run.stdout + run.stderr).not.toContain("s3cret-token");
		expect(existsSync(ws.pendingPath())).toBe(false);
	});

	it("print mode: no answer before the timeout → the questions are saved as pending, nothing invented", async () => {
		backend = await startBackend();
		const env = { PI_ASK_USER_REMOTE_URL: backend.url, PI_ASK_USER_REMOTE_TIMEOUT: "1" };
		const run = await runPiAsync(ws, piArgs(["-p", "set up the service"]), { env });
		expect(run.stderr).toContain("no remote answer (timedOut)");
		expect((readJson(ws.pendingPath()) as { questions: unknown[] }).questions).toHaveLength(2);
		expect(resultJson(ws.lastToolResult()?.text ?? '{"none":1}')).not.toHaveProperty("answered", true);
	});

	it("print mode: a backend that is down falls back to pending at once", async () => {
		const started = Date.now();
		const run = await runPiAsync(ws, piArgs(["-p", "set up the service"]), {
			env: { PI_ASK_USER_REMOTE_URL: "ws://127.0.0.1:9" },
		});
		expect(run.stderr).toContain("no remote answer (unavailable)");
		// Plain ws:// to 127.0.0.1 is allowed: a loopback address.
		expect(run.stderr).not.toContain("not a loopback host");
		expect(existsSync(ws.pendingPath())).toBe(true);
		expect(Date.now() - started).toBeLessThan(patient(15_000));
	});

	it("TUI: a remote answer closes the open dialog, and the TUI says so", async () => {
		backend = await startBackend();
		const tui = startTui(ws, ["set up the service"], { env: { PI_ASK_USER_REMOTE_URL: backend.url } });
		try {
			const frame = await backend.nextQuestion();
			await tui.waitFor("Other (type your answer)");
			backend.answer(frame.payload.payload.questionId, {
				"Which database should we use?": "SQLite",
				"What should we name this service?": "remote-svc",
			});
			// A backend of one's own is not the package's web page: the terminal does not name one.
			await tui.waitFor("Answered remotely.");
			await tui.waitFor("The model received");
			expect(resultJson(ws.lastToolResult()?.text)).toMatchObject({
				answered: true,
				answers: [{ answer: "SQLite" }, { answer: "remote-svc" }],
			});
		} finally {
			tui.type(KEYS.ctrlC);
			tui.kill();
		}
	});
});
