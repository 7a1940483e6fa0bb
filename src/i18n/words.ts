/**
 * The words of this run: `words()`, the chosen language's tables, for what is said outside the TUI dialog (notices,
 * print mode, `/questions`, the RPC dialogs); the TUI dialog is handed its words when it opens, with its theme, and
 * keeps them. `useLanguage` chooses at each session start and loads only that language (load-language.ts). No table
 * is ever filled or changed: choosing a language changes which one is current, never the words a holder already has.
 */
import type { Language } from "./languages.js";
import { ENGLISH, loadLanguage, type Words } from "./load-language.js";

export type { Words };

let current: Words = ENGLISH;

/** The words of the language chosen last (English until one is). */
export function words(): Words {
	return current;
}

export async function useLanguage(language: Language): Promise<Words> {
	current = await loadLanguage(language);
	return current;
}
