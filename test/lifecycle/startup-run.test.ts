/**
 * The startup plan carried out: a stop ends print mode's run only when a prompt follows, `--answers` waits for the
 * first ask, and answers are sent as their own turn (print mode waits for it) unless another pi holds their file,
 * which stops the run with nothing sent. A fake front end, deliveries and own turn.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { validateRequest } from "../../src/core/validate.js";
import { createStartupRun } from "../../src/lifecycle/startup-run.js";
import type { FrontEnd } from "../../src/modes/front-end.js";
import type { Claim } from "../../src/pending/claims.js";
import type { Delivery } from "../../src/pending/delivery.js";
import { type GivenRecord, givenRecord } from "../../src/pending/given-for-asker.js";
import { createPendingFile, parsePendingFile, savePendingFile } from "../../src/pending/pending-file.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

/** What the rule's verdict says of an MCP client's file: no session of this user's pi asked it. */
const FOREIGN = { trusted: false, kind: "unknown", because: "no-session-file" } as const;

const delivery: Delivery = {
	toolCallId: "a",
	text: "answers to a",
	path: "/p/.pi/pending-questions.json",
	source: { kind: "words-after-file", file: "@f" },
};

/** `forAsker`: an MCP client's server holds its file (`claim`), and the run's record of answers is `given`. */
function world(options: {
	hasUI: boolean;
	heldElsewhere?: string;
	cwd?: string;
	forAsker?: { claim: Claim; given: GivenRecord };
}) {
	const said: string[] = [];
	const sent: string[] = [];
	const held: string[] = [];
	const asked: string[] = [];
	const run = { stopped: false, upFront: undefined as string | undefined };
	let endTurn: () => void = () => {};
	const frontEnd: FrontEnd = {
		kind: options.hasUI ? "tui" : "print",
		recordedMode: options.hasUI ? "interactive" : "print",
		ask: undefined,
		tell: (text) => said.push(`tell: ${text}`),
		fail: (text) => said.push(`fail: ${text}`),
	};
	const carryOut = createStartupRun({
		frontEnd: () => frontEnd,
		deliveries: {
			hold: (deliveries, onHold) => {
				if (options.heldElsewhere) return options.heldElsewhere;
				held.push(`${deliveries.map((d) => d.toolCallId).join(",")} ${onHold}`);
				return undefined;
			},
		},
		ownTurn: {
			send: (_ctx, deliveries, whileBusy) => {
				sent.push(`${deliveries.map((d) => d.toolCallId).join(",")} ${whileBusy}`);
				return true;
			},
			nextAgentEnd: () =>
				new Promise<void>((resolve) => {
					endTurn = resolve;
				}),
		},
		answerInDialog: async (_ctx, target) => {
			asked.push(target.toolCallId);
		},
		stopRun: (stopped) => {
			run.stopped = stopped;
		},
		keepUpFront: (answers) => {
			run.upFront = answers;
		},
		trust: () => (options.forAsker ? FOREIGN : { trusted: true }),
		heldElsewhere: (_path, toolCallId) => (options.forAsker ? { ...options.forAsker.claim, toolCallId } : undefined),
		given: options.forAsker?.given ?? givenRecord(TEST_AGENT_DIR as string),
	});
	const ctx = { hasUI: options.hasUI, cwd: options.cwd ?? "/p" } as ExtensionContext;
	return { carryOut, ctx, said, sent, held, asked, run, endTurn: () => endTurn() };
}

describe("the startup plan carried out", () => {
	it.each([
		{ hasUI: false, prompt: true, stopped: true },
		{ hasUI: false, prompt: false, stopped: false },
		{ hasUI: true, prompt: true, stopped: false },
	])("a stop (UI $hasUI, prompt $prompt) reports the error and stops the run: $stopped", async (row) => {
		const w = world({ hasUI: row.hasUI });
		await w.carryOut(w.ctx, { kind: "stop", error: "no" }, row.prompt);
		expect(w.said).toEqual(["fail: no"]);
		expect(w.run.stopped).toBe(row.stopped);
	});

	it("keeps --answers for the first ask and asks again in a dialog", async () => {
		const w = world({ hasUI: true });
		await w.carryOut(w.ctx, { kind: "answer-first-ask", answers: '["x"]' }, false);
		expect(w.run.upFront).toBe('["x"]');
		const request = { questions: [{ question: "Q?", header: "Q", options: [], multiSelect: false }] };
		await w.carryOut(w.ctx, { kind: "reask", ask: { toolCallId: "t", request, edited: { kind: "none" } } }, false);
		expect(w.asked).toEqual(["t"]);
	});

	it("holds answers for the prompt without sending them", async () => {
		const w = world({ hasUI: false });
		await w.carryOut(w.ctx, { kind: "deliver", deliveries: [delivery], when: "with-prompt", notices: ["n"] }, true);
		expect(w.held).toEqual(["a waiting"]);
		expect(w.sent).toEqual([]);
		expect(w.said).toEqual(["tell: pi-ask-anywhere: n"]);
	});

	it("sends answers as their own turn, and print mode waits for that turn to end", async () => {
		const w = world({ hasUI: false });
		let done = false;
		const carried = w
			.carryOut(w.ctx, { kind: "deliver", deliveries: [delivery], when: "own-turn", notices: [] }, false)
			.then(() => {
				done = true;
			});
		await Promise.resolve();
		expect(w.held).toEqual(["a sending"]);
		expect(w.sent).toEqual(["a followUp"]);
		expect(done).toBe(false);
		w.endTurn();
		await carried;
		expect(done).toBe(true);
	});

	it("the TUI's own turn is sent once the start has returned, never awaited", async () => {
		const w = world({ hasUI: true });
		await w.carryOut(w.ctx, { kind: "deliver", deliveries: [delivery], when: "own-turn", notices: [] }, false);
		expect(w.held).toEqual(["a sending"]);
		// pi 0.73.1's TUI draws the earlier conversation after session_start: sent inside it, the answers came first.
		expect(w.sent).toEqual([]);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(w.sent).toEqual(["a followUp"]);
	});

	it("writes an MCP client's answers recorded in the run's own agent folder, the one its server reads, not the environment's", async () => {
		const cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-startup-run-"));
		const agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-run-agent-"));
		try {
			const asker = { kind: "mcp", client: "Claude Code" } as const;
			const request = validateRequest({ questions: [{ question: "Which database?", options: [{ label: "SQLite" }] }] });
			const file = createPendingFile({ request, sessionId: "mcp-1", toolCallId: "ask-1", asker, now: new Date() });
			const path = savePendingFile(cwd, file);
			const given = givenRecord(agentDir);
			const claim: Claim = { toolCallId: "", host: "h", pid: 7, started: "1", at: 0, holder: "mcp", records: agentDir };
			const w = world({ hasUI: false, cwd, forAsker: { claim, given } });
			const outcome = {
				kind: "answered" as const,
				answers: [{ question: "Which database?", answer: "SQLite", wasCustom: false }],
			};
			await w.carryOut(w.ctx, { kind: "write-for-asker", path, toolCallId: "ask-1", asker, outcome }, true);
			expect(w.said).toEqual(["tell: pi-ask-anywhere: answered for Claude Code through pi-ask-anywhere mcp"]);
			const written = parsePendingFile(readFileSync(path, "utf8"), path);
			expect(written.questions[0]?.answer).toBe("SQLite");
			expect(given.given("asker", written)).toBeDefined();
			expect(givenRecord(TEST_AGENT_DIR as string).given("asker", written)).toBeUndefined();
		} finally {
			rmSync(cwd, { recursive: true, force: true });
			rmSync(agentDir, { recursive: true, force: true });
		}
	});

	it("stops with nothing sent when another pi holds an answer's file", async () => {
		const w = world({ hasUI: false, heldElsewhere: "held by pi 9" });
		await w.carryOut(w.ctx, { kind: "deliver", deliveries: [delivery], when: "own-turn", notices: [] }, true);
		expect(w.sent).toEqual([]);
		expect(w.said).toEqual(["fail: held by pi 9"]);
		expect(w.run.stopped).toBe(true);
	});
});
