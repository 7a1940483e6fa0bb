/** The one abort helper: a wait that an abort ends at once, without leaking its listener. */
import { describe, expect, it } from "vitest";
import { unlessAborted } from "../../src/core/abort.js";

describe("unlessAborted", () => {
	it("gives the value when no abort comes", async () => {
		expect(await unlessAborted(Promise.resolve(5), new AbortController().signal)).toBe(5);
		expect(await unlessAborted(Promise.resolve(5), undefined)).toBe(5);
	});

	it("gives undefined as soon as the signal aborts, also when it already had", async () => {
		const controller = new AbortController();
		const waiting = unlessAborted(new Promise<number>(() => {}), controller.signal);
		controller.abort();
		expect(await waiting).toBeUndefined();
		expect(await unlessAborted(Promise.reject(new Error("late")), controller.signal)).toBeUndefined();
	});

	it("passes a failure through and removes its abort listener once settled", async () => {
		const controller = new AbortController();
		let listeners = 0;
		const add = controller.signal.addEventListener.bind(controller.signal);
		const remove = controller.signal.removeEventListener.bind(controller.signal);
		controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
			listeners++;
			add(...args);
		}) as typeof add;
		controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
			listeners--;
			remove(...args);
		}) as typeof remove;
		await expect(unlessAborted(Promise.reject(new Error("boom")), controller.signal)).rejects.toThrow("boom");
		expect(await unlessAborted(Promise.resolve(1), controller.signal)).toBe(1);
		expect(listeners).toBe(0);
	});
});
