/**
 * The package installs and loads as a user would: `pi install -l <dir>`, `pi install <dir>`, `pi -e <dir>`.
 * A project-scope install loads only in a trusted project on pi ≥0.79, so those runs pass pi's trust flag.
 * Then as a user installs it: from the `npm pack` tarball into a fresh app folder with the pi under test, where an
 * app imports it by name and pi loads it from there.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import {
	createWorkspace,
	PI,
	PI_CLI,
	PROJECT_TRUST_ARGS,
	piArgs,
	ROOT,
	resultJson,
	runPi,
	type Workspace,
} from "./harness.js";
import { type InstalledApp, installApp } from "./installed-app.js";

/** The spec's example answered "SQLite" and "order-processor", as the model reads it. */
const SPEC_ANSWERED =
	'{"answered":true,"answers":[{"question":"Which database should we use?","answer":"SQLite","selectedOption":"SQLite","wasCustom":false},{"question":"What should we name this service?","answer":"order-processor","wasCustom":true}]}';

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
	// pi 1.x provides typebox to extensions itself and warns at every start about a package that depends on its own copy.
	expect(run.stderr).not.toContain("Host-provided extension packages");
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

	it("is listed with its flags in pi --help when loaded with -e (--answers when the command line gives it)", () => {
		const help = runPi(ws, piArgs(["--help"]));
		expect(help.stdout + help.stderr).toContain("--ask-remote");
		// Registered only then, so that pi starts beside another package that registers it (coexistence.test.ts).
		const withAnswers = runPi(ws, piArgs(["--answers", "[]", "--help"]));
		expect(withAnswers.stdout + withAnswers.stderr).toContain("--answers");
	});
});

describe("from a packed tarball, in an app folder with the pi under test", () => {
	let app: InstalledApp;
	beforeAll(() => {
		app = installApp();
	}, patient(300_000));
	afterAll(() => app?.cleanup());

	it("an app imports it by name with no error and no warning", () => {
		const run = spawnSync(
			PI.node,
			["--input-type=module", "-e", 'const m = await import("pi-ask-anywhere"); console.log(typeof m.default);'],
			{ cwd: app.dir, encoding: "utf8", timeout: patient(60_000) },
		);
		expect(run.stderr).toBe("");
		expect(run.stdout).toBe("function\n");
		expect(run.status).toBe(0);
	});

	it("a TypeScript app with node16 resolution uses the default import and the types, with only this pi installed", () => {
		writeFileSync(
			join(app.dir, "tsconfig.json"),
			JSON.stringify({
				compilerOptions: {
					module: "node16",
					moduleResolution: "node16",
					strict: true,
					noEmit: true,
					skipLibCheck: true,
				},
				files: ["app.ts"],
			}),
		);
		writeFileSync(
			join(app.dir, "app.ts"),
			[
				`import type { ExtensionAPI } from "${PI.packageName}";`,
				'import askUser, { type AskUserResult } from "pi-ask-anywhere";',
				"export const factory: (pi: ExtensionAPI) => Promise<void> = askUser;",
				"export const result: AskUserResult = { answered: false, answers: [] };",
				"",
			].join("\n"),
		);
		const tsc = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", app.dir], {
			cwd: app.dir,
			encoding: "utf8",
			timeout: patient(120_000),
		});
		expect(tsc.stdout + tsc.stderr).toBe("");
		expect(tsc.status).toBe(0);
		// The declarations name no pi package: an app on another pi line has none of pi 0.73's.
		const declarations = readFileSync(join(app.packageDir, "dist/app/index.d.mts"), "utf8");
		expect(declarations).not.toMatch(/@mariozechner|@earendil-works/);
	});

	it("pi install <app>/node_modules/pi-ask-anywhere loads it, and the tool answers", () => {
		const install = runPi(ws, [PI_CLI, "install", app.packageDir]);
		expect(install.code, install.stderr).toBe(0);
		askWithInstalledPackage();
	});

	it(
		"the SDK example, copied into the app, answers the spec's example",
		() => {
			cpSync(join(ROOT, "examples"), join(app.dir, "examples"), { recursive: true });
			const run = spawnSync(PI.node, ["examples/sdk-app.mjs"], {
				cwd: app.dir,
				input: "2\norder-processor\n",
				encoding: "utf8",
				timeout: patient(120_000),
				env: { ...process.env, PI_OFFLINE: "1" },
			});
			expect(run.stderr).not.toContain("Error");
			expect(run.status, run.stderr).toBe(0);
			expect(run.stdout).toContain(`app: ask_user result: ${SPEC_ANSWERED}`);
			expect(run.stdout).toContain(`app: assistant: The model received:\n${SPEC_ANSWERED}`);
		},
		patient(150_000),
	);
});
