/**
 * A workspace set up once, its pi runs and all, and put back exactly as the setup left it before each test: the
 * workspace's folder is copied aside after the setup and copied back at the same path (pi names a project's session
 * folder by the project's path, and records name the folders), times kept. Each test then starts from the same
 * sessions, pending files and records without paying the setup's pi starts again (2–3 s each on pi 0.73.1).
 * What a copy cannot keep is a file's status-change time: a restored file's is the restore's, after every tool call
 * of the setup, so a test of answers a tool call wrote must make that write in the test itself.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createWorkspace, type Workspace } from "./harness.js";

export function workspaceFromSetup(setup: (ws: Workspace) => void | Promise<void>): () => Workspace {
	let ws: Workspace | undefined;
	let saved: string | undefined;
	beforeAll(async () => {
		ws = createWorkspace();
		await setup(ws);
		saved = join(mkdtempSync(join(tmpdir(), "pi-ask-anywhere-e2e-saved-")), "workspace");
		cpSync(ws.root, saved, { recursive: true, preserveTimestamps: true });
	});
	beforeEach(() => {
		if (!ws || !saved) throw new Error("the workspace's setup did not finish");
		ws.cleanup();
		cpSync(saved, ws.root, { recursive: true, preserveTimestamps: true });
	});
	afterAll(() => {
		ws?.cleanup();
		if (saved) rmSync(join(saved, ".."), { recursive: true, force: true });
	});
	return () => {
		if (!ws) throw new Error("no workspace outside the tests");
		return ws;
	};
}
