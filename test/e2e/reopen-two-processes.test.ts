/**
 * A cancelled ask reopened in two pi processes that continue one session: the one whose dialog shows it holds it,
 * like any ask open in a dialog, and the other refuses to ask it too. Two real pi processes at once.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { createWorkspace, resultJson, sleep, startRpc, type Workspace } from "./harness.js";
import { rpcClient, startAsking, stopRpc } from "./rpc-client.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const ASK = {
	questions: [{ question: "Deploy now?", header: "Deploy", options: [{ label: "Yes" }, { label: "No" }] }],
};

describe("/questions reopen in two processes at once", () => {
	it(
		"only one dialog asks it; the other says which pi holds it",
		async () => {
			const first = startAsking(ws, ASK);
			first.ui.cancel(await first.ui.dialog("select"));
			const { blocks } = await first.ui.resultBlocks();
			expect(resultJson(blocks[0])).toMatchObject({ cancelled: true });
			await first.ui.finished();
			await stopRpc(first.rpc);

			const one = startRpc(ws, ["-c"]);
			const two = startRpc(ws, ["-c"]);
			try {
				one.send({ type: "prompt", message: "/questions reopen" });
				const dialog = await rpcClient(one).dialog("select");
				two.send({ type: "prompt", message: "/questions reopen" });
				const refused = await two.waitFor(
					(line) => line.type === "extension_ui_request" && line.method === "notify",
					60_000,
				);
				expect(String(refused.message)).toContain(String(one.child.pid));
				await sleep(1_000);
				expect(two.lines.some((l) => l.type === "extension_ui_request" && l.method === "select")).toBe(false);
				rpcClient(one).value(dialog, "Yes");
			} finally {
				await stopRpc(one);
				await stopRpc(two);
			}
		},
		patient(180_000),
	);
});
