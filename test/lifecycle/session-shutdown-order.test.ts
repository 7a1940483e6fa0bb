/**
 * The order of a session's end: the children's route, the lifecycle's, push's. A step that fails is told as one
 * warning line and the later steps still run; the handler pi awaits never rejects. The steps are injected functions
 * that record their calls.
 */
import { describe, expect, it } from "vitest";
import { type SessionShutdownSteps, sessionShutdownInOrder } from "../../src/lifecycle/session-shutdown-order.js";

function recordedSteps(failing: { step: keyof SessionShutdownSteps; error: unknown }[] = []) {
	const calls: string[] = [];
	const step = (name: keyof SessionShutdownSteps) => async () => {
		calls.push(name);
		const failure = failing.find((f) => f.step === name);
		if (failure) throw failure.error;
	};
	const steps: SessionShutdownSteps = { children: step("children"), lifecycle: step("lifecycle"), push: step("push") };
	return { calls, steps, warn: (text: string) => calls.push(`warn: ${text}`) };
}

describe("sessionShutdownInOrder", () => {
	it("ends the children's route, then the lifecycle, then push", async () => {
		const { calls, steps, warn } = recordedSteps();
		await sessionShutdownInOrder(steps, warn)();
		expect(calls).toEqual(["children", "lifecycle", "push"]);
	});

	it("tells a failed step as one warning line and still runs the steps after it", async () => {
		const { calls, steps, warn } = recordedSteps([
			{ step: "children", error: new Error("the route's socket is gone") },
		]);
		await expect(sessionShutdownInOrder(steps, warn)()).resolves.toBeUndefined();
		expect(calls).toEqual(["children", "warn: pi-ask-anywhere: the route's socket is gone", "lifecycle", "push"]);
	});

	it("never rejects, whatever a step throws, and tells each failure once", async () => {
		const { calls, steps, warn } = recordedSteps([
			{ step: "lifecycle", error: "not an Error" },
			{ step: "push", error: new Error("ntfy unreachable") },
		]);
		await expect(sessionShutdownInOrder(steps, warn)()).resolves.toBeUndefined();
		expect(calls).toEqual([
			"children",
			"lifecycle",
			"warn: pi-ask-anywhere: not an Error",
			"push",
			"warn: pi-ask-anywhere: ntfy unreachable",
		]);
	});
});
