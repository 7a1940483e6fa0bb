/**
 * `/questions` as a start registers it: its description and argument completions, and a handler that loads the command
 * itself (commands/questions.ts, with the listings and the checks it runs) the first time it is used, so that a start
 * in which nobody types `/questions` never compiles it (test/e2e/startup-loads.test.ts). What the command reads
 * (the lifecycle, the records) is loaded then too: `deps` gives it for the session it is typed in.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { words } from "../i18n/words.js";
import type { QuestionsCommandDeps } from "./questions.js";
import { questionsCompletions } from "./questions-completions.js";

type QuestionsHandler = (args: string, ctx: ExtensionContext) => Promise<void>;

export function questionsCommandOnFirstUse(deps: (ctx: ExtensionContext) => Promise<QuestionsCommandDeps>) {
	let loading: Promise<QuestionsHandler> | undefined;
	const load = (ctx: ExtensionContext): Promise<QuestionsHandler> => {
		loading ??= Promise.all([import("./questions.js"), deps(ctx)]).then(
			([{ createQuestionsCommand }, loaded]) => createQuestionsCommand(loaded).handler,
			(error: unknown) => {
				// A failed load (a package replaced under a running pi) is tried again at the next use.
				loading = undefined;
				throw error;
			},
		);
		return loading;
	};
	return {
		description: words().cli.questions.description,
		getArgumentCompletions: questionsCompletions,
		handler: async (args: string, ctx: ExtensionContext) => (await load(ctx))(args, ctx),
	};
}
