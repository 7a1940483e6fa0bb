/**
 * When a pending ask was saved, as a person reads it in a listing: "5 min ago", "vor 5 Minuten", "yesterday", or
 * the local date when it is older than a week. Never a raw UTC ISO time. The words come from the run's language
 * (src/i18n/cli/): `Intl.RelativeTimeFormat` in its locale, or English's compact words given here.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type TimeUnit = "second" | "minute" | "hour" | "day";

export interface RelativeTimeWords {
	/** The language tag for `Intl`; unset, the system's locale writes dates. */
	locale?: string;
	/** A time that is not a date. */
	unknown: string;
	/** More than a minute ahead of this clock. */
	future: string;
	/** When set, replaces `Intl.RelativeTimeFormat`. */
	ago?: (value: number, unit: TimeUnit) => string;
}

const UNIT_WORD = { second: "s", minute: "min", hour: "h", day: "days" } as const;

export const ENGLISH_TIMES: RelativeTimeWords = {
	unknown: "at an unknown time",
	future: "in the future",
	ago: (value, unit) =>
		unit === "second" ? "just now" : unit === "day" && value === 1 ? "yesterday" : `${value} ${UNIT_WORD[unit]} ago`,
};

export function relativeTime(iso: string, now: Date, words: RelativeTimeWords = ENGLISH_TIMES): string {
	const then = new Date(iso);
	const ms = now.getTime() - then.getTime();
	if (Number.isNaN(ms)) return words.unknown;
	if (ms < -MINUTE) return words.future;
	if (ms >= 7 * DAY) return then.toLocaleDateString(words.locale);
	const [value, unit]: [number, TimeUnit] =
		ms < MINUTE
			? [0, "second"]
			: ms < HOUR
				? [Math.floor(ms / MINUTE), "minute"]
				: ms < DAY
					? [Math.floor(ms / HOUR), "hour"]
					: [Math.floor(ms / DAY), "day"];
	if (words.ago) return words.ago(value, unit);
	return new Intl.RelativeTimeFormat(words.locale, { numeric: "auto" }).format(-value, unit);
}
