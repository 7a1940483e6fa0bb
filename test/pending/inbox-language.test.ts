/**
 * `pi -p @file "words"` for a file an MCP client's server holds, said in the run's language: nothing typed after the
 * file, and words that answer none of its questions, are refused in German when the run speaks German.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateRequest } from "../../src/core/validate.js";
import { CLI_TABLES } from "../../src/i18n/tables.js";
import type { Claim } from "../../src/pending/claims.js";
import { deliveryFromAttachedFile } from "../../src/pending/inbox.js";
import { createPendingFile, savePendingFile } from "../../src/pending/pending-file.js";
import type { PendingVerdict } from "../../src/pending/trust.js";

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-inbox-lang-"));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const UNKNOWN: PendingVerdict = { trusted: false, kind: "unknown", reason: "no session file" };
const MCP: Claim = { toolCallId: "call_1", host: "laptop", pid: 4242, started: "", refreshedAt: 0, holder: "mcp" };

function attachClientFile(words: string): () => unknown {
	const file = createPendingFile({
		request: validateRequest({ questions: [{ question: "Which database?", options: [{ label: "SQLite" }] }] }),
		sessionId: "mcp",
		toolCallId: "call_1",
		now: new Date(),
		asker: { kind: "mcp", client: "Claude Desktop" },
	});
	const path = savePendingFile(cwd, file);
	const text = `<file name="${path}">\n${readFileSync(path, "utf8")}\n</file>\n${words}`;
	return () =>
		deliveryFromAttachedFile(
			text,
			"this-session",
			cwd,
			() => UNKNOWN,
			() => ({ ok: false, reason: "no images here", problem: { kind: "not-image", name: "x" } }),
			{ writtenByTool: () => false, givenOnPage: () => false, heldBy: () => MCP },
			CLI_TABLES.de.forAsker,
		);
}

describe("an MCP client's file answered with @file, in German", () => {
	it("nothing typed after the file", () => {
		expect(attachClientFile("")).toThrow(
			/^keine Antworten angegeben: schreib deine Antworten für Claude Desktop hinter die Datei, z\. B\. pi -p @\.pi\/pending-questions\.json "PostgreSQL"$/,
		);
	});

	it("words that answer none of its questions", () => {
		expect(attachClientFile("[null]")).toThrow(
			"Die Worte hinter der Datei beantworten keine der Fragen; nichts wurde geschrieben",
		);
	});
});
