/**
 * How slow this machine is right now, for the end-to-end waits: the vitest config times one real `pi -p` start (with
 * this package and the scripted model) and divides it by the time the same start takes on a quiet machine. Every wait
 * of the harness and vitest's test and hook timeouts are multiplied by that factor (test/patience.ts), so a loaded
 * machine makes the suite slower instead of red. PI_ASK_USER_TEST_PATIENCE=<factor> fixes the factor and skips the
 * measurement.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PiUnderTest } from "./pi-versions/pi.js";

/** The environment variable that fixes the factor (a number ≥ 1), instead of measuring a pi start. */
export const PATIENCE_VARIABLE = "PI_ASK_USER_TEST_PATIENCE";

/**
 * A `pi -p` start with the package and the scripted model on a quiet 2-core machine (0.73.1 about 2.6 s, 1.5.2 about
 * 2.9 s): the harness's waits were tuned for it.
 */
export const QUIET_PI_START_MS = 2_500;

/** Waits grow at most this much: beyond it a wait is a hang, not a slow machine. */
export const MOST_PATIENCE = 10;

export interface Patience {
	/** The multiplier for every wait (1 to MOST_PATIENCE). */
	factor: number;
	/** Where it came from, for the line the config prints. */
	source: string;
}

/** The factor for a measured start time, or for the setting when one is given (it wins). */
export function patienceFor(setting: string | undefined, piStartMs: number | undefined): Patience {
	const clamp = (n: number) => Math.min(MOST_PATIENCE, Math.max(1, n));
	if (setting !== undefined && setting.trim() !== "") {
		const chosen = Number(setting);
		if (!Number.isFinite(chosen) || chosen <= 0) {
			throw new Error(
				`${PATIENCE_VARIABLE}=${setting} is not a positive number (for example 3: waits three times as long)`,
			);
		}
		return { factor: clamp(chosen), source: `${PATIENCE_VARIABLE}=${setting}` };
	}
	if (piStartMs === undefined) return { factor: 1, source: "no pi start measured" };
	const factor = clamp(Math.round((piStartMs / QUIET_PI_START_MS) * 10) / 10);
	return { factor, source: `one pi -p start took ${(piStartMs / 1000).toFixed(1)} s` };
}

/** A pi start this quick leaves a core idle while the tests wait: pi 1.x on a quiet machine (0.6 s; 0.73.1: 1.9 s). */
export const CHEAP_PI_START_MS = 1_000;

/**
 * How many test files run at once on this 2-core machine: two, or three when a pi start was measured cheap (the
 * end-to-end files then spend most of their time waiting for a screen or a file, not starting pi). A loaded machine
 * measures a slower start and keeps two.
 */
export function workersFor(piStartMs: number | undefined): number {
	return piStartMs !== undefined && piStartMs < CHEAP_PI_START_MS ? 3 : 2;
}

/**
 * Whether a vitest command line may run tests that start pi or other child processes: no file filter, or a filter
 * naming an end-to-end, web, MCP or push test. A unit-test run then pays no measuring start.
 */
export function mayStartPi(argv: readonly string[]): boolean {
	const run = argv.findIndex((arg) => arg === "run" || arg === "watch" || arg === "dev" || arg === "related");
	const filters = argv.slice(run >= 0 ? run + 1 : 2).filter((arg) => !arg.startsWith("-") && !/^\d+$/.test(arg));
	return filters.length === 0 || filters.some((filter) => /e2e|web|mcp|push|agents/.test(filter));
}

/** The wall time of one `pi -p` start with the package and the scripted model, in a throwaway workspace. */
export function measurePiStart(pi: PiUnderTest, root: string): number {
	const folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-patience-"));
	try {
		const cwd = join(folder, "project");
		const agentDir = join(folder, "agent");
		mkdirSync(cwd);
		mkdirSync(agentDir);
		const script = join(folder, "script.json");
		writeFileSync(script, JSON.stringify({ steps: [{ text: "ready" }] }));
		const started = performance.now();
		const args = ["-e", join(root, "examples/scripted-model.ts"), "-e", root, "--provider", "scripted"];
		spawnSync(pi.node, [pi.cli, ...args, "--model", "scripted-1", "-p", "start"], {
			cwd,
			env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1", PI_ASK_SCRIPT: script },
			stdio: "ignore",
			timeout: QUIET_PI_START_MS * MOST_PATIENCE * 2,
		});
		return performance.now() - started;
	} finally {
		rmSync(folder, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
	}
}
