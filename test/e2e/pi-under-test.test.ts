/** The harness runs the pi that PI_ASK_USER_TEST_PI chose, under the Node that pi's line needs. */
import { describe, expect, it } from "vitest";
import { versionAtLeast } from "../pi-versions/pi.js";
import { createWorkspace, PI, PI_CLI, runPi } from "./harness.js";

describe("the pi under test", () => {
	it("is the version the harness found, and its CLI runs", () => {
		const ws = createWorkspace();
		try {
			const run = runPi(ws, [PI_CLI, "--version"]);
			expect(run.code, run.stderr).toBe(0);
			expect((run.stdout + run.stderr).trim()).toBe(PI.version);
		} finally {
			ws.cleanup();
		}
	});

	it("runs under a Node that satisfies the pi package's engines", () => {
		const ws = createWorkspace();
		try {
			const run = runPi(ws, ["-p", "process.versions.node"]);
			expect(run.code, run.stderr).toBe(0);
			// pi 0.73.1 asks for Node >=20.6.0, pi ≥0.75 for >=22.
			expect(PI.minimumNode).toBeDefined();
			expect(versionAtLeast(run.stdout.trim(), PI.minimumNode ?? "")).toBe(true);
		} finally {
			ws.cleanup();
		}
	});
});
