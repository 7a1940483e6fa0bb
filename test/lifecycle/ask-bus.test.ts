/**
 * The ask bus's listener (lifecycle/ask-bus.ts) follows pi's sessions itself: an ask on the channel goes to the
 * session running now, a refusal is told in that session; before the first session the asker hears "no session is
 * running" and a refusal goes to stderr; after a session ended the instance no longer listens. A stand-in pi records
 * the handlers; the last case runs on pi's own event bus.
 */
import { createEventBus, type ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { ASK_CHANNEL, listenForBusAsks } from "../../src/lifecycle/ask-bus.js";
import type { AskHandler } from "../../src/tool/ask-user-tool.js";

const REQUEST = { questions: [{ question: "Deploy?", options: [{ label: "Yes" }, { label: "No" }] }] };

function standInPi() {
	const handlers = new Map<string, ((event: unknown, ctx: unknown) => unknown)[]>();
	let channel: { name: string; handler: (data: unknown) => unknown } | undefined;
	const pi = {
		on: (event: string, handler: (event: unknown, ctx: unknown) => unknown) => {
			handlers.set(event, [...(handlers.get(event) ?? []), handler]);
		},
		events: {
			on: (name: string, handler: (data: unknown) => unknown) => {
				channel = { name, handler };
				return () => {
					channel = undefined;
				};
			},
			emit: () => undefined,
		},
	};
	return {
		pi: pi as never,
		emitPi: (event: string, ctx?: ExtensionContext) => {
			for (const handler of handlers.get(event) ?? []) handler({ type: event }, ctx);
		},
		/** An ask on the channel; false when nobody listens. */
		ask: async (data: unknown) => {
			if (channel === undefined) return false;
			expect(channel.name).toBe(ASK_CHANNEL);
			await channel.handler(data);
			return true;
		},
	};
}

const session = (id: string) => ({ cwd: "/project", sessionManager: { getSessionId: () => id } }) as never;

describe("listenForBusAsks", () => {
	it("asks in the session running now and tells refusals there; before one, refuses and writes to stderr; after one, leaves the bus", async () => {
		const { pi, emitPi, ask } = standInPi();
		const askedIn: string[] = [];
		const askHandler: AskHandler = async (request) => {
			askedIn.push(request.ctx.sessionManager.getSessionId());
			return { outcome: { kind: "cancelled" }, mode: "interactive" };
		};
		const told: string[] = [];
		const stderr: string[] = [];
		listenForBusAsks(pi, {
			ask: askHandler,
			frontEnd: (ctx) => ({
				tell: (text, level) => told.push(`${ctx.sessionManager.getSessionId()} ${level}: ${text}`),
			}),
			stderrLine: (text) => stderr.push(text),
		});
		const replies: unknown[] = [];
		const reply = (result: unknown) => replies.push(result);

		await ask({ id: "a", request: REQUEST, reply });
		await ask("garbage");
		expect(replies).toEqual([{ answered: false, answers: [], error: "no session is running" }]);
		expect(stderr).toHaveLength(1);

		emitPi("session_start", session("s1"));
		await ask({ id: "b", request: REQUEST, reply });
		emitPi("session_shutdown");
		emitPi("session_start", session("s2"));
		await ask({ id: "c", request: REQUEST, reply });
		await ask("garbage");
		expect(askedIn).toEqual(["s1", "s2"]);
		expect(told).toEqual([expect.stringMatching(/^s2 warning: pi-ask-anywhere: refused an ask/)]);

		// Ended: the instance leaves the bus (a fresh one, or this one's next session, answers).
		emitPi("session_shutdown");
		expect(await ask({ id: "d", request: REQUEST, reply })).toBe(false);
		expect(askedIn).toHaveLength(2);
		expect(stderr).toHaveLength(1);
		expect(told).toHaveLength(1);
	});
});

describe("listenForBusAsks on pi's own event bus", () => {
	it("an instance whose session ended leaves the bus: an ask after a reload gets exactly one reply, the new session's", async () => {
		// pi 0.73.1 keeps one bus across /reload and loads a fresh instance of each extension onto it.
		const bus = createEventBus();
		const instance = (answer: string) => {
			const handlers = new Map<string, ((event: unknown, ctx: unknown) => unknown)[]>();
			const pi = {
				on: (event: string, handler: (event: unknown, ctx: unknown) => unknown) => {
					handlers.set(event, [...(handlers.get(event) ?? []), handler]);
				},
				events: bus,
			};
			listenForBusAsks(pi as never, {
				ask: async () => ({
					outcome: { kind: "answered", answers: [{ question: "Deploy?", answer, wasCustom: false }] },
					mode: "interactive",
				}),
				frontEnd: () => ({ tell: () => undefined }),
				stderrLine: () => undefined,
			});
			return (event: string, ctx?: unknown) => {
				for (const handler of handlers.get(event) ?? []) handler({ type: event }, ctx);
			};
		};
		const ended = instance("old");
		ended("session_start", session("s1"));
		ended("session_shutdown");
		const fresh = instance("new");
		fresh("session_start", session("s1"));
		const replies: unknown[] = [];
		bus.emit(ASK_CHANNEL, { id: "a", request: REQUEST, reply: (result: unknown) => replies.push(result) });
		await expect.poll(() => replies.length).toBe(1);
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(replies).toEqual([expect.objectContaining({ answered: true })]);
		expect(JSON.stringify(replies)).toContain("new");
	});
});
