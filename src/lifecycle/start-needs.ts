/**
 * Whether a session start has work only the ask run does (the lifecycle, the children's route, approvals, push: built
 * by src/asking.ts the first time one is needed). A print or JSON session with none of the reasons below has nothing
 * to do at its start: it builds the run at its first ask, if any, and most such runs never ask. Each reason is a duty
 * of the start; when in doubt the answer is "needed", which costs only time.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { isRecord } from "../core/json.js";
import type { AskUserSettings } from "../host/settings.js";
import { frontEndKind } from "../modes/front-end.js";
import { type FlagReader, resolveRemoteConfig } from "../remote/config.js";
import { askUserCalls, isAskUserResult } from "../session/ask-entries.js";
import { pushNamed } from "./push-on-demand.js";

/** Why a start builds the run. */
export type StartNeed =
	| "a front end" // TUI, RPC, SDK: the children's route is offered, the dialogs are there
	| "a parent" // a child asks the pi that started it
	| "answers on the command line" // --answers
	| "a remote bridge" // --ask-remote or PI_ASK_USER_REMOTE_URL, or a setting the run refuses
	| "push" // taps made while no pi ran are applied at the start
	| "approval rules" // they hold tool calls from the first
	| "a settings problem" // the run tells it in its front end
	| "pending files" // in a session that goes on: filled-in files delivered, waiting ones found at its start
	| "this package's entries"; // a resumed session with asks (calls too), deliveries or children's lines in it

/** pi's flags that go on with an earlier session (modes/pi-command-line.ts's `continued`). */
const GO_ON_FLAGS = new Set(["-c", "--continue", "-r", "--resume", "--session", "--fork"]);

/** This package's entries in a session all have a custom type starting so (records, deliveries, children's lines). */
const OWN_ENTRY_PREFIX = "ask_user";

interface StartNeedDeps {
	/** pi's command line (process.argv): `--mode json` tells JSON from print mode on pi before 0.78.1. */
	argv: readonly string[];
	getFlag: FlagReader;
	/** Whether the environment names a parent's route (children/route-env.ts). */
	parentRoute: boolean;
	/** The pending files' names in a project folder (pending/pending-file.ts's `listPendingNames`). */
	pendingNames(cwd: string): readonly string[];
}

/** Whether the remote flags or settings name a bridge (or one the run must refuse: it stops the run). */
function remoteNamed(getFlag: FlagReader, remote: AskUserSettings["remote"]): boolean {
	try {
		return resolveRemoteConfig(getFlag, remote) !== undefined;
	} catch {
		return true;
	}
}

/** Whether the session holds this package's entries, or a call of the tool (a run that ended before its result). */
function holdsOwnEntries(ctx: ExtensionContext): boolean {
	return ctx.sessionManager.getEntries().some((entry: unknown) => {
		if (!isRecord(entry)) return false;
		const { customType, message } = entry;
		if (typeof customType === "string" && customType.startsWith(OWN_ENTRY_PREFIX)) return true;
		if (!isRecord(message) || typeof message.role !== "string") return false;
		return (
			isAskUserResult({ role: message.role, toolName: message.toolName }) || askUserCalls(message.content).length > 0
		);
	});
}

/** The first reason this session start builds the run, or `undefined` when it has nothing for it. */
export function startNeed(
	ctx: ExtensionContext,
	settings: AskUserSettings,
	deps: StartNeedDeps,
): StartNeed | undefined {
	const kind = frontEndKind(ctx, deps.argv);
	if (kind !== "print" && kind !== "json") return "a front end";
	if (deps.parentRoute && settings.children) return "a parent";
	if (deps.getFlag("answers") !== undefined) return "answers on the command line";
	if (remoteNamed(deps.getFlag, settings.remote)) return "a remote bridge";
	if (pushNamed(settings.push.value, settings.push.env)) return "push";
	if (settings.approvals.rules.length > 0) return "approval rules";
	if (settings.timeout.error !== undefined) return "a settings problem";
	// A new session finds nothing in them at its start: only `--answers` (above) or a session that goes on reads them
	// (lifecycle/startup-findings.ts); a prompt naming one with `@` builds the run at the prompt (index.ts).
	// pi writes a new session's model and thinking level before its start; its first message comes after. A session
	// named to go on counts even with no message yet (startup-findings.ts reads the same flags).
	const goesOn =
		deps.argv.some((arg) => GO_ON_FLAGS.has(arg.split("=")[0] ?? arg)) ||
		ctx.sessionManager.getEntries().some((entry: unknown) => isRecord(entry) && entry.type === "message");
	if (goesOn && deps.pendingNames(ctx.cwd).length > 0) return "pending files";
	if (holdsOwnEntries(ctx)) return "this package's entries";
	return undefined;
}
