/** Reading JSON that came from outside: one object, or which of the two ways a text is not one; never a throw. */
import { describe, expect, it } from "vitest";
import { parseJsonObject } from "../../src/core/json.js";

describe("parseJsonObject", () => {
	it.each([
		["", "not JSON"],
		["{", "not JSON"],
		["{'a': 1}", "not JSON"],
		["null", "not a JSON object"],
		["[]", "not a JSON object"],
		['"text"', "not a JSON object"],
		["42", "not a JSON object"],
	])("%j is %s", (text, reason) => {
		expect(parseJsonObject(text)).toEqual({ ok: false, reason });
	});

	it("gives the object as parsed", () => {
		expect(parseJsonObject('{"type":"event","payload":{"n":1}}')).toEqual({
			ok: true,
			value: { type: "event", payload: { n: 1 } },
		});
	});

	it("keeps a __proto__ key as plain data", () => {
		const parsed = parseJsonObject('{"__proto__":{"polluted":true}}');
		expect(parsed.ok && Object.hasOwn(parsed.value, "__proto__")).toBe(true);
		expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
	});
});
