/**
 * The MCP ask_user tool's own examples, as golden tests: each input is sent by the official MCP client over stdio to
 * the built server, the person answers in the client's elicitation form, and the result has exactly that tool's
 * output (its generated question ids aside: they are the server's own) — with this product's answer fields beside.
 */
import { afterAll, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { type ElicitHandler, fieldsByName, type McpSession, resultJson, startMcp } from "./mcp-client.js";

const sessions: McpSession[] = [];
afterAll(async () => {
	await Promise.all(sessions.map((session) => session.close()));
});

/** The result's fields that the MCP ask_user tool defines, generated ids replaced by `<generated>`. */
function mcpFields(result: Record<string, unknown>): unknown {
	const answers = (result.answers as Record<string, unknown>[]).map((answer) => {
		const id = String(answer.questionId);
		const picked: Record<string, unknown> = {
			questionId: /^q_\d+$/.test(id) ? "<generated>" : id,
			values: answer.values,
		};
		if (answer.customText !== undefined) picked.customText = answer.customText;
		return picked;
	});
	return { answered: result.answered, cancelled: result.cancelled, timedOut: result.timedOut, answers };
}

async function ask(
	args: Record<string, unknown>,
	elicit: ElicitHandler,
	serverArgs: string[] = [],
): Promise<Record<string, unknown>> {
	const session = await startMcp({ elicit, args: serverArgs });
	sessions.push(session);
	const result = await session.client.callTool({ name: "ask_user", arguments: args });
	expect(result.isError).toBeFalsy();
	const json = resultJson(result as never);
	expect(result.structuredContent).toEqual(json);
	return json;
}

const accept =
	(content: Record<string, unknown>): ElicitHandler =>
	async () => ({ action: "accept", content: content as never });

// Each example runs its own server process: they run at once, so that the timeout's 10 s is the file's longest wait.
describe.concurrent("the MCP ask_user tool's examples", () => {
	it("1: a text question", async () => {
		const result = await ask(
			{
				questions: [
					{
						question: "What would you like to name this function?",
						type: "text",
						placeholder: "e.g., processUserData",
					},
				],
			},
			accept({ q1: "handleUserSubmission" }),
		);
		expect(mcpFields(result)).toEqual({
			answered: true,
			cancelled: false,
			timedOut: false,
			answers: [{ questionId: "<generated>", values: ["handleUserSubmission"] }],
		});
		// This product's fields ride along: the spec's Answer for the same question.
		expect(result.answers).toEqual([
			expect.objectContaining({
				question: "What would you like to name this function?",
				answer: "handleUserSubmission",
				wasCustom: true,
			}),
		]);
	});

	it("2: a single selection, with the dialog's title", async () => {
		let shown: unknown;
		const result = await ask(
			{
				questions: [
					{
						question: "Which framework would you prefer?",
						type: "select",
						options: ["React", "Vue", "Svelte", "Solid"],
					},
				],
				title: "Framework Selection",
			},
			async (request) => {
				shown = request.params;
				return { action: "accept", content: { q1: "Solid" } };
			},
		);
		expect(mcpFields(result)).toEqual({
			answered: true,
			cancelled: false,
			timedOut: false,
			answers: [{ questionId: "<generated>", values: ["Solid"] }],
		});
		// A select is a one-of enum plus an optional text for the person's own answer.
		expect(shown).toMatchObject({
			mode: "form",
			message: expect.stringContaining("Framework Selection"),
			requestedSchema: {
				properties: {
					// "Other" first, in the keys' alphabetical order too (Codex shows fields in that order).
					"01_q1_other": { type: "string" },
					"02_q1": {
						type: "string",
						title: "Which framework would you prefer?",
						oneOf: ["React", "Vue", "Svelte", "Solid"].map((label) => ({ const: label, title: label })),
					},
				},
			},
		});
	});

	it("3: a confirmation, as a Yes/No choice (the user confirms, or says no)", async () => {
		const args = {
			questions: [{ question: "This will delete 15 files. Are you sure?", type: "confirm" }],
			title: "Confirm Deletion",
		};
		let field: unknown;
		const yes = await ask(args, async (request) => {
			field = request.params.mode === "form" ? fieldsByName(request.params.requestedSchema.properties).q1 : undefined;
			return { action: "accept", content: { q1: "Yes" } };
		});
		// Not a boolean checkbox: an untouched box would read as "no" the person never gave.
		expect(field).toMatchObject({ type: "string", oneOf: [{ const: "Yes" }, { const: "No" }] });
		expect(mcpFields(yes)).toEqual({
			answered: true,
			cancelled: false,
			timedOut: false,
			answers: [{ questionId: "<generated>", values: ["yes"] }],
		});
		const no = await ask(args, accept({ q1: "No" }));
		expect(mcpFields(no)).toEqual({
			answered: true,
			cancelled: false,
			timedOut: false,
			answers: [{ questionId: "<generated>", values: ["no"] }],
		});
	});

	it("4: several questions with ids, one of them multi-select", async () => {
		let field: unknown;
		const result = await ask(
			{
				questions: [
					{ id: "name", question: "What should the component be called?", type: "text" },
					{
						id: "style",
						question: "Which styling approach?",
						type: "select",
						options: ["CSS Modules", "Styled Components", "Tailwind", "Plain CSS"],
					},
					{
						id: "features",
						question: "Which features should be included?",
						type: "multi-select",
						options: ["Loading state", "Error handling", "Animation", "Accessibility"],
					},
				],
				title: "Component Configuration",
			},
			async (request) => {
				field = request.params.mode === "form" ? fieldsByName(request.params.requestedSchema.properties).q3 : undefined;
				return {
					action: "accept",
					content: { q1: "UserProfileCard", q2: "Tailwind", q3: ["Loading state", "Error handling", "Accessibility"] },
				};
			},
		);
		expect(field).toMatchObject({
			type: "array",
			items: { anyOf: expect.arrayContaining([{ const: "Animation", title: "Animation" }]) },
		});
		expect(mcpFields(result)).toEqual({
			answered: true,
			cancelled: false,
			timedOut: false,
			answers: [
				{ questionId: "name", values: ["UserProfileCard"] },
				{ questionId: "style", values: ["Tailwind"] },
				{ questionId: "features", values: ["Loading state", "Error handling", "Accessibility"] },
			],
		});
	});

	it("5: the user cancels (declines the client's dialog)", async () => {
		// After the person read it: a decline quicker than the server's quickest person (here 0.2 s) is the client's own.
		const declineAfterReading: ElicitHandler = async () => {
			await new Promise((done) => setTimeout(done, 300));
			return { action: "decline" };
		};
		const result = await ask({ questions: [{ question: "Any additional requirements?" }] }, declineAfterReading, [
			"--quickest-reply",
			"0.2",
		]);
		expect(result).toEqual({ answered: false, cancelled: true, timedOut: false, answers: [] });
	});

	it(
		"6: the timeout runs out (10 s, the shortest the tool allows): timedOut, no option chosen",
		async () => {
			const result = await ask(
				{ questions: [{ question: "Please confirm within 30 seconds", type: "confirm" }], timeout: 10_000 },
				() => new Promise(() => {}),
			);
			expect(mcpFields(result)).toEqual({ answered: false, cancelled: false, timedOut: true, answers: [] });
			expect(result.askId).toEqual(expect.any(String));
		},
		patient(20_000),
	);

	it("Other: the person's own text beside a select is customText, never an option", async () => {
		const result = await ask(
			{ questions: [{ question: "Which framework would you prefer?", type: "select", options: ["React", "Vue"] }] },
			accept({ q1_other: "Lit" }),
		);
		expect(mcpFields(result)).toEqual({
			answered: true,
			cancelled: false,
			timedOut: false,
			answers: [{ questionId: "<generated>", values: ["Lit"], customText: "Lit" }],
		});
		expect(result.answers).toEqual([expect.objectContaining({ answer: "Lit", wasCustom: true })]);
		expect((result.answers as Record<string, unknown>[])[0]).not.toHaveProperty("selectedOption");
	});
});
