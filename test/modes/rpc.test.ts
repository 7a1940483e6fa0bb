import { describe, expect, it } from "vitest";
import { toAnswer } from "../../src/core/answers.js";
import type { AskRequest, Question } from "../../src/core/types.js";
import { askRpc } from "../../src/modes/rpc.js";
import { askWithDialogs, type RpcDialogs } from "../../src/modes/rpc-dialogs.js";
import { chooseMulti, chooseSingle, multiRows, questionTitle, singleRows } from "../../src/modes/rpc-rows.js";
import { askStructured, MAX_ATTEMPTS, parseResponse, requestMessage } from "../../src/modes/rpc-structured.js";
import { DATABASE, NAME } from "../fixtures.js";
import { TINY_PNG, TINY_PNG_BASE64 } from "../image-fixtures.js";

const FEATURES: Question = {
	question: "Which features?",
	multiSelect: true,
	options: [{ label: "Auth", description: "OAuth2" }, { label: "REST API" }, { label: "Admin" }],
};
const SPEC: AskRequest = { questions: [DATABASE, NAME], metadata: { source: "project-setup" } };

interface Call {
	method: "select" | "input" | "confirm" | "editor" | "notify";
	title: string;
	options?: string[];
	text?: string;
}
type Reply = string | boolean | undefined | ((call: Call) => string | boolean | undefined);

/** A fake RPC client: answers each dialog with the next scripted reply and records what it was shown. */
function fakeUi(replies: Reply[]) {
	const calls: Call[] = [];
	const next = (call: Call) => {
		calls.push(call);
		if (replies.length === 0) throw new Error(`unexpected dialog: ${JSON.stringify(call)}`);
		const reply = replies.shift();
		return typeof reply === "function" ? reply(call) : reply;
	};
	const ui: RpcDialogs = {
		select: async (title, options) => next({ method: "select", title, options }) as string | undefined,
		input: async (title, placeholder) => next({ method: "input", title, text: placeholder }) as string | undefined,
		confirm: async (title, message) => next({ method: "confirm", title, text: message }) as boolean,
		editor: async (title, prefill) => next({ method: "editor", title, text: prefill }) as string | undefined,
		notify: (message) => {
			calls.push({ method: "notify", title: message });
		},
	};
	return { ui, calls, left: () => replies.length };
}

describe("rows shown to a plain RPC client", () => {
	it("puts progress, header and question in the title, and label — description in each row", () => {
		expect(questionTitle(DATABASE, 0, 2)).toBe("[1/2] Database Selection: Which database should we use?");
		expect(questionTitle({ question: "Line one\nline two" }, 0, 1)).toBe("Line one line two");
		expect(questionTitle(FEATURES, 0, 1)).toBe("Which features? (pick any, then Done)");
		// The model's context for the person follows the title line, sanitised.
		expect(questionTitle({ question: "DB?", context: "Needs **transactions**.\n\u009b2JSee docs." }, 0, 1)).toBe(
			"DB?\nNeeds **transactions**.\nSee docs.",
		);
		expect(singleRows(DATABASE)).toEqual([
			"PostgreSQL (Recommended) — Battle-tested relational DB",
			"SQLite — Lightweight, file-based",
			"MongoDB — Document store",
			"Other (type your answer)",
		]);
	});

	it("cuts long descriptions to one readable row", () => {
		const [row] = singleRows({ question: "q", options: [{ label: "A", description: "x".repeat(500) }] });
		expect(row?.length).toBeLessThan(210);
		expect(row?.endsWith("…")).toBe(true);
	});

	it("maps exact, re-cased, trimmed and label-only replies back to the label", () => {
		const option = (label: string) => ({ kind: "option", label });
		expect(chooseSingle(DATABASE, "SQLite — Lightweight, file-based")).toEqual(option("SQLite"));
		expect(chooseSingle(DATABASE, "  sqlite — lightweight,   file-based ")).toEqual(option("SQLite"));
		expect(chooseSingle(DATABASE, "PostgreSQL (Recommended)")).toEqual(option("PostgreSQL (Recommended)"));
		expect(chooseSingle(DATABASE, "MongoDB - Document store")).toEqual(option("MongoDB"));
		expect(chooseSingle(DATABASE, "Other (type your answer)")).toEqual({ kind: "other" });
		expect(chooseSingle(DATABASE, "other")).toEqual({ kind: "other" });
		expect(chooseSingle(DATABASE, "DynamoDB please")).toEqual({ kind: "custom", text: "DynamoDB please" });
	});

	it("prefers the longest label when one label starts another", () => {
		const question: Question = { question: "q", options: [{ label: "A" }, { label: "A — b" }] };
		expect(chooseSingle(question, "A — b")).toEqual({ kind: "option", label: "A — b" });
		// Text after a label that is not the option's description is the person's own answer, kept whole.
		expect(chooseSingle(question, "A — x")).toEqual({ kind: "custom", text: "A — x" });
		const described: Question = { question: "q", options: [{ label: "No", description: "Keep the schema" }] };
		expect(chooseSingle(described, "No — keep the sch")).toEqual({ kind: "option", label: "No" });
		expect(chooseSingle(described, "No - but first migrate the DB")).toEqual({
			kind: "custom",
			text: "No - but first migrate the DB",
		});
	});

	it("shows ticks, the typed Other text and a Done row for multi-select", () => {
		const draft = { selected: new Set(["REST API"]), custom: "Audit log" };
		expect(multiRows(FEATURES, draft)).toEqual([
			"Done (2 selected)",
			"[ ] Auth — OAuth2",
			"[x] REST API",
			"[ ] Admin",
			"[x] Other: Audit log",
		]);
		expect(chooseMulti(FEATURES, draft, "[x] REST API")).toEqual({ kind: "option", label: "REST API" });
		expect(chooseMulti(FEATURES, draft, "[ ] auth")).toEqual({ kind: "option", label: "Auth" });
		expect(chooseMulti(FEATURES, draft, "[x] Other: Audit log")).toEqual({ kind: "other" });
		expect(chooseMulti(FEATURES, draft, "Done")).toEqual({ kind: "done" });
		expect(chooseMulti(FEATURES, draft, " done (2 selected) ")).toEqual({ kind: "done" });
		// Typed words that only start with "Done" are the person's answer, not the Done row.
		expect(chooseMulti(FEATURES, draft, "Done with auth only please")).toEqual({
			kind: "custom",
			text: "Done with auth only please",
		});
	});
});

describe("askWithDialogs (plain dialogs)", () => {
	it("answers the spec's example", async () => {
		const { ui, calls } = fakeUi(["PostgreSQL (Recommended) — Battle-tested relational DB", "order-processor"]);
		expect(await askWithDialogs(ui, SPEC)).toEqual({
			kind: "answered",
			answers: [
				{
					question: "Which database should we use?",
					answer: "PostgreSQL (Recommended)",
					selectedOption: "PostgreSQL (Recommended)",
					wasCustom: false,
				},
				{ question: "What should we name this service?", answer: "order-processor", wasCustom: true },
			],
		});
		expect(calls.map((c) => c.method)).toEqual(["select", "input"]);
	});

	it("goes back to the options when Other is submitted empty, and strips control codes from typed text", async () => {
		const { ui, calls } = fakeUi(["Other (type your answer)", "  ", "Other (type your answer)", "Dynamo\u001b[2JDB"]);
		const outcome = await askWithDialogs(ui, { questions: [DATABASE] });
		expect(outcome).toEqual({
			kind: "answered",
			answers: [{ question: DATABASE.question, answer: "DynamoDB", wasCustom: true }],
		});
		expect(calls.map((c) => c.method)).toEqual(["select", "input", "select", "input"]);
	});

	it("takes a reply that names no row as the person's own answer", async () => {
		const { ui } = fakeUi(["Cassandra"]);
		expect(await askWithDialogs(ui, { questions: [DATABASE] })).toMatchObject({
			answers: [{ answer: "Cassandra", wasCustom: true }],
		});
	});

	it("lists skipped questions as unanswered, also when all are skipped", async () => {
		expect(await askWithDialogs(fakeUi(["SQLite", ""]).ui, SPEC)).toMatchObject({
			kind: "answered",
			answers: [{ answer: "SQLite" }],
			unanswered: [NAME.question],
		});
		expect(await askWithDialogs(fakeUi([""]).ui, { questions: [NAME] })).toEqual({
			kind: "answered",
			answers: [],
			unanswered: [NAME.question],
		});
	});

	it("cancels at once when nothing was answered yet", async () => {
		const { ui, calls } = fakeUi([undefined]);
		expect(await askWithDialogs(ui, SPEC)).toEqual({ kind: "cancelled" });
		expect(calls).toHaveLength(1);
	});

	it("confirms before discarding answers; No returns to the question, Yes cancels", async () => {
		const { ui, calls } = fakeUi(["SQLite", undefined, false, undefined, true]);
		expect(await askWithDialogs(ui, SPEC)).toEqual({ kind: "cancelled" });
		expect(calls.map((c) => `${c.method}: ${c.title}`)).toEqual([
			"select: [1/2] Database Selection: Which database should we use?",
			"input: [2/2] Service Setup: What should we name this service?",
			"confirm: Discard 1 answer?",
			"input: [2/2] Service Setup: What should we name this service?",
			"confirm: Discard 1 answer?",
		]);
	});

	it("treats cancelling the Other input like cancelling the question", async () => {
		const { ui, calls } = fakeUi(["order", "Other (type your answer)", undefined, true]);
		const outcome = await askWithDialogs(ui, { questions: [NAME, DATABASE] });
		expect(outcome).toEqual({ kind: "cancelled" });
		expect(calls.at(-1)?.title).toBe("Discard 1 answer?");
	});

	it("keeps multi-select ticks, toggles options and Other, and finishes on Done", async () => {
		const { ui, calls } = fakeUi([
			"first",
			"[ ] Auth — OAuth2",
			"[ ] Admin",
			"[ ] Other (type your answer)",
			"SSO, audit log",
			undefined,
			false,
			"[x] Admin",
			(call) => call.options?.[0],
		]);
		const outcome = await askWithDialogs(ui, { questions: [NAME, FEATURES] });
		expect(calls[7]?.options).toEqual([
			"Done (3 selected)",
			"[x] Auth — OAuth2",
			"[ ] REST API",
			"[x] Admin",
			"[x] Other: SSO, audit log",
		]);
		expect(outcome).toMatchObject({
			answers: [
				{ answer: "first" },
				// What the person typed under Other is one answer, never split into pieces.
				{ answer: ["Auth", "SSO, audit log"], selectedOption: ["Auth"], wasCustom: true },
			],
		});
	});

	it("leaves a multi-select unanswered when Done is chosen with nothing ticked", async () => {
		const { ui } = fakeUi(["Done (nothing selected)"]);
		expect(await askWithDialogs(ui, { questions: [FEATURES] })).toMatchObject({ unanswered: [FEATURES.question] });
	});

	it("ends instead of looping for a client that cancels every dialog (a cancelled confirm reads as No)", async () => {
		const { ui, calls } = fakeUi(["SQLite", ...Array<undefined>(20).fill(undefined)]);
		expect(await askWithDialogs(ui, SPEC)).toEqual({ kind: "cancelled" });
		expect(calls.filter((c) => c.method === "confirm")).toHaveLength(3);
	});

	it("takes an empty select reply as a cancel, and finishes a multi-select for a client that always picks the first row", async () => {
		expect(await askWithDialogs(fakeUi([""]).ui, SPEC)).toEqual({ kind: "cancelled" });
		const { ui } = fakeUi([(call) => call.options?.[0]]);
		expect(await askWithDialogs(ui, { questions: [FEATURES] })).toMatchObject({ unanswered: [FEATURES.question] });
	});

	it("asks before accepting a very long answer", async () => {
		const long = "x".repeat(2500);
		const { ui, calls } = fakeUi([long, false, "short", long, true, long, false, long]);
		const outcome = await askWithDialogs(ui, { questions: [NAME, { question: "More?" }, { question: "Again?" }] });
		expect(calls[1]).toMatchObject({ method: "confirm", title: "Answer is long (2,500 chars). Continue anyway?" });
		expect(calls.map((c) => c.method)).toEqual([
			"input",
			"confirm",
			"input",
			"input",
			"confirm",
			"input",
			"confirm",
			"input",
		]);
		expect(outcome).toMatchObject({ answers: [{ answer: "short" }, { answer: long }, { answer: long }] });
	});

	it("ends as interrupted, never cancelled, without a confirmation when the call is aborted", async () => {
		const controller = new AbortController();
		const { ui, calls } = fakeUi([
			"SQLite",
			() => {
				controller.abort();
				return undefined;
			},
		]);
		expect(await askWithDialogs(ui, SPEC, controller.signal)).toEqual({ kind: "interrupted" });
		expect(calls).toHaveLength(2);
	});

	it("ends as interrupted when the call is aborted while “Discard answers?” is open; a Yes there is a cancel", async () => {
		const controller = new AbortController();
		const aborted = fakeUi([
			"SQLite",
			undefined,
			() => {
				controller.abort();
				return false;
			},
		]);
		expect(await askWithDialogs(aborted.ui, SPEC, controller.signal)).toEqual({ kind: "interrupted" });
		expect(aborted.calls.map((c) => c.method)).toEqual(["select", "input", "confirm"]);
		expect(await askWithDialogs(fakeUi(["SQLite", undefined, true]).ui, SPEC)).toEqual({ kind: "cancelled" });
	});
});

describe("structured protocol", () => {
	it("builds the spec's request, with metadata only when the model gave some", () => {
		expect(requestMessage(SPEC, "call_1")).toEqual({
			type: "ask_user_request",
			requestId: "call_1",
			questions: [DATABASE, NAME],
			metadata: { source: "project-setup" },
		});
		expect(requestMessage({ questions: [NAME] }, "call_2", "bad")).toEqual({
			type: "ask_user_request",
			requestId: "call_2",
			questions: [NAME],
			error: "bad",
		});
	});

	it("parses answers given as an array or keyed by question text or header", () => {
		const response = (answers: unknown) =>
			parseResponse(JSON.stringify({ type: "ask_user_response", requestId: "r", answers }), "r", [DATABASE, NAME]);
		expect(response(["SQLite", null])).toEqual({
			kind: "answers",
			given: [{ chosen: ["SQLite"], typed: [] }, undefined],
		});
		expect(response({ "what should we name this service?": "svc", "Database Selection": ["a"] })).toEqual({
			kind: "answers",
			given: [
				{ chosen: [], typed: ["a"] },
				{ chosen: [], typed: ["svc"] },
			],
		});
		// Escape sequences are stripped when the answer is built (toAnswer), like every other way in.
		const parsed = response(["x\u001b]0;t\u0007y", null]);
		expect(parsed.kind === "answers" && parsed.given[0] && toAnswer(NAME, parsed.given[0])).toEqual({
			question: NAME.question,
			answer: "xy",
			wasCustom: true,
		});
	});

	it("explains each kind of malformed response", () => {
		const invalid = (text: string) => {
			const parsed = parseResponse(text, "r", [DATABASE, NAME]);
			return parsed.kind === "invalid" ? parsed.error : parsed.kind;
		};
		const body = (extra: Record<string, unknown>) =>
			JSON.stringify({ type: "ask_user_response", requestId: "r", ...extra });
		expect(invalid("nope")).toBe("the response is not valid JSON");
		expect(invalid('{"type":"other"}')).toContain('"type": "ask_user_response"');
		expect(invalid(JSON.stringify({ type: "ask_user_response", requestId: "x" }))).toBe(
			'requestId "x" does not match "r"',
		);
		expect(invalid(body({}))).toBe('give "answers" or "cancelled": true');
		expect(invalid(body({ answers: ["one"] }))).toContain("answers has 1 answer but 2 questions were asked");
		expect(invalid(body({ answers: [{ answer: { x: 1 } }, null] }))).toBe(
			"answers[0].answer must be a string or an array of strings",
		);
		expect(invalid(body({ answers: [[1], null] }))).toBe("answers[0] must be a string or an array of strings");
		expect(invalid(body({ answers: { Nope: "x" } }))).toContain('answers key "Nope" matches no question');
		expect(invalid(body({ answers: "SQLite" }))).toContain("must be a JSON array");
		expect(invalid(body({ cancelled: true }))).toBe("cancelled");
	});

	it("answers through one editor dialog titled with the marker", async () => {
		const reply = JSON.stringify({ type: "ask_user_response", requestId: "call_1", answers: ["MongoDB", "svc"] });
		const { ui, calls } = fakeUi([reply]);
		const outcome = await askStructured(ui, SPEC, "call_1");
		expect(calls).toEqual([
			{ method: "editor", title: "ask_user_request", text: JSON.stringify(requestMessage(SPEC, "call_1")) },
		]);
		expect(outcome).toMatchObject({ kind: "answered", answers: [{ answer: "MongoDB" }, { answer: "svc" }] });
	});

	it("reports bad responses, repeats the request with the error, then fails: the app's failure is no cancel", async () => {
		const { ui, calls } = fakeUi(["{", "{", "{"]);
		await expect(askStructured(ui, SPEC, "r")).rejects.toThrow(
			"no valid answer came: the app sent 3 malformed ask_user_response messages (last: the response is not valid JSON)",
		);
		expect(calls.map((c) => c.method)).toEqual(["editor", "notify", "editor", "notify", "editor", "notify"]);
		expect(calls.filter((c) => c.method === "editor")).toHaveLength(MAX_ATTEMPTS);
		expect(JSON.parse(calls[2]?.text ?? "")).toMatchObject({ error: "the response is not valid JSON" });
		expect(calls.at(-1)?.title).toContain("the model is told that no valid answer came");
	});

	it("cancels when the app dismisses the editor; an abort while it is open is interrupted, not a cancel", async () => {
		expect(await askStructured(fakeUi([undefined]).ui, SPEC, "r")).toEqual({ kind: "cancelled" });
		const controller = new AbortController();
		const never: RpcDialogs = { ...fakeUi([]).ui, editor: () => new Promise(() => {}) };
		const asked = askStructured(never, SPEC, "r", controller.signal);
		controller.abort();
		expect(await asked).toEqual({ kind: "interrupted" });
	});

	it("tells the app that the request closed, and why, when the ask ends without its answer", async () => {
		for (const [reason, expected] of [
			[undefined, "aborted"],
			["answered_elsewhere", "answered_elsewhere"],
			["timeout", "timeout"],
		] as const) {
			const { ui, calls } = fakeUi([]);
			const controller = new AbortController();
			const asked = askStructured({ ...ui, editor: () => new Promise(() => {}) }, SPEC, "call_7", controller.signal);
			controller.abort(reason);
			expect(await asked).toEqual({ kind: "interrupted" });
			expect(calls).toEqual([
				{ method: "notify", title: JSON.stringify({ type: "ask_user_closed", requestId: "call_7", reason: expected }) },
			]);
		}
	});

	it("takes per-answer notes as a notes field or as { answer, note } entries", async () => {
		const reply = JSON.stringify({
			type: "ask_user_response",
			requestId: "r",
			answers: {
				"database selection": { answer: "SQLite", note: "for now" },
				"What should we name this service?": "svc",
			},
			notes: [null, "temporary name"],
		});
		expect(await askStructured(fakeUi([reply]).ui, SPEC, "r")).toEqual({
			kind: "answered",
			answers: [
				{
					question: DATABASE.question,
					answer: "SQLite",
					selectedOption: "SQLite",
					wasCustom: false,
					note: "for now",
				},
				{ question: NAME.question, answer: "svc", wasCustom: true, note: "temporary name" },
			],
		});
	});

	it("takes a note for the whole set as a top-level note; the model gets it exactly", async () => {
		const reply = JSON.stringify({
			type: "ask_user_response",
			requestId: "r",
			answers: ["SQLite", null],
			note: "  both for now \u00e9 ",
		});
		expect(await askStructured(fakeUi([reply]).ui, SPEC, "r")).toEqual({
			kind: "answered",
			answers: [{ question: DATABASE.question, answer: "SQLite", selectedOption: "SQLite", wasCustom: false }],
			unanswered: [NAME.question],
			note: "both for now \u00e9",
		});
		const parsed = (note: unknown) =>
			parseResponse(
				JSON.stringify({ type: "ask_user_response", requestId: "r", answers: ["SQLite", null], note }),
				"r",
				[DATABASE, NAME],
			);
		expect(parsed(null)).toMatchObject({ kind: "answers" });
		expect(parsed(7)).toEqual({ kind: "invalid", error: "note must be a string" });
		const cancelled = JSON.stringify({ type: "ask_user_response", requestId: "r", cancelled: true, note: "no" });
		expect(await askStructured(fakeUi([cancelled]).ui, SPEC, "r")).toEqual({ kind: "cancelled" });
	});

	it("rejects two keys for one question, a note given twice, and unknown entry fields", () => {
		const invalid = (answers: unknown, notes?: unknown) => {
			const text = JSON.stringify({ type: "ask_user_response", requestId: "r", answers, notes });
			const parsed = parseResponse(text, "r", [DATABASE, NAME]);
			return parsed.kind === "invalid" ? parsed.error : parsed.kind;
		};
		expect(invalid({ "Which database should we use?": "SQLite", "database selection": "MongoDB" })).toBe(
			'answers keys "Which database should we use?" and "database selection" name the same question ("Database Selection"); give one answer per question',
		);
		expect(invalid([{ answer: "SQLite", note: "a" }, null], ["b", null])).toBe(
			"answers[0].note and notes[0] both give a note for one question; give one",
		);
		expect(invalid([{ answer: "SQLite", comment: "a" }, null])).toBe(
			'answers[0] has unknown field "comment"; use { "answer", "note", "images" }',
		);
		expect(invalid(["SQLite", null], [1, null])).toBe("notes[0] must be a string");
	});
});

describe("askRpc", () => {
	it("uses the structured protocol only when the client asked for it", async () => {
		const reply = JSON.stringify({ type: "ask_user_response", requestId: "id", answers: ["svc"] });
		const structured = fakeUi([reply]);
		await askRpc(structured.ui, { questions: [NAME] }, { structured: true, requestId: "id" });
		expect(structured.calls.map((c) => c.method)).toEqual(["editor"]);
		const plain = fakeUi(["svc"]);
		await askRpc(plain.ui, { questions: [NAME] }, { structured: false, requestId: "id" });
		expect(plain.calls.map((c) => c.method)).toEqual(["input"]);
	});

	it("shows nothing when the call was already aborted", async () => {
		const { ui, calls } = fakeUi([]);
		const signal = AbortSignal.abort();
		expect(await askRpc(ui, SPEC, { structured: false, requestId: "id", signal })).toEqual({ kind: "interrupted" });
		expect(calls).toEqual([]);
	});
});

describe("structured protocol: images in answers", () => {
	const shot = { name: "shot.png", mimeType: "image/png", data: TINY_PNG_BASE64 };
	const response = (answers: unknown) => JSON.stringify({ type: "ask_user_response", requestId: "call_1", answers });

	it("says acceptsImages in the request only when the person may attach images", () => {
		expect(requestMessage({ questions: [NAME] }, "call_1", undefined, true).acceptsImages).toBe(true);
		expect(requestMessage({ questions: [NAME] }, "call_1")).not.toHaveProperty("acceptsImages");
	});

	it("takes { answer, images } when accepted: each image checked, its bytes in the outcome", async () => {
		const ui = { editor: async () => response([{ answer: "here", images: [shot] }]) } as unknown as RpcDialogs;
		const outcome = await askStructured(ui, { questions: [NAME] }, "call_1", undefined, true);
		expect(outcome).toMatchObject({
			kind: "answered",
			answers: [{ answer: "here", images: [{ name: "shot.png", mimeType: "image/png", bytes: TINY_PNG.length }] }],
			images: [{ data: TINY_PNG_BASE64 }],
		});
	});

	it("refuses images the request did not accept, and an image that is not one, saying why", () => {
		expect(parseResponse(response([{ answer: "x", images: [shot] }]), "call_1", [NAME])).toEqual({
			kind: "invalid",
			error: "answers[0].images: this ask does not take images (acceptsImages was not set)",
		});
		const fake = { data: Buffer.from("plain text").toString("base64") };
		expect(parseResponse(response([{ answer: "x", images: [fake] }]), "call_1", [NAME], true)).toEqual({
			kind: "invalid",
			error: "answers[0].images[0]: image-1 is not a PNG, JPEG, GIF or WebP image",
		});
	});
});
