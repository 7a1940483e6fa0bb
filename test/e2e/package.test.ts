/**
 * The package installs and loads as a user would: `pi install -l <dir>`, `pi install <dir>`, `pi -e <dir>`.
 * A project-scope install loads only in a trusted project on pi ≥0.79, so those runs pass pi's trust flag.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createWorkspace,
	PI_CLI,
	PROJECT_TRUST_ARGS,
	piArgs,
	ROOT,
	resultJson,
	runPi,
	type Workspace,
} from "./harness.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
	ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [{ question: "Name?" }] } } }]);
});
afterEach(() => ws.cleanup());

/** Runs the scripted ask with the package loaded only from pi's settings (no `-e` for it). */
function askWithInstalledPackage(trust: readonly string[] = []) {
	const run = runPi(ws, piArgs([...trust, "-p", "--answers", '["svc"]', "go"], { loadPackage: false }));
	expect(run.code, run.stderr).toBe(0);
	expect(resultJson(ws.lastToolResult()?.text)).toEqual({
		answered: true,
		answers: [{ question: "Name?", answer: "svc", wasCustom: true }],
	});
}

describe("installing as a pi package", () => {
	it("ships the built extension named in the pi manifest", () => {
		expect(existsSync(join(ROOT, "dist/index.js"))).toBe(true);
	});

	it("loads after pi install -l <dir> (project scope)", () => {
		const install = runPi(ws, [PI_CLI, "install", "-l", ROOT]);
		expect(install.code, install.stderr).toBe(0);
		askWithInstalledPackage(PROJECT_TRUST_ARGS);
	});

	it("loads after pi install <dir> (user scope, in the temp agent dir)", () => {
		const install = runPi(ws, [PI_CLI, "install", ROOT]);
		expect(install.code, install.stderr).toBe(0);
		askWithInstalledPackage();
	});

	it("is listed with its flag in pi --help when loaded with -e", () => {
		const help = runPi(ws, piArgs(["--help"]));
		expect(help.stdout + help.stderr).toContain("--answers");
	});
});
