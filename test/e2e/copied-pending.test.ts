/**
 * Pending files that came from somewhere else, against the real pi: a project copied
 * with `cp -r` does not answer the original project's ask, a pending file restored after its answers were delivered
 * is not delivered again (neither by `--answers` nor by `@file`), and a project whose `.pi/settings.json` keeps
 * sessions in the project still answers the person's own asks.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	answerSpecExampleInTui,
	createWorkspace,
	KEYS,
	piArgs,
	runPi,
	runPrint,
	runTuiCommand,
	SPEC_EXAMPLE,
	startTui,
	type TuiSession,
	type Workspace,
} from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

const SPEC_ANSWERS = '["PostgreSQL (Recommended)", "order-processor"]';

let ws: Workspace;
let tui: TuiSession | undefined;
afterEach(() => {
	tui?.kill();
	tui = undefined;
});

/** How many requests the model received that carried delivered answers. */
function deliveriesSeen(): number {
	return ws.requests().filter((r) => r.messages.some((m) => m.role === "user" && m.text.includes("<ask_user_answers")))
		.length;
}

/** `pi -p "set up the service"` asks the spec's questions; they wait in the project's pending file. */
function askAndSave(): void {
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
	const asked = runPrint(ws, ["set up the service"]);
	expect(asked.code, asked.stderr).toBe(0);
	expect(existsSync(ws.pendingPath()), asked.stderr).toBe(true);
}

/** Before each test: the spec's questions saved by `askAndSave` (run once, the workspace put back for each test). */
const asked = workspaceFromSetup((made) => {
	ws = made;
	askAndSave();
});
beforeEach(() => {
	ws = asked();
});

/** The project copied with `cp -r` next to it, as a workspace that runs pi in the copy. */
function copyProject(): Workspace {
	const copy = join(ws.root, "copy");
	cpSync(ws.cwd, copy, { recursive: true });
	return { ...ws, cwd: copy, pendingPath: (name = "pending-questions.json") => join(copy, ".pi", name) };
}

describe("a project copied with cp -r", () => {
	it("does not answer the original project's ask; the original still does, once", () => {
		const inCopy = copyProject();

		const refused = runPi(inCopy, piArgs(["-p", "--answers", SPEC_ANSWERS, "go"]));
		expect(refused.stderr).toContain(ws.cwd);
		expect(refused.code).not.toBe(0);
		expect(deliveriesSeen()).toBe(0);
		expect(existsSync(inCopy.pendingPath())).toBe(true);

		const attached = runPi(inCopy, piArgs(["-p", "@.pi/pending-questions.json", "postgres, order-processor"]));
		expect(attached.stderr).toContain(ws.cwd);
		expect(deliveriesSeen()).toBe(0);

		const original = runPrint(ws, ["--answers", SPEC_ANSWERS, "go"]);
		expect(original.code, original.stderr).toBe(0);
		expect(deliveriesSeen()).toBe(1);
		expect(existsSync(ws.pendingPath())).toBe(false);
	});

	it("TUI /questions answer in the copy shows where the ask was made and answers it only after the person's choice, once", async () => {
		const inCopy = copyProject();
		ws.script([{ text: "Thanks." }]);
		tui = startTui(inCopy, [], { env: { PI_ASK_USER_NOTIFY: "0" } });
		await runTuiCommand(tui, "/questions answer");
		await tui.waitFor(/your pi asked in|Other \(type your answer\)/, 40_000);
		const screen = tui.screen().join("\n");
		expect(screen).toContain("your pi asked in");
		expect(screen).toContain("not in this project");
		tui.type(KEYS.enter); // "Answer its questions"
		const delivered = await answerSpecExampleInTui(ws, tui, "svc-in-copy");
		expect(delivered).toContain('"answer":"svc-in-copy","wasCustom":true');
		tui.kill();
		tui = undefined;

		// Settled in the copy's session: the original project does not deliver it a second time.
		const original = runPrint(ws, ["--answers", SPEC_ANSWERS, "go"]);
		expect(original.stderr).toMatch(/already answered/);
		expect(deliveriesSeen()).toBe(1);
	});
});

describe("a pending file restored after its answers were delivered", () => {
	it("is refused by --answers and by @file", () => {
		const saved = readFileSync(ws.pendingPath(), "utf8");
		const delivered = runPrint(ws, ["-c", "--answers", SPEC_ANSWERS]);
		expect(delivered.code, delivered.stderr).toBe(0);
		expect(deliveriesSeen()).toBe(1);
		expect(existsSync(ws.pendingPath())).toBe(false);

		writeFileSync(ws.pendingPath(), saved);
		const again = runPrint(ws, ["--answers", SPEC_ANSWERS, "go"]);
		expect(again.stderr).toMatch(/already/);
		expect(again.code).not.toBe(0);
		expect(deliveriesSeen()).toBe(1);

		const attached = runPrint(ws, ["@.pi/pending-questions.json", "postgres, order-processor"]);
		expect(attached.stderr).toMatch(/already/);
		expect(deliveriesSeen()).toBe(1);
		expect(existsSync(ws.pendingPath())).toBe(true);
	});
});

describe("a project whose .pi/settings.json sets sessionDir", () => {
	// A workspace of its own: the settings file is there before the first ask.
	beforeEach(() => {
		ws = createWorkspace();
	});
	afterEach(() => ws.cleanup());

	it("answers the person's own pending file with --answers and with @file", () => {
		mkdirSync(join(ws.cwd, ".pi"), { recursive: true });
		writeFileSync(join(ws.cwd, ".pi", "settings.json"), JSON.stringify({ sessionDir: ".sessions" }));
		askAndSave();
		expect(existsSync(join(ws.cwd, ".sessions"))).toBe(true);

		const answered = runPrint(ws, ["--answers", SPEC_ANSWERS, "go on"]);
		expect(answered.code, answered.stderr).toBe(0);
		expect(deliveriesSeen()).toBe(1);
		expect(existsSync(ws.pendingPath())).toBe(false);

		askAndSave();
		const attached = runPrint(ws, ["@.pi/pending-questions.json", "postgres, order-processor"]);
		expect(attached.code, attached.stderr).toBe(0);
		expect(deliveriesSeen()).toBe(2);
		const last = ws
			.lastMessages()
			.filter((m) => m.role === "user")
			.at(-1);
		expect(last?.text).toContain("set up the service");
	});
});
