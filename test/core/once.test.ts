/** `once`: the wrapped function runs on the first call only, with that call's arguments. */
import { describe, expect, it } from "vitest";
import { once } from "../../src/core/once.js";

describe("once", () => {
	it("calls the function on the first call only, with its arguments", () => {
		const calls: [string, number][] = [];
		const record = once((text: string, n: number) => calls.push([text, n]));
		record("first", 1);
		record("second", 2);
		record("third", 3);
		expect(calls).toEqual([["first", 1]]);
	});

	it("keeps each wrapped function's first call apart", () => {
		const calls: string[] = [];
		const a = once((text: string) => calls.push(`a:${text}`));
		const b = once((text: string) => calls.push(`b:${text}`));
		a("1");
		b("2");
		a("3");
		expect(calls).toEqual(["a:1", "b:2"]);
	});
});
