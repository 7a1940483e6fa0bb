/**
 * Another pi package that registers `ask_user` and the `--answers` flag next to ours: pi refuses two extensions
 * with the same tool name or flag and exits before anything else, so ours registers its tool only when no other
 * package has one (and `--answers` only when the command line gives it), and otherwise steps aside and says so
 * once — in both load orders — with removal advice that works for how each package was installed.
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
			// Both were given with -e: leaving one out is how to switch.
			expect(notices[0]).toContain("leave out -e");
		});
	}

	it("the removal advice fits how ours was loaded: -e names the -e to leave out, not an npm package", () => {
		const run = printWith([OTHER, ROOT], ["-p", "go"]);
		expect(run.code, run.stderr).toBe(0);
		const notice = run.stderr.split("\n").find((line) => line.includes("another package answers ask_user")) ?? "";
		expect(notice).not.toContain("npm:pi-ask-anywhere");
		expect(notice).toContain(`leave out -e ${ROOT}`);
		// The other package was loaded with -e too.
		expect(notice).toContain(`leave out -e ${OTHER}`);
	});

	it("the removal advice for a folder install is a pi remove that works as printed", () => {
		const install = runPi(ws, [PI_CLI, "install", ROOT]);
		expect(install.code, install.stderr).toBe(0);
		const run = printWith([OTHER], ["-p", "go"]);
		expect(run.code, run.stderr).toBe(0);
		const notice = run.stderr.split("\n").find((line) => line.includes("another package answers ask_user")) ?? "";
		const advice = /\(or (pi remove \S+) to keep the other\)/.exec(notice)?.[1];
		expect(advice, notice).toBe(`pi remove ${ROOT}`);
		const removed = runPi(ws, [PI_CLI, ...(advice ?? "").split(" ").slice(1)]);
		expect(removed.code, removed.stderr).toBe(0);
		expect(runPi(ws, [PI_CLI, "list"]).stdout).not.toContain(ROOT);
	});

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
