/**
 * What `/questions` offers as its argument is typed: the start registers it (./questions-on-first-use.ts) and the
 * command itself (./questions.ts) uses it, so it lives in neither and loads nothing else.
 */
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
