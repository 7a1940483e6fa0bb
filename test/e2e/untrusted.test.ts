/**
 * Files from elsewhere against the real pi (issue 13): the trust rule on files pi really wrote, planted
 * pending files, forged session records, attached-file look-alikes, and questions that cannot be saved.
 */

import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parsePendingFile } from "../../src/pending/pending-file.js";
import { checkPendingTrust, currentSessionPlaces } from "../../src/pending/trust.js";
import { createWorkspace, runPrint, SPEC_EXAMPLE, type Workspace } from "./harness.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
});
afterEach(() => ws.cleanup());

function pendingFile(name = "pending-questions.json") {
	const path = ws.pendingPath(name);
	return parsePendingFile(readFileSync(path, "utf8"), path);
}

describe("the trust rule on files the real pi wrote", () => {
	it("trusts what `pi -p` saved, in pi's default session folder", () => {
		expect(runPrint(ws, ["set up the service"]).code).toBe(0);
		const places = currentSessionPlaces({ argv: [], env: ws.env, cwd: ws.cwd });
		expect(checkPendingTrust(pendingFile(), places)).toEqual({ trusted: true });
	});

	it("trusts what `pi -p --session-dir` saved only where that folder is honoured", () => {
		const dir = `${ws.root}/my-sessions`;
		expect(runPrint(ws, ["--session-dir", dir, "set up the service"]).code).toBe(0);
		const file = pendingFile();
		expect(file.sessionFile?.startsWith(dir)).toBe(true);
		const withFlag = currentSessionPlaces({ argv: ["--session-dir", dir], env: ws.env, cwd: ws.cwd });
		expect(checkPendingTrust(file, withFlag)).toEqual({ trusted: true });
		const withEnv = currentSessionPlaces({
			argv: [],
			env: { ...ws.env, PI_CODING_AGENT_SESSION_DIR: dir },
			cwd: ws.cwd,
		});
		expect(checkPendingTrust(file, withEnv)).toEqual({ trusted: true });
		const without = currentSessionPlaces({ argv: [], env: ws.env, cwd: ws.cwd });
		expect(checkPendingTrust(file, without)).toEqual({ trusted: false, reason: "outside-session-folders" });
	});

	it("does not trust what `pi -p --no-session` saved", () => {
		expect(runPrint(ws, ["--no-session", "set up the service"]).code).toBe(0);
		const places = currentSessionPlaces({ argv: [], env: ws.env, cwd: ws.cwd });
		expect(checkPendingTrust(pendingFile(), places)).toEqual({ trusted: false, reason: "no-session-file" });
	});
});

describe("the remote bridge's loopback rule (defect 6)", () => {
	it("refuses plain ws:// to a *.localhost name: what it resolves to is not checked", () => {
		const run = runPrint(ws, ["set up the service"], {
			env: { PI_ASK_USER_REMOTE_URL: "ws://evil.localhost:9/agent" },
		});
		expect(run.stderr).toContain("uses plain ws:// to evil.localhost, which is not a loopback host");
		expect(run.code).toBe(1);
		// Nothing was asked: the model was never called with the prompt.
		expect(ws.requests()).toEqual([]);
	});

	it("still allows ws://localhost and ws://127.0.0.1", () => {
		for (const url of ["ws://localhost:9/agent", "ws://127.0.0.1:9/agent"]) {
			const run = runPrint(ws, ["set up the service"], {
				env: { PI_ASK_USER_REMOTE_URL: url, PI_ASK_USER_REMOTE_TIMEOUT: "1" },
			});
			expect(run.stderr).not.toContain("not a loopback host");
		}
	});
});
