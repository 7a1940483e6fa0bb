/** The pending-file channel of an MCP ask against a real folder: a claim that cannot be let go is logged, not thrown. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { systemLeaseDeps } from "../../src/ask/lease.js";
import { type Fact, factLog } from "../../src/ask/log.js";
import { waitingProjects } from "../../src/ask/waiting.js";
import { createAskBook } from "../../src/mcp/asks.js";
import { startPendingFile } from "../../src/mcp/channels.js";
import { readMcpAsk } from "../../src/mcp/request.js";
import { createClaims } from "../../src/pending/claims.js";

let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

it("a release that fails (the claim file cannot be removed) is logged; the decision still stands", async () => {
	folder = mkdtempSync(join(tmpdir(), "mcp-channels-"));
	const real = createClaims({ ...systemLeaseDeps(), holder: "mcp" });
	// The real claim, whose removal then fails the way fs.rmSync does on a folder that turned read-only.
	const claims = {
		claim(path: string, id: string) {
			const release = real.claim(path, id);
			return () => {
				release?.();
				throw Object.assign(new Error("EACCES: permission denied, unlink"), { code: "EACCES" });
			};
		},
	};
	const logged: string[] = [];
	const book = createAskBook();
	const open = book.open("a", readMcpAsk({ questions: [{ question: "Name?" }], timeout: 10_000 }));
	startPendingFile(book, open, folder, { sessionId: "s", client: "Test", claims, given: { has: () => false } }, (m) =>
		logged.push(m),
	);
	const answered = { kind: "answered" as const, answers: [{ question: "Name?", answer: "x", wasCustom: true }] };
	expect(book.decide(open.id, answered, "elicitation")).toBe(true);
	expect(await book.wait("a", open.id, 0)).toEqual({ kind: "settled", outcome: answered });
	expect(logged.join("\n")).toMatch(/EACCES/);
});

it("records the saved ask in this user's fact log, with the client as its asker, so that web --all lists it", () => {
	folder = mkdtempSync(join(tmpdir(), "mcp-channels-"));
	const facts = factLog(join(folder, "agent"));
	const book = createAskBook();
	const open = book.open("a", readMcpAsk({ questions: [{ question: "Name?" }], timeout: 10_000 }));
	const claims = createClaims({ ...systemLeaseDeps(), holder: "mcp" });
	startPendingFile(
		book,
		open,
		folder,
		{ sessionId: "s", client: "Test", claims, given: { has: () => false }, facts },
		() => {},
	);
	const saved: Fact[] = [];
	facts.newestFirst((fact) => saved.push(fact) > 0);
	expect(saved).toEqual([
		{ fact: "saved", at: expect.any(Number), sessionId: "s", toolCallId: open.id, project: folder, asker: "Test" },
	]);
	expect(waitingProjects(facts).map((project) => project.project)).toEqual([folder]);
	book.decide(open.id, { kind: "cancelled" }, "elicitation");
});
