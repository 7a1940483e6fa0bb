/**
 * Two processes answer an MCP client's pending file at the same instant, while the real server waits on it (the
 * official MCP client over real stdio): the client gets exactly the answer of the one told it was written, and the
 * other is told the file is answered already. Several asks in a row, one server.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { instantSoon, type Racer, startRacer, stopRacers } from "../pending/racer.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";
import { type McpSession, pendingFile, pendingFiles, resultJson, startMcp, waitFor } from "./mcp-client.js";

const ROUNDS = 5;

let mcp: McpSession;
let racers: Racer[];
beforeAll(async () => {
	racers = [startRacer(), startRacer()];
	// The racers (pi's and the page's writers) record the person's answers where the server reads them.
	mcp = await startMcp({ env: { PI_CODING_AGENT_DIR: TEST_AGENT_DIR as string } });
	// Both racers have loaded their modules before the first instant (tsx compiles on the first load).
	await Promise.all(racers.map((racer) => racer.race({ path: "/nonexistent", answer: "", via: "pi", at: 0 })));
});
afterAll(async () => {
	stopRacers(racers);
	await mcp.close();
});

describe("two processes answer an MCP client's file at once", () => {
	it("the client gets the one answer written, once; the other writer is told it is answered already", async () => {
		for (let round = 0; round < ROUNDS; round++) {
			const call = mcp.client.callTool(
				{ name: "ask_user", arguments: { questions: [{ question: "Which database?", options: ["A", "B"] }] } },
				undefined,
				{ timeout: patient(60_000) },
			);
			const { path } = await pendingFile(mcp.folder);
			const at = instantSoon();
			const [a, b] = await Promise.all([
				(racers[0] as Racer).race({ path, answer: "A", via: "pi", at }),
				(racers[1] as Racer).race({ path, answer: "B", via: "pi", at }),
			]);
			const told = [a.result, b.result].sort();
			const winner = a.result === "written" ? "A" : "B";
			const result = resultJson((await call) as never);
			expect({ told, values: (result.answers as { values: string[] }[]).map((answer) => answer.values) }).toEqual({
				told: ["answered-already", "written"],
				values: [[winner]],
			});
			await waitFor(() => (pendingFiles(mcp.folder).length === 0 ? true : undefined), "the file to go");
		}
	}, 180_000);
});
