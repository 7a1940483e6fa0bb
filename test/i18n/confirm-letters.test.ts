/** A yes/no confirmation takes the language's own letters (German j, French o, …) as well as y/n. */
import { afterEach, describe, expect, it } from "vitest";
import { useLanguage } from "../../src/i18n/words.js";
import { DATABASE, NAME } from "../fixtures.js";
import { K, openDialog } from "../ui/helpers.js";

afterEach(async () => {
	await useLanguage("en");
});

/** Answers the first of two questions, then Esc: the dialog asks whether to discard the answer. */
function confirming() {
	const h = openDialog([DATABASE, NAME]);
	h.press(K.enter, K.escape);
	return h;
}

describe("confirmation letters", () => {
	it("German: j confirms, n declines, and the hint names j/n", async () => {
		await useLanguage("de");
		const h = confirming();
		expect(h.text()).toContain("j/n");
		h.press("n");
		expect(h.outcome()).toBeUndefined();
		h.press(K.escape, "j");
		expect(h.outcome()).toEqual({ kind: "cancelled" });
	});

	it("French o and Spanish s confirm; y still does in every language", async () => {
		for (const [language, yes] of [
			["fr", "o"],
			["es", "s"],
			["ja", "y"],
		] as const) {
			await useLanguage(language);
			const h = confirming();
			h.press(yes);
			expect(h.outcome(), language).toEqual({ kind: "cancelled" });
		}
	});
});
