/**
 * Property tests for `prepareAskArguments` (normalise, then validate): whatever a model sends, the tool
 * gets a canonical, sanitised request within the limits, or an AskUserError that says what to fix.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { describe, it } from "vitest";
import { normalizeArguments } from "../../src/core/normalize.js";
import type { AskRequest } from "../../src/core/types.js";
import { AskUserError, validateRequest } from "../../src/core/validate.js";
import { prepareAskArguments } from "../../src/tool/ask-user-tool.js";
import { askArguments, expectCanonicalRequest, RUNS, withinBudget } from "./arbitraries.js";

type Prepared = { ok: true; request: AskRequest } | { ok: false; error: AskUserError };

function prepare(args: unknown): Prepared {
	try {
		return { ok: true, request: withinBudget(() => prepareAskArguments(args) as AskRequest) };
	} catch (error) {
		if (!(error instanceof AskUserError)) throw error;
		assert.notEqual(error.message.trim(), "", "an AskUserError without a message");
		return { ok: false, error };
	}
}

function canonicalOrError(args: unknown): void {
	const prepared = prepare(args);
	if (prepared.ok) expectCanonicalRequest(prepared.request);
}

function idempotent(args: unknown): void {
	const first = prepare(args);
	if (!first.ok) return;
	const again = prepare(first.request);
	assert.ok(again.ok, again.ok ? "" : `the second pass failed: ${again.error.message}`);
	assert.deepEqual(again.request, first.request);
}

describe("prepareAskArguments", () => {
	it("turns any JSON value into a canonical request or an AskUserError", () => {
		fc.assert(fc.property(fc.jsonValue(), canonicalOrError), { numRuns: RUNS });
	});

	it("turns near-valid arguments in every dialect into a canonical request or an AskUserError", () => {
		fc.assert(fc.property(askArguments, canonicalOrError), { numRuns: RUNS });
	});

	it("is idempotent on any JSON value", () => {
		fc.assert(fc.property(fc.jsonValue(), idempotent), { numRuns: RUNS });
	});

	it("is idempotent on near-valid arguments in every dialect", () => {
		fc.assert(fc.property(askArguments, idempotent), { numRuns: RUNS });
	});

	it("normalising twice changes nothing, whatever the arguments (valid or not)", () => {
		const twice = (args: unknown) => {
			const once = normalizeArguments(args);
			assert.deepEqual(normalizeArguments(once), once);
		};
		fc.assert(fc.property(askArguments, twice), { numRuns: RUNS });
		fc.assert(fc.property(fc.jsonValue(), twice), { numRuns: RUNS });
	});

	it("gives requests that validateRequest alone (as on a pending file read back) leaves unchanged", () => {
		fc.assert(
			fc.property(askArguments, (args) => {
				const first = prepare(args);
				if (first.ok) assert.deepEqual(validateRequest(first.request), first.request);
			}),
			{ numRuns: RUNS },
		);
	});
});
