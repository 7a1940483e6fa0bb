/**
 * `push.command`: for services that only notify (Apprise, Pushover, a chat webhook), a command run through the shell
 * with the ask as JSON on its standard input. It runs beside pi, is stopped after ten seconds, and a failure is one
 * warning; its output is not read.
 */
import { spawn } from "node:child_process";
import type { PushedAsk } from "./message.js";

const COMMAND_TIMEOUT_MS = 10_000;

/** What the command reads: who asks and the questions (with `minimal` detail, only how many there are). */
export function commandInput(ask: PushedAsk, detail: "minimal" | "full"): string {
	const base = { kind: "ask_user", id: ask.id, project: ask.project, ...(ask.task ? { task: ask.task } : {}) };
	if (detail === "minimal") return `${JSON.stringify({ ...base, questionCount: ask.request.questions.length })}\n`;
	return `${JSON.stringify({ ...base, questions: ask.request.questions })}\n`;
}

/** Runs the command; resolves with a sentence when it failed, `undefined` when it exited 0. */
export function runPushCommand(command: string, input: string, cwd: string): Promise<string | undefined> {
	return new Promise((resolve) => {
		let child: ReturnType<typeof spawn>;
		try {
			child = spawn(command, { shell: true, cwd, stdio: ["pipe", "ignore", "ignore"] });
		} catch (error) {
			resolve(`push.command could not start: ${(error as Error).message}`);
			return;
		}
		const timer = setTimeout(() => child.kill("SIGKILL"), COMMAND_TIMEOUT_MS);
		child.on("error", (error) => {
			clearTimeout(timer);
			resolve(`push.command could not start: ${error.message}`);
		});
		child.on("exit", (code, signal) => {
			clearTimeout(timer);
			resolve(code === 0 ? undefined : `push.command ended with ${signal ?? `exit code ${code}`}`);
		});
		child.stdin?.on("error", () => {});
		child.stdin?.end(input);
	});
}
