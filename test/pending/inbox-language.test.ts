/**
 * `pi -p @file "words"` said in the run's language: for a file an MCP client's server holds, nothing typed after the
 * file and words that answer none of its questions; for any file, an ask settled or asked elsewhere, answers in it
 * that do not count, and images in a file this user's pi did not write. All refused or told in German here.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateRequest } from "../../src/core/validate.js";
import { CLI_TABLES } from "../../src/i18n/tables.js";
import type { Claim } from "../../src/pending/claims.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import { deliveryFromAttachedFile } from "../../src/pending/inbox.js";
import { createPendingFile, savePendingFile } from "../../src/pending/pending-file.js";
import { ignoredSentence } from "../../src/pending/permission.js";
import type { PendingVerdict } from "../../src/pending/trust.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-inbox-lang-"));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const UNKNOWN: PendingVerdict = { trusted: false, kind: "unknown", because: "no-session-file" };
const MCP: Claim = { toolCallId: "call_1", host: "laptop", pid: 4242, started: "", at: 0, holder: "mcp" };

const NO_IMAGES = () => ({ ok: false, reason: "no images here", problem: { kind: "not-image", name: "x" } }) as const;
const SETTLED: PendingVerdict = { trusted: false, kind: "settled" };
const ELSEWHERE: PendingVerdict = { trusted: false, kind: "elsewhere", folder: "/w/copy" };
const NO_SESSION: PendingVerdict = {
	trusted: false,
	kind: "unknown",
	because: "no-session-file",
};

/**
 * `pi -p @file "words"` for a file judged `verdict`: `filled`, the file's own answers (`writtenByTool`: by a tool call);
 * `client`, an MCP client's file its server holds.
 */
function attachFile(
	words: string,
	verdict: PendingVerdict,
	options: { filled?: { answer: string; images?: string[] }; writtenByTool?: boolean; client?: boolean } = {},
): () => ReturnType<typeof deliveryFromAttachedFile> {
	// One file at a time: each case's file is .pi/pending-questions.json.
	rmSync(join(cwd, ".pi"), { recursive: true, force: true });
	const file = createPendingFile({
		request: validateRequest({ questions: [{ question: "Which database?", options: [{ label: "SQLite" }] }] }),
		sessionId: options.client ? "mcp" : "other-session",
		toolCallId: "call_1",
		now: new Date(),
		...(options.client ? { asker: { kind: "mcp", client: "Claude Desktop" } as const } : {}),
	});
	const question = file.questions[0];
	if (options.filled && question) Object.assign(question, options.filled);
	const path = savePendingFile(cwd, file);
	const text = `<file name="${path}">\n${readFileSync(path, "utf8")}\n</file>\n${words}`;
	const origins = {
		writtenByTool: () => options.writtenByTool === true,
		given: givenRecord(TEST_AGENT_DIR as string),
		heldBy: () => (options.client ? MCP : undefined),
	};
	return () => deliveryFromAttachedFile(text, "this-session", cwd, () => verdict, NO_IMAGES, origins, CLI_TABLES.de);
}

describe("an MCP client's file answered with @file, in German", () => {
	it("nothing typed after the file", () => {
		expect(attachFile("", UNKNOWN, { client: true })).toThrow(
			/^keine Antworten angegeben: schreib deine Antworten für Claude Desktop hinter die Datei, z\. B\. pi -p @\.pi\/pending-questions\.json "PostgreSQL"$/,
		);
	});

	it("words that answer none of its questions", () => {
		expect(attachFile("[null]", UNKNOWN, { client: true })).toThrow(
			"Die Worte hinter der Datei beantworten keine der Fragen; nichts wurde geschrieben",
		);
	});
});

describe("a pending file attached with @, in German", () => {
	const shown = "@.pi/pending-questions.json";

	it("the answers already in it ignored, and why: the file named once, in every language", () => {
		for (const said of Object.values(CLI_TABLES)) {
			for (const line of [
				ignoredSentence(shown, "written-by-tool", { trusted: true }, said),
				ignoredSentence(shown, "not-this-pi", NO_SESSION, said),
			]) {
				expect(line.split(shown).length - 1).toBe(1);
			}
		}
		const de = CLI_TABLES.de;
		expect(ignoredSentence(shown, "written-by-tool", { trusted: true }, de)).toBe(
			`Die Antworten, die schon in ${shown} standen, wurden nicht verwendet: Ein Tool-Aufruf hat sie geschrieben, während pi lief, nicht du`,
		);
		expect(ignoredSentence(shown, "not-this-pi", NO_SESSION, de)).toBe(
			`Die Antworten, die schon in ${shown} standen, wurden nicht verwendet: Die Datei wurde nicht von deinem pi geschrieben (sie nennt keine Sitzungsdatei (mit --no-session, von Hand oder anderswo geschrieben))`,
		);
	});

	it("an ask already settled, or asked in another folder, is refused", () => {
		expect(attachFile("SQLite", SETTLED)).toThrow(
			`${shown} enthält bereits erledigte Fragen (ihre Antworten wurden zugestellt oder sie wurden gelöscht), daher wird nichts erneut gesendet`,
		);
		expect(attachFile("SQLite", ELSEWHERE)).toThrow(
			`${shown} enthält Fragen, die dein pi in /w/copy gestellt hat, nicht in diesem Projekt (eine Kopie jenes Projekts?); nichts wurde gesendet. Beantworte sie in jenem Ordner oder in pi mit /questions answer, das zuerst zeigt, woher sie stammt`,
		);
	});

	it("nothing typed after the file: with no answers in it, or with answers that do not count", () => {
		const example = `pi -p @${join(cwd, ".pi", "pending-questions.json")} "use postgres, call it order-processor"`;
		expect(attachFile("", { trusted: true })).toThrow(
			`keine Antworten angegeben: schreib deine Antworten hinter die Datei, z. B. ${example}`,
		);
		expect(attachFile("", { trusted: true }, { filled: { answer: "SQLite" }, writtenByTool: true })).toThrow(
			`Die Antworten, die schon in ${shown} standen, wurden nicht verwendet: Ein Tool-Aufruf hat sie geschrieben, während pi lief, nicht du. Nichts wurde gesendet: schreib deine eigenen Antworten hinter die Datei, z. B. ${example}`,
		);
	});

	it("two pending files attached at once", () => {
		attachFile("x", { trusted: true }); // saves .pi/pending-questions.json
		const file = (name: string) => join(cwd, ".pi", name);
		const content = readFileSync(file("pending-questions.json"), "utf8");
		writeFileSync(file("pending-questions-2.json"), content);
		const text = ["pending-questions.json", "pending-questions-2.json"]
			.map((name) => `<file name="${file(name)}">\n${content}\n</file>\n`)
			.join("");
		expect(() =>
			deliveryFromAttachedFile(
				`${text}SQLite`,
				"s",
				cwd,
				() => ({ trusted: true }),
				NO_IMAGES,
				{ given: givenRecord(TEST_AGENT_DIR as string) },
				CLI_TABLES.de,
			),
		).toThrow(
			"Hänge jeweils nur eine Datei mit offenen Fragen an: Welche Fragen würden die Worte dahinter sonst beantworten?",
		);
	});

	it("a file your pi did not write: its images are not read, its answers give way to your words", () => {
		expect(attachFile("SQLite", NO_SESSION, { filled: { answer: "SQLite", images: ["shot.png"] } })).toThrow(
			`${shown}: shot.png wird nicht gelesen: Bilder werden nur aus einer Datei mit offenen Fragen gelesen, die dein eigenes pi geschrieben hat; nichts wurde gesendet`,
		);
		const delivery = attachFile("PostgreSQL", NO_SESSION, { filled: { answer: "SQLite" } })();
		expect(delivery && "notice" in delivery ? delivery.notice : undefined).toBe(
			`Die Antworten, die schon in ${shown} standen, wurden nicht verwendet: Die Datei wurde nicht von deinem pi geschrieben (sie nennt keine Sitzungsdatei (mit --no-session, von Hand oder anderswo geschrieben)); nur deine Worte hinter der Datei wurden gesendet`,
		);
	});
});
