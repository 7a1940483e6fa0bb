/// <reference lib="dom" />
/**
 * The page's text in the person's language: the table the server embedded in the HTML (../page-html.ts), the
 * placeholders filled, sizes and times written the way that language writes them.
 */
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

/** "5 min ago" by this device's clock, in the page's language. */
export function timeAgo(at: number, now = Date.now()): string {
	const minutes = Math.round((now - at) / 60_000);
	if (minutes < 1) return t("card.justNow");
	const relative = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
	if (minutes < 60) return relative.format(-minutes, "minute");
	const hours = Math.round(minutes / 60);
	if (hours < 36) return relative.format(-hours, "hour");
	return relative.format(-Math.round(hours / 24), "day");
}
