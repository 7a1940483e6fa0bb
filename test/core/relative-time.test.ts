/** The "5 min ago" of pending-question listings: local, short, and never a raw UTC ISO time. */
import { describe, expect, it } from "vitest";
import { relativeTime } from "../../src/core/relative-time.js";

const NOW = new Date("2026-11-24T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe("relativeTime", () => {
	it.each([
		[ago(5_000), "just now"],
		[ago(60_000), "1 min ago"],
		[ago(5 * 60_000 + 20_000), "5 min ago"],
		[ago(3 * 3_600_000), "3 h ago"],
		[ago(26 * 3_600_000), "yesterday"],
		[ago(4 * 86_400_000), "4 days ago"],
	])("%s → %s", (iso, words) => {
		expect(relativeTime(iso, NOW)).toBe(words);
	});

	it("an older time is the local date; a time in the future or not a time says what it is", () => {
		expect(relativeTime(ago(40 * 86_400_000), NOW)).toBe(new Date(ago(40 * 86_400_000)).toLocaleDateString());
		expect(relativeTime(new Date(NOW.getTime() + 3_600_000).toISOString(), NOW)).toBe("in the future");
		expect(relativeTime("yesterday-ish", NOW)).toBe("at an unknown time");
	});
});
