/**
 * The ask bus's listener (lifecycle/ask-bus.ts) follows pi's sessions itself: an ask on the channel goes to the
 * session running now, a refusal is told in that session, and before the first session and after one ended the
 * asker hears "no session is running" and the refusal goes to stderr. A stand-in pi records the handlers.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
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
				return () => undefined;
			},
			emit: () => undefined,
		},
	};
	return {
		pi: pi as never,
		emitPi: (event: string, ctx?: ExtensionContext) => {
			for (const handler of handlers.get(event) ?? []) handler({ type: event }, ctx);
		},
		ask: async (data: unknown) => {
			expect(channel?.name).toBe(ASK_CHANNEL);
			await channel?.handler(data);
		},
	};
}

const session = (id: string) => ({ cwd: "/project", sessionManager: { getSessionId: () => id } }) as never;

describe("listenForBusAsks", () => {
	it("asks in the session running now and tells refusals there; outside a session, refuses and writes to stderr", async () => {
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

		emitPi("session_shutdown");
		await ask({ id: "d", request: REQUEST, reply });
		await ask("garbage");
		expect(askedIn).toHaveLength(2);
		expect(replies.at(-1)).toEqual({ answered: false, answers: [], error: "no session is running" });
		expect(stderr).toHaveLength(2);
		expect(told).toHaveLength(1);
	});
});
