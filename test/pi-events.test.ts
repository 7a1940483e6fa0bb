/**
 * Which of pi's events the package listens to. pi 1.x treats `turn_end` (and `agent_before_settle`) as boundaries:
 * while any extension listens, every turn's end builds a preview of the whole session and rebuilds the model's context
 * from it, so a 200-call session paid about 1 ms more a call, growing with the session. The package keeps its
 * per-call work on events pi only passes along (`tool_call`, `tool_execution_end`, and `message_end` once the part that
 * asks is built: src/asking.ts), and listens to
 * `context` (the whole conversation at every model call) only once a session holds a line it must keep from the model.
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { readRegularFile } from "../src/ask/files.js";
import { buildAsking } from "../src/asking.js";
import { loadPiModules } from "../src/host/pi-modules.js";
import { settingsSource } from "../src/host/settings.js";
import askUser from "../src/index.js";
import { openToolWrites } from "../src/records/pi-store.js";

/** A stand-in for pi's extension API that records what the package subscribes to and accepts everything else. */
function recordingPi() {
	const events: string[] = [];
	const accept = (): unknown => new Proxy(() => undefined, { get: () => accept(), apply: () => undefined });
	const pi = new Proxy(
		{},
		{
			get(_target, key) {
				if (key === "on") return (event: string) => events.push(event);
				if (key === "events") return { on: () => () => undefined, emit: () => undefined };
				if (key === "then") return undefined;
				return accept();
			},
		},
	);
	return { pi, events };
}

/** No turn boundary, no `context` listener. */
function expectNoBoundary(events: string[]): void {
	expect(events).not.toContain("turn_end");
	expect(events).not.toContain("agent_before_settle");
	// pi hands every `context` listener the whole conversation at every model call: only a session with subagents'
	// chat lines gets one (children/child-ask-record.ts).
	expect(events).not.toContain("context");
}

it("listens to no turn boundary of pi, and does its per-call work on events pi only passes along", async () => {
	const { pi, events } = recordingPi();
	await askUser(pi as never);
	expectNoBoundary(events);
	expect(events).toEqual(expect.arrayContaining(["tool_call", "tool_execution_end"]));
});

it("adds the events only the part that asks answers when it is built, still no turn boundary", async () => {
	const agentDir = mkdtempSync(join(tmpdir(), "pi-events-"));
	try {
		const { pi, events } = recordingPi();
		const run = { argv: [], env: {}, warn: () => undefined };
		const settings = settingsSource({ agentDir, env: {}, read: readRegularFile, realpath: realpathSync.native })(
			agentDir,
			false,
		);
		buildAsking(pi as never, {
			host: await loadPiModules(),
			agentDir,
			settings: () => settings,
			toolWrites: openToolWrites(agentDir, run, { onExit: () => undefined }),
			registerTool: () => undefined,
		});
		expectNoBoundary(events);
		expect(events).toEqual(expect.arrayContaining(["message_end", "agent_end", "session_shutdown"]));
		// session_start, input and tool_call stay with the start's own listeners, which call this part in order.
		expect(events).not.toContain("session_start");
		expect(events).not.toContain("input");
		expect(events).not.toContain("tool_call");
	} finally {
		rmSync(agentDir, { recursive: true, force: true });
	}
});
