/** Real calls in other agents' dialects, through the real pi in print mode with --answers. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkspace, expectSuccess, resultJson, runPrint, type Workspace } from "./harness.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
});
afterEach(() => ws.cleanup());

function askThenAnswer(args: unknown, answers: string): void {
	ws.script([{ toolCall: { name: "ask_user", arguments: args } }]);
	const run = runPrint(ws, ["--answers", answers, "go"]);
	expectSuccess(run);
}

describe("ask_user understands other agents' dialects in a real pi run", () => {
	it("a pi-ask-tool call with multi: true, its own Other row and a blank option takes two labels by its id", () => {
		askThenAnswer(
			{
				questions: [
					{
						id: "features",
						question: "Which features should be enabled?",
						description: "Pick **all** you need.",
						options: [{ label: "Logging" }, { label: "" }, { label: "Metrics" }, { label: "Other (please specify)" }],
						multi: true,
					},
				],
			},
			// By the model's own id, as Codex and pi-ask-tool callers would.
			'{"features": ["Logging", "Metrics"]}',
		);
		const result = ws.lastToolResult();
		expect(result?.isError).toBe(false);
		expect(resultJson(result?.text)).toEqual({
			answered: true,
			answers: [
				{
					id: "features",
					question: "Which features should be enabled?",
					answer: ["Logging", "Metrics"],
					selectedOption: ["Logging", "Metrics"],
					wasCustom: false,
				},
			],
		});
	});

	it("Codex's title-only question, Gemini's yesno with double-escaped newlines, Roo's XML follow_up, a confirm nested under input and choices leaking out of the question's markup", () => {
		askThenAnswer(
			{
				questions: [
					{ title: "Was the app installed from the latest internal-testing build?" },
					{ question: "Run the migration now?\\nIt takes 5 minutes.", header: "Migrate", type: "yesno" },
					{ question: "Which config file?", follow_up: "<suggest>./a.json</suggest><suggest>./b.json</suggest>" },
					{ title: "Ship it?", input: { kind: "confirm" } },
					{ question: 'Commit it?</question>\n<parameter name="choices">["Commit", "Wait"]' },
				],
			},
			'["yes, build 42", "Yes", "./b.json", "No", "Wait"]',
		);
		const result = ws.lastToolResult();
		expect(result?.isError).toBe(false);
		expect(resultJson(result?.text)).toEqual({
			answered: true,
			answers: [
				{
					question: "Was the app installed from the latest internal-testing build?",
					answer: "yes, build 42",
					wasCustom: true,
				},
				{
					question: "Run the migration now?\nIt takes 5 minutes.",
					answer: "Yes",
					selectedOption: "Yes",
					wasCustom: false,
				},
				{ question: "Which config file?", answer: "./b.json", selectedOption: "./b.json", wasCustom: false },
				{ question: "Ship it?", answer: "No", selectedOption: "No", wasCustom: false },
				{ question: "Commit it?", answer: "Wait", selectedOption: "Wait", wasCustom: false },
			],
		});
	});

	it("an unusable Roo follow_up is an error that names follow_up, the key the model sent", () => {
		ws.script([{ toolCall: { name: "ask_user", arguments: { question: "Which?", follow_up: "A or B" } } }]);
		expectSuccess(runPrint(ws, ["go"]));
		const result = ws.lastToolResult();
		expect(result?.isError).toBe(true);
		expect(result?.text).toContain('follow_up must be an array of { "label": "…" }, got a string');
	});
});
