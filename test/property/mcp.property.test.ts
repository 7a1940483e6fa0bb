/**
 * Property tests for what an MCP client sends: any call's arguments become a request (with one kind, one `required`
 * and one id per question) or an AskUserError; any reply to the elicitation form becomes answers made only of the
 * question's own options and the person's own text — never an option the question does not offer.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { describe, it } from "vitest";
import type { Question, QuestionOption } from "../../src/core/types.js";
import { AskUserError } from "../../src/core/validate.js";
import { outcomeFromForm } from "../../src/mcp/elicitation.js";
import { type McpAsk, readMcpAsk } from "../../src/mcp/request.js";
import { askArguments, canonicalQuestions, expectCanonicalRequest, hostileString } from "./arbitraries.js";

const MCP_RUNS = 500;

function readOrError(args: unknown): McpAsk | undefined {
	try {
		return readMcpAsk(args);
	} catch (error) {
		if (!(error instanceof AskUserError)) throw error;
		assert.notEqual(error.message.trim(), "");
		return undefined;
	}
}

const mcpFields = fc.record(
	{
		type: fc.oneof(fc.constantFrom("text", "select", "multi-select", "confirm", "bogus"), fc.anything()),
		required: fc.oneof(fc.boolean(), fc.anything()),
		placeholder: hostileString,
	},
	{ requiredKeys: [] },
);

describe("readMcpAsk on any arguments", () => {
	it("gives a canonical request with per-question kinds, or an AskUserError", () => {
		fc.assert(
			fc.property(askArguments, (args) => {
				const ask = readOrError(args);
				if (!ask) return;
				expectCanonicalRequest(ask.request);
				const count = ask.request.questions.length;
				assert.equal(ask.kinds.length, count);
				assert.equal(ask.required.length, count);
				assert.equal(new Set(ask.questionIds).size, count);
			}),
			{ numRuns: MCP_RUNS },
		);
	});

	it("takes the MCP tool's own fields on any question, or names them in the error", () => {
		fc.assert(
			fc.property(
				canonicalQuestions,
				fc.array(mcpFields, { maxLength: 4 }),
				fc.anything(),
				(questions, extra, timeout) => {
					const args = { questions: questions.map((q, i) => ({ ...q, ...(extra[i] ?? {}) })), timeout };
					const ask = readOrError(args);
					if (ask) assert.ok(ask.timeoutMs >= 10_000 && ask.timeoutMs <= 1_800_000);
				},
			),
			{ numRuns: MCP_RUNS },
		);
	});
});

describe("outcomeFromForm on any reply", () => {
	it("never answers with an option the question does not offer", () => {
		fc.assert(
			fc.property(canonicalQuestions, fc.dictionary(fc.string(), fc.anything()), (questions, content) => {
				const ask = readOrError({ questions });
				if (!ask) return;
				const filled: Record<string, unknown> = { ...content };
				ask.request.questions.forEach((_, i) => {
					if (i % 2 === 0) filled[`q${i + 1}`] = content[`q${i + 1}`] ?? "forged option";
				});
				const outcome = outcomeFromForm(ask, filled);
				for (const answer of outcome?.answers ?? []) {
					const question: Question | undefined = ask.request.questions.find((q) => q.question === answer.question);
					assert.ok(question, "an answer to a question that was not asked");
					const labels: Set<string> = new Set((question.options ?? []).map((option: QuestionOption) => option.label));
					const chosen = answer.selectedOption === undefined ? [] : [answer.selectedOption].flat();
					for (const label of chosen) assert.ok(labels.has(label), `chose ${label}, which is not an option`);
				}
			}),
			{ numRuns: MCP_RUNS },
		);
	});
});
