/** In every language, two different keys on one hint line do two different things in two different words. */
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/i18n/languages.js";
import { DIALOG_TABLES } from "../../src/i18n/tables.js";

/** A hint part without its key: "Enter wählen" → "wählen", "1-4 pick" → "pick". */
const verb = (part: string) => part.replace(/^\S+\s+/, "");

describe("hint verbs", () => {
	it("Enter (select) and the digits (pick) are named with different words", () => {
		for (const language of LANGUAGES) {
			const hint = DIALOG_TABLES[language].hint;
			expect(verb(hint.select), language).not.toBe(verb(hint.pick(4)));
		}
	});
});
