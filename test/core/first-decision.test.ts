/**
 * The decision slot every surface plugs into: the first decision from any channel is taken once, `decided` says which
 * channel won, the notice comes once, and a slot closed by its signal takes nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFirstDecision } from "../../src/core/first-decision.js";

type Channel = "dialog" | "web" | "phone";

describe("createFirstDecision", () => {
	it("takes the first decision only, names its channel and tells it once", async () => {
		const told: [string, Channel][] = [];
		const slot = createFirstDecision<string, Channel>({ decided: (decision, from) => told.push([decision, from]) });
		expect(slot.decided.aborted).toBe(false);
		expect(slot.taken).toBeUndefined();
		expect(slot.decide("yes", "web")).toBe(true);
		expect(slot.decide("no", "dialog")).toBe(false);
		expect(slot.decide("yes", "web")).toBe(false);
		expect(slot.decided.aborted).toBe(true);
		expect(slot.decided.reason).toBe("web");
		expect(slot.taken).toEqual({ decision: "yes", from: "web" });
		expect(await slot.first).toEqual({ decision: "yes", from: "web" });
		expect(told).toEqual([["yes", "web"]]);
	});

	it("is decided already when the notice runs, so a channel deciding from inside it is refused", () => {
		const slot = createFirstDecision<string, Channel>({
			decided: () => expect(slot.decide("again", "phone")).toBe(false),
		});
		expect(slot.decide("yes", "dialog")).toBe(true);
		expect(slot.taken?.from).toBe("dialog");
	});

	it("lets the other channels stop from `decided` even when the notice throws", () => {
		const slot = createFirstDecision<string, Channel>({
			decided: () => {
				throw new Error("log full");
			},
		});
		const stopped: unknown[] = [];
		slot.decided.addEventListener("abort", () => stopped.push(slot.decided.reason));
		expect(() => slot.decide("yes", "phone")).toThrow("log full");
		expect(stopped).toEqual(["phone"]);
		expect(slot.decide("no", "web")).toBe(false);
	});

	it("takes one of two channels deciding at once", async () => {
		const slot = createFirstDecision<string, Channel>();
		const results = await Promise.all([
			Promise.resolve().then(() => slot.decide("from the page", "web")),
			Promise.resolve().then(() => slot.decide("from the phone", "phone")),
		]);
		expect(results).toEqual([true, false]);
		expect((await slot.first).from).toBe("web");
	});

	it("takes nothing once its signal aborted, and `decided` stays unaborted", () => {
		const stop = new AbortController();
		const told: string[] = [];
		const slot = createFirstDecision<string, Channel>({
			signal: stop.signal,
			decided: (decision) => told.push(decision),
		});
		stop.abort();
		expect(slot.decide("yes", "dialog")).toBe(false);
		expect(slot.decided.aborted).toBe(false);
		expect(slot.taken).toBeUndefined();
		expect(told).toEqual([]);
	});

	it("takes nothing when its signal was aborted before it was made", () => {
		const slot = createFirstDecision<string, Channel>({ signal: AbortSignal.abort() });
		expect(slot.decide("yes", "dialog")).toBe(false);
		expect(slot.decided.aborted).toBe(false);
	});

	it("keeps its decision when its signal aborts afterwards", async () => {
		const stop = new AbortController();
		const slot = createFirstDecision<string, Channel>({ signal: stop.signal });
		expect(slot.decide("yes", "web")).toBe(true);
		stop.abort();
		expect(slot.taken).toEqual({ decision: "yes", from: "web" });
		expect(await slot.first).toEqual({ decision: "yes", from: "web" });
		expect(slot.decide("no", "phone")).toBe(false);
	});

	it("is not decided by a channel that throws before deciding", async () => {
		const slot = createFirstDecision<string, Channel>();
		const failing = Promise.reject(new Error("socket closed")).then(
			(decision: string) => slot.decide(decision, "web"),
			() => false,
		);
		expect(await failing).toBe(false);
		expect(slot.decided.aborted).toBe(false);
		expect(slot.decide("yes", "dialog")).toBe(true);
		expect((await slot.first).from).toBe("dialog");
	});

	it("takes exactly the first of any sequence of decisions, aborts and closes", () => {
		const channel = fc.constantFrom<Channel>("dialog", "web", "phone");
		const step = fc.oneof(
			fc.record({ kind: fc.constant("decide" as const), decision: fc.string(), from: channel }),
			fc.record({ kind: fc.constant("close" as const) }),
		);
		fc.assert(
			fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
				const stop = new AbortController();
				const told: [string, Channel][] = [];
				const slot = createFirstDecision<string, Channel>({
					signal: stop.signal,
					decided: (decision, from) => told.push([decision, from]),
				});
				const closedAt = steps.findIndex((s) => s.kind === "close");
				const open = closedAt === -1 ? steps : steps.slice(0, closedAt);
				const expected = open.find((s) => s.kind === "decide");
				const took = steps.map((s) => {
					if (s.kind === "decide") return slot.decide(s.decision, s.from);
					stop.abort();
					return undefined;
				});
				expect(took.filter((t) => t === true)).toHaveLength(expected ? 1 : 0);
				if (expected?.kind === "decide") {
					expect(took[steps.indexOf(expected)]).toBe(true);
					expect(slot.taken).toEqual({ decision: expected.decision, from: expected.from });
					expect(slot.decided.reason).toBe(expected.from);
					expect(told).toEqual([[expected.decision, expected.from]]);
				} else {
					expect(slot.taken).toBeUndefined();
					expect(slot.decided.aborted).toBe(false);
					expect(told).toEqual([]);
				}
			}),
		);
	});
});
