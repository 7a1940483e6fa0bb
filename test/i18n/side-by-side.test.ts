/**
 * Two languages in one process: a dialog speaks the language it was opened in, whatever is chosen after it (a new
 * session in another language, an SDK app running two sessions). Nothing fills a shared table in place.
 */
import type { ExtensionUIContext, Theme } from "@mariozechner/pi-coding-agent";
import { type Component, KeybindingsManager, type TUI, TUI_KEYBINDINGS } from "@mariozechner/pi-tui";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_TABLES, DIALOG_TABLES } from "../../src/i18n/tables.js";
import { useLanguage, words } from "../../src/i18n/words.js";
import { askInteractive } from "../../src/modes/interactive.js";
import { piTheme as theme } from "../ui/helpers.js";

const request = { questions: [{ question: "Which database?", header: "Database", options: [{ label: "SQLite" }] }] };

/** Opens the TUI dialog as pi's `custom()` would; its text as drawn afresh (no cached lines), at each call. */
async function openDialog(): Promise<() => string> {
	let component: Component | undefined;
	const tui = { requestRender() {}, children: [], terminal: { rows: 24, columns: 80, write() {} } };
	const ui = {
		setTitle() {},
		getEditorText: () => "",
		custom: (factory: (tui: TUI, theme: Theme, kb: KeybindingsManager, done: () => void) => Component) =>
			new Promise(() => {
				component = factory(tui as unknown as TUI, theme, new KeybindingsManager(TUI_KEYBINDINGS), () => {});
			}),
	} as unknown as ExtensionUIContext;
	void askInteractive(ui, request, {
		settings: { screenReader: false, hideKey: undefined, keyGuardMs: 0, notify: "off" },
		env: {},
	});
	await Promise.resolve();
	return () => {
		component?.invalidate();
		return component?.render(80).join("\n") ?? "";
	};
}

afterEach(async () => {
	await useLanguage("en");
});

describe("two languages side by side", () => {
	it("a dialog opened in German stays German once English is chosen, beside one opened in English", async () => {
		const { de, en } = DIALOG_TABLES;
		await useLanguage("de");
		const german = await openDialog();
		expect(german()).toContain(de.hint.move);
		await useLanguage("en");
		const english = await openDialog();
		expect(english()).toContain(en.hint.move);
		expect(english()).not.toContain(de.hint.move);
		expect(german()).toContain(de.hint.move);
		expect(german()).not.toContain(en.hint.move);
	});

	it("the words a holder took keep their language when another is chosen", async () => {
		const english = words();
		const german = await useLanguage("de");
		expect(words()).toBe(german);
		await useLanguage("ja");
		expect(english.cli.questions.none).toBe(CLI_TABLES.en.questions.none);
		expect(german.cli.questions.none).toBe(CLI_TABLES.de.questions.none);
		expect(german.dialog.submitTab).toBe(DIALOG_TABLES.de.submitTab);
		expect(words().cli.questions.none).toBe(CLI_TABLES.ja.questions.none);
	});
});
