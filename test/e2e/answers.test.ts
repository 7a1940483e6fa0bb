/**
 * What the person gave reaches the model exactly, against the real pi: typed text stays one answer, two keys for one question are refused, the first text block of every result is exactly
 * the AskUserResult JSON, a typed reply starting with "Done" is text, and the structured
 * RPC protocol's notes, failures and closed notices.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Errors } from "typebox/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../remote/backend.js";
import {
	createWorkspace,
	decisionLog,
	expectSuccess,
	FEATURES,
	KEYS,
	ROOT,
	type RpcSession,
	resultJson,
	runPrint,
	SPEC_EXAMPLE,
	startRpc,
	startTui,
	type TuiSession,
	type Workspace,
	waitForDelivery,
	waitForToolResult,
} from "./harness.js";
import { rpcClient, sharedAsking, startAsking, stopRpc } from "./rpc-client.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

let ws: Workspace;
let rpc: RpcSession | undefined;
let tui: TuiSession | undefined;

beforeEach(() => {
	ws = createWorkspace();
});
afterEach(async () => {
	tui?.kill();
	tui = undefined;
	if (rpc) await stopRpc(rpc);
	rpc = undefined;
	ws.cleanup();
});

/** A pi in RPC mode for the cases that only answer one ask in the app's dialogs, in turn; one more for the structured protocol. */
const plain = sharedAsking();
const structured = sharedAsking(true);

function ask(question: unknown, structuredProtocol = false) {
	const started = startAsking(ws, question, structuredProtocol);
	rpc = started.rpc;
	return started.ui;
}

/** The content blocks of every ask_user result in the newest session file of the workspace. */
function sessionResultBlocks(): string[][] {
	const folder = join(ws.agentDir, "sessions");
	const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".jsonl"));
	const newest = files.sort().at(-1);
	if (!newest) throw new Error("no session file");
	return readFileSync(join(folder, newest), "utf8")
		.split("\n")
		.filter(Boolean)
		.map(
			(line) => JSON.parse(line) as { type: string; message?: { role: string; toolName?: string; content: unknown } },
		)
		.filter((entry) => entry.type === "message" && entry.message?.role === "toolResult")
		.map((entry) => ((entry.message?.content ?? []) as { text: string }[]).map((block) => block.text));
}

const TYPED = "everything except Auth, Admin";
const FEATURES_WITH_ADMIN = {
	...FEATURES,
	options: [{ label: "Auth" }, { label: "Admin" }, { label: "Billing" }],
};

describe("typed text is one custom answer", () => {
	it("RPC dialogs: text typed under Other in a multi-select never ticks an option", async () => {
		const ui = await plain.ask({ questions: [FEATURES_WITH_ADMIN] });
		const before = decisionLog(plain.ws()).length;
		ui.value(await ui.dialog("select"), "[ ] Other (type your answer)");
		ui.value(await ui.dialog("input"), TYPED);
		ui.value(await ui.dialog("select"), "Done (1 selected)");
		const { blocks } = await ui.resultBlocks();
		expect(JSON.parse(blocks[0] ?? "")).toEqual({
			answered: true,
			answers: [{ question: FEATURES.question, answer: [TYPED], wasCustom: true }],
		});
		// The decision log (newest first; the shared pi's earlier cases' decisions after): answered in an app's dialogs,
		// in this project.
		const log = decisionLog(plain.ws());
		expect(log.slice(0, log.length - before)).toMatchObject([
			{
				by: "rpc",
				outcome: "answered",
				project: plain.ws().cwd,
				questions: [{ question: FEATURES.question }],
				answers: [TYPED],
			},
		]);
	});

	it("TUI: text typed under Other in a multi-select never ticks an option", async () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [FEATURES_WITH_ADMIN] } } }, { text: "ok" }]);
		tui = startTui(ws, ["go"], { env: { PI_ASK_USER_NOTIFY: "0" } });
		await tui.waitFor("[ ] Other (type your answer)", 40_000);
		tui.type("0");
		await tui.waitFor("> 4. [ ] Other");
		tui.type(KEYS.space);
		await tui.waitFor("Your answer:");
		tui.type(TYPED);
		await tui.waitFor(TYPED);
		tui.type(KEYS.enter);
		await tui.waitFor(`[x] Other: ${TYPED}`);
		tui.type(KEYS.enter);
		const result = await waitForToolResult(ws);
		expect(resultJson(result.text)).toEqual({
			answered: true,
			answers: [{ question: FEATURES.question, answer: [TYPED], wasCustom: true }],
		});
		// The decision log: answered in pi's own dialog, in this project.
		expect(decisionLog(ws)).toMatchObject([{ by: "tui", outcome: "answered", project: ws.cwd, answers: [TYPED] }]);
	});
});

describe("two keys for one question are an error, never a guess", () => {
	it("structured RPC answers: the response is refused with the reason and the request sent again", async () => {
		const ui = await structured.ask(SPEC_EXAMPLE);
		const first = await ui.dialog("editor");
		const { requestId } = JSON.parse(String(first.prefill)) as { requestId: string };
		const answers = { "which database should we use?": "SQLite", "database selection": "MongoDB" };
		ui.value(first, JSON.stringify({ type: "ask_user_response", requestId, answers }));
		const error = await ui.notification();
		expect(error.message).toContain(
			'answers keys "which database should we use?" and "database selection" name the same question',
		);
		const second = await ui.dialog("editor");
		ui.value(second, JSON.stringify({ type: "ask_user_response", requestId, answers: ["MongoDB", "svc"] }));
		const { blocks } = await ui.resultBlocks();
		expect(JSON.parse(blocks[0] ?? "")).toMatchObject({ answered: true, answers: [{ answer: "MongoDB" }, {}] });
	});
});

describe("the first text block is exactly the AskUserResult JSON", () => {
	it("a cancel: the JSON, then the sentence for the model as a second block", async () => {
		const ui = await plain.ask({ questions: [SPEC_EXAMPLE.questions[0]] });
		ui.cancel(await ui.dialog("select"));
		const { blocks } = await ui.resultBlocks();
		expect(JSON.parse(blocks[0] ?? "")).toEqual({ answered: false, answers: [], cancelled: true });
		expect(blocks[1]).toContain("The user cancelled");
		expect(blocks).toHaveLength(2);
	});

	it("a partly skipped ask: the JSON, then the sentence", async () => {
		const ui = await plain.ask(SPEC_EXAMPLE);
		ui.value(await ui.dialog("select"), "SQLite");
		ui.value(await ui.dialog("input"), "");
		const { blocks } = await ui.resultBlocks();
		expect(JSON.parse(blocks[0] ?? "")).toMatchObject({
			answered: true,
			unanswered: [SPEC_EXAMPLE.questions[1]?.question],
		});
		expect(blocks[1]).toContain("skipped");
	});

	it("print mode's pending result: the JSON, then the instructions; then --answers naming one question by its text and its header is refused", () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		expectSuccess(runPrint(ws, ["set up the service"]));
		const [blocks] = sessionResultBlocks();
		expect(JSON.parse(blocks?.[0] ?? "")).toEqual({
			answered: false,
			answers: [],
			pendingFile: ".pi/pending-questions.json",
		});
		expect(blocks?.[1]).toContain("Questions pending. User input required.");

		// Two keys for one question (its text and its header) in --answers' object form: an error, never a guess.
		const answers = JSON.stringify({
			"Which database should we use?": "SQLite",
			"Database Selection": "MongoDB",
			"What should we name this service?": "svc",
		});
		const run = runPrint(ws, ["-c", `--answers=${answers}`, "continue"]);
		expect(run.stderr).toContain(
			'--answers keys "Which database should we use?" and "Database Selection" name the same question ("Database Selection"); give one answer per question',
		);
		expect(run.code).not.toBe(0);
		const delivered = ws.lastMessages().filter((m) => m.role === "user" && m.text.includes("MongoDB"));
		expect(delivered).toEqual([]);
	});
});

describe("RPC multi-select: a typed reply starting with Done is text", () => {
	it("takes 'Done with auth only please' as the person's answer, not the Done row", async () => {
		const ui = await plain.ask({ questions: [FEATURES_WITH_ADMIN] });
		ui.value(await ui.dialog("select"), "Done with auth only please");
		const again = await ui.dialog("select");
		expect(again.options).toContain("[x] Other: Done with auth only please");
		ui.value(again, "Done (1 selected)");
		const { blocks } = await ui.resultBlocks();
		expect(JSON.parse(blocks[0] ?? "")).toEqual({
			answered: true,
			answers: [{ question: FEATURES.question, answer: ["Done with auth only please"], wasCustom: true }],
		});
	});
});

describe("structured RPC, complete", () => {
	it("takes per-answer notes, as { answer, note } entries and as a notes field", async () => {
		const ui = await structured.ask(SPEC_EXAMPLE);
		const editor = await ui.dialog("editor");
		const { requestId } = JSON.parse(String(editor.prefill)) as { requestId: string };
		const response = {
			type: "ask_user_response",
			requestId,
			answers: [{ answer: "SQLite", note: "only for the prototype" }, "order-processor"],
			notes: { "service setup": "rename later" },
		};
		ui.value(editor, JSON.stringify(response));
		const { blocks, isError } = await ui.resultBlocks();
		expect(isError).toBe(false);
		expect(JSON.parse(blocks[0] ?? "")).toEqual({
			answered: true,
			answers: [
				{
					question: "Which database should we use?",
					answer: "SQLite",
					selectedOption: "SQLite",
					wasCustom: false,
					note: "only for the prototype",
				},
				{
					question: "What should we name this service?",
					answer: "order-processor",
					wasCustom: true,
					note: "rename later",
				},
			],
		});
	});

	it("accepts the model's ids as answer keys and echoes them; the request matches the published schema", async () => {
		const withIds = {
			questions: [
				{ ...SPEC_EXAMPLE.questions[0], id: "db" },
				{ ...SPEC_EXAMPLE.questions[1], id: "service_name" },
			],
		};
		const ui = await structured.ask(withIds);
		const editor = await ui.dialog("editor");
		const request = JSON.parse(String(editor.prefill)) as { requestId: string };
		const schema = JSON.parse(readFileSync(join(ROOT, "dist/schemas/ask-user-request.json"), "utf8"));
		expect(Errors(schema, request)[1]).toEqual([]);
		const response = {
			type: "ask_user_response",
			requestId: request.requestId,
			answers: { DB: "sqlite", service_name: "svc" },
		};
		ui.value(editor, JSON.stringify(response));
		const { blocks } = await ui.resultBlocks();
		expect(JSON.parse(blocks[0] ?? "")).toEqual({
			answered: true,
			answers: [
				{
					id: "db",
					question: "Which database should we use?",
					answer: "SQLite",
					selectedOption: "SQLite",
					wasCustom: false,
				},
				{ id: "service_name", question: "What should we name this service?", answer: "svc", wasCustom: true },
			],
		});
	});

	describe("after the app went away mid-question", () => {
		/** The structured request's id, as the app that went away saw it. */
		let requestId = "";
		// Before each test: the app went away mid-question, the questions kept (made once, put back for each test).
		const appGone = workspaceFromSetup(async (made) => {
			const started = startAsking(made, SPEC_EXAMPLE, true);
			requestId = (JSON.parse(String((await started.ui.dialog("editor")).prefill)) as { requestId: string }).requestId;
			await stopRpc(started.rpc);
		});
		beforeEach(() => {
			ws.cleanup();
			ws = appGone();
		});

		it("asks again on its own after a resume (the app sends nothing), with the same requestId: the original toolCallId", async () => {
			// `pi -c` asks the kept questions again.
			rpc = startRpc(ws, ["-c"], { env: { PI_ASK_USER_RPC_PROTOCOL: "structured" } });
			const again = rpcClient(rpc);
			// Asked again on their own, as in the TUI: the app sends nothing.
			const editor = await again.dialog("editor");
			const request = JSON.parse(String(editor.prefill)) as { requestId: string };
			expect(request.requestId).toBe(requestId);
			again.value(editor, JSON.stringify({ type: "ask_user_response", requestId, answers: ["SQLite", "svc"] }));
			await again.finished();
		});

		it("a resumed ask asked again on its own does not collide with the app's first prompt; the answers reach the model", async () => {
			ws.script([{ text: "thanks" }, { text: "spare" }]);
			rpc = startRpc(ws, ["-c"], { env: { PI_ASK_USER_RPC_PROTOCOL: "structured" } });
			const again = rpcClient(rpc);
			const editor = await again.dialog("editor");
			// The app sends its first prompt while the questions are on its screen.
			rpc.send({ id: "first", type: "prompt", message: "and go on" });
			const accepted = await rpc.waitFor((l) => l.type === "response" && l.id === "first");
			expect(accepted.success, JSON.stringify(accepted)).toBe(true);
			again.value(editor, JSON.stringify({ type: "ask_user_response", requestId, answers: ["SQLite", "svc"] }));
			const delivered = await waitForDelivery(ws);
			expect(delivered).toContain('"answer":"svc","wasCustom":true');
			expect(ws.requests().some((r) => r.messages.some((m) => m.role === "user" && m.text.includes("and go on")))).toBe(
				true,
			);
		});

		it("lists pending questions as one ask_user_pending JSON notice (/questions), matching the published schema", async () => {
			rpc = startRpc(ws, [], { env: { PI_ASK_USER_RPC_PROTOCOL: "structured" } });
			const app = rpcClient(rpc);
			rpc.send({ type: "prompt", message: "/questions" });
			const listing = JSON.parse(String((await app.notification()).message)) as Record<string, unknown>;
			const schema = JSON.parse(readFileSync(join(ROOT, "dist/schemas/ask-user-pending.json"), "utf8"));
			expect(Errors(schema, listing)[1]).toEqual([]);
			expect(listing).toMatchObject({
				type: "ask_user_pending",
				pending: [{ requestId, thisSession: false, questions: SPEC_EXAMPLE.questions }],
				unreadable: [],
			});
		});
	});

	it("tells the app with an ask_user_closed notice when the run is aborted while its request is open; the model reads no cancel", async () => {
		const ui = ask(SPEC_EXAMPLE, true);
		const editor = await ui.dialog("editor");
		const { requestId } = JSON.parse(String(editor.prefill)) as { requestId: string };
		(rpc as RpcSession).send({ type: "abort" });
		const notice = await ui.notification();
		expect(JSON.parse(String(notice.message))).toEqual({ type: "ask_user_closed", requestId, reason: "aborted" });
		const { blocks } = await ui.resultBlocks();
		// The app aborted the run; the person cancelled nothing.
		expect(JSON.parse(blocks[0] ?? "")).toEqual({ answered: false, answers: [], connectionLost: true });
		expect(blocks[1]).toMatch(
			/They stay pending: the next prompt does not ask them again; they are asked again when this session is next started/,
		);
		// Nobody decided: nothing in the decision log.
		expect(decisionLog(ws)).toEqual([]);
	});

	it("tells the app the request was answered elsewhere when a remote answer wins", async () => {
		const backend: TestBackend = await startBackend();
		try {
			const started = startAsking(ws, SPEC_EXAMPLE, true, { PI_ASK_USER_REMOTE_URL: backend.url });
			rpc = started.rpc;
			const editor = await started.ui.dialog("editor");
			const { requestId } = JSON.parse(String(editor.prefill)) as { requestId: string };
			const frame = await backend.nextQuestion();
			backend.answer(frame.payload.payload.questionId, {
				"Which database should we use?": "SQLite",
				"What should we name this service?": "remote-svc",
			});
			const notice = await started.ui.notification();
			expect(JSON.parse(String(notice.message))).toEqual({
				type: "ask_user_closed",
				requestId,
				reason: "answered_elsewhere",
			});
			const { blocks } = await started.ui.resultBlocks();
			expect(JSON.parse(blocks[0] ?? "")).toMatchObject({ answered: true, answers: [{ answer: "SQLite" }, {}] });
			// The remote side won: the decision log says the page, not the app's dialog.
			expect(decisionLog(ws)).toMatchObject([{ by: "page", answers: ["SQLite", "remote-svc"] }]);
		} finally {
			await backend.kill();
		}
	});
});
