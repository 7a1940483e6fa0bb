/** pi's modules under whichever name the running pi answers to, and an error that names every attempt. */
import { describe, expect, it } from "vitest";
import { importFirst, loadPiModules } from "../../src/host/pi-modules.js";

const only =
	(available: Record<string, unknown>) =>
	async (name: string): Promise<unknown> => {
		if (name in available) return available[name];
		throw new Error(`Cannot find package '${name}'\n    at somewhere`);
	};

describe("importFirst", () => {
	it("takes the first name that loads", async () => {
		const load = only({ b: "B", c: "C" });
		expect(await importFirst(["a", "b", "c"], load)).toBe("B");
	});
	it("names every failed attempt (first line of each error) and how to load the package through pi", async () => {
		await expect(importFirst(["a", "b"], only({}))).rejects.toThrow(
			/a: Cannot find package 'a'; b: Cannot find package 'b'\). Load it through pi instead/,
		);
	});
});

describe("loadPiModules", () => {
	it("loads pi 0.73.1 by its old names", async () => {
		const modules = await loadPiModules(
			only({ "@mariozechner/pi-coding-agent": { v: "old" }, "@mariozechner/pi-tui": { t: "old" } }),
		);
		expect(modules).toEqual({ codingAgent: { v: "old" }, tui: { t: "old" } });
	});
	it("loads pi >=0.74 in an app that installed only @earendil-works", async () => {
		const modules = await loadPiModules(
			only({ "@earendil-works/pi-coding-agent": { v: "new" }, "@earendil-works/pi-tui": { t: "new" } }),
		);
		expect(modules).toEqual({ codingAgent: { v: "new" }, tui: { t: "new" } });
	});
});
