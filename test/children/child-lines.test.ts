/**
 * The chat's lines of what the person answered a subagent are kept from the parent's model, and a session that has
 * none costs no `context` listener: pi hands each listener the whole conversation at every model call.
 */
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { CHILD_ASK_LINE_TYPE, showChildLines } from "../../src/children/child-ask-record.js";
import type { PiModules } from "../../src/host/pi-modules.js";

type Handler = (event: unknown, ctx: unknown) => unknown;

/** The part of pi's extension API the lines use, recording what is registered. */
function recordingPi() {
	const handlers = new Map<string, Handler[]>();
	const pi = {
		registerMessageRenderer: () => {},
		on: (event: string, handler: Handler) => handlers.set(event, [...(handlers.get(event) ?? []), handler]),
	};
	const emit = async (event: string, payload: unknown, ctx: unknown = {}) => {
		let result: unknown;
		for (const handler of handlers.get(event) ?? []) result = (await handler(payload, ctx)) ?? result;
		return result;
	};
	return { pi: pi as unknown as ExtensionAPI, handlers, emit };
}

const tui = { Text: class {} } as unknown as PiModules["tui"];
const line = { role: "custom", customType: CHILD_ASK_LINE_TYPE, content: "You answered the subagent …" };
const user = { role: "user", content: "hi" };
const sessionWith = (entries: unknown[]) => ({ sessionManager: { getEntries: () => entries } });

describe("showChildLines", () => {
	it("adds no context listener while the session holds no line", () => {
		const { pi, handlers } = recordingPi();
		showChildLines(pi, tui).sessionStart(sessionWith([{ type: "message", message: user }]));
		expect(handlers.get("context") ?? []).toHaveLength(0);
	});

	it("keeps lines from the model once this pi shows one", async () => {
		const { pi, handlers, emit } = recordingPi();
		const lines = showChildLines(pi, tui);
		lines.keepFromModel();
		lines.keepFromModel();
		expect(handlers.get("context")).toHaveLength(1);
		expect(await emit("context", { messages: [user, line] })).toEqual({ messages: [user] });
		expect(await emit("context", { messages: [user] })).toBeUndefined();
	});

	it("keeps lines from the model in a session that starts with one", async () => {
		const { pi, emit } = recordingPi();
		const lines = showChildLines(pi, tui);
		const entry = { type: "custom_message", customType: CHILD_ASK_LINE_TYPE, content: line.content, display: true };
		lines.sessionStart(sessionWith([{ type: "message", message: user }, entry]));
		expect(await emit("context", { messages: [user, line] })).toEqual({ messages: [user] });
	});

	it("listens to no session start of its own: the children's start asks it (built during one, pi ≥0.87 would skip it)", () => {
		const { pi, handlers } = recordingPi();
		showChildLines(pi, tui);
		expect(handlers.get("session_start") ?? []).toHaveLength(0);
	});
});
