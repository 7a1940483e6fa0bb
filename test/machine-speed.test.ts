/** The factor the end-to-end waits are scaled by (from one measured pi start, or fixed by the setting), and how many files run at once. */
import { describe, expect, it } from "vitest";
import {
	MOST_PATIENCE,
	mayStartPi,
	PATIENCE_VARIABLE,
	patienceFor,
	QUIET_PI_START_MS,
	workersFor,
} from "./machine-speed.js";
import { patienceFactor, patient } from "./patience.js";

describe("patienceFor", () => {
	it.each([
		["a quiet start", undefined, QUIET_PI_START_MS / 2, 1],
		["a start as on a quiet machine", undefined, QUIET_PI_START_MS, 1],
		["a start four times as long", undefined, QUIET_PI_START_MS * 4, 4],
		["a start 2.34 times as long, to a tenth", undefined, QUIET_PI_START_MS * 2.34, 2.3],
		["a start that never ended", undefined, QUIET_PI_START_MS * 100, MOST_PATIENCE],
		["nothing measured", undefined, undefined, 1],
		["the setting, which wins over the measurement", "3", QUIET_PI_START_MS * 8, 3],
		["a setting below 1", "0.5", undefined, 1],
		["a setting above the most", "50", undefined, MOST_PATIENCE],
		["an empty setting, as unset", "", QUIET_PI_START_MS * 2, 2],
	] as const)("%s", (_name, setting, startMs, factor) => {
		expect(patienceFor(setting, startMs).factor).toBe(factor);
	});

	it("refuses a setting that is not a positive number, naming the variable", () => {
		expect(() => patienceFor("slow", undefined)).toThrow(`${PATIENCE_VARIABLE}=slow is not a positive number`);
		expect(() => patienceFor("-2", undefined)).toThrow(PATIENCE_VARIABLE);
	});
});

describe("workersFor", () => {
	it("runs three files at once only when a pi start was measured cheap", () => {
		expect(workersFor(600)).toBe(3);
		expect(workersFor(999)).toBe(3);
		expect(workersFor(1_000)).toBe(2);
		expect(workersFor(1_900)).toBe(2);
		expect(workersFor(undefined)).toBe(2);
	});
});

describe("mayStartPi", () => {
	const vitest = ["/usr/bin/node", "/repo/node_modules/vitest/vitest.mjs"];
	it.each([
		["the whole suite", ["run"], true],
		["the whole suite, watching", [], true],
		["an end-to-end file", ["run", "--maxWorkers=1", "test/e2e/tui.test.ts"], true],
		["a web test among unit tests", ["run", "test/core", "test/web/browser.test.ts"], true],
		["an MCP test (it starts pi too)", ["run", "test/mcp/pi-same-folder.test.ts"], true],
		["unit tests only", ["run", "--maxWorkers", "1", "test/core/validate.test.ts", "test/ui"], false],
	] as const)("%s: %s", (_name, args, expected) => {
		expect(mayStartPi([...vitest, ...args])).toBe(expected);
	});
});

describe("patient", () => {
	it("scales a quiet-machine wait by this run's factor, provided by the vitest config", () => {
		const factor = patienceFactor();
		expect(factor).toBeGreaterThanOrEqual(1);
		expect(factor).toBeLessThanOrEqual(MOST_PATIENCE);
		expect(patient(20_000)).toBe(Math.round(20_000 * factor));
	});
});
