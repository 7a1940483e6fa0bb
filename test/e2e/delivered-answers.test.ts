/**
 * Answers that reach the model later (filled into the pending file and delivered by `pi -c`, `--answers`,
 * `/questions answer`) read like answers on pi's screen — the questions and the person's answers, not the raw block
 * the model reads — while the model still receives exactly that block, once.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import {
	expectSuccess,
	goneSoon,
	runPrint,
	SPEC_EXAMPLE,
	SPEC_RESULT,
	startRpc,
	startTui,
	type TuiSession,
	type Workspace,
	waitForDelivery,
} from "./harness.js";
import { rpcClient, stopRpc } from "./rpc-client.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

let ws: Workspace;
let tui: TuiSession | undefined;
workspaceFromSetup((made) => {
	ws = made;
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, { text: "Thanks, noted." }]);
	expectSuccess(runPrint(ws, ["set up the service"]));
});
afterEach(() => {
	tui?.kill();
	tui = undefined;
});

/** Fills the spec's answers into the pending file, as a person would by hand; returns the ask's toolCallId. */
function fillSpecAnswers(): string {
	const file = JSON.parse(readFileSync(ws.pendingPath(), "utf8")) as {
		toolCallId: string;
		questions: { answer: unknown }[];
	};
	file.questions[0] = { ...file.questions[0], answer: "PostgreSQL (Recommended)" };
	file.questions[1] = { ...file.questions[1], answer: "order-processor" };
	writeFileSync(ws.pendingPath(), JSON.stringify(file, null, 2));
	return file.toolCallId;
}

/** The messages carrying delivered answers in the model's newest request. */
function deliveredMessages(): string[] {
	return ws
		.lastMessages()
		.filter((m) => m.role === "user" && m.text.includes("<ask_user_answers"))
		.map((m) => m.text);
}

/**
 * The block the model has always received for the spec's answers: the AskUserResult framed as its own ask's, with
 * the task when the answers go to another session than the ask's. The opening also says when the ask was made (a
 * provider may reuse tool-call ids), as an ISO time.
 */
function expectSpecBlock(text: string | undefined, toolCallId: string, task?: string) {
	const lines = (text ?? "").split("\n");
	const taskLines = task === undefined ? [] : [`The task they had given you: ${JSON.stringify(task)}`];
	expect(lines).toHaveLength(5 + taskLines.length);
	const opening = /^<ask_user_answers toolCallId=("[^"]*") askedAt="([^"]+)">$/.exec(lines[0] ?? "");
	expect(opening?.[1]).toBe(JSON.stringify(toolCallId));
	expect(new Date(opening?.[2] ?? "").toISOString()).toBe(opening?.[2]);
	expect(lines[1]).toBe("The user answered the questions you asked earlier with ask_user:");
	expect(JSON.parse(lines[2] ?? "null")).toEqual(SPEC_RESULT);
	expect(lines.slice(3, 3 + taskLines.length)).toEqual(taskLines);
	expect(lines.slice(3 + taskLines.length)).toEqual(["Continue the task with these answers.", "</ask_user_answers>"]);
}

describe("delivered answers on pi's screen", () => {
	it("interactive pi -c shows the questions and the filled-in answers, not the raw block", async () => {
		fillSpecAnswers();
		ws.script([{ text: "Going on with PostgreSQL." }]);
		tui = startTui(ws, ["-c"], { env: { PI_ASK_USER_NOTIFY: "0" } });
		await waitForDelivery(ws);
		await tui.waitFor("Going on with PostgreSQL.", 30_000);
		const screen = tui.screen().join("\n");
		expect(screen).toContain("Which database should we use? → PostgreSQL (Recommended)");
		// After the session's earlier conversation, not above it (pi 0.73.1 drew them first).
		expect(screen.indexOf("set up the service")).toBeGreaterThanOrEqual(0);
		expect(screen.indexOf("set up the service")).toBeLessThan(screen.indexOf("→ PostgreSQL (Recommended)"));
		expect(screen).toContain('What should we name this service? → "order-processor"');
		expect(screen).not.toContain("ask_user_answers");
		expect(screen).not.toContain('"wasCustom"');
		expect(await goneSoon(ws.pendingPath())).toBe(true);
	});
});

describe("what the model receives", () => {
	it("pi -p -c delivers exactly the structured block, once", async () => {
		const toolCallId = fillSpecAnswers();
		ws.script([{ text: "Going on." }, { echo: true }]);
		expectSuccess(runPrint(ws, ["-c"]));
		const first = deliveredMessages();
		expect(first).toHaveLength(1);
		expectSpecBlock(first[0], toolCallId);
		expect(await goneSoon(ws.pendingPath())).toBe(true);

		const again = expectSuccess(runPrint(ws, ["-c", "and now?"]));
		expect(again.stderr).not.toContain("Which database should we use?");
		// The next request still holds the one delivery (the session's history), and the new prompt after it.
		const second = deliveredMessages();
		expect(second).toHaveLength(1);
		expectSpecBlock(second[0], toolCallId);
		expect(ws.lastMessages().at(-1)).toMatchObject({ role: "user", text: "and now?" });
	});

	it("RPC /questions answer delivers exactly the structured block, once", async () => {
		const file = JSON.parse(readFileSync(ws.pendingPath(), "utf8")) as { toolCallId: string };
		ws.script([{ text: "Going on." }, { text: "Still going." }]);
		const rpc = startRpc(ws);
		try {
			const ui = rpcClient(rpc);
			rpc.send({ type: "prompt", message: "/questions answer" });
			ui.value(await ui.dialog("select"), "PostgreSQL (Recommended) — Battle-tested relational DB");
			ui.value(await ui.dialog("input"), "order-processor");
			await ui.finished();
			expect(deliveredMessages()).toHaveLength(1);
			expectSpecBlock(deliveredMessages()[0], file.toolCallId, "set up the service");
			expect(await goneSoon(ws.pendingPath())).toBe(true);
			const before = rpc.lines.length;
			rpc.send({ type: "prompt", message: "and now?" });
			await rpc.waitFor((l) => l.type === "agent_end", 30_000, before);
			expect(deliveredMessages()).toHaveLength(1);
			expect(ws.lastMessages().at(-1)).toMatchObject({ role: "user", text: "and now?" });
		} finally {
			await stopRpc(rpc);
		}
	});
});
