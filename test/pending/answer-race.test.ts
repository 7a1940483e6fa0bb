/**
 * Two processes answering one MCP client's pending file at the same moment: exactly one writes its answer, the other
 * is told the file is answered already, round after round. Two real Node processes (test/pending/fixtures/
 * answer-racer.ts) write at an agreed instant, each as pi does (`--answers`, `@file`, `/questions answer`) or as the web
 * page's server does.
 */
import "../temp-agent-dir.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeArguments } from "../../src/core/normalize.js";
import { validateRequest } from "../../src/core/validate.js";
import { createPendingFile, savePendingFile } from "../../src/pending/pending-file.js";
import { instantSoon, type Racer, startRacer, stopRacers } from "./racer.js";

const ROUNDS = 40;

let folder: string;
let racers: [Racer, Racer];
beforeAll(async () => {
	folder = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-race-"));
	racers = [startRacer(), startRacer()];
	// Both have loaded their modules before the first round's instant (tsx compiles on the first load).
	const warmUp = join(folder, "absent.json");
	await Promise.all(racers.map((racer) => racer.race({ path: warmUp, answer: "", via: "pi", at: 0 })));
});
afterAll(() => {
	stopRacers(racers);
	rmSync(folder, { recursive: true, force: true });
});

const REQUEST = validateRequest(
	normalizeArguments({ questions: [{ question: "Which database?", options: ["PostgreSQL", "SQLite"] }] }),
);

/** A fresh MCP client's file for one round (its own tool-call id, so a round never sees the last one's answers). */
function freshFile(round: number): string {
	rmSync(join(folder, ".pi"), { recursive: true, force: true });
	const file = createPendingFile({
		request: REQUEST,
		sessionId: "mcp-1234abcd",
		toolCallId: `ask-${round}`,
		asker: { kind: "mcp", client: "Claude Code" },
		now: new Date(),
	});
	return savePendingFile(folder, file);
}

describe("two processes answer one MCP client's file at once", () => {
	it.each([
		["pi and pi", "pi", "pi"],
		["the page and pi", "page", "pi"],
	] as const)(
		"%s: exactly one writes, every round; the other is told it is answered already",
		async (_name, a, b) => {
			const rounds: string[] = [];
			for (let round = 0; round < ROUNDS; round++) {
				const path = freshFile(round);
				const at = instantSoon();
				const [first, second] = await Promise.all([
					racers[0].race({ path, answer: "PostgreSQL", via: a, at }),
					racers[1].race({ path, answer: "SQLite", via: b, at }),
				]);
				const written = JSON.parse(readFileSync(path, "utf8")).questions[0].answer;
				rounds.push(`${first.result}/${second.result} → ${written}`);
			}
			// Every round: one writer, the other refused, and the file holds the winner's answer.
			const expected = rounds.map((line) =>
				line.startsWith("written/") ? "written/answered-already → PostgreSQL" : "answered-already/written → SQLite",
			);
			expect(rounds).toEqual(expected);
		},
		120_000,
	);
});
