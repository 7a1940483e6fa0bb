/**
 * Another pi package that registers `ask_user` next to ours: pi refuses two extensions with the same tool name
 * and exits before anything else, so ours registers its tool only when no other package has one, and otherwise
 * steps aside and says so once — in both load orders.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createWorkspace,
	PI_CLI,
	ROOT,
	resultJson,
	runPi,
	SCRIPTED_MODEL,
	startTui,
	type Workspace,
	waitForToolResult,
} from "./harness.js";

const OTHER = join(ROOT, "test/e2e/fixtures/other-ask-user");

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
	ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Name?" }] } } }, { echo: true }]);
});
afterEach(() => ws.cleanup());

/** `pi -p` with the scripted model and the given extension folders, in that order. */
function printWith(extensions: string[], extra: string[] = []) {
	const load = extensions.flatMap((e) => ["-e", e]);
	return runPi(ws, [
		PI_CLI,
		"-e",
		SCRIPTED_MODEL,
		...load,
		"--provider",
		"scripted",
		"--model",
		"scripted-1",
		...extra,
	]);
}

describe("another package's ask_user next to ours", () => {
	for (const [order, extensions] of [
		["the other package first", [OTHER, ROOT]],
		["ours first", [ROOT, OTHER]],
	] as const) {
		it(`pi starts and the other package answers (${order}); ours says once who answers and how to switch`, () => {
			const run = printWith([...extensions], ["-p", "go"]);
			expect(run.stderr).not.toContain("conflicts with");
			expect(run.code, run.stderr).toBe(0);
			expect(ws.lastToolResult()?.text).toBe("from the other package");
			const notices = run.stderr.split("\n").filter((line) => line.includes("another package answers ask_user"));
			expect(notices, run.stderr).toHaveLength(1);
			expect(notices[0]).toContain(OTHER);
			expect(run.stderr).toContain("pi remove");
		});
	}

	it("alone, ours registers ask_user and answers it (--answers)", () => {
		const run = printWith([ROOT], ["-p", "--answers", '["svc"]', "go"]);
		expect(run.code, run.stderr).toBe(0);
		expect(resultJson(ws.lastToolResult()?.text)).toEqual({
			answered: true,
			answers: [{ question: "Name?", answer: "svc", wasCustom: true }],
		});
		expect(run.stderr).not.toContain("another package answers ask_user");
	});
});

describe("in the TUI", () => {
	it("pi starts next to another ask_user package, shows ours stepping aside, and the other package answers", async () => {
		const tui = startTui(ws, ["go"], { extensions: [OTHER] });
		try {
			await tui.waitFor("another package answers ask_user");
			expect((await waitForToolResult(ws)).text).toBe("from the other package");
		} finally {
			tui.kill();
		}
	});
});
