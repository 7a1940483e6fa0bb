/**
 * `/questions` in the run's language: the list, its times ("vor 5 Minuten"), `clear`'s choice and
 * the usage are the chosen language's; `/questions json` is for programs and stays as it is.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createQuestionsCommand } from "../../src/commands/questions.js";
import { relativeTime } from "../../src/core/relative-time.js";
import { validateRequest } from "../../src/core/validate.js";
import { CLI_TABLES } from "../../src/i18n/tables.js";
import { useLanguage } from "../../src/i18n/words.js";
import type { FrontEnd } from "../../src/modes/front-end.js";
import type { Claim } from "../../src/pending/claims.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import { createPendingFile, type PendingAsker, savePendingFile } from "../../src/pending/pending-file.js";
import type { PendingVerdict } from "../../src/pending/trust.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-questions-lang-"));
});
afterEach(async () => {
	await useLanguage("en");
	rmSync(cwd, { recursive: true, force: true });
});

const SESSION = "0b9e4c2a-1111-2222-3333-444455556666";

function save(n: number, minutesAgo: number, sessionId = SESSION, asker?: PendingAsker): void {
	const file = createPendingFile({
		request: validateRequest({ questions: [{ question: `Question number ${n}?`, options: [{ label: "Yes" }] }] }),
		sessionId,
		sessionFile: `/tmp/${sessionId}.jsonl`,
		toolCallId: `call_${n}`,
		now: new Date(Date.now() - minutesAgo * 60_000),
		...(asker ? { asker } : {}),
	});
	savePendingFile(cwd, file);
}

async function run(
	args: string,
	select?: (title: string, items: string[]) => string | undefined,
	facts: { verdict?: PendingVerdict; heldBy?: Claim; heldName?: string } = {},
) {
	const told: string[] = [];
	const selects: { title: string; items: string[] }[] = [];
	const ctx = {
		cwd,
		hasUI: select !== undefined,
		sessionManager: { getSessionId: () => SESSION, getBranch: () => [] },
		ui: {
			select: async (title: string, items: string[]) => {
				selects.push({ title, items });
				return select?.(title, items);
			},
		},
	} as unknown as ExtensionContext;
	// A front end with a dialog: the listing names /questions answer (print mode's words are in questions.test.ts).
	const frontEnd = {
		kind: "tui",
		ask: async () => ({ kind: "cancelled" }),
		tell: (text: string) => told.push(text),
	} as unknown as FrontEnd;
	const command = createQuestionsCommand({
		frontEnd: () => frontEnd,
		structuredRpc: false,
		answerInDialog: async () => {},
		markCleared: () => {},
		trust: () => facts.verdict ?? { trusted: true },
		answersWrittenByTool: () => false,
		given: givenRecord(TEST_AGENT_DIR as string),
		claims: {
			heldElsewhere: (path) =>
				facts.heldName === undefined || path.endsWith(facts.heldName) ? facts.heldBy : undefined,
		},
	});
	await command.handler(args, ctx);
	return { told: told.join("\n"), selects, description: command.description };
}

describe("/questions in German", () => {
	it("lists with German words and times; clear asks in German with Nein first", async () => {
		await useLanguage("de");
		save(1, 60);
		save(2, 5, "another-session");
		const list = await run("list");
		expect(list.description).toBe("Offene ask_user-Fragen zeigen, beantworten oder löschen");
		expect(list.told).toContain(`Offene Fragen in ${cwd}, neueste zuerst:`);
		expect(list.told).toMatch(
			/Question number 2\?[\s\S]*vor 5 Minuten · andere Sitzung · \.pi\/pending-questions-2\.json/,
		);
		expect(list.told).toContain("vor 1 Stunde · diese Sitzung · .pi/pending-questions.json");
		expect(list.told.trimEnd().split("\n").at(-1)).toBe("Beantworten: /questions answer · löschen: /questions clear");

		const kept = await run("clear", (_title, items) => items[0]);
		expect(kept.selects[0]).toEqual({
			title: "2 offene Fragen in 2 Dateien löschen?",
			items: ["Nein, behalten", "Ja, löschen"],
		});
		expect(kept.told).toBe("Die offenen Fragen bleiben.");
		const cleared = await run("clear", (_title, items) => items[1]);
		expect(cleared.told).toBe("2 offene Fragen gelöscht.");
		expect((await run("list")).told).toBe("Keine offenen Fragen.");
		expect((await run("frobnicate")).told).toBe("Aufruf: /questions [list | json | answer | reopen | clear]");
	});

	it("an MCP client's questions: answered here for the client while its server waits, nowhere once it left", async () => {
		await useLanguage("de");
		save(1, 5, "mcp-0b9e4c2a", { kind: "mcp", client: "Claude Code" });
		const verdict: PendingVerdict = { trusted: false, kind: "unknown", because: "no-session-file" };
		const server: Claim = {
			toolCallId: "call_1",
			host: "here",
			pid: 4242,
			started: "1",
			at: 0,
			holder: "mcp",
		};
		const held = (await run("list", undefined, { verdict, heldBy: server })).told;
		expect(held).toContain(
			"von Claude Code über pi-ask-anywhere mcp gestellt, das auf die Antworten wartet: Hier beantwortet, gehen sie an Claude Code",
		);
		expect(held).not.toContain("dort beantworten");
		const gone = (await run("list", undefined, { verdict })).told;
		expect(gone).toContain("das nicht mehr auf die Antworten wartet: Hier beantwortet sie nichts (/questions clear");
	});

	it("clear leaves a file another process holds, saying what holds it", async () => {
		await useLanguage("de");
		save(1, 60);
		save(2, 5, "mcp-0b9e4c2a", { kind: "mcp", client: "Claude Code" });
		const server: Claim = {
			toolCallId: "call_2",
			host: "here",
			pid: 4242,
			started: "1",
			at: 0,
			holder: "mcp",
		};
		const cleared = await run("clear", (_title, items) => items[1], {
			heldBy: server,
			heldName: "pending-questions-2.json",
		});
		expect(cleared.told).toBe(
			"1 offene Frage gelöscht. .pi/pending-questions-2.json bleibt unverändert: Die Fragen darin sind von pi-ask-anywhere mcp gehalten (PID 4242 auf here)",
		);
	});

	it("/questions json is for programs: the same in every language", async () => {
		save(1, 5);
		const english = JSON.parse((await run("json")).told);
		await useLanguage("ja");
		expect(JSON.parse((await run("json")).told)).toEqual(english);
	});
});

describe("relative times in every language", () => {
	const NOW = new Date("2026-11-24T12:00:00Z");
	const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
	it.each([
		["de", ["jetzt", "vor 5 Minuten", "vor 3 Stunden", "gestern", "vor 4 Tagen"]],
		["fr", ["maintenant", "il y a 5 minutes", "il y a 3 heures", "hier", "il y a 4 jours"]],
		["es", ["ahora", "hace 5 minutos", "hace 3 horas", "ayer", "hace 4 días"]],
		["pt-BR", ["agora", "há 5 minutos", "há 3 horas", "ontem", "há 4 dias"]],
		["ja", ["今", "5 分前", "3 時間前", "昨日", "4 日前"]],
		["zh-CN", ["现在", "5分钟前", "3小时前", "昨天", "4天前"]],
		["ru", ["сейчас", "5 минут назад", "3 часа назад", "вчера", "4 дня назад"]],
		["uk", ["зараз", "5 хвилин тому", "3 години тому", "учора", "4 дні тому"]],
		["en", ["just now", "5 min ago", "3 h ago", "yesterday", "4 days ago"]],
	] as const)("%s", (language, words) => {
		const times = CLI_TABLES[language].relativeTime;
		const at = [5_000, 5 * 60_000 + 20_000, 3 * 3_600_000, 26 * 3_600_000, 4 * 86_400_000];
		expect(at.map((ms) => relativeTime(ago(ms), NOW, times))).toEqual(words);
		expect(relativeTime(ago(40 * 86_400_000), NOW, times)).toBe(
			new Date(ago(40 * 86_400_000)).toLocaleDateString(times.locale),
		);
		expect(relativeTime("soon-ish", NOW, times)).toBe(times.unknown);
	});
});
