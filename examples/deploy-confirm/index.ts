/**
 * An example of another pi extension asking the person through pi-ask-anywhere: a `deploy` tool that asks before it
 * deploys. The question goes through `pi.events` on the channel "pi-ask-anywhere:ask", so the person answers it
 * wherever they answer ask_user's questions (the TUI, an RPC app, the web page, a tap on the phone), not only in
 * this terminal. Load it beside pi-ask-anywhere:
 *
 *   pi -e pi-ask-anywhere -e ./examples/deploy-confirm
 *
 * Without pi-ask-anywhere loaded nobody replies on the channel: the ask then ends only with the tool's signal (the
 * run aborted), so pass one.
 */
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { Type } from "typebox";

/** What `reply` receives: pi-ask-anywhere's AskUserResult, or why the ask was refused. */
interface AskUserResult {
	answered: boolean;
	answers: { question: string; answer: string | string[]; wasCustom: boolean; note?: string }[];
	cancelled?: true;
	timedOut?: true;
	interrupted?: true;
	pendingFile?: string;
	error?: string;
}

/** Asks through pi-ask-anywhere; the promise settles with its reply. */
function askAnywhere(pi: ExtensionAPI, request: unknown, signal: AbortSignal | undefined): Promise<AskUserResult> {
	return new Promise((resolve) => {
		pi.events.emit("pi-ask-anywhere:ask", {
			id: `deploy-${Date.now().toString(36)}`,
			request,
			reply: resolve,
			signal,
		});
	});
}

export default function deployConfirm(pi: ExtensionAPI) {
	pi.registerTool({
		name: "deploy",
		label: "Deploy",
		description: "Deploys the project to an environment, after the person confirms.",
		parameters: Type.Object({ target: Type.String({ description: "staging or production" }) }),
		async execute(_toolCallId, params, signal) {
			const result = await askAnywhere(
				pi,
				{
					questions: [
						{
							question: `Deploy to ${params.target}?`,
							header: "Deploy",
							options: [
								{ label: "Deploy", description: `Ship the current build to ${params.target}` },
								{ label: "Not now" },
							],
						},
					],
				},
				signal,
			);
			const answer = result.answers[0];
			const yes = result.answered && answer?.answer === "Deploy" && !answer.wasCustom;
			const text = yes
				? `Deployed to ${params.target}.`
				: `Not deployed to ${params.target}: ${
						result.error ?? (answer ? `the person answered "${String(answer.answer)}"` : "no decision")
					}.`;
			return { content: [{ type: "text", text }], details: { result } };
		},
	});
}
