import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createWorkspace,
	expectSuccess,
	resultJson,
	runPrint,
	SPEC_EXAMPLE,
	SPEC_RESULT,
	type Workspace,
} from "./harness.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
});
afterEach(() => ws.cleanup());

describe("ask_user in pi -p with --answers", () => {
	it("answers the spec's example up front and the model reads exactly the spec's result", () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		const run = runPrint(ws, ["--answers", '["PostgreSQL (Recommended)", "order-processor"]', "set up the service"]);
		expectSuccess(run);
		const result = ws.lastToolResult();
		expect(result?.isError).toBe(false);
		expect(resultJson(result?.text)).toEqual(SPEC_RESULT);
	});

	it("reports a malformed call as a clear isError result and shows no UI", () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [] } } }]);
		const run = runPrint(ws, ["set up the service"]);
		expectSuccess(run);
		const result = ws.lastToolResult();
		expect(result?.isError).toBe(true);
		expect(result?.text).toContain("questions is empty");
	});

	it("accepts a Claude Code AskUserQuestion-shaped call", () => {
		ws.script([
			{
				toolCall: {
					name: "ask_user",
					arguments: {
						questions: [
							{
								question: "Which library should we use for dates?",
								header: "Library",
								multiSelect: false,
								options: [
									{
										label: "date-fns (Recommended)",
										description: "Modular",
										preview: "import { format } from 'date-fns'",
									},
									{ label: "Luxon", description: "Immutable" },
								],
							},
						],
						answers: {},
						annotations: {},
						metadata: { source: "remember" },
					},
				},
			},
		]);
		runPrint(ws, ["--answers", '["Luxon"]', "pick a date library"]);
		expect(resultJson(ws.lastToolResult()?.text)).toEqual({
			answered: true,
			answers: [
				{
					question: "Which library should we use for dates?",
					answer: "Luxon",
					selectedOption: "Luxon",
					wasCustom: false,
				},
			],
		});
	});
});
