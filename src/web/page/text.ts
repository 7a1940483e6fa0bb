/// <reference lib="dom" />
/**
 * The page's text in the person's language: the table the server embedded in the HTML (../page-html.ts), the
 * placeholders filled, sizes and times written the way that language writes them.
 */

import { relativeTime } from "../../core/relative-time.js";
import type { WebStringKey } from "../../i18n/web/en.js";
import { fillText } from "../../i18n/web/fill.js";
import { PAGE_STRINGS_ID, type PageStrings } from "./page-strings.js";

const embedded = JSON.parse(document.getElementById(PAGE_STRINGS_ID)?.textContent ?? "{}") as Partial<PageStrings>;

/** The page's language (a BCP 47 tag, as `<html lang>` has it). */
export const language: string = embedded.language ?? "en";

/** The text for `key` in the page's language, its `{placeholders}` filled from `values`. */
export function t(key: WebStringKey, values?: Readonly<Record<string, string | number>>): string {
	return fillText(embedded.strings?.[key] ?? key, values);
}

/** "3.8 MB", "120 kB": a size as the page's language writes it. */
export function formatSize(bytes: number): string {
	const [unit, amount] =
		bytes >= 1024 * 1024
			? ["megabyte", bytes / (1024 * 1024)]
			: bytes >= 1024
				? ["kilobyte", bytes / 1024]
				: ["byte", bytes];
	return new Intl.NumberFormat(language, {
		style: "unit",
		unit,
		unitDisplay: "short",
		maximumFractionDigits: 1,
	}).format(amount);
}

/**
 * "5 minutes ago" by this device's clock, in the page's language: the same rule as the terminal's listings
 * (core/relative-time.ts), written by `Intl.RelativeTimeFormat`. A time a little ahead (another machine's clock)
 * reads as just now.
 */
export function timeAgo(at: number, now = Date.now()): string {
	const justNow = t("card.justNow");
	return relativeTime(new Date(at).toISOString(), new Date(now), {
		locale: language,
		unknown: justNow,
		future: justNow,
	});
}
