/**
 * What the person asked for on pi's command line: whether a prompt was given (a message or an `@file`) and
 * whether an earlier session goes on. pi gives extensions no API for that, so we ask the running pi's own argument
 * parser: pi ≥0.87 exports `parseArgs` from its package root; on 0.73.1 it sits in `dist/cli/args.js` next to the
 * running CLI (importable by absolute path). Only when neither is there, a copy of 0.73.1's rules decides.
 */
import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

export interface CommandLine {
	/** A message or an `@file` was given: pi sends it as the first prompt. */
	prompt: boolean;
	/** `-c`, `-r`, `--session` or `--fork`: the session is an earlier one. */
	continued: boolean;
	/** Whose parser said so, for diagnostics. */
	parser: "pi" | "pi-cli" | "copy";
}

/** The fields of pi's `Args` this package reads. */
interface ParsedArgs {
	messages: readonly string[];
	fileArgs: readonly string[];
	continue?: boolean;
	resume?: boolean;
	session?: string;
	fork?: string;
}

type ParseArgs = (args: string[]) => ParsedArgs;

function fromParsed(parsed: ParsedArgs, parser: CommandLine["parser"]): CommandLine {
	return {
		prompt: parsed.messages.length > 0 || parsed.fileArgs.length > 0,
		continued: Boolean(parsed.continue || parsed.resume || parsed.session || parsed.fork),
		parser,
	};
}

/**
 * Whether this Node's `require` loads an ES module without a word: 20.19 and later on 20, 22.13 and later, 23.5 and
 * later (22.12 and 23.0–23.4 can, with an experimental warning on stderr).
 */
export function requiresEsQuietly(nodeVersion: string): boolean {
	const [major = 0, minor = 0] = nodeVersion.split(".").map(Number);
	if (major === 20) return minor >= 19;
	if (major === 22) return minor >= 13;
	if (major === 23) return minor >= 5;
	return major >= 24;
}

/**
 * pi 0.73.1's parser next to the running CLI (`<dist>/cli.js` → `<dist>/cli/args.js`), as pi itself loaded it: Node's
 * own `require` of an ES module hands out the loaded module, where `import()` here, which pi's jiti compiles into its
 * own import, would compile and run the parser and all it imports a second time (about 25 ms of every start). Where
 * Node cannot require it quietly, jiti imports it.
 */
async function parserNextTo(cliPath: string | undefined): Promise<ParseArgs | undefined> {
	if (!cliPath) return undefined;
	try {
		const argsModule = join(dirname(realpathSync(cliPath)), "cli", "args.js");
		const loaded =
			(requiresEsQuietly(process.versions.node) ? requiredOrUndefined(argsModule) : undefined) ??
			((await import(pathToFileURL(argsModule).href)) as { parseArgs?: unknown });
		return typeof loaded.parseArgs === "function" ? (loaded.parseArgs as ParseArgs) : undefined;
	} catch {
		return undefined;
	}
}

/** The module at `path` as Node's `require` hands it out; `undefined` where it cannot (a top-level await, say). */
function requiredOrUndefined(path: string): { parseArgs?: unknown } | undefined {
	try {
		return createRequire(import.meta.url)(path) as { parseArgs?: unknown };
	} catch {
		return undefined;
	}
}

/**
 * Reads this run's command line (`argv` as in `process.argv`) with the running pi's parser: the one pi exports
 * (`piExports`, the module pi-coding-agent as pi loaded it), else the one next to its CLI, else the copy.
 */
export async function readCommandLine(argv: readonly string[], piExports: object): Promise<CommandLine> {
	const args = argv.slice(2);
	const exported = (piExports as Record<string, unknown>).parseArgs;
	if (typeof exported === "function") return fromParsed((exported as ParseArgs)(args), "pi");
	const nextTo = await parserNextTo(argv[1]);
	if (nextTo) return fromParsed(nextTo(args), "pi-cli");
	return fromParsed(copiedParse(args), "copy");
}

// ---- last resort: pi 0.73.1's rules, copied ------------------------------------------------------------

const VALUE_FLAGS = new Set([
	"--mode",
	"--provider",
	"--model",
	"--api-key",
	"--system-prompt",
	"--append-system-prompt",
	"--session",
	"--fork",
	"--export",
	"--extension",
	"-e",
	"--skill",
	"--prompt-template",
	"--theme",
	"--tools",
	"-t",
	"--thinking",
	"--models",
	"--session-dir",
]);

const BOOLEAN_LONG_FLAGS = new Set([
	"--help",
	"--version",
	"--continue",
	"--resume",
	"--no-session",
	"--no-extensions",
	"--no-skills",
	"--no-prompt-templates",
	"--no-themes",
	"--no-context-files",
	"--verbose",
	"--offline",
	"--no-tools",
	"--no-builtin-tools",
]);

/** pi 0.73.1's `parseArgs`, reduced to what `CommandLine` needs. */
export function copiedParse(args: readonly string[]): ParsedArgs {
	const parsed: ParsedArgs & { messages: string[]; fileArgs: string[] } = { messages: [], fileArgs: [] };
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] as string;
		const next = args[i + 1];
		if (arg === "--print" || arg === "-p") {
			if (next !== undefined && !next.startsWith("@") && (!next.startsWith("-") || next.startsWith("---"))) {
				parsed.messages.push(next);
				i++;
			}
		} else if (arg === "--continue" || arg === "-c") {
			parsed.continue = true;
		} else if (arg === "--resume" || arg === "-r") {
			parsed.resume = true;
		} else if (VALUE_FLAGS.has(arg)) {
			if (arg === "--session" && next !== undefined) parsed.session = next;
			if (arg === "--fork" && next !== undefined) parsed.fork = next;
			i++;
		} else if (arg.startsWith("@")) {
			parsed.fileArgs.push(arg.slice(1));
		} else if (arg.startsWith("--")) {
			if (
				!arg.includes("=") &&
				!BOOLEAN_LONG_FLAGS.has(arg) &&
				next !== undefined &&
				!next.startsWith("-") &&
				!next.startsWith("@")
			) {
				i++;
			}
		} else if (!arg.startsWith("-")) {
			parsed.messages.push(arg);
		}
	}
	return parsed;
}
