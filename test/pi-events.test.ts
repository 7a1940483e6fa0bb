/**
 * Which of pi's events the package listens to. pi 1.x treats `turn_end` (and `agent_before_settle`) as boundaries:
 * while any extension listens, every turn's end builds a preview of the whole session and rebuilds the model's context
 * from it, so a 200-call session paid about 1 ms more a call, growing with the session. The package keeps its
 * per-call work on events pi only passes along (`tool_call`, `tool_execution_end`, `message_end`), and listens to
 * `context` (the whole conversation at every model call) only once a session holds a line it must keep from the model.
 */
import { expect, it } from "vitest";
import askUser from "../src/index.js";

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

it("listens to no turn boundary of pi, and does its per-call work on events pi only passes along", async () => {
	const { pi, events } = recordingPi();
	await askUser(pi as never);
	expect(events).not.toContain("turn_end");
	expect(events).not.toContain("agent_before_settle");
	// pi hands every `context` listener the whole conversation at every model call: only a session with subagents'
	// chat lines gets one (children/child-ask-record.ts).
	expect(events).not.toContain("context");
	expect(events).toEqual(expect.arrayContaining(["tool_call", "tool_execution_end", "message_end"]));
});
