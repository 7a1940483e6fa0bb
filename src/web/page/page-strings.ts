/** How the server hands the page its text (../page-html.ts writes it, text.ts reads it): shared, no DOM. */
import type { Language } from "../../i18n/languages.js";
import type { WebStrings } from "../../i18n/web/en.js";

/** The id of the `<script type="application/json">` holding the page's table. */
export const PAGE_STRINGS_ID = "page-strings";

/** What the page's script is handed: its language and its table. */
export interface PageStrings {
	language: Language;
	strings: WebStrings;
}
