/**
 * The MCP server's pure parts: reading a call (the MCP tool's fields beside the normaliser's), the result's values,
 * the elicitation form and its reply, the ask book's first-decision-wins and hand-out-once rules, and the command line.
 */
import { describe, expect, it } from "vitest";
import { AskUserError } from "../../src/core/validate.js";
import { parseMcpCommand } from "../../src/mcp/args.js";
import { createAskBook, UnknownAskError } from "../../src/mcp/asks.js";
import { elicitationForm, outcomeFromForm } from "../../src/mcp/elicitation.js";
import { readMcpAsk, readWaitCall } from "../../src/mcp/request.js";
import { mcpResult } from "../../src/mcp/result.js";
import { returnAfterMs } from "../../src/mcp/server.js";

describe("readMcpAsk", () => {
	it("reads each question's type from the MCP fields, or from its shape in other dialects", () => {
		const ask = readMcpAsk({
			questions: [
				{ question: "Name?", type: "text", options: ["ignored"] },
				{ question: "Sure?", type: "confirm", required: false },
				{ question: "Which?", type: "multi_select", options: ["a", "b"] },
				{ question: "One?", options: [{ label: "x", description: "the x" }] },
			],
			timeout: 60_000,
			title: "  Setup ",
		});
		expect(ask.kinds).toEqual(["text", "confirm", "multi-select", "select"]);
		expect(ask.required).toEqual([true, false, true, true]);
		expect(ask.questionIds).toEqual(["q_1", "q_2", "q_3", "q_4"]);
		expect(ask.request.questions[0]).toEqual({ question: "Name?" });
		expect(ask.request.questions[1]?.options?.map((o) => o.label)).toEqual(["Yes", "No"]);
		expect(ask.request.questions[2]?.multiSelect).toBe(true);
		expect(ask).toMatchObject({ timeoutMs: 60_000, title: "Setup", background: false });
		// Other agents' words for a kind are read as the normaliser reads them.
		const words = readMcpAsk({
			questions: [
				{ question: "Ok?", type: "yes_no" },
				{ question: "Which?", type: "checkbox", options: ["a", "b"] },
				{ question: "Pick", type: "dropdown", options: ["a"] },
			],
		});
		expect(words.kinds).toEqual(["confirm", "multi-select", "select"]);
		// Claude Code's shape (no types) is read the same way.
		const claude = readMcpAsk({ question: "Pick", options: ["a", "b"], multiSelect: true, background: true });
		expect(claude).toMatchObject({ kinds: ["multi-select"], background: true, timeoutMs: 300_000 });
	});

	it("generated question ids never repeat an id the call gave", () => {
		const ask = readMcpAsk({ questions: [{ question: "A?", id: "q_2" }, { question: "B?" }, { question: "C?" }] });
		expect(ask.questionIds).toEqual(["q_2", "q_3", "q_4"]);
	});

	it.each([
		[{ questions: [{ question: "x", type: 3 }] }, 'questions[0].type must be one of "text"'],
		[{ questions: [{ question: "x", type: "multi-select" }] }, "questions[0].options is missing"],
		[{ questions: [{ question: "x" }], timeout: 1_800_001 }, "timeout is 1800001 ms"],
		[{ questions: [{ question: "x" }], timeout: 12_000.5 }, "timeout must be a whole number"],
		[{ questions: [{ question: "x" }], title: 7 }, "title must be a string"],
		[{ questions: [{ question: "x", required: 1 }] }, "questions[0].required must be true or false"],
		[{ questions: "x" }, "questions must be an array"],
	])("refuses %j naming the key", (args, message) => {
		expect(() => readMcpAsk(args)).toThrow(AskUserError);
		expect(() => readMcpAsk(args)).toThrow(message);
	});

	it("reads ask_user_wait's arguments", () => {
		expect(readWaitCall({ askId: " a1 ", waitSeconds: 2.5 })).toEqual({ askId: "a1", maxWaitMs: 2500 });
		expect(() => readWaitCall({ askId: 4 })).toThrow("askId is a number");
		expect(() => readWaitCall({ askId: "a", waitSeconds: -1 })).toThrow("waitSeconds must be");
	});
});

describe("mcpResult", () => {
	const ask = readMcpAsk({
		questions: [
			{ id: "ok", question: "Sure?", type: "confirm" },
			{ question: "Which?", type: "multi-select", options: ["a", "b"] },
		],
	});

	it("a confirm's values are yes or no; typed text beside options is customText", () => {
		const result = mcpResult(ask, {
			kind: "settled",
			outcome: {
				kind: "answered",
				answers: [
					{ id: "ok", question: "Sure?", answer: "Yes", selectedOption: "Yes", wasCustom: false },
					{ question: "Which?", answer: ["a", "c"], selectedOption: ["a"], wasCustom: true },
				],
			},
		});
		expect(result.answers.map(({ questionId, values, customText }) => ({ questionId, values, customText }))).toEqual([
			{ questionId: "ok", values: ["yes"], customText: undefined },
			{ questionId: "q_2", values: ["a", "c"], customText: "c" },
		]);
	});

	it("pending and timedOut carry the askId and no answers", () => {
		expect(mcpResult(ask, { kind: "timedOut", askId: "x" })).toEqual({
			answered: false,
			cancelled: false,
			timedOut: true,
			answers: [],
			askId: "x",
		});
		expect(mcpResult(ask, { kind: "pending", askId: "x" })).toEqual({
			answered: false,
			cancelled: false,
			timedOut: false,
			answers: [],
			pending: true,
			askId: "x",
		});
	});
});

describe("the elicitation form", () => {
	const ask = readMcpAsk({
		questions: [
			{ question: "Name?", type: "text", placeholder: "e.g. orders" },
			{ question: "Sure?", type: "confirm" },
			{ question: "Which?", type: "select", options: ["a", "b"] },
		],
	});

	it("is a text field, a Yes/No choice and a one-of choice with a field for the person's own answer", () => {
		const form = elicitationForm(ask);
		expect(form.requestedSchema).toEqual({
			type: "object",
			properties: {
				"01_q1": { type: "string", title: "Name?", description: "e.g. orders" },
				"02_q2": {
					type: "string",
					title: "Sure?",
					oneOf: [
						{ const: "Yes", title: "Yes" },
						{ const: "No", title: "No" },
					],
				},
				"03_q3_other": expect.objectContaining({
					type: "string",
					title: "Other (type your answer; leave empty to pick below)",
				}),
				"04_q3": {
					type: "string",
					title: "Which?",
					oneOf: [
						{ const: "a", title: "a" },
						{ const: "b", title: "b" },
					],
				},
			},
			required: ["01_q1", "02_q2"],
		});
	});

	it("never ends on an optional text field: Other comes before its options, optional text before the last choice", () => {
		const order = (questions: unknown[]) => {
			const { requestedSchema } = elicitationForm(readMcpAsk({ questions }));
			// The keys, each after its position: Codex shows fields in their keys' alphabetical order.
			const fields = Object.keys(requestedSchema.properties);
			expect(fields).toEqual([...fields].sort());
			return { fields, required: requestedSchema.required ?? [] };
		};
		const later = { question: "Anything else?", required: false };
		expect(order([{ question: "Which?", options: ["a", "b"] }, later])).toEqual({
			fields: ["01_q2", "02_q1_other", "03_q1"],
			required: [],
		});
		expect(order([{ question: "Name?" }, later])).toEqual({ fields: ["01_q2", "02_q1"], required: ["02_q1"] });
		// Nothing to end on: the one optional text is required in the form (the person fills it or closes the form).
		expect(order([later])).toEqual({ fields: ["01_q1"], required: ["01_q1"] });
	});

	it("reads the reply: a value that is no option is the person's text; their own answer wins over a pick", () => {
		expect(outcomeFromForm(ask, { q3: "zzz" })?.answers).toEqual([
			{ question: "Which?", answer: "zzz", wasCustom: true },
		]);
		expect(outcomeFromForm(ask, { q3: "a", q3_other: "c" })?.answers).toEqual([
			{ question: "Which?", answer: "c", wasCustom: true },
		]);
		expect(outcomeFromForm(ask, { q3: "a", q3_other: "  " })?.answers).toEqual([
			{ question: "Which?", answer: "a", selectedOption: "a", wasCustom: false },
		]);
		expect(outcomeFromForm(ask, { q1: "  ", q3_other: "" })).toBeUndefined();
		expect(outcomeFromForm(ask, "nonsense")).toBeUndefined();
	});
});

describe("the ask book", () => {
	const ask = readMcpAsk({ questions: [{ question: "Name?" }], timeout: 10_000 });
	const answered = { kind: "answered" as const, answers: [{ question: "Name?", answer: "x", wasCustom: true }] };

	it("keeps the first decision only and hands it to one call, once", async () => {
		const book = createAskBook();
		const open = book.open("a", ask);
		const waiting = book.wait("a", open.id, undefined);
		expect(book.decide(open.id, answered, "pending-file")).toBe(true);
		expect(book.decide(open.id, { kind: "cancelled" }, "elicitation")).toBe(false);
		expect(open.decided.aborted).toBe(true);
		expect(await waiting).toEqual({ kind: "settled", outcome: answered });
		await expect(book.wait("a", open.id, 0)).rejects.toThrow(UnknownAskError);
	});

	it("a decision nobody waits for is kept (handedOut not yet) until a call fetches it", async () => {
		const book = createAskBook();
		const open = book.open("a", ask);
		book.decide(open.id, answered, "elicitation");
		expect(open.decided.aborted).toBe(true);
		expect(open.handedOut.aborted).toBe(false);
		expect(await book.wait("a", open.id, 0)).toMatchObject({ kind: "settled" });
		expect(open.handedOut.aborted).toBe(true);
	});

	it("another owner's ask is unknown to it; a second wait ends the first with pending", async () => {
		const book = createAskBook();
		const open = book.open("a", ask);
		await expect(book.wait("b", open.id, 0)).rejects.toThrow(UnknownAskError);
		expect(book.find("b", open.id)).toBeUndefined();
		const first = book.wait("a", open.id, undefined);
		const second = book.wait("a", open.id, undefined);
		expect(await first).toEqual({ kind: "pending", askId: open.id });
		book.decide(open.id, answered, "web");
		expect(await second).toMatchObject({ kind: "settled" });
	});

	it("a call that gave up hears nothing; the decision waits for the next call", async () => {
		const book = createAskBook();
		const open = book.open("a", ask);
		const gaveUp = new AbortController();
		const waiting = book.wait("a", open.id, undefined, gaveUp.signal);
		gaveUp.abort();
		expect(await waiting).toEqual({ kind: "pending", askId: open.id });
		book.decide(open.id, answered, "web");
		expect(await book.wait("a", open.id, 0)).toMatchObject({ kind: "settled" });
	});

	it("tells timedOut once, at the deadline; later waits wait again", async () => {
		let now = 0;
		const book = createAskBook({ now: () => now });
		const open = book.open("a", ask);
		now = 10_000;
		expect(await book.wait("a", open.id, 0)).toEqual({ kind: "timedOut", askId: open.id });
		expect(await book.wait("a", open.id, 0)).toEqual({ kind: "pending", askId: open.id });
	});
});

describe("the command line and client limits", () => {
	it("HTTP only on loopback; web off; a known client's limit less a margin", () => {
		expect(() => parseMcpCommand(["--http", "--host", "0.0.0.0"], {})).toThrow("loopback");
		expect(parseMcpCommand(["--http", "--port", "0"], {})).toMatchObject({ http: { port: 0, host: "127.0.0.1" } });
		expect(parseMcpCommand(["--web", "off"], {})).toEqual({ kind: "mcp" });
		expect(parseMcpCommand([], { PI_ASK_USER_REMOTE_URL: "wss://x/agent" })).toMatchObject({ web: "wss://x/agent" });
		expect(returnAfterMs("codex-mcp-client")).toBe(50_000);
		expect(returnAfterMs("claude-code")).toBeUndefined();
		expect(returnAfterMs("claude-code", 1_000)).toBe(1_000);
		// The server's option wins over a known client's default: Codex with tool_timeout_sec = 600.
		expect(returnAfterMs("codex-mcp-client", 590_000)).toBe(590_000);
		expect(parseMcpCommand(["--return-after", "590"], {})).toMatchObject({ returnAfterMs: 590_000 });
		expect(parseMcpCommand(["--quickest-reply", "0.5"], {})).toMatchObject({ quickestPersonMs: 500 });
		expect(() => parseMcpCommand(["--quickest-reply", "-1"], {})).toThrow("--quickest-reply");
		expect(parseMcpCommand(["--ask-tool", "ask_person"], {})).toMatchObject({ askTool: "ask_person" });
		expect(() => parseMcpCommand(["--ask-tool", "ask user"], {})).toThrow("--ask-tool");
		expect(() => parseMcpCommand(["--ask-tool", "ask_user_wait"], {})).toThrow("--ask-tool");
	});
});
