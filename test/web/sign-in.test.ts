/** Sign-in codes, pure: once each, for ten minutes; using or trying an expired code makes the next one. */
import { describe, expect, it } from "vitest";
import { createSignInCodes, SIGN_IN_LIFETIME_MS } from "../../src/web/sign-in.js";

function codes() {
	let clock = 1_000;
	let made = 0;
	const signIn = createSignInCodes({ now: () => clock, newCode: () => `code-${++made}` });
	return { signIn, advance: (ms: number) => (clock += ms) };
}

describe("sign-in codes", () => {
	it("a code works once: the second use is refused, and the next code works", () => {
		const { signIn } = codes();
		expect(signIn.current()).toBe("code-1");
		expect(signIn.use("code-1")).toEqual({ kind: "signed-in", next: "code-2" });
		expect(signIn.use("code-1")).toEqual({ kind: "unknown" });
		expect(signIn.use("code-2")).toEqual({ kind: "signed-in", next: "code-3" });
	});

	it("a code older than ten minutes signs nobody in; trying it makes a new one", () => {
		const { signIn, advance } = codes();
		expect(SIGN_IN_LIFETIME_MS).toBe(600_000);
		advance(SIGN_IN_LIFETIME_MS - 1);
		expect(signIn.use("code-1").kind).toBe("signed-in");
		advance(SIGN_IN_LIFETIME_MS);
		expect(signIn.use("code-2")).toEqual({ kind: "expired", next: "code-3" });
		expect(signIn.use("code-2")).toEqual({ kind: "unknown" });
		expect(signIn.use("code-3").kind).toBe("signed-in");
	});

	it("renewing makes the current code useless; wrong codes never sign in", () => {
		const { signIn } = codes();
		expect(signIn.renew()).toBe("code-2");
		expect(signIn.use("code-1")).toEqual({ kind: "unknown" });
		for (const wrong of ["", "code-", "code-22", "CODE-2"]) expect(signIn.use(wrong)).toEqual({ kind: "unknown" });
		expect(signIn.current()).toBe("code-2");
	});
});
