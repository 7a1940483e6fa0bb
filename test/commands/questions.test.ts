/**
 * `/questions` with a fake ctx over real pending files in a temp project: the list a person reads (questions first,
 * when and whose, the next step; no session UUID, absolute path or UTC ISO time), kept short in a folder of many
 * (only the asks shown are judged), and `clear`'s confirmation (No preselected).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createQuestionsCommand } from "../../src/commands/questions.js";
import type { AskUserPendingListing } from "../../src/contract/app-types.js";
import { validateRequest } from "../../src/core/validate.js";
import type { AskToAnswer } from "../../src/lifecycle/lifecycle.js";
import type { FrontEnd } from "../../src/modes/front-end.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import {
	createPendingFile,
	type PendingFile,
	readPendingEntry,
	savePendingFile,
} from "../../src/pending/pending-file.js";
import type { PendingVerdict } from "../../src/pending/trust.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-questions-"));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const SESSION = "0b9e4c2a-1111-2222-3333-444455556666";

function save(n: number, minutesAgo: number, sessionId = SESSION): string {
	const file = createPendingFile({
		request: validateRequest({ questions: [{ question: `Question number ${n}?`, options: [{ label: "Yes" }] }] }),
		sessionId,
		sessionFile: `/home/someone/.pi/agent/sessions/--p--/${sessionId}.jsonl`,
		toolCallId: `call_${n}`,
		now: new Date(Date.now() - minutesAgo * 60_000),
	});
	return savePendingFile(cwd, file);
}

function run(
	args: string,
	options: {
		hasUI?: boolean;
		select?: (title: string, items: string[]) => string;
		branch?: unknown[];
		/** No dialog here, as in print mode. */
		print?: boolean;
		/** The verdict on every file (trusted unless given). */
		verdict?: PendingVerdict;
		/** The files' filled-in answers were written by a tool call. */
		writtenByTool?: boolean;
	} = {},
) {
	const told: string[] = [];
	const dialogs: AskToAnswer[] = [];
	const selects: { title: string; items: string[] }[] = [];
	let judged = 0;
	let reads = 0;
	const ctx = {
		cwd,
		hasUI: options.hasUI ?? false,
		sessionManager: { getSessionId: () => SESSION, getBranch: () => options.branch ?? [] },
		ui: {
			select: async (title: string, items: string[]) => {
				selects.push({ title, items });
				return options.select?.(title, items);
			},
			confirm: async () => {
				throw new Error("clear confirms with a select whose first item is No");
			},
		},
	} as unknown as ExtensionContext;
	const frontEnd = {
		kind: options.print ? "print" : "tui",
		ask: options.print ? undefined : async () => ({ kind: "cancelled" }),
		tell: (text: string) => told.push(text),
		fail: (text: string) => told.push(text),
	} as unknown as FrontEnd;
	const command = createQuestionsCommand({
		frontEnd: () => frontEnd,
		structuredRpc: false,
		answerInDialog: async (_ctx: ExtensionContext, target: AskToAnswer) => {
			dialogs.push(target);
		},
		markCleared: () => {},
		trust: (_file: PendingFile): PendingVerdict => {
			judged++;
			return options.verdict ?? { trusted: true };
		},
		answersWrittenByTool: () => options.writtenByTool === true,
		given: givenRecord(TEST_AGENT_DIR as string),
		claims: { heldElsewhere: () => undefined },
		// The real reader, counted: how many pending files one command reads and parses.
		readPending: (path: string) => {
			reads++;
			return readPendingEntry(path);
		},
	});
	return command
		.handler(args, ctx)
		.then(() => ({ told: told.join("\n"), selects, dialogs, judged: () => judged, reads: () => reads }));
}

describe("/questions list", () => {
	it("newest first, each ask's questions before when and whose it is, then the next step", async () => {
		save(1, 90);
		save(2, 5, "7f3e9d1b-other");
		const { told } = await run("list");
		expect(told).toContain(`Pending questions in ${cwd}, newest first:`);
		expect(told.indexOf("Question number 2?")).toBeLessThan(told.indexOf("Question number 1?"));
		expect(told).toMatch(/Question number 2\?[\s\S]*5 min ago · another session · \.pi\/pending-questions-2\.json/);
		expect(told).toContain("1 h ago · this session · .pi/pending-questions.json");
		expect(told).not.toContain(SESSION);
		expect(told).not.toContain("/home/someone");
		expect(told).not.toMatch(/\d{4}-\d\d-\d\dT/);
		expect(told.trimEnd().split("\n").at(-1)).toBe("Answer: /questions answer · clear them: /questions clear");
	});

	it("without a dialog (print mode): the asking session by its id, and under each ask the command that answers it", async () => {
		save(1, 90);
		save(2, 5, "7f3e9d1b-other");
		const { told } = await run("list", { print: true });
		expect(told).toMatch(
			/Question number 2\?[\s\S]*5 min ago · session 7f3e9d1b · \.pi\/pending-questions-2\.json\n {3}answer: pi -p @\.pi\/pending-questions-2\.json "your answers"/,
		);
		expect(told).toContain(
			'1 h ago · this session · .pi/pending-questions.json\n   answer: pi -p @.pi/pending-questions.json "your answers"',
		);
		expect(told).not.toContain("another session");
		expect(told).not.toContain("/questions answer");
		expect(told.trimEnd().split("\n").at(-1)).toBe(
			'Answer each with the command under it · clear them all: pi -p "/questions clear"',
		);
	});

	it("/questions answer without a dialog names the command that answers the ask there", async () => {
		save(1, 5);
		const { told, dialogs } = await run("answer", { print: true });
		expect(dialogs).toEqual([]);
		expect(told).toBe(
			`/questions answer needs pi's dialog (run pi and type it there); here in print mode, answer with: pi -p @.pi/pending-questions.json "your answers"`,
		);
	});

	it("shows the newest 20 of many, says how many more and where they are, and judges only those shown", async () => {
		for (let n = 1; n <= 25; n++) save(n, 100 - n);
		const { told, judged } = await run("list");
		expect(told).toContain("Question number 25?");
		expect(told).toContain("Question number 6?");
		expect(told).not.toContain("Question number 5?");
		expect(told).toContain("…and 5 older asks: /questions json lists every one.");
		expect(judged()).toBeLessThanOrEqual(20);
	});
});

/** `count` pending files of this session, numbered 1 (the oldest) to `count`, written oldest first. */
function fill(count: number): void {
	const first = save(1, count + 1);
	const text = readFileSync(first, "utf8");
	const at = (n: number) => new Date(Date.now() - (count - n) * 1000);
	utimesSync(first, at(1), at(1));
	for (let n = 2; n <= count; n++) {
		const file = JSON.parse(text) as PendingFile;
		const timestamp = new Date(Date.now() - (count + 1 - n) * 60_000).toISOString();
		const copy = { ...file, toolCallId: `call_${n}`, timestamp };
		copy.request = {
			...file.request,
			questions: [{ ...file.request.questions[0], question: `Question number ${n}?` }],
		};
		copy.questions = [{ ...file.questions[0], question: `Question number ${n}?` }] as PendingFile["questions"];
		const path = join(cwd, ".pi", `pending-questions-${n}.json`);
		writeFileSync(path, JSON.stringify(copy));
		// Written in order within the same clock tick: the modification times say which is newer.
		utimesSync(path, at(n), at(n));
	}
}

describe("in a folder of 1 200 pending files", () => {
	it("/questions reads only the 20 asks it shows", async () => {
		fill(1200);
		const { told, reads } = await run("list");
		expect(told).toContain("Question number 1200?");
		expect(told).toContain("Question number 1181?");
		expect(told).not.toContain("Question number 1180?");
		expect(told).toContain("…and 1,180 older asks");
		expect(reads()).toBe(20);
	});

	it("/questions json lists one page of 50, newest first, and names the command for the next page", async () => {
		fill(1200);
		const first = await run("json");
		const listing = JSON.parse(first.told) as AskUserPendingListing;
		expect(first.reads()).toBe(50);
		expect(listing.pending.map((p) => p.requestId).slice(0, 2)).toEqual(["call_1200", "call_1199"]);
		expect(listing.pending).toHaveLength(50);
		expect(listing).toMatchObject({ total: 1200, page: 1, next: "/questions json 2" });
		const last = await run("json 24");
		const end = JSON.parse(last.told) as AskUserPendingListing;
		expect(last.reads()).toBe(50);
		expect(end.pending.at(-1)?.requestId).toBe("call_1");
		expect(end).toMatchObject({ total: 1200, page: 24 });
		expect(end.next).toBeUndefined();
	});

	it.each(["json 0", "json two", "json 2 3", "list 2"])(
		"/questions %s is refused with the usage, reading nothing",
		async (args) => {
			fill(60);
			const { told, reads } = await run(args);
			expect(told).toContain("/questions");
			expect(told).not.toContain("ask_user_pending");
			expect(reads()).toBe(0);
		},
	);
});

describe("/questions answer starts from the answers already in the file", () => {
	function fill(path: string, answer: string) {
		const file = JSON.parse(readFileSync(path, "utf8")) as { questions: { answer: unknown }[] };
		for (const q of file.questions) q.answer = answer;
		writeFileSync(path, JSON.stringify(file, null, 2));
	}

	it("the person's own file: the dialog opens holding its answers", async () => {
		fill(save(1, 1), "Yes");
		const { dialogs, told } = await run("answer", { hasUI: true });
		expect(dialogs[0]?.startFrom).toEqual([{ chosen: ["Yes"], typed: [] }]);
		expect(told).toBe("");
	});

	it("nothing filled in: the dialog asks from scratch", async () => {
		save(1, 1);
		const { dialogs } = await run("answer", { hasUI: true });
		expect(dialogs[0]?.startFrom).toBeUndefined();
	});

	it("answers a tool call wrote, or a file this pi did not write: never used, and the person is told", async () => {
		const path = save(1, 1, "another-session");
		fill(path, "Yes");
		const byTool = await run("answer", { hasUI: true, writtenByTool: true });
		expect(byTool.dialogs[0]?.startFrom).toBeUndefined();
		expect(byTool.told).toContain("were ignored: they were written by a tool call");
		const foreign = await run("answer", {
			hasUI: true,
			verdict: { trusted: false, kind: "unknown", because: "no-session-file" },
			select: (_title, items) => items[0] ?? "",
		});
		expect(foreign.dialogs[0]?.startFrom).toBeUndefined();
		expect(foreign.told).toContain("were ignored: the file was not written by your pi (it names no session file");
	});
});

describe("/questions clear", () => {
	it("asks with No preselected and proper plurals; No keeps every file", async () => {
		const first = save(1, 3);
		save(2, 2);
		const kept = await run("clear", { hasUI: true, select: (_t, items) => items[0] as string });
		expect(kept.selects[0]?.title).toBe("Delete 2 pending questions in 2 files?");
		expect(kept.selects[0]?.items).toEqual(["No, keep them", "Yes, delete them"]);
		expect(kept.told).toContain("Kept the pending questions.");
		expect(existsSync(first)).toBe(true);
		const cleared = await run("clear", { hasUI: true, select: (_t, items) => items[1] as string });
		expect(cleared.told).toContain("Cleared 2 pending questions.");
		expect(existsSync(first)).toBe(false);
	});

	it("one question in one file is said in the singular", async () => {
		save(1, 3);
		const { told } = await run("clear");
		expect(told).toContain("Cleared 1 pending question.");
	});
});

describe("/questions reopen", () => {
	const call = (id: string, question: string) => ({
		type: "message",
		message: {
			role: "assistant",
			content: [{ type: "toolCall", id, name: "ask_user", arguments: { questions: [{ question }] } }],
		},
	});
	const cancelled = (id: string) => ({
		type: "message",
		message: {
			role: "toolResult",
			toolName: "ask_user",
			toolCallId: id,
			content: [],
			details: { outcome: "cancelled" },
		},
	});

	it("offers the cancelled asks newest first and asks the chosen one again, naming it", async () => {
		const branch = [
			call("call_a", "Deploy where?"),
			cancelled("call_a"),
			call("call_b", "Which region?"),
			cancelled("call_b"),
		];
		const { selects, dialogs } = await run("reopen", {
			hasUI: true,
			branch,
			select: (_title, items) => items[1] as string,
		});
		expect(selects[0]?.items).toEqual(["1. Which region?", "2. Deploy where?"]);
		expect(dialogs.map((d) => [d.toolCallId, d.request.questions[0]?.question])).toEqual([["call_a", "Deploy where?"]]);
	});

	it("one cancelled ask is asked again at once; none says so", async () => {
		const one = await run("reopen", { hasUI: true, branch: [call("call_a", "Deploy where?"), cancelled("call_a")] });
		expect(one.selects).toEqual([]);
		expect(one.dialogs.map((d) => d.toolCallId)).toEqual(["call_a"]);
		const none = await run("reopen", { hasUI: true });
		expect(none.told).toContain("No cancelled questions in this session");
		expect(none.dialogs).toEqual([]);
	});
});
