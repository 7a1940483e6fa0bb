/**
 * Who answers `ask_user` in this pi. Several pi packages register a tool of that name, and pi refuses to start
 * when two extensions register the same one (it checks once every extension's factory has run, so a factory
 * cannot see the other). So ours is registered at session start, when every extension's tools are known, and
 * only when no other package has one; otherwise ours steps aside and says once which package answers.
 */
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { once } from "../core/once.js";
import { TOOL_NAME } from "../core/prompt.js";
import { type LoadedFrom, removalOf } from "../host/removal.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words } from "../i18n/words.js";

/** What `pi.getAllTools()` says of a tool (its `sourceInfo` is absent on hosts that do not track sources). */
export interface ToolSource {
	name: string;
	sourceInfo?: LoadedFrom;
}

/** The package whose `ask_user` answers, and where pi says it came from (how it can be removed). */
export interface AnotherPackage {
	kind: "another package";
	path: string;
	from?: LoadedFrom;
}

export type ToolOwner = { kind: "nobody" } | { kind: "ours" } | AnotherPackage;

export function toolOwner(
	tools: readonly ToolSource[],
	registeredByUs: boolean,
	notices: CliStrings["notices"] = words().cli.notices,
): ToolOwner {
	if (registeredByUs) return { kind: "ours" };
	const other = tools.find((tool) => tool.name === TOOL_NAME);
	if (!other) return { kind: "nobody" };
	const path = other.sourceInfo?.path ?? notices.unknownExtension;
	return other.sourceInfo
		? { kind: "another package", path, from: other.sourceInfo }
		: { kind: "another package", path };
}

/**
 * Said once when ours steps aside: who answers, what of ours still works, and how to switch — `removeOther` and
 * `removeOurs` say how each package leaves this pi, as each was installed (src/host/removal.ts).
 */
export function stepAsideNotice(otherPath: string, removeOther: string, removeOurs: string): string {
	return words().cli.notices.stepAside(otherPath, removeOther, removeOurs);
}

/** This package as the person gave it to pi, to say how it leaves. */
export interface OurPackage {
	/** The package's folder. */
	root: string;
	/** pi's arguments (without node and pi's script). */
	argv: readonly string[];
	cwd(): string;
}

function isOurs(from: LoadedFrom | undefined, root: string): boolean {
	const path = from?.baseDir ?? from?.path;
	return path !== undefined && (path === root || path.startsWith(`${root}/`));
}

/** How a package leaves this pi, in the person's words: a `pi remove` or the `-e` to leave out. */
function removalWords(from: LoadedFrom | undefined, ours: OurPackage, fallback = ours.root): string {
	const removal = removalOf(from, { argv: ours.argv, cwd: ours.cwd(), fallback });
	return removal.kind === "remove" ? removal.command : words().cli.notices.leaveOut(removal.argument);
}

/** The notice when `other` answers `ask_user`: ours is found by its `/questions` command, which pi says came from it. */
function stepAsideFor(pi: Pick<ExtensionAPI, "getCommands">, other: AnotherPackage, ours: OurPackage): string {
	const command = pi.getCommands().find((c) => c.name === "questions" && isOurs(c.sourceInfo, ours.root));
	return stepAsideNotice(
		other.path,
		removalWords(other.from, ours, other.path),
		removalWords(command?.sourceInfo, ours),
	);
}

/**
 * What ours says when it steps aside for `other`: the notice, as a warning in the session where it happens (once:
 * `registerWhenFree` calls it at most once). `ours` is this package as the person gave it to pi.
 */
export function stepAsideWarning(
	pi: Pick<ExtensionAPI, "getCommands">,
	ours: OurPackage,
	warn: (ctx: ExtensionContext, text: string) => void,
): (ctx: ExtensionContext, other: AnotherPackage) => void {
	return (ctx, other) => warn(ctx, stepAsideFor(pi, other, ours));
}

/**
 * Calls `register` at the first session start that finds no other `ask_user`; tells the person once otherwise.
 * Returns the session_start handler.
 */
export function registerWhenFree(
	pi: Pick<ExtensionAPI, "getAllTools">,
	register: () => void,
	tell: (ctx: ExtensionContext, other: AnotherPackage) => void,
): (ctx: ExtensionContext) => void {
	let registered = false;
	const tellOnce = once(tell);
	return (ctx) => {
		const owner = toolOwner(pi.getAllTools(), registered);
		if (owner.kind === "nobody") {
			register();
			registered = true;
		} else if (owner.kind === "another package") {
			tellOnce(ctx, owner);
		}
	};
}
