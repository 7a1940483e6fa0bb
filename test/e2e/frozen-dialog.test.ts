/**
 * A pi frozen with its dialog open (SIGSTOP: a debugger, a paused machine) for longer than a claim lives, while
 * another pi delivers the same questions: the resumed pi's dialog must not deliver a second answer. Two real pi
 * processes and real signals.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { createWorkspace, piArgs, resultJson, runPiAsync, sleep, type Workspace } from "./harness.js";
import { rpcClient, startAsking, stopRpc } from "./rpc-client.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const ASK = {
	questions: [{ question: "Deploy now?", header: "Deploy", options: [{ label: "Yes" }, { label: "No" }] }],
};

describe("a frozen pi and another pi's delivery", () => {
	it(
		"the resumed dialog sends nothing and the model of the frozen pi reads interrupted",
		async () => {
			const { rpc } = startAsking(ws, ASK);
			const ui = rpcClient(rpc);
			const dialog = await ui.dialog("select");
			const pid = rpc.child.pid ?? 0;
			process.kill(pid, "SIGSTOP");
			try {
				// A claim lives three refresh intervals (15 s) without a refresh.
				await sleep(17_000);
				const other = await runPiAsync(ws, piArgs(["-p", "-c", "--answers", '["Yes"]', "go on"]));
				expect(other.code, other.stderr).toBe(0);
			} finally {
				process.kill(pid, "SIGCONT");
			}
			ui.value(dialog, "No");
			const { blocks } = await ui.resultBlocks();
			const result = resultJson(blocks[0]);
			expect(result.answered).toBe(false);
			expect(JSON.stringify(result)).not.toContain('"No"');
			await stopRpc(rpc);
		},
		patient(120_000),
	);
});
