/** A child pi's ask through its parent, with a fake bridge: answers pass through; a parent gone never means an answer. */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { createChildAskHandler } from "../../src/children/child-ask.js";
import type { AskOutcome, AskRequest } from "../../src/core/types.js";
import type { RemoteAskOutcome } from "../../src/remote/bridge.js";
import type { Asker } from "../../src/remote/protocol.js";
import type { Ask, AskResolution } from "../../src/tool/ask-user-tool.js";
import { NAME } from "../fixtures.js";

const REQUEST: AskRequest = { questions: [NAME] };

function fakeCtx(sessionFile: string | undefined): ExtensionContext {
	return {
		cwd: "/work/child",
		sessionManager: {
			getSessionFile: () => sessionFile,
			getBranch: () => [
				{ type: "message", message: { role: "user", content: [{ type: "text", text: "Task: name it" }] } },
			],
		},
	} as unknown as ExtensionContext;
}

function setup(reply: RemoteAskOutcome, sessionFile?: string) {
	const asked: { request: AskRequest; asker: Asker | undefined }[] = [];
	const told: string[] = [];
	const fellBack: Ask[] = [];
	const fallback: AskResolution = {
		outcome: { kind: "pending", pendingFile: ".pi/pending-questions.json" },
		mode: "print",
		modelText: "saved",
		terminate: true,
	};
	const handler = createChildAskHandler({
		ask: async (request, _signal, asker) => {
			asked.push({ request, asker });
			return reply;
		},
		fallback: async (ask) => {
			fellBack.push(ask);
			return fallback;
		},
		tell: (_ctx, text) => told.push(text),
	});
	const ask: Ask = { request: REQUEST, toolCallId: "call_1", signal: undefined, ctx: fakeCtx(sessionFile) };
	return { run: () => handler(ask), asked, told, fellBack, fallback };
}

describe("createChildAskHandler", () => {
	it("asks the parent, describing itself by its task and folder, and passes the person's answer on", async () => {
		const answered: AskOutcome = {
			kind: "answered",
			answers: [{ question: NAME.question, answer: "orders", wasCustom: true }],
		};
		const { run, asked } = setup(answered);
		expect(await run()).toEqual({ outcome: answered, mode: "remote" });
		expect(asked).toEqual([{ request: REQUEST, asker: { task: "Task: name it", cwd: "/work/child" } }]);
	});

	it("passes the person's cancel on as a cancel", async () => {
		expect((await setup({ kind: "cancelled" }).run()).outcome).toEqual({ kind: "cancelled" });
	});

	it("an abort of the child's own run is an interruption, not a cancel", async () => {
		expect((await setup({ kind: "interrupted" }).run()).outcome).toEqual({ kind: "interrupted" });
	});

	it.each<RemoteAskOutcome>([
		{ kind: "connectionLost" },
		{ kind: "unavailable", reason: "refused" },
		{ kind: "timedOut" },
	])(
		"without a session of its own, a parent gone (%j) is connectionLost and nobody can answer; no pending file",
		async (reply) => {
			const { run, fellBack, told } = setup(reply);
			const resolution = await run();
			expect(resolution.outcome).toEqual({ kind: "connectionLost" });
			expect(resolution.modelText).toMatch(/nobody can answer/i);
			expect(resolution.terminate).toBeUndefined();
			expect(fellBack).toEqual([]);
			expect(told.join("\n")).toMatch(/parent pi/);
		},
	);

	it("with a session of its own, a parent gone means the pending file, and it says so", async () => {
		const { run, fellBack, told, fallback } = setup({ kind: "connectionLost" }, "/sessions/child.jsonl");
		expect(await run()).toEqual(fallback);
		expect(fellBack).toHaveLength(1);
		expect(told.join("\n")).toMatch(/saving the questions as pending/);
	});
});
