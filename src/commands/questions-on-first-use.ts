/**
 * `/questions` as a start registers it: its description and argument completions, and a handler that loads the command
 * itself (commands/questions.ts, with the listings and the checks it runs) the first time it is used, so that a start
 * in which nobody types `/questions` never compiles it (test/e2e/startup-loads.test.ts).
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { words } from "../i18n/words.js";
import type { QuestionsCommandDeps } from "./questions.js";

const SUBCOMMANDS = ["list", "json", "answer", "reopen", "clear"];

/**
 * Only words the typed text is a strict prefix of: a word typed in full offers nothing, so pi's completion menu is
 * closed and the first Enter runs the command instead of completing it to itself.
 */
export function questionsCompletions(prefix: string): { value: string; label: string }[] | null {
	const typed = prefix.trim().toLowerCase();
	const items = SUBCOMMANDS.filter((c) => c !== typed && c.startsWith(typed));
	return items.length > 0 ? items.map((value) => ({ value, label: value })) : null;
}

type QuestionsHandler = (args: string, ctx: ExtensionContext) => Promise<void>;

export function questionsCommandOnFirstUse(deps: QuestionsCommandDeps) {
	let loading: Promise<QuestionsHandler> | undefined;
	const load = (): Promise<QuestionsHandler> => {
		loading ??= import("./questions.js").then(
			({ createQuestionsCommand }) => createQuestionsCommand(deps).handler,
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
		handler: async (args: string, ctx: ExtensionContext) => (await load())(args, ctx),
	};
}
