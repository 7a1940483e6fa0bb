/** A child's questions as the parent shows them, and the person's reply as the child reads it back. */
import { describe, expect, it } from "vitest";
import { CHILD_ASK_LINE_TYPE, withoutChildLines } from "../../src/children/child-ask-record.js";
import { askerLabel, childAskLine, replyToChild, requestFromChild } from "../../src/children/child-question.js";
import { answeredOutcome } from "../../src/core/answers.js";
import { imageFromBytes } from "../../src/core/images.js";
import type { AskOutcome } from "../../src/core/types.js";
import { AskUserError } from "../../src/core/validate.js";
import {
	decodeAnswer,
	encodeAnswer,
	encodeQuestion,
	matchAnswers,
	outcomeFromRemoteAnswers,
} from "../../src/remote/protocol.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";
import { TINY_PNG } from "../image-fixtures.js";

const IDS = { questionId: "q1", sessionKey: "s", agentId: "pi-child" };
const wireOf = (questions = [DATABASE, FEATURES, NAME]) => encodeQuestion({ questions }, IDS).payload.payload.questions;

describe("askerLabel", () => {
	it("says a subagent asks, in one line of its own words, cleaned and cut short", () => {
		expect(askerLabel({ task: "Task: set up\nthe\u001b[31m db", cwd: "/work/x" })).toBe(
			"Subagent · Task: set up the db · in /work/x",
		);
		expect(askerLabel(undefined)).toBe("Subagent · no task given");
		const long = askerLabel({ task: "x".repeat(5000) });
		expect(long).toBe(`Subagent · ${"x".repeat(59)}…`);
		// One line on an 80-column terminal, after the dialog's indent.
		expect(long.length).toBeLessThanOrEqual(78);
	});

	it("names the child's folder only when it is not the parent's, by its end when it is long", () => {
		expect(askerLabel({ task: "migrate", cwd: "/work/app" }, "/work/app")).toBe("Subagent · migrate");
		expect(askerLabel({ task: "migrate", cwd: "/work/app/packages/db" }, "/work/app")).toBe(
			"Subagent · migrate · in /work/app/packages/db",
		);
		const deep = `/${"deep/".repeat(20)}db`;
		expect(askerLabel({ task: "migrate", cwd: deep }, "/work/app")).toBe(
			`Subagent · migrate · in …${deep.slice(deep.length - 39)}`,
		);
	});
});

describe("requestFromChild", () => {
	it("gives back the child's questions, each labelled", () => {
		const request = requestFromChild(wireOf(), { task: "migrate" });
		expect(request.questions.map((q) => q.question)).toEqual([DATABASE.question, FEATURES.question, NAME.question]);
		expect(request.questions[0]?.options?.[1]).toEqual({ label: "SQLite", description: "Lightweight, file-based" });
		expect(request.questions[1]?.multiSelect).toBe(true);
		expect(request.questions[2]?.header).toBe("Service Setup");
		for (const question of request.questions) expect(question.context).toMatch(/^Subagent · migrate/);
	});
	it("refuses questions that a model's call could not ask", () => {
		const twice = wireOf([DATABASE, DATABASE]);
		expect(() => requestFromChild(twice, undefined)).toThrow(AskUserError);
	});
});

/** What the child's bridge makes of the reply (the same functions it uses). */
function childReads(
	outcome: Extract<AskOutcome, { kind: "answered" | "cancelled" }>,
	questions = [DATABASE, FEATURES, NAME],
) {
	const reply = replyToChild(outcome);
	const frame = decodeAnswer(encodeAnswer("q1", reply.answers, reply.note));
	if (frame.kind !== "answer") throw new Error(frame.kind);
	const matched = matchAnswers(questions, frame.answers);
	expect(matched.warnings).toEqual([]);
	return outcomeFromRemoteAnswers(questions, matched.perQuestion, Object.keys(frame.answers).length === 0, frame.note);
}

describe("replyToChild", () => {
	it("the images the person attached go back to the child with their answers, bytes and all, in order", () => {
		const shot = imageFromBytes("shot.png", TINY_PNG);
		if (!shot.ok) throw new Error(shot.reason);
		const given = answeredOutcome(
			[NAME, DATABASE],
			[
				{ chosen: [], typed: ["see this"], images: [shot.image] },
				{ chosen: ["SQLite"], typed: [] },
			],
		);
		expect(childReads(given, [NAME, DATABASE])).toEqual(given);
	});

	it("an answer with a multi-select, typed text, notes and a note on the set reaches the child exactly", () => {
		const outcome: AskOutcome = {
			kind: "answered",
			answers: [
				{ question: DATABASE.question, answer: "SQLite", selectedOption: "SQLite", wasCustom: false, note: "small" },
				{
					question: FEATURES.question,
					answer: ["Authentication", "Audit log, with dates"],
					selectedOption: ["Authentication"],
					wasCustom: true,
				},
				{ question: NAME.question, answer: "orders, v2", wasCustom: true },
			],
			note: "keep it cheap",
		};
		expect(childReads(outcome)).toEqual(outcome);
	});
	it("a skipped question stays skipped, also when every question is", () => {
		const some: AskOutcome = {
			kind: "answered",
			answers: [{ question: NAME.question, answer: "orders", wasCustom: true }],
			unanswered: [DATABASE.question, FEATURES.question],
		};
		expect(childReads(some)).toEqual(some);
		const none: AskOutcome = {
			kind: "answered",
			answers: [],
			unanswered: [DATABASE.question, FEATURES.question, NAME.question],
		};
		expect(childReads(none)).toEqual(none);
	});
	it("a cancel is a cancel", () => {
		expect(childReads({ kind: "cancelled" })).toEqual({ kind: "cancelled" });
	});
});

describe("childAskLine and withoutChildLines", () => {
	const asker = { task: "Task: set up" };
	it("says which subagent and what was answered, a skip and a note included, on one line", () => {
		const line = childAskLine({
			asker,
			questions: ["DB?", "Name?", "Port?"],
			outcome: "answered",
			answers: [
				{ question: "DB?", answer: "SQLite", selectedOption: "SQLite", wasCustom: false },
				{ question: "Name?\nreally", answer: "orders", wasCustom: true },
			],
			unanswered: ["Port?"],
			note: "thanks",
			delivered: true,
		});
		expect(line).toBe(
			'You answered the subagent “Task: set up”: DB? → SQLite; Name? really → "orders"; Port? → (skipped); Note for all: thanks',
		);
	});

	it("says a cancel, and a subagent that gave no task", () => {
		expect(childAskLine({ asker: {}, questions: ["DB?"], outcome: "cancelled", delivered: true })).toBe(
			"You cancelled the subagent’s questions (“no task given”)",
		);
	});

	it("the model's context loses only the chat's lines; a context without one is left as it is", () => {
		const user = { role: "user", content: "hi" };
		const line = { role: "custom", customType: CHILD_ASK_LINE_TYPE, content: "You answered…" };
		const other = { role: "custom", customType: "ask_user-answers", content: "block" };
		expect(withoutChildLines([user, line, other, null])).toEqual([user, other, null]);
		expect(withoutChildLines([user, other])).toBeUndefined();
		expect(withoutChildLines("garbage" as unknown as unknown[])).toBeUndefined();
	});
});
