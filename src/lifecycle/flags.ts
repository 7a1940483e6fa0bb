/**
 * The command-line flags this package registers with pi: `--answers`, only when the command line gives it, and the
 * remote bridge's flags.
 */
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { commandLineGivesAnswers } from "../host/removal.js";
import { remoteFlags } from "../remote/config.js";

/**
 * `--answers` is registered only when the command line gives it: other ask_user packages register it too, and pi
 * refuses to start when two extensions register one flag (it checks after every factory ran, so ours cannot see
 * theirs). Without `--answers` on the command line pi has nothing to parse for it, and getFlag says it was not given.
 */
export function registerFlags(pi: Pick<ExtensionAPI, "registerFlag">, argv: readonly string[]): void {
	if (commandLineGivesAnswers(argv)) {
		pi.registerFlag("answers", {
			type: "string",
			description: "Answers for ask_user: a JSON array (one per question) or an object keyed by question/header",
		});
	}
	for (const flag of remoteFlags) pi.registerFlag(flag.name, { type: flag.type, description: flag.description });
}
