import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TINY_PNG, TINY_PNG_BASE64 } from "../image-fixtures.js";
import {
	createWorkspace,
	FEATURES,
	type RpcSession,
	readJson,
	resultJson,
	SPEC_EXAMPLE,
	SPEC_RESULT,
	type Workspace,
} from "./harness.js";
import { sharedAsking, startAsking, stopRpc } from "./rpc-client.js";

describe("ask_user over RPC with plain dialogs (any client)", () => {
	// One pi for the block's cases, run in turn.
	const { ask, ws } = sharedAsking();
	it("answers the spec's example and the model reads exactly the spec's result", async () => {
		const ui = await ask(SPEC_EXAMPLE);
		const db = await ui.dialog("select");
		expect(db.title).toBe("[1/2] Database Selection: Which database should we use?");
		expect(db.options).toEqual([
			"PostgreSQL (Recommended) — Battle-tested relational DB",
			"SQLite — Lightweight, file-based",
			"MongoDB — Document store",
			"Other (type your answer)",
		]);
		ui.value(db, "PostgreSQL (Recommended) — Battle-tested relational DB");
		const name = await ui.dialog("input");
		expect(name.title).toBe("[2/2] Service Setup: What should we name this service?");
		ui.value(name, "order-processor");
		await ui.finished();
		const result = ws().lastToolResult();
		expect(result?.isError).toBe(false);
		expect(resultJson(result?.text)).toEqual(SPEC_RESULT);
	});

	it("takes a typed answer through Other", async () => {
		const ui = await ask({ questions: [SPEC_EXAMPLE.questions[0]] });
		ui.value(await ui.dialog("select"), "Other (type your answer)");
		const other = await ui.dialog("input");
		expect(other.title).toBe("Database Selection: Which database should we use? (type your answer)");
		ui.value(other, "I want to use DynamoDB");
		await ui.finished();
		expect(resultJson(ws().lastToolResult()?.text)).toEqual({
			answered: true,
			answers: [{ question: "Which database should we use?", answer: "I want to use DynamoDB", wasCustom: true }],
		});
	});

	it("lets the person tick several options and Other in a multi-select, then Done", async () => {
		const ui = await ask({
			questions: [FEATURES],
		});
		const first = await ui.dialog("select");
		expect(first.title).toBe("Feature Selection: Which features should we include? (pick any, then Done)");
		expect(first.options).toEqual([
			"Done (nothing selected)",
			"[ ] Authentication — OAuth2 + JWT",
			"[ ] REST API — OpenAPI spec included",
			"[ ] Admin Dashboard",
			"[ ] Other (type your answer)",
		]);
		ui.value(first, "[ ] Authentication — OAuth2 + JWT");
		ui.value(await ui.dialog("select"), "[ ] Admin Dashboard");
		ui.value(await ui.dialog("select"), "[ ] Other (type your answer)");
		ui.value(await ui.dialog("input"), "Audit log");
		const last = await ui.dialog("select");
		expect(last.options).toEqual([
			"Done (3 selected)",
			"[x] Authentication — OAuth2 + JWT",
			"[ ] REST API — OpenAPI spec included",
			"[x] Admin Dashboard",
			"[x] Other: Audit log",
		]);
		ui.value(last, "Done (3 selected)");
		await ui.finished();
		expect(resultJson(ws().lastToolResult()?.text)).toEqual({
			answered: true,
			answers: [
				{
					question: "Which features should we include?",
					answer: ["Authentication", "Admin Dashboard", "Audit log"],
					selectedOption: ["Authentication", "Admin Dashboard"],
					wasCustom: true,
				},
			],
		});
	});

	it("asks to discard given answers on cancel; No goes back, Yes cancels the whole ask", async () => {
		const ui = await ask(SPEC_EXAMPLE);
		ui.value(await ui.dialog("select"), "SQLite — Lightweight, file-based");
		ui.cancel(await ui.dialog("input"));
		const discard = await ui.dialog("confirm");
		expect(discard.title).toBe("Discard 1 answer?");
		ui.confirm(discard, false);
		const again = await ui.dialog("input");
		expect(again.title).toBe("[2/2] Service Setup: What should we name this service?");
		ui.cancel(again);
		ui.confirm(await ui.dialog("confirm"), true);
		await ui.finished();
		const result = ws().lastToolResult();
		expect(result?.isError).toBe(false);
		expect(resultJson(result?.text)).toEqual({ answered: false, answers: [], cancelled: true });
	});

	it("sanitises escape sequences from the model before they reach the client", async () => {
		const ui = await ask({
			questions: [
				{
					question: "Pick \u001b[31mred\u001b[0m or \u001b]0;pwned\u0007blue",
					header: "Col\u0007our",
					options: [{ label: "Red\u001b[2J", description: "warm\u001b[1A\nand bright" }, { label: "Blue" }],
				},
			],
		});
		const select = await ui.dialog("select");
		const sent = JSON.stringify([select.title, select.options]);
		expect(sent).not.toMatch(/\\u00(1b|07)/);
		expect(select.title).toBe("Colour: Pick red or blue");
		expect(select.options).toEqual(["Red — warm and bright", "Blue", "Other (type your answer)"]);
		ui.value(select, "Red — warm and bright");
		await ui.finished();
		expect(resultJson(ws().lastToolResult()?.text)).toMatchObject({ answers: [{ answer: "Red", wasCustom: false }] });
	});
});

describe("ask_user over RPC with the structured protocol (PI_ASK_USER_RPC_PROTOCOL=structured)", () => {
	// One pi for the block's cases, run in turn.
	const { ask, ws } = sharedAsking(true);
	it("sends the spec's ask_user_request in one editor dialog and accepts the ask_user_response", async () => {
		const ui = await ask(SPEC_EXAMPLE);
		const editor = await ui.dialog("editor");
		expect(editor.title).toBe("ask_user_request");
		const request = JSON.parse(String(editor.prefill)) as Record<string, unknown>;
		expect(request).toEqual({
			type: "ask_user_request",
			requestId: expect.any(String),
			questions: SPEC_EXAMPLE.questions,
			metadata: { source: "project-setup" },
			// The scripted model takes images (examples/scripted-model.ts), so the app may offer to attach them.
			acceptsImages: true,
		});
		const response = {
			type: "ask_user_response",
			requestId: request.requestId,
			answers: ["PostgreSQL (Recommended)", "order-processor"],
		};
		ui.value(editor, JSON.stringify(response));
		await ui.finished();
		const result = ws().lastToolResult();
		expect(result?.isError).toBe(false);
		expect(resultJson(result?.text)).toEqual(SPEC_RESULT);
	});

	it("an image the app attaches reaches the model as an image block after the JSON, its bytes exactly", async () => {
		const ui = await ask(SPEC_EXAMPLE);
		const editor = await ui.dialog("editor");
		const { requestId } = JSON.parse(String(editor.prefill)) as { requestId: string };
		const image = { name: "diagram.png", mimeType: "image/png", data: TINY_PNG_BASE64 };
		ui.value(
			editor,
			JSON.stringify({
				type: "ask_user_response",
				requestId,
				answers: ["PostgreSQL (Recommended)", { answer: "order-processor", images: [image] }],
			}),
		);
		await ui.finished();
		const result = ws().lastToolResult();
		expect(resultJson(result?.text).answers).toContainEqual(
			expect.objectContaining({
				answer: "order-processor",
				images: [{ name: "diagram.png", mimeType: "image/png", bytes: TINY_PNG.length }],
			}),
		);
		expect(result?.images).toEqual([
			{ mimeType: "image/png", bytes: TINY_PNG.length, sha256: createHash("sha256").update(TINY_PNG).digest("hex") },
		]);
	});

	it("carries a note for the whole set: the response's note reaches the model exactly as the result's note", async () => {
		const ui = await ask(SPEC_EXAMPLE);
		const editor = await ui.dialog("editor");
		const { requestId } = JSON.parse(String(editor.prefill)) as { requestId: string };
		const note = "Both are for the prototype — ask again before launch";
		ui.value(
			editor,
			JSON.stringify({
				type: "ask_user_response",
				requestId,
				answers: ["PostgreSQL (Recommended)", "order-processor"],
				note,
			}),
		);
		await ui.finished();
		expect(resultJson(ws().lastToolResult()?.text)).toEqual({ ...SPEC_RESULT, note });
	});

	it("answers a malformed response with an error notification and the same request again", async () => {
		const ui = await ask(SPEC_EXAMPLE);
		const first = await ui.dialog("editor");
		const { requestId } = JSON.parse(String(first.prefill)) as { requestId: string };
		ui.value(first, "{ not json");
		const error = await ui.notification();
		expect(error.notifyType).toBe("error");
		expect(error.message).toContain("not valid JSON");
		const second = await ui.dialog("editor");
		expect(second.title).toBe("ask_user_request");
		expect(JSON.parse(String(second.prefill))).toMatchObject({ requestId, error: "the response is not valid JSON" });
		ui.value(second, JSON.stringify({ type: "ask_user_response", requestId: "someone-else", answers: [] }));
		expect((await ui.notification()).message).toContain("does not match");
		const third = await ui.dialog("editor");
		ui.value(
			third,
			JSON.stringify({
				type: "ask_user_response",
				requestId,
				answers: { "Which database should we use?": "SQLite", "What should we name this service?": null },
			}),
		);
		await ui.finished();
		expect(resultJson(ws().lastToolResult()?.text)).toEqual({
			answered: true,
			answers: [
				{ question: "Which database should we use?", answer: "SQLite", selectedOption: "SQLite", wasCustom: false },
			],
			unanswered: ["What should we name this service?"],
		});
	});

	it("after three bad responses tells the model that no valid answer came: the app's failure, never a cancel", async () => {
		const ui = await ask(SPEC_EXAMPLE);
		for (let i = 0; i < 3; i++) ui.value(await ui.dialog("editor"), '{"type":"ask_user_response"}');
		await ui.finished();
		const result = ws().lastToolResult();
		expect(result?.isError).toBe(true);
		expect(result?.text).toContain("no valid answer came");
		expect(result?.text).not.toContain("cancelled");
	});

	it("treats an ask_user_response with cancelled: true as a cancel", async () => {
		const ui = await ask(SPEC_EXAMPLE);
		const editor = await ui.dialog("editor");
		const { requestId } = JSON.parse(String(editor.prefill)) as { requestId: string };
		ui.value(editor, JSON.stringify({ type: "ask_user_response", requestId, cancelled: true }));
		await ui.finished();
		expect(resultJson(ws().lastToolResult()?.text)).toEqual({ answered: false, answers: [], cancelled: true });
	});
});

describe("ask_user over RPC when the client goes away", () => {
	// Each case ends its pi: a pi of its own per case.
	let ws: Workspace;
	let rpc: RpcSession | undefined;
	beforeEach(() => {
		ws = createWorkspace();
	});
	afterEach(async () => {
		if (rpc) await stopRpc(rpc);
		rpc = undefined;
		ws.cleanup();
	});
	function start(question: unknown) {
		const started = startAsking(ws, question);
		rpc = started.rpc;
		return started.ui;
	}

	it("closes the question when the client aborts the run: connectionLost for the model, never the person's cancel", async () => {
		const ui = start(SPEC_EXAMPLE);
		await ui.dialog("select");
		const session = rpc as RpcSession;
		session.send({ type: "abort" });
		const end = await session.waitFor((l) => l.type === "tool_execution_end", 30_000);
		const { content } = end.result as { content: { text: string }[] };
		expect(resultJson(content[0]?.text)).toEqual({ answered: false, answers: [], connectionLost: true });
	});

	it("saves the open questions as a pending file when the client closes stdin mid-question", async () => {
		const ui = start(SPEC_EXAMPLE);
		await ui.dialog("select");
		const session = rpc as RpcSession;
		rpc = undefined;
		session.close();
		await session.exited;
		expect(existsSync(ws.pendingPath())).toBe(true);
		const pending = readJson(ws.pendingPath()) as { questions: { question: string; answer: unknown }[] };
		expect(pending.questions.map((q) => q.question)).toEqual([
			"Which database should we use?",
			"What should we name this service?",
		]);
		expect(pending.questions.every((q) => q.answer === null)).toBe(true);
	});
});
