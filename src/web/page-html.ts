/**
 * The page's HTML in the person's language: the server fills `index.html`'s `{{key}}` texts from the table the
 * browser's `Accept-Language` picks, sets `<html lang>`, and embeds the whole table as JSON for the script, so the
 * page needs no second request. Pure.
 */
import { languageFromAcceptLanguage } from "../i18n/languages.js";
import type { WebStringKey } from "../i18n/web/en.js";
import { WEB_TABLES } from "../i18n/web/tables.js";
import { PAGE_STRINGS_ID, type PageStrings } from "./page/page-strings.js";

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `template` (index.html) for a browser that sent `acceptLanguage`. */
export function pageHtml(template: string, acceptLanguage: string | undefined): string {
	const language = languageFromAcceptLanguage(acceptLanguage);
	const strings = WEB_TABLES[language];
	const data: PageStrings = { language, strings };
	// `<` escaped: the JSON cannot end its script element, whatever a table holds.
	const json = JSON.stringify(data).replace(/</g, "\\u003c");
	return template
		.replace('<html lang="en">', `<html lang="${language}">`)
		.replace(/\{\{([\w.]+)\}\}/g, (whole, key: string) =>
			Object.hasOwn(strings, key) ? escapeHtml(strings[key as WebStringKey]) : whole,
		)
		.replace("</head>", `<script type="application/json" id="${PAGE_STRINGS_ID}">${json}</script>\n</head>`);
}
