/**
 * Property tests for text hygiene: whatever goes in, `sanitizeText` leaves no escape sequence, control
 * character or bidi override (newlines excepted), `sanitizeLine` also no newline, both are idempotent,
 * and text that was already safe passes through unchanged.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { describe, it } from "vitest";
import { sanitizeLine, sanitizeText } from "../../src/core/text.js";
import { hostileString, RUNS, UNSAFE_CHAR } from "./arbitraries.js";

const anyText = fc.oneof(
	hostileString,
	fc.string({ unit: "binary", maxLength: 80 }),
	fc.array(hostileString, { maxLength: 8 }).map((pieces) => pieces.join("")),
);

/** Text with nothing to remove: no control characters at all apart from newlines. */
const safeText = fc
	.string({ unit: "binary", maxLength: 60 })
	.map((text) => text.replace(new RegExp(UNSAFE_CHAR, "g"), ""));

describe("sanitizeText", () => {
	it("leaves no escape, C0 (but \\n), C1 or bidi control character", () => {
		fc.assert(
			fc.property(anyText, (text) => {
				const clean = sanitizeText(text);
				assert.ok(!UNSAFE_CHAR.test(clean), JSON.stringify(clean));
			}),
			{ numRuns: RUNS },
		);
	});

	it("is idempotent", () => {
		fc.assert(
			fc.property(anyText, (text) => {
				const once = sanitizeText(text);
				assert.equal(sanitizeText(once), once);
			}),
			{ numRuns: RUNS },
		);
	});

	it("leaves safe text unchanged", () => {
		fc.assert(
			fc.property(safeText, (text) => {
				assert.equal(sanitizeText(text), text);
			}),
			{ numRuns: RUNS },
		);
	});
});

describe("sanitizeLine", () => {
	it("leaves no newline and no escape, C0, C1 or bidi control character", () => {
		fc.assert(
			fc.property(anyText, (text) => {
				const clean = sanitizeLine(text);
				assert.ok(!UNSAFE_CHAR.test(clean), JSON.stringify(clean));
				assert.ok(!clean.includes("\n"), JSON.stringify(clean));
			}),
			{ numRuns: RUNS },
		);
	});

	it("is idempotent and agrees with sanitizeText on text without newlines", () => {
		fc.assert(
			fc.property(anyText, (text) => {
				const once = sanitizeLine(text);
				assert.equal(sanitizeLine(once), once);
				assert.equal(sanitizeText(once), once);
			}),
			{ numRuns: RUNS },
		);
	});
});
