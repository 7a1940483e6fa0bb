/**
 * How to take a pi package out of this pi, as it was loaded: `pi remove` of the source its settings name (with
 * `-l` for a project's), or, for a package given on the command line, the `-e` to leave out. A folder install's
 * settings hold a path relative to the settings file, which `pi remove` would read relative to the current folder:
 * the folder itself is named instead. Pure: pi's `sourceInfo` and the command line are passed in.
 */
import { resolve, sep } from "node:path";
import { shellQuote } from "../core/text.js";

/** What pi says of where an extension came from (`sourceInfo` of its tools and commands; absent on old hosts). */
export interface LoadedFrom {
	path?: string;
	/** The package source as the settings give it (`npm:…`, `git:…`, a path), or `cli` for `-e`. */
	source?: string;
	/** `user` (global settings), `project` (`.pi/settings.json`) or `temporary` (`-e`). */
	scope?: string;
	/** The package's folder. */
	baseDir?: string;
}

export type Removal = { kind: "remove"; command: string } | { kind: "leaveOut"; argument: string };

/** The `-e` arguments of a command line (`-e x`, `--extension x`, `--extension=x`). */
function extensionArguments(argv: readonly string[]): string[] {
	const found: string[] = [];
	argv.forEach((arg, i) => {
		const next = argv[i + 1];
		if ((arg === "-e" || arg === "--extension") && next !== undefined) found.push(next);
		else if (arg.startsWith("--extension=")) found.push(arg.slice("--extension=".length));
	});
	return found;
}

function isWithin(path: string, folder: string): boolean {
	return path === folder || path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}

/**
 * How to remove the package `from` describes. `argv` and `cwd` find the `-e` it was given with, as it was typed;
 * `fallback` names it when pi says nothing of its source.
 */
export function removalOf(
	from: LoadedFrom | undefined,
	context: { argv: readonly string[]; cwd: string; fallback: string },
): Removal {
	const scope = from?.scope;
	const source = from?.source;
	if ((scope === "user" || scope === "project") && source !== undefined && source !== "") {
		const local = !/^(npm|git|https?|ssh):/.test(source) && !source.startsWith("git@");
		const target = local ? (from?.baseDir ?? source) : source;
		return { kind: "remove", command: `pi remove ${scope === "project" ? "-l " : ""}${shellQuote(target)}` };
	}
	const path = from?.path ?? from?.baseDir;
	if (path !== undefined) {
		const given = extensionArguments(context.argv).find((arg) => isWithin(path, resolve(context.cwd, arg)));
		return { kind: "leaveOut", argument: shellQuote(given ?? from?.baseDir ?? path) };
	}
	return { kind: "remove", command: `pi remove ${shellQuote(context.fallback)}` };
}

/** Whether this run's command line gives `--answers` (`--answers x` or `--answers=x`). */
export function commandLineGivesAnswers(argv: readonly string[]): boolean {
	return argv.some((arg) => arg === "--answers" || arg.startsWith("--answers="));
}
