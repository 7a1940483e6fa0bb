/**
 * The published contract: the JSON Schemas in dist/schemas/ are the build's output of the TypeBox definitions,
 * the package entry's types agree with those definitions, and what pi-ask-anywhere really produces validates.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Static } from "typebox";
import { Check, Errors } from "typebox/schema";
import { describe, expect, it } from "vitest";
import type { Answer, AskDetails, AskUserResult } from "../../src/app.js";
import {
	type AnswerSchema,
	type AskDetailsSchema,
	type AskUserPendingListingSchema,
	type AskUserResultSchema,
	schemaDocuments,
} from "../../src/contract/schemas.js";
import { answeredOutcome } from "../../src/core/answers.js";
import { blockText, buildDetails, resultContent } from "../../src/core/result.js";
import { type PendingListing, pendingListing } from "../../src/lifecycle/pending-listing.js";
import { parseResponse, requestMessage } from "../../src/modes/rpc-structured.js";
import { createPendingFile, listPendingFiles, savePendingFile } from "../../src/pending/pending-file.js";
import { DATABASE, FEATURES, NAME, SPEC_EXAMPLE } from "../fixtures.js";

const ROOT = join(import.meta.dirname, "../..");
const published = (file: string) =>
	JSON.parse(readFileSync(join(ROOT, "dist/schemas", file), "utf8")) as Record<string, unknown>;

function expectValid(file: string, value: unknown): void {
	const schema = published(file);
	expect(Errors(schema, value)[1]).toEqual([]);
	expect(Check(schema, value)).toBe(true);
}

/** Compile-time: each side is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const typesAgree: [
	Same<Static<typeof AnswerSchema>, Answer>,
	Same<Static<typeof AskUserResultSchema>, AskUserResult>,
	Same<Static<typeof AskDetailsSchema>, AskDetails>,
	Same<Static<typeof AskUserPendingListingSchema>, PendingListing>,
] = [true, true, true, true];

describe("published JSON Schemas (npm run build → dist/schemas/*.json)", () => {
	it("are exactly the TypeBox definitions, one file each", () => {
		const documents = schemaDocuments();
		expect(readdirSync(join(ROOT, "dist/schemas")).sort()).toEqual(Object.keys(documents).sort());
		for (const [file, document] of Object.entries(documents)) expect(published(file)).toEqual(document);
		expect(typesAgree).toEqual([true, true, true, true]);
	});

	it("accept what pi-ask-anywhere produces: results, details, requests", () => {
		const outcome = answeredOutcome(
			[DATABASE, NAME, { ...FEATURES, id: "features" }],
			[
				{ chosen: ["SQLite"], typed: [], note: "for now" },
				undefined,
				{ chosen: ["REST API"], typed: ["audit log, weekly"] },
			],
			"a note for the whole set",
		);
		expect(outcome.note).toBe("a note for the whole set");
		expectValid("ask-user-result.json", JSON.parse(blockText(resultContent(outcome)[0]) ?? ""));
		const others = [
			{ kind: "cancelled" },
			{ kind: "interrupted" },
			{ kind: "interrupted", reportedAs: "connectionLost" },
			{ kind: "pending", pendingFile: ".pi/p.json" },
		] as const;
		for (const other of others) {
			expectValid("ask-user-result.json", JSON.parse(blockText(resultContent(other)[0]) ?? ""));
			expectValid("ask-details.json", buildDetails(SPEC_EXAMPLE, other, "rpc", 1_707_091_200_000));
		}
		expectValid("ask-details.json", buildDetails(SPEC_EXAMPLE, outcome, "rpc", 1_707_091_200_000));
		expectValid("ask-user-request.json", requestMessage(SPEC_EXAMPLE, "call_1", "the response is not valid JSON"));
	});

	it("accept the pending list (/questions json), trusted, untrusted and unreadable files alike", () => {
		const cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-contract-"));
		try {
			const file = (toolCallId: string) =>
				createPendingFile({ request: SPEC_EXAMPLE, toolCallId, sessionId: "s1", task: "set up", now: new Date(0) });
			savePendingFile(cwd, file("call_1"));
			savePendingFile(cwd, file("call_2"));
			writeFileSync(join(cwd, ".pi", "pending-questions-9.json"), "{");
			const listing = pendingListing(cwd, listPendingFiles(cwd), "s1", (pending) =>
				pending.toolCallId === "call_1"
					? { trusted: true }
					: { trusted: false, kind: "unknown", because: "session-missing" },
			);
			expect(listing.pending.map((p) => [p.requestId, p.trusted]).sort()).toEqual([
				["call_1", true],
				["call_2", false],
			]);
			expect(listing.unreadable).toHaveLength(1);
			expectValid("ask-user-pending.json", JSON.parse(JSON.stringify(listing)));
		} finally {
			rmSync(cwd, { recursive: true, force: true });
		}
	});

	it("describe the structured replies a client may send, and reject others", () => {
		const response = (extra: Record<string, unknown>) => ({ type: "ask_user_response", requestId: "r", ...extra });
		expectValid("ask-user-response.json", response({ answers: ["SQLite", null] }));
		expectValid("ask-user-response.json", response({ answers: { database: { answer: ["a"], note: "n" } }, notes: {} }));
		expectValid("ask-user-response.json", response({ cancelled: true }));
		expectValid("ask-user-closed.json", { type: "ask_user_closed", requestId: "r", reason: "answered_elsewhere" });
		expect(Check(published("ask-user-response.json"), response({ answers: [{ answer: "x", extra: 1 }] }))).toBe(false);
		expect(Check(published("ask-user-closed.json"), { type: "ask_user_closed", requestId: "r", reason: "x" })).toBe(
			false,
		);
	});

	it("accept a response exactly when the structured RPC handler takes it: answers, or cancelled: true", () => {
		const response = (extra: Record<string, unknown>) => ({ type: "ask_user_response", requestId: "r", ...extra });
		const cases: [Record<string, unknown>, boolean][] = [
			[response({ answers: ["SQLite", null] }), true],
			[response({ answers: { "Database Selection": "SQLite" }, notes: { "Database Selection": "for now" } }), true],
			[response({ cancelled: true }), true],
			[response({ cancelled: true, answers: ["SQLite", null] }), true],
			[response({}), false],
			[response({ notes: ["for now", null] }), false],
			[response({ cancelled: false }), false],
			[response({ answers: ["SQLite", null], note: "for both" }), true],
			[response({ answers: ["SQLite", null], note: 7 }), false],
		];
		for (const [message, accepted] of cases) {
			const handled = parseResponse(JSON.stringify(message), "r", [DATABASE, NAME]).kind !== "invalid";
			expect([message, handled]).toEqual([message, accepted]);
			expect([message, Check(published("ask-user-response.json"), message)]).toEqual([message, accepted]);
		}
	});
});
