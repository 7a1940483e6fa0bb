/**
 * The dialog in your language against the real pi: under a pseudo-terminal the TUI dialog speaks German
 * and Japanese at 80×24 and 40×15 with no line wider than the terminal (Japanese glyphs take two columns), and the
 * model still reads English JSON; `pi -p` tells the person in German where the questions went and `/questions`
 * lists them in German, chosen by the locale alone.
 */
import { visibleWidth } from "@mariozechner/pi-tui";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createWorkspace,
	expectSuccess,
	KEYS,
	resultJson,
	runPrint,
	SPEC_EXAMPLE,
	SPEC_RESULT,
	type TuiSession,
	type Workspace,
	waitForToolResult,
} from "./harness.js";
import { tuiPerTest } from "./tui-session.js";

const DIALOG_TIMEOUT = 40_000;

/** What each language's dialog says at each step (as the tables in src/i18n/dialog/ word it). */
const WORDS = {
	de: {
		pick: "1-4 direkt",
		cancel: "Esc abbrechen",
		review: "Enter alle senden",
		reviewTitle: "Antworten prüfen",
		input: "Enter Übersicht",
	},
	ja: {
		pick: "1-4 番号で選ぶ",
		cancel: "Esc キャンセル",
		review: "Enter すべて送信",
		reviewTitle: "回答の確認",
		input: "Enter 確認へ",
	},
} as const;

function expectFits(t: TuiSession, cols: number) {
	const screen = t.screen();
	const widths = screen.map((line) => visibleWidth(line));
	expect(Math.max(...widths), screen.join("\n")).toBeLessThanOrEqual(cols);
	expect(t.raw()).not.toContain("exceeds terminal width");
}

describe("the TUI dialog in German and Japanese", () => {
	const session = tuiPerTest();
	for (const language of ["de", "ja"] as const) {
		for (const size of [
			{ cols: 80, rows: 24 },
			{ cols: 40, rows: 15 },
		]) {
			it(`${language} at ${size.cols}×${size.rows}: translated, every line fits, the model reads English`, async () => {
				const words = WORDS[language];
				const t = session.ask(SPEC_EXAMPLE, size, { PI_ASK_USER_LANG: language });
				await t.waitFor("Which database", DIALOG_TIMEOUT);
				await t.waitFor(words.pick);
				await t.waitFor(words.cancel);
				expectFits(t, size.cols);
				t.type(KEYS.enter);
				await t.waitFor(words.input);
				expectFits(t, size.cols);
				t.type("order-processor");
				await t.waitFor("order-processor");
				t.type(KEYS.enter);
				// The Review's hint, and its title: at 40×15 the Review opens scrolled to the answer just given, under it.
				await t.waitFor(words.review);
				await t.waitFor(words.reviewTitle);
				expectFits(t, size.cols);
				t.type(KEYS.enter);
				const result = await waitForToolResult(session.ws());
				expect(result.isError).toBe(false);
				expect(resultJson(result.text)).toEqual(SPEC_RESULT);
			});
		}
	}
});

describe("print mode and /questions in German, from the locale alone", () => {
	let ws: Workspace;
	const GERMAN = { LANG: "de_DE.UTF-8", LC_ALL: undefined, LC_MESSAGES: undefined, PI_ASK_USER_LANG: undefined };
	beforeEach(() => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
	});
	afterEach(() => ws.cleanup());

	it("pi -p says in German where the questions went; the pending file and /questions json stay as they are", () => {
		const run = expectSuccess(runPrint(ws, ["set up the service"], { env: GERMAN }));
		const shown = run.stdout + run.stderr;
		expect(shown, shown).toContain("Der Agent hat Fragen an dich:");
		expect(shown, shown).toContain('pi -p @.pi/pending-questions.json "deine Antworten"');
		expect(shown, shown).toContain("Fragen gespeichert in: .pi/pending-questions.json");
		expect(shown, shown).not.toContain("Questions pending. User input required.");

		const list = expectSuccess(runPrint(ws, ["/questions"], { env: GERMAN }));
		const listed = list.stdout + list.stderr;
		expect(listed, listed).toContain("Offene Fragen in");
		expect(listed, listed).toMatch(/(jetzt|vor \d+ Sekunden|vor 1 Minute) · /);
		// Print mode names the commands that work there, in German.
		expect(listed, listed).toContain('beantworten: pi -p @.pi/pending-questions.json "deine Antworten"');
		expect(listed, listed).toContain(
			'Jede mit dem Befehl darunter beantworten · alle löschen: pi -p "/questions clear"',
		);

		const json = expectSuccess(runPrint(ws, ["/questions json"], { env: GERMAN }));
		const english = expectSuccess(runPrint(ws, ["/questions json"], { env: { ...GERMAN, LANG: "C" } }));
		expect(json.stdout).toBe(english.stdout);
		expect(json.stdout).toContain('"question":"Which database should we use?"');
	});
});
