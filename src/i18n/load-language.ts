/**
 * One language's tables, loaded when that language is chosen: each language is a module (a chunk of the build) of
 * its own, so a start parses English and the run's language, not all nine (they were half of the entry file that
 * pi parses at every start).
 */
import { en as cliEn } from "./cli/en.js";
import type { CliStrings } from "./cli/types.js";
import { en as dialogEn } from "./dialog/en.js";
import type { DialogStrings } from "./dialog/types.js";
import type { Language } from "./languages.js";

/** One language's words: the dialogs' and those outside them. Never changed once loaded. */
export interface Words {
	dialog: DialogStrings;
	cli: CliStrings;
}

/** English, the language of a run until one is chosen (and of the MCP server's and web program's own words). */
export const ENGLISH: Words = { dialog: dialogEn, cli: cliEn };

/** The tables of `language`; each import is a literal, so that the build makes one chunk per language. */
export async function loadLanguage(language: Language): Promise<Words> {
	const both = async (dialog: Promise<DialogStrings>, cli: Promise<CliStrings>) => ({
		dialog: await dialog,
		cli: await cli,
	});
	switch (language) {
		case "en":
			return ENGLISH;
		case "de":
			return both(
				import("./dialog/de.js").then((m) => m.de),
				import("./cli/de.js").then((m) => m.de),
			);
		case "fr":
			return both(
				import("./dialog/fr.js").then((m) => m.fr),
				import("./cli/fr.js").then((m) => m.fr),
			);
		case "es":
			return both(
				import("./dialog/es.js").then((m) => m.es),
				import("./cli/es.js").then((m) => m.es),
			);
		case "pt-BR":
			return both(
				import("./dialog/pt-BR.js").then((m) => m.ptBR),
				import("./cli/pt-BR.js").then((m) => m.ptBR),
			);
		case "ja":
			return both(
				import("./dialog/ja.js").then((m) => m.ja),
				import("./cli/ja.js").then((m) => m.ja),
			);
		case "zh-CN":
			return both(
				import("./dialog/zh-CN.js").then((m) => m.zhCN),
				import("./cli/zh-CN.js").then((m) => m.zhCN),
			);
		case "ru":
			return both(
				import("./dialog/ru.js").then((m) => m.ru),
				import("./cli/ru.js").then((m) => m.ru),
			);
		case "uk":
			return both(
				import("./dialog/uk.js").then((m) => m.uk),
				import("./cli/uk.js").then((m) => m.uk),
			);
	}
}
