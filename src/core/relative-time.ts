/**
 * When a pending ask was saved, as a person reads it in a listing: "5 min ago", "yesterday", or the local date
 * when it is older than a week. Never a raw UTC ISO time.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(iso: string, now: Date): string {
	const then = new Date(iso);
	const ms = now.getTime() - then.getTime();
	if (Number.isNaN(ms)) return "at an unknown time";
	if (ms < -MINUTE) return "in the future";
	if (ms < MINUTE) return "just now";
	if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
	if (ms < DAY) return `${Math.floor(ms / HOUR)} h ago`;
	if (ms < 2 * DAY) return "yesterday";
	if (ms < 7 * DAY) return `${Math.floor(ms / DAY)} days ago`;
	return then.toLocaleDateString();
}
