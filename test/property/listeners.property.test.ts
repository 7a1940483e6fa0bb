/**
 * Every listener the package opens in a pi, against generated traffic from any local process: request lines, headers
 * and WebSocket frames. Nothing escapes a handler (no uncaught exception, no handler failure), a target no URL parser
 * takes gets 400, and the listener still serves a legitimate client afterwards.
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startParentRoute } from "../../src/children/parent-route.js";
import type { AskOutcome } from "../../src/core/types.js";
import { createRemoteBridge } from "../../src/remote/bridge.js";
import { DATABASE } from "../fixtures.js";
import { BAD_TARGETS, rawExchange, rawRequests } from "./raw-traffic.js";

const uncaught: unknown[] = [];
const record = (error: unknown) => uncaught.push(error);
beforeEach(() => {
	uncaught.length = 0;
	process.on("uncaughtException", record);
});
afterEach(() => {
	process.off("uncaughtException", record);
});

describe("the children's route (startParentRoute) under generated traffic", () => {
	it("refuses what it cannot take, never throws, and still answers a child afterwards", async () => {
		const failures: unknown[] = [];
		const shown: ((outcome: AskOutcome) => void)[] = [];
		const route = await startParentRoute({
			show: () => new Promise<AskOutcome>((reply) => shown.push(reply)),
			record: () => {},
			listenerFailed: (error) => failures.push(error),
		});
		try {
			const port = Number(new URL(route.route.url).port);
			for (const target of BAD_TARGETS.filter((t) => t.length > 0)) {
				const reply = await rawExchange(
					port,
					Buffer.from(`GET ${target} HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`),
				);
				expect(reply, target).toMatch(/^HTTP\/1\.1 400/);
			}
			await fc.assert(
				fc.asyncProperty(
					rawRequests({ paths: ["/agent", "/"], authorization: `Bearer ${route.route.token}` }),
					async (bytes) => {
						await rawExchange(port, bytes, 300);
					},
				),
				{ numRuns: 300 },
			);
			expect(failures).toEqual([]);
			expect(uncaught).toEqual([]);
			// A legitimate child still asks and gets the person's answer.
			const bridge = createRemoteBridge(
				{
					url: route.route.url,
					token: route.route.token,
					sessionKey: "child",
					agentId: "pi-child",
					timeoutMs: 30_000,
					connectTimeoutMs: 3_000,
					allowInsecure: false,
				},
				{ logger: { warn: () => {} } },
			);
			const asked = bridge.ask({ questions: [DATABASE] });
			while (shown.length === 0) await new Promise((done) => setTimeout(done, 20));
			shown[0]?.({
				kind: "answered",
				answers: [
					{
						question: DATABASE.question,
						answer: "SQLite",
						selectedOption: "SQLite",
						wasCustom: false,
					},
				],
			});
			const outcome = await asked;
			expect(outcome).toMatchObject({ kind: "answered", answers: [{ answer: "SQLite" }] });
			bridge.dispose();
		} finally {
			await route.close();
		}
	}, 120_000);
});
