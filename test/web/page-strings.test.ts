/** The web page's tables: every language has every key of the English one, no other key, and the same placeholders. */
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/i18n/languages.js";
import { en } from "../../src/i18n/web/en.js";
import { fillText, placeholdersOf } from "../../src/i18n/web/fill.js";
import { WEB_TABLES } from "../../src/i18n/web/tables.js";

describe("the web page's tables", () => {
	const keys = Object.keys(en).sort();

	it.each(LANGUAGES.map((language) => [language]))(
		"%s has every key, no other, each with English's placeholders",
		(language) => {
			const table = WEB_TABLES[language] as Record<string, string>;
			expect(Object.keys(table).sort()).toEqual(keys);
			for (const key of keys) {
				const text = table[key] ?? "";
				expect(text.trim(), `${language} ${key}`).not.toBe("");
				expect(placeholdersOf(text), `${language} ${key}`).toEqual(placeholdersOf(en[key as keyof typeof en]));
			}
		},
	);

	it("is translated: no language but English keeps more than a handful of English texts", () => {
		for (const language of LANGUAGES.filter((l) => l !== "en")) {
			const table = WEB_TABLES[language] as Record<string, string>;
			const same = keys.filter((key) => table[key] === en[key as keyof typeof en]);
			// Words that are the same in some languages ("Live", "Details", "{index} de {count}").
			expect(same.length, `${language}: ${same.join(", ")}`).toBeLessThanOrEqual(4);
		}
	});

	it("fills placeholders and leaves unknown ones as written", () => {
		expect(fillText("{name} is {size}", { name: "a.png", size: "5 MB" })).toBe("a.png is 5 MB");
		expect(fillText("{index} of {count}", { index: 1 })).toBe("1 of {count}");
		expect(placeholdersOf("{b} {a} {b}")).toEqual(["a", "b"]);
	});
});
