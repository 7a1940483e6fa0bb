/**
 * Property tests for the pending-questions file as read back: `parsePendingFile` returns a file the rest
 * of the package can use or throws a PendingFileError, and `findAttachedPendingFile` finds a pending file
 * only in pi's own block, returns `undefined`, or throws a PendingFileError, whatever the person (or anything
 * else) left in the file or the message.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { describe, it } from "vitest";
import type { RawAnswer } from "../../src/core/types.js";
import { findAttachedPendingFile } from "../../src/pending/attached-file.js";
import { answersFromPendingFile, formatStructuredDelivery, formatWordsDelivery } from "../../src/pending/delivery.js";
import {
	createPendingFile,
	formatPendingQuestions,
	type PendingFile,
	PendingFileError,
	parsePendingFile,
} from "../../src/pending/pending-file.js";
import { canonicalQuestions, hostileString, RUNS, withinBudget } from "./arbitraries.js";

type JsonPath = (string | number)[];

/** Every path into a JSON tree, the root excepted: the places a mutation can land. */
function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
	if (typeof value !== "object" || value === null) return [];
	const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
	return keys.flatMap((key) => {
		const path = [...prefix, key];
		return [path, ...pathsOf((value as Record<string | number, unknown>)[key], path)];
	});
}

/** Replaces (or, given `undefined`, deletes) the value at `path`. */
function setAt(root: unknown, path: JsonPath, value: unknown): void {
	let parent = root as Record<string | number, unknown>;
	for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
	const last = path[path.length - 1] as string | number;
	if (value === undefined && !Array.isArray(parent)) delete parent[last];
	else parent[last] = value ?? null;
}

const filledAnswer: fc.Arbitrary<RawAnswer | null> = fc.oneof(
	fc.constant(null),
	hostileString,
	fc.constantFrom("Yes", "no", "A, B", "Auth, with SSO"),
	fc.array(hostileString, { maxLength: 3 }),
);

/** A file as pi-ask-anywhere writes it, answers filled in, then hit by a few random edits anywhere in it. */
const editedPendingFile: fc.Arbitrary<unknown> = fc
	.tuple(
		canonicalQuestions,
		fc.array(filledAnswer, { minLength: 4, maxLength: 4 }),
		fc.option(hostileString, { nil: undefined }),
		fc.array(fc.tuple(fc.nat(), fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined })), { maxLength: 3 }),
	)
	.map(([questions, answers, task, edits]) => {
		const file: unknown = JSON.parse(
			JSON.stringify(
				createPendingFile({
					request: { questions },
					sessionId: "session-1",
					toolCallId: "call_1",
					task,
					now: new Date(0),
				}),
			),
		);
		(file as PendingFile).questions.forEach((q, i) => {
			q.answer = answers[i] ?? null;
		});
		for (const [at, value] of edits) {
			const paths = pathsOf(file);
			const path = paths[at % paths.length];
			if (path) setAt(file, path, value);
		}
		return file;
	});

/** What could be in a pending file's place: edited files, pretty or compact or cut short, any JSON, any text. */
const pendingText: fc.Arbitrary<string> = fc.oneof(
	{ weight: 4, arbitrary: editedPendingFile.map((file) => JSON.stringify(file, null, 2)) },
	{ weight: 1, arbitrary: editedPendingFile.map((file) => JSON.stringify(file)) },
	{
		weight: 1,
		arbitrary: fc.tuple(editedPendingFile, fc.nat()).map(([file, cut]) => {
			const text = JSON.stringify(file);
			return text.slice(0, cut % (text.length + 1));
		}),
	},
	{ weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
	{ weight: 1, arbitrary: hostileString },
);

/** Uses a parsed file the way the package does: listing, printing, delivering in both framings. */
function useFile(file: PendingFile): void {
	assert.equal(typeof file.sessionId, "string");
	assert.equal(typeof file.toolCallId, "string");
	assert.equal(typeof file.timestamp.localeCompare(""), "number");
	assert.equal(typeof formatPendingQuestions(file), "string");
	assert.equal(typeof formatWordsDelivery(file, "use postgres", false), "string");
	const outcome = answersFromPendingFile(file, undefined, "the file");
	if (outcome) assert.equal(typeof formatStructuredDelivery(file, outcome, false), "string");
}

describe("parsePendingFile", () => {
	it("returns a file the package can use or throws a PendingFileError, for any text", () => {
		fc.assert(
			fc.property(fc.oneof(pendingText, fc.string({ unit: "binary", maxLength: 60 })), (text) => {
				let file: PendingFile;
				try {
					file = withinBudget(() => parsePendingFile(text, "/project/.pi/pending-questions.json"));
				} catch (error) {
					assert.ok(error instanceof PendingFileError, String(error));
					assert.ok(error.message.startsWith("pending-questions.json"), error.message);
					return;
				}
				useFile(file);
			}),
			{ numRuns: RUNS },
		);
	});
});

const PENDING_PATHS = ["/p/.pi/pending-questions.json", "/p/.pi/pending-questions-2.json"];

/** A user message as pi builds it from `@file` arguments and a prompt, with what each file holds on disk. */
const attachedMessage = fc
	.tuple(
		fc.constantFrom(...PENDING_PATHS, "/p/notes.json", "/elsewhere/.pi/pending-questions.json"),
		pendingText,
		fc.boolean(),
		fc.constantFrom(
			"",
			"\n",
			"use postgres, call it order-processor",
			"  ",
			'<file name="/p/.pi/pending-questions.json">\n',
		),
		fc.constantFrom("", "before\n", "\n\n"),
	)
	.map(([path, content, sameOnDisk, words, before]) => ({
		text: `${before}<file name="${path}">\n${content}\n</file>\n${words}`,
		disk: new Map([[path, sameOnDisk ? content : `${content} `]]),
	}));

describe("findAttachedPendingFile", () => {
	it("finds a pending file only in pi's own block at the start, holding exactly what the file holds", () => {
		fc.assert(
			fc.property(
				fc.oneof(
					{ weight: 4, arbitrary: attachedMessage },
					hostileString.map((text) => ({ text, disk: new Map<string, string>() })),
				),
				({ text, disk }) => {
					const io = {
						readText: (path: string) => disk.get(path),
						isPendingFile: (path: string) => PENDING_PATHS.includes(path),
					};
					try {
						const found = withinBudget(() => findAttachedPendingFile(text, "/p", io));
						if (found === undefined) return;
						assert.ok(PENDING_PATHS.includes(found.path), found.path);
						assert.equal(found.content, disk.get(found.path));
						assert.ok(text.startsWith(`<file name="${found.path}">\n${found.content}\n</file>\n`));
						assert.equal(
							found.words,
							text.slice(`<file name="${found.path}">\n${found.content}\n</file>\n`.length).trim(),
						);
					} catch (error) {
						assert.ok(error instanceof PendingFileError, String(error));
						assert.notEqual(error.message.trim(), "");
					}
				},
			),
			{ numRuns: RUNS },
		);
	});
});
