/** Every language's web-page table, for the server to hand the page the one its browser asks for. */
import type { Language } from "../languages.js";
import { de } from "./de.js";
import { en, type WebStrings } from "./en.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import { ja } from "./ja.js";
import { ptBR } from "./pt-BR.js";
import { ru } from "./ru.js";
import { uk } from "./uk.js";
import { zhCN } from "./zh-CN.js";

export const WEB_TABLES: Readonly<Record<Language, WebStrings>> = {
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
