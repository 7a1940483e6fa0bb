/**
 * A settings file that is not JSON (a hand edit gone wrong) against the built bin's push and web commands: the
 * person is told which file, nothing is overwritten, and `pi-ask-anywhere web` keeps serving with push off.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { ROOT } from "../pi-versions/pi.js";
import { startWebCommand, type WebCommand } from "../web/web-command.js";

const BROKEN = '{"push": {"topic": "x",}}';
let dir: string | undefined;
let web: WebCommand | undefined;
afterEach(async () => {
	await web?.stop();
	web = undefined;
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

function agentDirWithBrokenSettings(): { agentDir: string; path: string } {
	dir = mkdtempSync(join(tmpdir(), "push-broken-"));
	mkdirSync(join(dir, "pi-ask-user"));
	const path = join(dir, "pi-ask-user", "settings.json");
	writeFileSync(path, BROKEN);
	return { agentDir: dir, path };
}

function push(agentDir: string, args: string[]) {
	return spawnSync(process.execPath, [join(ROOT, "dist/cli.mjs"), "push", ...args], {
		cwd: agentDir,
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir },
		encoding: "utf8",
		timeout: patient(30_000),
	});
}

describe("a settings file that is not JSON", () => {
	it("push setup and push listen name the file and change nothing", () => {
		const { agentDir, path } = agentDirWithBrokenSettings();
		for (const args of [["setup", "--server", "https://ntfy.example.org"], ["listen"]]) {
			const run = push(agentDir, args);
			expect(run.status, args.join(" ")).toBe(1);
			expect(run.stderr).toContain(`${path} is not valid JSON`);
			expect(readFileSync(path, "utf8")).toBe(BROKEN);
		}
	});

	it("pi-ask-anywhere web says so once and keeps serving, with push off", async () => {
		const { agentDir, path } = agentDirWithBrokenSettings();
		const cwd = join(agentDir, "project");
		mkdirSync(cwd);
		web = await startWebCommand(cwd, { ...process.env, PI_CODING_AGENT_DIR: agentDir }, ["--no-qr"]);
		const started = Date.now();
		while (!web.output().includes("push:") && Date.now() - started < patient(10_000)) {
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		expect(web.output().split(`push: ${path} is not valid JSON`)).toHaveLength(2);
		// Still serving: the page answers (asking for a sign-in, as it does without one).
		const page = await fetch(web.origin);
		expect(page.status).toBeLessThan(500);
	});
});
