/**
 * Whether pi was started with a prompt (a message or an `@file`). pi gives extensions no way to ask, so
 * this mirrors the rules of pi's own argument parser (0.73.1): flags that take a value, `-p` taking the
 * next word as the message, unknown `--flags` taking the next word as their value.
 */
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
]);

export function hasInitialPrompt(args: readonly string[]): boolean {
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] as string;
		const next = args[i + 1];
		if (arg === "--print" || arg === "-p") {
			if (next !== undefined && !next.startsWith("@") && (!next.startsWith("-") || next.startsWith("---"))) return true;
		} else if (VALUE_FLAGS.has(arg)) {
			i++;
		} else if (arg.startsWith("@")) {
			return true;
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
			return true;
		}
	}
	return false;
}
