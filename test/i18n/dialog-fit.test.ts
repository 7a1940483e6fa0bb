/**
 * The real dialog component in every language, wide glyphs included (Japanese, Chinese): at any width every line
 * fits (pi-tui's visibleWidth counts a CJK glyph as two columns), in each of its screens and in screen-reader mode.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Question } from "../../src/core/types.js";
import { LANGUAGES } from "../../src/i18n/languages.js";
import { useLanguage } from "../../src/i18n/words.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";
import { K, openDialog, widest } from "../ui/helpers.js";

const JAPANESE: Question = {
	question: "どのデータベースを使いますか？長い質問文は端末の幅で折り返されるべきです。",
	header: "データベース",
	options: [
		{ label: "PostgreSQL（推奨）", description: "実績のあるリレーショナルデータベース", preview: "接続文字列の例" },
		{ label: "SQLite", description: "軽量なファイルベースのデータベース" },
	],
};
const WIDTHS = [12, 20, 30, 40, 57, 80, 121];

/** The dialog's screens, each reached by keys from a fresh dialog. */
const SCREENS: { name: string; keys: string[] }[] = [
	{ name: "options", keys: [] },
	{ name: "filter", keys: ["/", "P"] },
	{ name: "note", keys: [K.ctrlN] },
	{ name: "other answer", keys: ["9", "お"] },
	{ name: "next question", keys: [K.tab] },
	{ name: "multi-select", keys: [K.tab, K.tab, K.space] },
	{ name: "review", keys: [K.shiftTab] },
	{ name: "discard", keys: [K.enter, K.escape] },
];

afterEach(async () => {
	await useLanguage("en");
});

describe("every line fits the width in every language", () => {
	for (const language of LANGUAGES) {
		it(language, async () => {
			await useLanguage(language);
			for (const screenReader of [false, true]) {
				for (const screen of SCREENS) {
					for (const rows of [10, 24]) {
						const h = openDialog([JAPANESE, NAME, FEATURES, DATABASE], undefined, { rows, screenReader });
						h.press(...screen.keys);
						for (const width of WIDTHS) {
							expect(widest(h.dialog, width), `${language} ${screen.name} ${width}×${rows}`).toBeLessThanOrEqual(width);
						}
					}
				}
			}
		});
	}

	it("the words are the chosen language's, and English again after", async () => {
		await useLanguage("ja");
		expect(openDialog([NAME, FEATURES]).text(80)).toContain("Tab/←→ 質問");
		await useLanguage("de");
		const review = openDialog([NAME]);
		review.type("x");
		expect(review.text(80)).toContain("Enter senden");
		await useLanguage("en");
		expect(openDialog([NAME, FEATURES]).text(80)).toContain("Tab/←→ questions");
	});
});
