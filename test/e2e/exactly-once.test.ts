/**
 * Exactly once across processes and signals, with real pi processes at once:
 * - an ask open in a TUI dialog belongs to that pi: `pi -p --answers` and `pi -p @file` in the same project
 *   meanwhile leave it alone (they said "Yes" into their own session before; the person then answered "No");
 * - answers being delivered count only once a session pi will continue holds them: SIGINT, SIGTERM or SIGKILL
 *   while the model thinks loses nothing, and the next run delivers them once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import {
	createWorkspace,
	goneSoon,
	KEYS,
	PI,
	piArgs,
	resultJson,
	runPiAsync,
	runPrint,
	sleep,
	startTui,
	type TuiSession,
	type Workspace,
	waitForToolResult,
} from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

const QUESTION = { questions: [{ question: "Proceed with the migration?", options: ["Yes", "No"] }] };
const ATTACHED = "@.pi/pending-questions.json";

let ws: Workspace;
let tui: TuiSession | undefined;

/** Every user message any run sent the model that carries answers. */
function deliveredAnswers(): string[] {
	return ws
		.requests()
		.flatMap((r) => r.messages)
		.filter((m) => m.role === "user" && m.text.includes("<ask_user_answers"))
		.map((m) => m.text);
}

const claimFiles = () => readdirSync(join(ws.cwd, ".pi")).filter((name) => name.endsWith(".claim"));

describe("an ask open in a live pi belongs to that pi", () => {
	beforeEach(() => {
		ws = createWorkspace();
	});
	afterEach(() => {
		tui?.kill();
		tui = undefined;
		ws.cleanup();
	});

	it("pi -p --answers and pi -p @file meanwhile leave it alone; the person's answer in the dialog is the one", async () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: QUESTION } }, { echo: true }]);
		tui = startTui(ws, ["start the migration"]);
		await tui.waitFor("Proceed with the migration?");
		await tui.waitFor("Other");
		expect(existsSync(ws.pendingPath())).toBe(true);
		expect(claimFiles()).toHaveLength(1);

		// Run while this process keeps reading the TUI's terminal, as a person's terminal does: waiting in spawnSync would
		// leave pi's terminal output unread, and a pi blocked writing to it refreshes no claim (after 15 s, under load,
		// it reads as frozen and its questions as free).
		const byFlag = await runPiAsync(ws, piArgs(["-p", "--answers", '["Yes"]', "go on"]));
		expect(byFlag.code).toBe(1);
		expect(byFlag.stderr).toContain("open in another pi");
		const byFile = await runPiAsync(ws, piArgs(["-p", ATTACHED, "Yes"]));
		expect(byFile.code).toBe(1);
		expect(byFile.stderr).toContain("open in another pi");
		expect(existsSync(ws.pendingPath())).toBe(true);
		expect(deliveredAnswers()).toEqual([]);

		tui.type(KEYS.down);
		await sleep(100);
		tui.type(KEYS.enter);
		const result = await waitForToolResult(ws);
		expect(resultJson(result.text)).toMatchObject({
			answered: true,
			answers: [{ question: "Proceed with the migration?", answer: "No" }],
		});
		expect(deliveredAnswers()).toEqual([]);
		expect(await goneSoon(ws.pendingPath())).toBe(true);
		expect(claimFiles()).toEqual([]);
	});

	it("a claim whose pi is gone (killed) does not keep its questions from being answered", async () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: QUESTION } }, { echo: true }]);
		tui = startTui(ws, ["start the migration"]);
		await tui.waitFor("Other");
		expect(claimFiles()).toHaveLength(1);
		tui.kill("SIGKILL");
		await tui.exited;
		tui = undefined;
		const run = runPrint(ws, ["--answers", '["Yes"]', "go on"]);
		expect(run.code, run.stderr).toBe(0);
		expect(deliveredAnswers()).toHaveLength(1);
		expect(deliveredAnswers()[0]).toContain('"answer":"Yes"');
		expect(existsSync(ws.pendingPath())).toBe(false);
	});
});

/** Starts `pi -p …` and resolves once the model has been sent answers (it then thinks for a long time). */
async function startDelivering(extra: string[]): Promise<ChildProcess> {
	const child = spawn(PI.node, piArgs(["-p", ...extra]), { cwd: ws.cwd, env: ws.env, stdio: "ignore" });
	const started = Date.now();
	while (deliveredAnswers().length === 0) {
		if (Date.now() - started > patient(20_000)) throw new Error("the model was never sent the answers");
		await sleep(50);
	}
	return child;
}

describe("answers count as delivered only once a session pi continues holds them", () => {
	/**
	 * Before each test: an ask saved by pi -p (made once, the workspace put back for each test); the next request of
	 * the model thinks for a minute, the ones after answer at once.
	 */
	const saved = workspaceFromSetup((made) => {
		ws = made;
		ws.script([
			{ toolCall: { name: "ask_user", arguments: QUESTION } },
			{ echo: true, thinkMs: 60_000 },
			{ echo: true },
		]);
		const asked = runPrint(ws, ["start the migration"]);
		expect(asked.code, asked.stderr).toBe(0);
		expect(existsSync(ws.pendingPath())).toBe(true);
	});
	beforeEach(() => {
		ws = saved();
		expect(existsSync(ws.pendingPath())).toBe(true);
	});

	for (const [how, args] of [
		['pi -p @file "words"', [ATTACHED, "yes, go ahead"]],
		["pi -p --answers (a new session)", ["--answers", '["Yes"]', "go on"]],
	] as const) {
		for (const signal of ["SIGINT", "SIGTERM", "SIGKILL"] as const) {
			it(`${how}: ${signal} while the model thinks loses nothing; the next run delivers once`, async () => {
				const child = await startDelivering([...args]);
				child.kill(signal);
				await new Promise((done) => child.once("exit", done));
				if (existsSync(ws.pendingPath())) {
					// The run ended before its session held the answers: they were not delivered, the next run delivers them.
					const again = runPrint(ws, [...args]);
					expect(again.code, again.stderr).toBe(0);
					expect(deliveredAnswers()).toHaveLength(2);
				} else {
					// pi 1.x ends a signalled run gracefully: it aborts the model and saves the session, which then holds the
					// answers (delivered); pi -c goes on with them.
					expect(signal).not.toBe("SIGKILL");
					const next = runPrint(ws, ["-c", "go on"]);
					expect(next.code, next.stderr).toBe(0);
				}
				expect(ws.lastMessages().filter((m) => m.text.includes("<ask_user_answers"))).toHaveLength(1);
				expect(existsSync(ws.pendingPath())).toBe(false);
			});
		}
	}

	it("pi -p -c --answers: SIGKILL after the session holds the answers — pi -c goes on with them, never sends them again", async () => {
		const child = await startDelivering(["-c", "--answers", '["Yes"]']);
		await sleep(300);
		child.kill("SIGKILL");
		await new Promise((done) => child.once("exit", done));

		const next = runPrint(ws, ["-c", "go on"]);
		expect(next.code, next.stderr).toBe(0);
		const answered = ws.lastMessages().filter((m) => m.text.includes("<ask_user_answers"));
		expect(answered).toHaveLength(1);
		const again = runPrint(ws, ["-c", "--answers", '["No"]']);
		expect(again.code).toBe(1);
		expect(again.stderr).toContain("no pending questions");
	});
});
