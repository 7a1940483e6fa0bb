/**
 * `npm run demo`: the real pi TUI with this package and the scripted model (no API key, no network).
 * The model asks the spec's example questions plus a multi-select one, then echoes what it received.
 * Everything pi writes goes to a temp PI_CODING_AGENT_DIR, never ~/.pi.
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-demo-"));
// The scripted model keeps a cursor file next to its script: use a copy so examples/ stays clean.
const script = join(agentDir, "demo-script.json");
const project = join(agentDir, "project");
mkdirSync(project);
copyFileSync(join(root, "examples/demo-script.json"), script);

const child = spawn(
	process.execPath,
	[
		join(root, "node_modules/@mariozechner/pi-coding-agent/dist/cli.js"),
		"-e",
		root,
		"-e",
		join(root, "examples/scripted-model.ts"),
		"--provider",
		"scripted",
		"--model",
		"scripted-1",
		"Set up the order service. Ask me what you need to know.",
	],
	{
		stdio: "inherit",
		// A scratch project folder: questions left open (Ctrl+C) are saved there, not in your checkout.
		cwd: project,
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1", PI_ASK_SCRIPT: script },
	},
);

const cleanup = () => rmSync(agentDir, { recursive: true, force: true });
child.on("exit", (code, signal) => {
	cleanup();
	process.exit(code ?? (signal ? 1 : 0));
});
// Ctrl+C reaches pi through the shared terminal; the demo only waits for it to finish.
process.on("SIGINT", () => {});
