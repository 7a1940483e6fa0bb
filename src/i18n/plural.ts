/**
 * Numbers and plural words as a language writes them: `count` groups digits the language's way ("1.234",
 * "1 234"), `form` picks the word for a count by the language's plural rules (Russian and Ukrainian have one, few
 * and many; French says "0 question"). Built on `Intl`, so nothing here is per-language code.
 */
import type { Language } from "./languages.js";

/** A word's forms by CLDR plural category; `other` is the fallback for any category not given. */
export interface PluralForms {
	one?: string;
	few?: string;
	many?: string;
	other: string;
}

export interface Plurals {
	count(n: number): string;
	form(n: number, forms: PluralForms): string;
}

export function plurals(language: Language): Plurals {
	const rules = new Intl.PluralRules(language);
	const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
	return {
		count: (n) => numbers.format(n),
		form: (n, forms) => {
			const category = rules.select(n);
			return (
				(category === "one" || category === "few" || category === "many" ? forms[category] : undefined) ?? forms.other
			);
		},
	};
}
