/**
 * Every command print mode names works where it is printed: the `pi` commands that `pi -p "/questions"`, `pi -p
 * "/questions answer"` and pass 1 print are run as printed (by a shell, `pi` being this pi with the scripted model),
 * against the real pi.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createWorkspace,
	expectSuccess,
	PI,
	patient,
	piArgs,
	type RunResult,
	runPrint,
	SPEC_EXAMPLE,
	type Workspace,
} from "./harness.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, { text: "Thanks." }]);
});
afterEach(() => ws.cleanup());

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Runs `command` as a person pasting it would: through a shell, `pi` being the pi under test. */
function runAsPrinted(command: string): RunResult {
	const pi = [PI.node, ...piArgs([])].map(shellQuote).join(" ");
	const result = spawnSync("bash", ["-c", `pi() { ${pi} "$@"; }\n${command}`], {
		cwd: ws.cwd,
		env: ws.env,
		stdio: ["ignore", "pipe", "pipe"],
		encoding: "utf8",
		timeout: patient(30_000),
	});
	return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The `pi …` commands a text names, one per line it names them on. */
function piCommands(text: string): string[] {
	return text
		.split("\n")
		.flatMap((line) => [...line.matchAll(/(?:^|[:·]\s*|\s{2,})(pi (?:-p|-c)\b.*?)(?=\s+·|\s*$| — )/g)])
		.map((match) => (match[1] ?? "").trim());
}

describe("print mode names commands that work in print mode", () => {
	it('pi -p "/questions" names no command that needs a UI, says whose session by its id, and its command answers', () => {
		expectSuccess(runPrint(ws, ["set up the service"]));
		const list = runPrint(ws, ["/questions"]);
		expectSuccess(list);
		expect(list.stdout).not.toContain("/questions answer");
		expect(list.stdout).not.toContain("another session");
		const commands = piCommands(list.stdout);
		const answer = commands.find((command) => command.includes("@.pi/pending-questions.json"));
		expect(answer, list.stdout).toBeDefined();
		expectSuccess(runAsPrinted(answer as string));
		expect(ws.lastMessages().find((m) => m.role === "user")?.text).toContain("Which database should we use?");
		expect(existsSync(ws.pendingPath())).toBe(false);
	});

	it('pi -p "/questions clear", as the listing names it, clears', () => {
		expectSuccess(runPrint(ws, ["set up the service"]));
		const list = runPrint(ws, ["/questions"]);
		const clear = piCommands(list.stdout).find((command) => command.includes("/questions clear"));
		expect(clear, list.stdout).toBeDefined();
		expectSuccess(runAsPrinted(clear as string));
		expect(existsSync(ws.pendingPath())).toBe(false);
	});

	it('pi -p "/questions answer" says it needs the dialog and names a command that answers here', () => {
		expectSuccess(runPrint(ws, ["set up the service"]));
		const run = runPrint(ws, ["/questions answer"]);
		const commands = piCommands(`${run.stdout}\n${run.stderr}`);
		const answer = commands.find((command) => command.includes("@.pi/pending-questions.json"));
		expect(answer, run.stderr).toBeDefined();
		expectSuccess(runAsPrinted(answer as string));
		expect(existsSync(ws.pendingPath())).toBe(false);
	});

	it("pass 1's --answers example, pasted as printed, sends no placeholder as an answer", () => {
		const pass1 = runPrint(ws, ["set up the service"]);
		const example = piCommands(pass1.stdout).find((command) => command.includes("--answers"));
		expect(example, pass1.stdout).toBeDefined();
		const run = runAsPrinted(example as string);
		expect(run.code).not.toBe(0);
		expect(run.stderr).toContain("…");
		// Nothing was sent, and the questions still wait.
		expect(ws.requests()).toHaveLength(1);
		expect(existsSync(ws.pendingPath())).toBe(true);
	});
});
