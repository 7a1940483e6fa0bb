/**
 * `pi-ask-anywhere push setup` (the built bin): random topics saved in the user's settings file next to what was
 * there, the file and the signing key readable by the user only, and the ntfy app's subscribe link printed.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT } from "../pi-versions/pi.js";

let dir: string | undefined;
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

function setup(agentDir: string, args: string[]) {
	return spawnSync(process.execPath, [join(ROOT, "dist/cli.mjs"), "push", "setup", ...args], {
		cwd: agentDir,
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir },
		encoding: "utf8",
	});
}

describe("pi-ask-anywhere push setup", () => {
	it("saves two random topics beside the other settings and prints the subscribe link", () => {
		dir = mkdtempSync(join(tmpdir(), "push-setup-"));
		mkdirSync(join(dir, "pi-ask-user"));
		const path = join(dir, "pi-ask-user", "settings.json");
		writeFileSync(path, JSON.stringify({ language: "de", push: { afterSeconds: 5 } }));
		const run = setup(dir, ["--server", "https://ntfy.example.org/", "--detail", "full"]);
		expect(run.status, run.stderr).toBe(0);
		const saved = JSON.parse(readFileSync(path, "utf8"));
		expect(saved.language).toBe("de");
		expect(saved.push).toMatchObject({ server: "https://ntfy.example.org", detail: "full", afterSeconds: 5 });
		expect(saved.push.topic).toMatch(/^pi-ask-[A-Za-z0-9_-]{16}$/);
		expect(saved.push.replyTopic).toMatch(/^pi-reply-[A-Za-z0-9_-]{16}$/);
		expect(statSync(path).mode & 0o077).toBe(0);
		expect(statSync(join(dir, "pi-ask-user", "push-key")).mode & 0o077).toBe(0);
		expect(run.stdout).toContain(`ntfy://ntfy.example.org/${saved.push.topic}`);

		const again = setup(dir, []);
		expect(again.status, again.stderr).toBe(0);
		const renewed = JSON.parse(readFileSync(path, "utf8"));
		expect(renewed.push.topic).not.toBe(saved.push.topic);
		expect(renewed.push.server).toBe("https://ntfy.sh");
		expect(again.stdout).toContain("detail: full");
	});

	it("refuses a server it would send questions to unencrypted", () => {
		dir = mkdtempSync(join(tmpdir(), "push-setup-"));
		const run = setup(dir, ["--server", "http://example.org"]);
		expect(run.status).toBe(1);
		expect(run.stderr).toContain("unencrypted");
	});
});
