/**
 * Who answers `ask_user` in this pi. Several pi packages register a tool of that name, and pi refuses to start
 * when two extensions register the same one (it checks once every extension's factory has run, so a factory
 * cannot see the other). So ours is registered at session start, when every extension's tools are known, and
 * only when no other package has one; otherwise ours steps aside and says once which package answers.
 */
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { TOOL_NAME } from "../core/prompt.js";
import { CLI } from "../i18n/use-language.js";

/** What `pi.getAllTools()` says of a tool (its `sourceInfo` is absent on hosts that do not track sources). */
export interface ToolSource {
	name: string;
	sourceInfo?: { path?: string };
}

export type ToolOwner = { kind: "nobody" } | { kind: "ours" } | { kind: "another package"; path: string };

export function toolOwner(tools: readonly ToolSource[], registeredByUs: boolean): ToolOwner {
	if (registeredByUs) return { kind: "ours" };
	const other = tools.find((tool) => tool.name === TOOL_NAME);
	if (!other) return { kind: "nobody" };
	return { kind: "another package", path: other.sourceInfo?.path ?? "an unknown extension" };
}

/** Said once when ours steps aside: who answers, what of ours still works, and how to switch. */
export function stepAsideNotice(otherPath: string): string {
	return CLI.notices.stepAside(otherPath);
}

/**
 * Calls `register` at the first session start that finds no other `ask_user`; tells the person once otherwise.
 * Returns the session_start handler.
 */
export function registerWhenFree(
	pi: Pick<ExtensionAPI, "getAllTools">,
	register: () => void,
	tell: (ctx: ExtensionContext, text: string) => void,
): (ctx: ExtensionContext) => void {
	let registered = false;
	let told = false;
	return (ctx) => {
		const owner = toolOwner(pi.getAllTools(), registered);
		if (owner.kind === "nobody") {
			register();
			registered = true;
		} else if (owner.kind === "another package" && !told) {
			told = true;
			tell(ctx, stepAsideNotice(owner.path));
		}
	};
}
