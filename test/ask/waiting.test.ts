/**
 * The asks waiting for this user, read from a real fact log in a temp folder: saved and not yet decided or settled,
 * grouped by project, newest first, and never more than the newest saved facts the limit allows.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Fact, factLog } from "../../src/ask/log.js";
import { waitingProjects } from "../../src/ask/waiting.js";

let agentDir: string;
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-waiting-"));
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

const saved = (at: number, toolCallId: string, project: string, asker?: string): Fact => ({
	fact: "saved",
	at,
	sessionId: "s1",
	toolCallId,
	project,
	...(asker === undefined ? {} : { asker }),
});

describe("waitingProjects", () => {
	it("lists the asks saved and not decided or settled, by project, the newest project and ask first", () => {
		const log = factLog(agentDir);
		expect(waitingProjects(log)).toEqual([]);
		log.append(saved(1, "a", "/p/one"));
		log.append(saved(2, "b", "/p/two"));
		log.append(saved(3, "c", "/p/one", "claude-code"));
		log.append(saved(4, "d", "/p/three"));
		log.append({ fact: "tool-ran", from: 4, until: 5 });
		log.append({
			fact: "decided",
			at: 5,
			sessionId: "s1",
			toolCallId: "d",
			project: "/p/three",
			by: "tui",
			outcome: "answered",
			questions: [{ question: "Q?" }],
			answers: ["yes"],
		});
		log.append({ fact: "settled", at: 6, sessionId: "s1", toolCallId: "b", how: "cleared" });
		// Saved again (pi -c asked it anew): one ask, at its newest time.
		log.append(saved(7, "a", "/p/one"));
		expect(waitingProjects(log)).toEqual([
			{
				project: "/p/one",
				newestAt: 7,
				asks: [
					{ at: 7, sessionId: "s1", toolCallId: "a" },
					{ at: 3, sessionId: "s1", toolCallId: "c", asker: "claude-code" },
				],
			},
		]);
	});

	it("reads no further back than the newest saved facts the limit allows, and gives at most the project limit", () => {
		const log = factLog(agentDir);
		for (let n = 1; n <= 3000; n++) log.append(saved(n, `call-${n}`, `/p/${n % 7}`));
		const bounded = waitingProjects(log, { savedLimit: 10 });
		expect(bounded.flatMap((project) => project.asks)).toHaveLength(10);
		expect(Math.min(...bounded.flatMap((project) => project.asks.map((ask) => ask.at)))).toBe(2991);
		expect(bounded[0]?.newestAt).toBe(3000);
		const few = waitingProjects(log, { projectLimit: 2 });
		expect(few.map((project) => project.project)).toEqual(["/p/4", "/p/3"]);
		expect(waitingProjects(log).flatMap((project) => project.asks)).toHaveLength(2000);
		// Behind many facts of other kinds, older saved asks are past the read.
		for (let n = 1; n <= 50; n++) log.append({ fact: "tool-ran", from: 4000 + n, until: 4001 + n });
		expect(waitingProjects(log, { factLimit: 50 })).toEqual([]);
		expect(waitingProjects(log, { factLimit: 51 }).flatMap((project) => project.asks)).toHaveLength(1);
	});
});
