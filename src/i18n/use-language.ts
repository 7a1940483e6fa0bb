/**
 * The language of this run, chosen once at extension load: `useLanguage` loads that language's tables
 * (load-language.ts: only that one) and fills `STRINGS` (the dialog's words, read by src/ui/ and the RPC dialogs)
 * and `CLI` (the words outside the dialog) from them, in place, so that every module holding a reference to them,
 * or to a nested table, sees the chosen words.
 */
import { STRINGS } from "../core/strings.js";
import { en } from "./cli/en.js";
import type { CliStrings } from "./cli/types.js";
import { type Language, languageFromEnv } from "./languages.js";
import { copyTable, loadLanguage } from "./load-language.js";

/** The words outside the dialog for this run: English until `useLanguage` chooses. */
export const CLI: CliStrings = copyTable(en);

/** Writes `source`'s entries into `target`, descending into nested tables so that their identity is kept. */
function fill(target: Record<string, unknown>, source: Record<string, unknown>, prune: boolean): void {
	for (const [key, value] of Object.entries(source)) {
		const current = target[key];
		if (value !== null && typeof value === "object" && current !== null && typeof current === "object") {
			fill(current as Record<string, unknown>, value as Record<string, unknown>, prune);
		} else {
			target[key] = value;
		}
	}
	// An optional entry the chosen table leaves out (English's compact relative times) must not linger. The dialog
	// table is never pruned: an entry a translation lacks stays English rather than missing.
	if (prune) for (const key of Object.keys(target)) if (!(key in source)) delete target[key];
}

export async function useLanguage(language: Language): Promise<Language> {
	const tables = await loadLanguage(language);
	fill(STRINGS as unknown as Record<string, unknown>, tables.dialog as unknown as Record<string, unknown>, false);
	fill(CLI as unknown as Record<string, unknown>, tables.cli as unknown as Record<string, unknown>, true);
	return language;
}

/** The run's language from its environment (`PI_ASK_USER_LANG`, then the locale), applied to every table. */
export function useLanguageFromEnv(env: NodeJS.ProcessEnv): Promise<Language> {
	return useLanguage(languageFromEnv(env));
}
