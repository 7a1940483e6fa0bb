/**
 * The pending-file channel of an MCP ask against a real folder: a claim that cannot be let go is logged, not thrown;
 * the saved ask is recorded; the claim stands before anything else happens.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { readLease, systemLeaseDeps } from "../../src/ask/lease.js";
import { type Fact, type FactLog, factLog } from "../../src/ask/log.js";
import { waitingProjects } from "../../src/ask/waiting.js";
import { createAskBook } from "../../src/mcp/asks.js";
import { startPendingFile } from "../../src/mcp/channels.js";
import { readMcpAsk } from "../../src/mcp/request.js";
import { claimPathOf, createClaims } from "../../src/pending/claims.js";

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
	startPendingFile(
		book,
		open,
		folder,
		{ sessionId: "s", client: "Test", claims, given: { given: () => undefined } },
		(m) => logged.push(m),
	);
	const answered = { kind: "answered" as const, answers: [{ question: "Name?", answer: "x", wasCustom: true }] };
	expect(book.decide(open.id, answered, "elicitation")).toBe(true);
	expect(await book.wait("a", open.id, 0)).toEqual({ kind: "settled", outcome: answered });
	expect(logged.join("\n")).toMatch(/EACCES/);
});

/** An MCP ask whose questions this server saves in the test's folder, its saved fact going to `facts`. */
function savedAsk(facts: Pick<FactLog, "append">) {
	const book = createAskBook();
	const open = book.open("a", readMcpAsk({ questions: [{ question: "Name?" }], timeout: 10_000 }));
	const claims = createClaims({ ...systemLeaseDeps(), holder: "mcp" });
	const owner = { sessionId: "s", client: "Test", claims, given: { given: () => undefined }, facts };
	startPendingFile(book, open, folder, owner, () => {});
	return { id: open.id, cancel: () => book.decide(open.id, { kind: "cancelled" }, "elicitation") };
}

it("records the saved ask in this user's fact log, with the client as its asker, so that web --all lists it", () => {
	folder = mkdtempSync(join(tmpdir(), "mcp-channels-"));
	const facts = factLog(join(folder, "agent"));
	const ask = savedAsk(facts);
	const saved: Fact[] = [];
	facts.newestFirst((fact) => saved.push(fact) > 0);
	expect(saved).toEqual([
		{ fact: "saved", at: expect.any(Number), sessionId: "s", toolCallId: ask.id, project: folder, asker: "Test" },
	]);
	expect(waitingProjects(facts).map((project) => project.project)).toEqual([folder]);
	ask.cancel();
});

it("holds its claim on the file before it does anything else: a pi that sees the file sees this server waiting", () => {
	folder = mkdtempSync(join(tmpdir(), "mcp-channels-"));
	const log = factLog(join(folder, "agent"));
	// What another process reads of the file's claim when the saved fact is appended.
	const seen: string[] = [];
	const ask = savedAsk({
		append: (...appended: Fact[]) => {
			const path = join(folder, ".pi", "pending-questions.json");
			seen.push(readFileSync(path, "utf8") === "" ? "no file" : readLease(claimPathOf(path)) ? "claimed" : "unclaimed");
			log.append(...appended);
		},
	});
	expect(seen).toEqual(["claimed"]);
	ask.cancel();
});
