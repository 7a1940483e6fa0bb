/** The startup plan as a table: what was found at pi's start → what happens to the waiting questions. */

import { describe, expect, it } from "vitest";
import type { AskRequest } from "../../src/core/types.js";
import { CLI_TABLES } from "../../src/i18n/tables.js";
import {
	type ForeignPending,
	type OpenAsk,
	planStartup,
	type StartupFindings,
	type StartupPlan,
} from "../../src/lifecycle/startup-plan.js";
import type { FrontEndKind } from "../../src/modes/front-end.js";
import { DATABASE, NAME } from "../fixtures.js";

const REQUEST: AskRequest = { questions: [DATABASE, NAME] };
const ANSWERS = '["SQLite", "orders"]';

const open: OpenAsk = {
	toolCallId: "call_open",
	request: REQUEST,
	shownPath: ".pi/pending-questions.json",
	path: "/p/.pi/pending-questions.json",
	edited: { kind: "none" },
};
const filled: OpenAsk = {
	...open,
	edited: {
		kind: "answered",
		outcome: {
			kind: "answered",
			answers: [{ question: DATABASE.question, answer: "SQLite", selectedOption: "SQLite", wasCustom: false }],
			unanswered: [NAME.question],
		},
	},
};
const brokenEdit: OpenAsk = { ...open, edited: { kind: "error", message: ".pi/pending-questions.json: answer 2 …" } };
const trustedForeign: ForeignPending = {
	path: "/p/.pi/pending-questions-2.json",
	shownPath: ".pi/pending-questions-2.json",
	sessionId: "other-session",
	toolCallId: "call_foreign",
	request: REQUEST,
	task: "set up the service",
	trust: { trusted: true },
};
const plantedForeign: ForeignPending = {
	...trustedForeign,
	trust: { trusted: false, kind: "unknown", because: "no-session-file" },
};

const MARK = { kind: "mcp", client: "Claude Code" } as const;
const SERVER = { toolCallId: "call_mcp", host: "h", pid: 7, started: "1", at: 0, holder: "mcp" } as const;
/** An MCP client's file its server holds now. */
const mcpHeld: ForeignPending = {
	...plantedForeign,
	sessionId: "mcp-1234abcd",
	toolCallId: "call_mcp",
	mcp: { kind: "for-asker", asker: MARK, holder: SERVER },
};
/** An MCP client's file nobody holds (the server is gone, or the mark is a cloned repository's). */
const mcpGone: ForeignPending = { ...mcpHeld, mcp: { kind: "asker-gone", asker: MARK } };

function findings(overrides: Partial<StartupFindings>): StartupFindings {
	return {
		frontEnd: "print",
		prompt: false,
		continued: false,
		answersFlag: undefined,
		readImage: (path) => ({ ok: false, reason: `${path}: no images here`, problem: { kind: "not-image", name: path } }),
		open: [],
		foreign: [],
		filledElsewhere: [],
		ignored: [],
		newer: [],
		...overrides,
	};
}

/** The plan reduced to what the table compares: its kind, when answers go, which asks they answer. */
function shape(plan: StartupPlan): string {
	switch (plan.kind) {
		case "deliver":
			return `deliver ${plan.when} ${plan.deliveries.map((d) => d.toolCallId + (d.fromSession ? `@${d.fromSession}` : "")).join(",")}`;
		case "reask":
			return `reask ${plan.ask.toolCallId}`;
		case "stop":
			return "stop";
		case "answer-first-ask":
			return "answer-first-ask";
		case "nothing":
			return "nothing";
		case "write-for-asker":
			return `write-for-asker ${plan.toolCallId}`;
	}
}

type Row = [name: string, found: Partial<StartupFindings>, expected: string];

const rows: Row[] = [
	// Nothing waits.
	["print, nothing found", {}, "nothing"],
	["tui, nothing found", { frontEnd: "tui" }, "nothing"],
	// This session's open ask, not answered yet.
	["tui -c: asked again", { frontEnd: "tui", continued: true, open: [open] }, "reask call_open"],
	["rpc -c: asked again (resume like the TUI)", { frontEnd: "rpc", continued: true, open: [open] }, "reask call_open"],
	["sdk -c: asked again", { frontEnd: "sdk", continued: true, open: [open] }, "reask call_open"],
	["print -c: nobody to ask, nothing happens", { continued: true, open: [open], prompt: true }, "nothing"],
	// Answers filled into the pending file.
	["print -c, edited, no prompt: own turn", { continued: true, open: [filled] }, "deliver own-turn call_open"],
	[
		"print -c, edited, with prompt: with it",
		{ continued: true, open: [filled], prompt: true },
		"deliver with-prompt call_open",
	],
	[
		"tui -c, edited, no prompt: own turn",
		{ frontEnd: "tui", continued: true, open: [filled] },
		"deliver own-turn call_open",
	],
	[
		"tui -c, edited, with prompt: one turn",
		{ frontEnd: "tui", continued: true, open: [filled], prompt: true },
		"deliver with-prompt call_open",
	],
	[
		"rpc -c, edited: with the app's first prompt",
		{ frontEnd: "rpc", continued: true, open: [filled] },
		"deliver with-prompt call_open",
	],
	["an unusable edit stops the run", { continued: true, open: [brokenEdit], prompt: true }, "stop"],
	// --answers with this session's open ask.
	[
		"print -c --answers, no prompt",
		{ continued: true, open: [open], answersFlag: ANSWERS },
		"deliver own-turn call_open",
	],
	[
		"print -c --answers + prompt",
		{ continued: true, open: [open], answersFlag: ANSWERS, prompt: true },
		"deliver with-prompt call_open",
	],
	[
		"tui -c --answers + prompt",
		{ frontEnd: "tui", continued: true, open: [open], answersFlag: ANSWERS, prompt: true },
		"deliver with-prompt call_open",
	],
	["--answers that are not JSON for two questions", { continued: true, open: [open], answersFlag: "[oops" }, "stop"],
	["--answers naming no question", { continued: true, open: [open], answersFlag: '{"Unknown?": "x"}' }, "stop"],
	// --answers with nothing open in this session.
	[
		"print -c --answers, nothing pending: an error, never a later ask",
		{ continued: true, answersFlag: ANSWERS, prompt: true },
		"stop",
	],
	["tui -c --answers, nothing pending: an error", { frontEnd: "tui", continued: true, answersFlag: ANSWERS }, "stop"],
	[
		"Option C: no -c, this user's pending file",
		{ answersFlag: ANSWERS, foreign: [trustedForeign] },
		"deliver own-turn call_foreign@other-session",
	],
	[
		"Option C with a prompt",
		{ answersFlag: ANSWERS, foreign: [trustedForeign], prompt: true },
		"deliver with-prompt call_foreign@other-session",
	],
	[
		"a planted file is never used implicitly",
		{ answersFlag: ANSWERS, foreign: [plantedForeign], prompt: true },
		"stop",
	],
	[
		"--answers for an MCP client's file its server holds: written for it, with the prompt",
		{ answersFlag: ANSWERS, foreign: [mcpHeld], prompt: true },
		"write-for-asker call_mcp",
	],
	[
		"the newest of this user's files and held MCP files",
		{ answersFlag: ANSWERS, foreign: [trustedForeign, mcpHeld] },
		"write-for-asker call_mcp",
	],
	["--answers for an MCP client's file nobody holds: stop", { answersFlag: ANSWERS, foreign: [mcpGone] }, "stop"],
	[
		"an MCP client's file nobody holds never outranks this user's file",
		{ answersFlag: ANSWERS, foreign: [trustedForeign, mcpGone] },
		"deliver own-turn call_foreign@other-session",
	],
	[
		"this user's file is preferred over a newer planted one",
		{ answersFlag: ANSWERS, foreign: [trustedForeign, plantedForeign] },
		"deliver own-turn call_foreign@other-session",
	],
	[
		"a file of a newer version in the project: nothing is answered",
		{
			answersFlag: ANSWERS,
			foreign: [trustedForeign],
			newer: [".pi/pending-questions-2.json has version 2"],
			prompt: true,
		},
		"stop",
	],
	["fresh print run with a prompt: answers the first ask", { answersFlag: ANSWERS, prompt: true }, "answer-first-ask"],
	["fresh tui run: answers the first ask", { frontEnd: "tui", answersFlag: ANSWERS }, "answer-first-ask"],
	["fresh print run without a prompt: nothing could ask", { answersFlag: ANSWERS }, "stop"],
];

describe("planStartup", () => {
	it.each(rows)("%s", (_name, found, expected) => {
		expect(shape(planStartup(findings(found)))).toBe(expected);
	});

	it("says on stderr-bound notices which questions --answers answered, and from which file", () => {
		const plan = planStartup(findings({ answersFlag: ANSWERS, foreign: [trustedForeign] }));
		expect(plan.kind === "deliver" && plan.notices).toEqual([
			`--answers answered "${DATABASE.question}", "${NAME.question}" from .pi/pending-questions-2.json`,
		]);
	});

	it("says of answers filled into another session's file that they were filled in, not given with --answers", () => {
		const answered = filled.edited.kind === "answered" ? filled.edited.outcome : undefined;
		if (!answered) throw new Error("the fixture is answered");
		const plan = planStartup(
			findings({ continued: true, filledElsewhere: [{ ...trustedForeign, outcome: answered }] }),
		);
		expect(plan.kind === "deliver" && plan.notices).toEqual([
			"delivering the answers filled into .pi/pending-questions-2.json",
		]);
	});

	it("tells how to use a planted file on purpose", () => {
		const plan = planStartup(findings({ answersFlag: ANSWERS, foreign: [plantedForeign], prompt: true }));
		expect(plan.kind === "stop" && plan.error).toContain("pi -p @.pi/pending-questions-2.json");
	});

	it("never answers a file already settled, nor one made in another folder, and says which", () => {
		const settled: ForeignPending = {
			...trustedForeign,
			trust: { trusted: false, kind: "settled" },
		};
		const elsewhere: ForeignPending = {
			...trustedForeign,
			trust: { trusted: false, kind: "elsewhere", folder: "/work/a" },
		};
		const error = (foreign: ForeignPending) => {
			const plan = planStartup(findings({ answersFlag: ANSWERS, foreign: [foreign], prompt: true }));
			return plan.kind === "stop" ? plan.error : plan.kind;
		};
		expect(error(settled)).toContain("already answered");
		expect(error(settled)).not.toContain("pi -p @");
		expect(error(elsewhere)).toContain("/work/a");
		expect(error(elsewhere)).toContain("/questions answer");
	});

	it("delivers another session's answers with its questions and task, this session's without the task", () => {
		const foreign = planStartup(findings({ answersFlag: ANSWERS, foreign: [trustedForeign] }));
		const mine = planStartup(findings({ continued: true, open: [open], answersFlag: ANSWERS }));
		const text = (plan: StartupPlan) => (plan.kind === "deliver" ? (plan.deliveries[0]?.text ?? "") : "");
		expect(text(foreign)).toContain(DATABASE.question);
		expect(text(foreign)).toContain("set up the service");
		expect(text(mine)).toContain('"answer":"SQLite"');
	});

	it.each<FrontEndKind>(["print", "json", "tui", "rpc", "sdk"])(
		"%s: an unusable edit is reported, never delivered",
		(frontEnd) => {
			const plan = planStartup(findings({ frontEnd, continued: true, open: [brokenEdit, filled] }));
			expect(plan).toEqual({ kind: "stop", error: ".pi/pending-questions.json: answer 2 …" });
		},
	);
});

describe("planStartup in the run's language", () => {
	it("says which filled-in file it delivers, and names the file as where the answers came from", () => {
		const plan = planStartup(findings({ open: [filled] }), CLI_TABLES.de);
		expect(plan.kind === "deliver" && plan.notices).toEqual([
			"Die in .pi/pending-questions.json eingetragenen Antworten werden zugestellt",
		]);
		expect(plan.kind === "deliver" && plan.deliveries.map((d) => d.source)).toEqual([
			{ kind: "filled-file", file: ".pi/pending-questions.json" },
		]);
	});

	it("--answers for a file: said in German", () => {
		const plan = planStartup(findings({ answersFlag: ANSWERS, foreign: [trustedForeign] }), CLI_TABLES.de);
		expect(plan.kind === "deliver" && plan.notices).toEqual([
			`--answers hat "${DATABASE.question}", "${NAME.question}" aus .pi/pending-questions-2.json beantwortet`,
		]);
	});
});
