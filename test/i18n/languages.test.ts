/** Which shipped language a run uses: `PI_ASK_USER_LANG`, then `LC_ALL` / `LC_MESSAGES` / `LANG`, else English. */
import { describe, expect, it } from "vitest";
import { LANGUAGES, languageFromAcceptLanguage, languageFromEnv, matchLanguage } from "../../src/i18n/languages.js";

describe("matchLanguage", () => {
	it.each([
		["de_DE.UTF-8", "de"],
		["de-AT", "de"],
		["fr_CA", "fr"],
		["es_MX.utf8", "es"],
		["pt_BR", "pt-BR"],
		["pt", "pt-BR"],
		["pt_PT", "pt-BR"],
		["ja_JP.eucJP", "ja"],
		["zh_CN.UTF-8", "zh-CN"],
		["zh-Hans", "zh-CN"],
		["zh", "zh-CN"],
		["ru_RU.KOI8-R", "ru"],
		["uk_UA", "uk"],
		["en_GB", "en"],
		["DE", "de"],
		["sr_RS@latin", undefined],
		["zh_TW", undefined],
		["zh-HK", undefined],
		["zh-Hant-CN", undefined],
		["C", undefined],
		["POSIX", undefined],
		["", undefined],
		["it_IT", undefined],
	])("%s → %s", (tag, language) => {
		expect(matchLanguage(tag)).toBe(language);
	});

	it("every shipped language matches its own tag", () => {
		for (const language of LANGUAGES) expect(matchLanguage(language)).toBe(language);
	});
});

describe("languageFromEnv", () => {
	it("PI_ASK_USER_LANG wins over the locale; one not shipped is English, not the locale", () => {
		expect(languageFromEnv({ PI_ASK_USER_LANG: "ja", LANG: "de_DE.UTF-8" })).toBe("ja");
		expect(languageFromEnv({ PI_ASK_USER_LANG: " uk ", LC_ALL: "fr_FR" })).toBe("uk");
		expect(languageFromEnv({ PI_ASK_USER_LANG: "it", LANG: "de_DE.UTF-8" })).toBe("en");
	});

	it("an empty PI_ASK_USER_LANG is unset", () => {
		expect(languageFromEnv({ PI_ASK_USER_LANG: "  ", LANG: "es_ES.UTF-8" })).toBe("es");
	});

	it("POSIX order: LC_ALL, then LC_MESSAGES, then LANG; the first one set decides, even if it is C", () => {
		expect(languageFromEnv({ LC_ALL: "ru_RU.UTF-8", LC_MESSAGES: "de_DE", LANG: "fr_FR" })).toBe("ru");
		expect(languageFromEnv({ LC_MESSAGES: "de_DE", LANG: "fr_FR" })).toBe("de");
		expect(languageFromEnv({ LC_ALL: "", LANG: "pt_BR.UTF-8" })).toBe("pt-BR");
		expect(languageFromEnv({ LC_ALL: "C.UTF-8", LANG: "de_DE.UTF-8" })).toBe("en");
	});

	it("nothing set is English", () => {
		expect(languageFromEnv({})).toBe("en");
	});
});

describe("languageFromAcceptLanguage", () => {
	it("the shipped language the browser prefers most, by q then order", () => {
		expect(languageFromAcceptLanguage("de-CH, fr;q=0.8, *;q=0.1")).toBe("de");
		expect(languageFromAcceptLanguage("it-IT, fr;q=0.8, de;q=0.9")).toBe("de");
		expect(languageFromAcceptLanguage("ja;q=0.5, zh-CN;q=0.5")).toBe("ja");
		expect(languageFromAcceptLanguage("uk;q=0, ru")).toBe("ru");
		expect(languageFromAcceptLanguage("zh-TW, zh-CN;q=0.7")).toBe("zh-CN");
	});

	it("nothing usable is English", () => {
		expect(languageFromAcceptLanguage(undefined)).toBe("en");
		expect(languageFromAcceptLanguage("")).toBe("en");
		expect(languageFromAcceptLanguage("*")).toBe("en");
		expect(languageFromAcceptLanguage("it, nl;q=0.5")).toBe("en");
	});
});
