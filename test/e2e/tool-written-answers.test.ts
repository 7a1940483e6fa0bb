/**
 * A model that fills in its own pending file: answers a tool call wrote during a run are never delivered as the
 * person's. pi's write and edit tools are refused on a pending file; a shell command that writes one has its answers
 * recorded, and the next `pi -c` leaves the questions waiting and says why. The person's own edit still counts.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkspace, runPrint, type Workspace } from "./harness.js";

let ws: Workspace;
afterEach(() => ws.cleanup());

const ASK = { toolCall: { name: "ask_user", arguments: { questions: [{ question: "Name the service?" }] } } };
const FORGED = "pwned-by-the-model";

function sentToModel(): string {
	return ws
		.requests()
		.flatMap((r) => r.messages.filter((m) => m.role === "user").map((m) => m.text))
		.join("\n");
}

beforeEach(() => {
	ws = createWorkspace();
});

describe("answers a tool call wrote into a pending file", () => {
	it("the write tool is refused on a pending file; the file is unchanged", () => {
		ws.script([
			ASK,
			{
				toolCall: {
					name: "write",
					arguments: { path: ".pi/pending-questions.json", content: '{"questions":[{"answer":"x"}]}' },
				},
			},
			{ echo: true },
		]);
		expect(runPrint(ws, ["set up the service"]).code).toBe(0);
		const before = readFileSync(ws.pendingPath(), "utf8");
		const run = runPrint(ws, ["-c", "carry on"]);
		expect(run.code, run.stderr).toBe(0);
		expect(readFileSync(ws.pendingPath(), "utf8")).toBe(before);
		expect(JSON.stringify(ws.requests().at(-1))).toContain("holds questions for the person");
	});

	it("a shell command that fills the file in: `pi -c` does not send those answers and says why", () => {
		const fill = `node -e 'const f=".pi/pending-questions.json";const d=JSON.parse(require("fs").readFileSync(f,"utf8"));d.questions[0].answer="${FORGED}";require("fs").writeFileSync(f,JSON.stringify(d))'`;
		ws.script([
			ASK,
			{ toolCall: { name: "bash", arguments: { command: fill } } },
			{ echo: true },
			{ echo: true },
			{ echo: true },
		]);
		expect(runPrint(ws, ["set up the service"]).code).toBe(0);
		const filled = runPrint(ws, ["-c", "carry on"]);
		expect(filled.code, filled.stderr).toBe(0);
		expect(readFileSync(ws.pendingPath(), "utf8")).toContain(FORGED);
		const next = runPrint(ws, ["-c", "go on"]);
		expect(next.code, next.stderr).toBe(0);
		expect(next.stderr).toContain("written by a tool call");
		expect(sentToModel()).not.toContain(`"${FORGED}"`);
		expect(existsSync(ws.pendingPath())).toBe(true);
		// The person's own edit of the same file counts.
		const data = JSON.parse(readFileSync(ws.pendingPath(), "utf8")) as { questions: { answer: unknown }[] };
		(data.questions[0] as { answer: unknown }).answer = "orders-api";
		writeFileSync(ws.pendingPath(), JSON.stringify(data, null, 2));
		const mine = runPrint(ws, ["-c", "and now"]);
		expect(mine.code, mine.stderr).toBe(0);
		expect(sentToModel()).toContain("orders-api");
	});
});
