/**
 * pi's own modules, loaded once when pi starts this package, under whichever name this pi answers to. pi's
 * extension loader maps `@mariozechner/*` (and, from 0.74, `@earendil-works/*`) to its own copies; an app that
 * imports this package directly has only the name it installed (0.73.1 `@mariozechner`, later `@earendil-works`).
 * Nothing else the package's entry runs imports pi, so an app can import the package whatever pi it has; only the
 * TUI dialog's chunk, loaded inside pi's own TUI, imports pi-tui by name.
 */
import type * as CodingAgent from "@mariozechner/pi-coding-agent";
import type * as Tui from "@mariozechner/pi-tui";

export interface PiModules {
	codingAgent: typeof CodingAgent;
	tui: typeof Tui;
}

/** Each module's names, the one pi's loader has always mapped first. */
const NAMES = {
	codingAgent: ["@mariozechner/pi-coding-agent", "@earendil-works/pi-coding-agent"],
	tui: ["@mariozechner/pi-tui", "@earendil-works/pi-tui"],
} as const;

export type ImportModule = (name: string) => Promise<unknown>;

/** The first of `names` that loads; an error naming every attempt when none does. */
export async function importFirst(names: readonly string[], load: ImportModule): Promise<unknown> {
	const failures: string[] = [];
	for (const name of names) {
		try {
			return await load(name);
		} catch (error) {
			failures.push(`${name}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
		}
	}
	throw new Error(
		`pi-ask-anywhere cannot load pi's modules (${failures.join("; ")}). Load it through pi instead: ` +
			"pi install / pi -e, or in an app createAgentSession's resource loader with additionalExtensionPaths.",
	);
}

export async function loadPiModules(load: ImportModule = (name) => import(name)): Promise<PiModules> {
	const [codingAgent, tui] = await Promise.all([importFirst(NAMES.codingAgent, load), importFirst(NAMES.tui, load)]);
	return { codingAgent: codingAgent as PiModules["codingAgent"], tui: tui as PiModules["tui"] };
}
