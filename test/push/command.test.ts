/** `push.command`: the ask as JSON on the command's standard input; a failure is one sentence. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { commandInput, runPushCommand } from "../../src/push/command.js";

const ask = {
	id: "a1",
	project: "shop",
	request: { questions: [{ question: "Ship it?", options: [{ label: "yes" }] }] },
	expires: 0,
	offered: 0,
};
let dir: string | undefined;
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

describe("runPushCommand", () => {
	it("hands the command the ask as JSON, with the questions only at full detail", async () => {
		dir = mkdtempSync(join(tmpdir(), "push-command-"));
		expect(await runPushCommand("cat > got.json", commandInput(ask, "full"), dir)).toBeUndefined();
		expect(JSON.parse(readFileSync(join(dir, "got.json"), "utf8"))).toEqual({
			kind: "ask_user",
			id: "a1",
			project: "shop",
			questions: ask.request.questions,
		});
		expect(JSON.parse(commandInput(ask, "minimal"))).toEqual({
			kind: "ask_user",
			id: "a1",
			project: "shop",
			questionCount: 1,
		});
	});
	it("a failing command is one sentence", async () => {
		dir = mkdtempSync(join(tmpdir(), "push-command-"));
		expect(await runPushCommand("exit 3", "{}", dir)).toBe("push.command ended with exit code 3");
	});
});
