/** The tool definition: prepareArguments gives precise errors, execute turns a handler's outcome into content and details. */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import * as tui from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import { createAskUserTool } from "../../src/tool/ask-user-tool.js";
import { SPEC_EXAMPLE } from "../fixtures.js";

const ctx = {} as ExtensionContext;

describe("createAskUserTool", () => {
	it("is exposed to the model only (pi 1.x: codemode scripts cannot call a tool that waits for a person)", () => {
		const tool = createAskUserTool(async () => ({ outcome: { kind: "cancelled" }, mode: "interactive" }), tui);
		expect(tool.exposure).toBe("model-only");
		expect(tool.executionMode).toBe("sequential");
	});

	it("prepares Claude-style arguments and rejects bad ones with the path", () => {
		const tool = createAskUserTool(async () => ({ outcome: { kind: "cancelled" }, mode: "interactive" }), tui);
		expect(tool.prepareArguments?.({ questions: [{ question: "Q?", options: ["A", "B"] }] })).toEqual({
			questions: [{ question: "Q?", options: [{ label: "A" }, { label: "B" }] }],
		});
		expect(() => tool.prepareArguments?.({ questions: [] })).toThrow("questions is empty");
	});

	it("returns the result text for the model and the session record, with the injected clock", async () => {
		const tool = createAskUserTool(
			async ({ request }) => ({
				outcome: {
					kind: "answered",
					answers: [{ question: request.questions[1]?.question ?? "", answer: "svc", wasCustom: true }],
					unanswered: [request.questions[0]?.question ?? ""],
				},
				mode: "print",
			}),
			tui,
			{ now: () => 42 },
		);
		const result = await tool.execute("call_1", SPEC_EXAMPLE, undefined, undefined, ctx);
		expect(result.content).toEqual([
			{
				type: "text",
				text: '{"answered":true,"answers":[{"question":"What should we name this service?","answer":"svc","wasCustom":true}],"unanswered":["Which database should we use?"]}',
			},
			{ type: "text", text: "The user skipped the questions in `unanswered`." },
		]);
		expect(result.details).toMatchObject({
			answeredAt: 42,
			mode: "print",
			outcome: "answered",
			metadata: { source: "project-setup" },
		});
		expect(result.terminate).toBeUndefined();
	});

	it("passes a handler's own text and terminate through", async () => {
		const tool = createAskUserTool(
			async () => ({
				outcome: { kind: "pending", pendingFile: ".pi/pending-questions.json" },
				mode: "print",
				modelText: "Questions pending.",
				terminate: true,
			}),
			tui,
		);
		const result = await tool.execute("call_1", SPEC_EXAMPLE, undefined, undefined, ctx);
		expect(result.content).toEqual([
			{ type: "text", text: '{"answered":false,"answers":[],"pendingFile":".pi/pending-questions.json"}' },
			{ type: "text", text: "Questions pending." },
		]);
		expect(result.terminate).toBe(true);
	});

	it("takes the person's own guidance lines (settings.json guidelines) in place of ours", () => {
		const handler = async () => ({ outcome: { kind: "cancelled" as const }, mode: "interactive" as const });
		expect(createAskUserTool(handler, tui).promptGuidelines?.[0]).toContain("(Recommended)");
		expect(
			createAskUserTool(handler, tui, { guidelines: ["ask_user: one question at a time."] }).promptGuidelines,
		).toEqual(["ask_user: one question at a time."]);
	});
});
