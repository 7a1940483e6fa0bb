/**
 * The languages the person-facing text ships in, and which one a run uses: `PI_ASK_USER_LANG`, else the standard
 * `LC_ALL` / `LC_MESSAGES` / `LANG` (POSIX order: the first one set decides), else English. The web page follows
 * the browser's `Accept-Language`. What programs read (the model's JSON, the structured RPC protocol, the bridge,
 * `/questions json`) is never translated.
 */
export const LANGUAGES = ["en", "de", "fr", "es", "pt-BR", "ja", "zh-CN", "ru", "uk"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The shipped language a locale or language tag names: `de_DE.UTF-8`, `de-AT`, `pt_BR`, `pt` (Brazilian
 * Portuguese is the one shipped), `zh_CN`, `zh-Hans`, `ja_JP.eucJP`, `uk_UA`. `undefined` for `C`, `POSIX`, an empty
 * string and any language not shipped.
 */
export function matchLanguage(tag: string): Language | undefined {
	const base = tag.trim().split(/[.@]/)[0]?.replace(/_/g, "-").toLowerCase() ?? "";
	const [primary = "", ...rest] = base.split("-");
	if (primary === "zh") {
		// Traditional Chinese (zh-TW, zh-HK, zh-Hant) is not Simplified: not shipped, so English.
		return rest.some((part) => part === "tw" || part === "hk" || part === "mo" || part === "hant")
			? undefined
			: "zh-CN";
	}
	if (primary === "pt") return "pt-BR";
	return LANGUAGES.find((language) => language === primary);
}

/** The language of a run: `PI_ASK_USER_LANG`, else `LC_ALL`, `LC_MESSAGES`, `LANG` (the first one set), else English. */
export function languageFromEnv(env: Readonly<Record<string, string | undefined>>): Language {
	const chosen = env.PI_ASK_USER_LANG?.trim();
	if (chosen) return matchLanguage(chosen) ?? "en";
	const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value.trim() !== "");
	return locale === undefined ? "en" : (matchLanguage(locale) ?? "en");
}

/** The browser's choice (`Accept-Language: de-CH, fr;q=0.8, *;q=0.1`): the shipped language it prefers most. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
	const ranked = (header ?? "")
		.split(",")
		.map((part, index) => {
			const [tag = "", ...params] = part.trim().split(";");
			const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
			return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
		})
		.filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.q > 0 && Number.isFinite(entry.q))
		.sort((a, b) => b.q - a.q || a.index - b.index);
	for (const entry of ranked) {
		const language = matchLanguage(entry.tag);
		if (language) return language;
	}
	return "en";
}
