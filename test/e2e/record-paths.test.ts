/**
 * A session record names "its pending file": a forged or shared session can point
 * `details.pendingFile` anywhere, and only this project's `.pi/pending-questions*.json` (a regular file, no
 * symlink) may ever be opened or removed. Against the real pi, with the record rewritten in the session file.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { expectSuccess, PI, piArgs, runPrint, type Workspace } from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

const ONE_QUESTION = { questions: [{ question: "Drop the production database now?", options: ["Yes", "No"] }] };

let ws: Workspace;
/** Before each test: `pi -p` has left the question pending (run once, the workspace put back for each test). */
const asked = workspaceFromSetup((made) => {
	ws = made;
	ws.script([{ toolCall: { name: "ask_user", arguments: ONE_QUESTION } }]);
	expectSuccess(runPrint(ws, ["go"]));
});
beforeEach(() => {
	ws = asked();
});

/** The one session file pi wrote for this project. */
function onlySessionFile(): string {
	const folder = join(ws.agentDir, "sessions");
	const [project] = readdirSync(folder);
	const [name] = readdirSync(join(folder, project ?? ""));
	return join(folder, project ?? "", name ?? "");
}

/** The session record of the question `pi -p` left pending is made to point at `target`. */
function forgeRecord(target: string): void {
	rmSync(ws.pendingPath());
	const session = onlySessionFile();
	const text = readFileSync(session, "utf8");
	const forged = text.replace(
		/"pendingFile":"\.pi\/pending-questions\.json"/g,
		`"pendingFile":${JSON.stringify(target)}`,
	);
	expect(forged).not.toBe(text);
	writeFileSync(session, forged);
}

/** `pi -p …` killed outright after `timeoutMs` (a blocked event loop would not see SIGTERM). */
function runPrintWithin(extra: string[], timeoutMs: number) {
	const started = Date.now();
	const result = spawnSync(PI.node, piArgs(["-p", ...extra]), {
		cwd: ws.cwd,
		env: ws.env,
		stdio: ["ignore", "pipe", "pipe"],
		encoding: "utf8",
		timeout: patient(timeoutMs),
		killSignal: "SIGKILL",
	});
	return { code: result.status, signal: result.signal, stderr: result.stderr, ms: Date.now() - started };
}

describe("a session record's pendingFile is used only when it is this project's pending file", () => {
	it("a JSON file outside .pi with a one-entry questions array is neither answered nor deleted", () => {
		const outside = join(ws.root, "notes.json");
		const content = `${JSON.stringify({ questions: [{ answer: null }] })}\n`;
		writeFileSync(outside, content);
		forgeRecord(outside);
		const requests = ws.requests().length;
		const run = runPrint(ws, ["-c", '--answers=["x"]', "go"]);
		expect(existsSync(outside), run.stderr).toBe(true);
		expect(readFileSync(outside, "utf8")).toBe(content);
		expect(ws.requests()).toHaveLength(requests);
	});

	it("an ask_user-record entry pointing outside .pi is ignored too", () => {
		const outside = join(ws.root, "notes.json");
		const content = `${JSON.stringify({ questions: [{ answer: null }] })}\n`;
		writeFileSync(outside, content);
		rmSync(ws.pendingPath());
		const session = onlySessionFile();
		const entries = readFileSync(session, "utf8")
			.split("\n")
			.filter(Boolean)
			.map((line) => JSON.parse(line));
		const result = entries.find((e) => e.message?.role === "toolResult");
		const record = {
			type: "custom",
			customType: "ask_user-record",
			data: { toolCallId: result.message.toolCallId, state: "pending", pendingFile: outside },
			id: "f0r6ed01",
			parentId: entries.at(-1).id,
			timestamp: new Date().toISOString(),
		};
		writeFileSync(session, `${readFileSync(session, "utf8")}${JSON.stringify(record)}\n`);
		const run = runPrint(ws, ["-c", '--answers=["x"]', "go"]);
		expect(existsSync(outside), run.stderr).toBe(true);
		expect(readFileSync(outside, "utf8")).toBe(content);
	});

	it("a FIFO is never opened: pi -p -c finishes", () => {
		const fifo = join(ws.root, "fifo");
		expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
		forgeRecord(fifo);
		const run = runPrintWithin(["-c"], 20_000);
		expect(run.signal, run.stderr).toBeNull();
		expectSuccess(run);
		expect(existsSync(fifo)).toBe(true);
	});

	it("/dev/zero is never read: pi -p -c finishes", () => {
		forgeRecord("/dev/zero");
		const run = runPrintWithin(["-c"], 20_000);
		expect(run.signal, run.stderr).toBeNull();
		expectSuccess(run);
	});
});

describe("a pending file's sessionFile is read only when it is a regular file", () => {
	/** A pending file as another session could leave it, naming `sessionFile` as where it came from. */
	function plantNaming(sessionFile: string): string {
		const file = JSON.parse(readFileSync(ws.pendingPath(), "utf8"));
		const text = JSON.stringify({ ...file, sessionId: "planted", sessionFile });
		writeFileSync(ws.pendingPath(), text);
		return text;
	}

	for (const [name, target] of [
		["a FIFO", () => join(ws.root, "fifo")],
		["/dev/zero", () => "/dev/zero"],
	] as const) {
		it(`${name}: pi -p /questions finishes and keeps the file`, () => {
			const path = target();
			if (path !== "/dev/zero") expect(spawnSync("mkfifo", [path]).status).toBe(0);
			const text = plantNaming(path);
			const run = runPrintWithin(["/questions"], 20_000);
			expect(run.signal, run.stderr).toBeNull();
			expectSuccess(run);
			expect(readFileSync(ws.pendingPath(), "utf8")).toBe(text);
		});
	}
});
