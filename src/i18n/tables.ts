/**
 * Every shipped language's tables at once: the dialog's (English's shape) and the words outside it (`CliStrings`),
 * for the checks that compare them all. A run loads only its own language (load-language.ts).
 */
import { de as cliDe } from "./cli/de.js";
import { en as cliEn } from "./cli/en.js";
import { es as cliEs } from "./cli/es.js";
import { fr as cliFr } from "./cli/fr.js";
import { ja as cliJa } from "./cli/ja.js";
import { ptBR as cliPtBR } from "./cli/pt-BR.js";
import { ru as cliRu } from "./cli/ru.js";
import type { CliStrings } from "./cli/types.js";
import { uk as cliUk } from "./cli/uk.js";
import { zhCN as cliZhCN } from "./cli/zh-CN.js";
import { de } from "./dialog/de.js";
import { en } from "./dialog/en.js";
import { es } from "./dialog/es.js";
import { fr } from "./dialog/fr.js";
import { ja } from "./dialog/ja.js";
import { ptBR } from "./dialog/pt-BR.js";
import { ru } from "./dialog/ru.js";
import type { DialogStrings } from "./dialog/types.js";
import { uk } from "./dialog/uk.js";
import { zhCN } from "./dialog/zh-CN.js";
import type { Language } from "./languages.js";

export const DIALOG_TABLES: Record<Language, DialogStrings> = {
	en,
	de,
	fr,
	es,
	"pt-BR": ptBR,
	ja,
	"zh-CN": zhCN,
	ru,
	uk,
};

export const CLI_TABLES: Record<Language, CliStrings> = {
	en: cliEn,
	de: cliDe,
	fr: cliFr,
	es: cliEs,
	"pt-BR": cliPtBR,
	ja: cliJa,
	"zh-CN": cliZhCN,
	ru: cliRu,
	uk: cliUk,
};
