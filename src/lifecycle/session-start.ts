/**
 * What a session start finds and does about saved questions, in order: the command line (a prompt? an earlier
 * session?), this session's remote bridge, `--answers`, the startup findings and the plan carried out. Everything it
 * needs comes in as values, so the order can be read in one place and the run's state stays with the lifecycle.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { FrontEndKind } from "../modes/front-end.js";
import { readCommandLine } from "../modes/pi-command-line.js";
import { type Environment, type FlagReader, type RemoteConfig, resolveRemoteConfig } from "../remote/config.js";
import { type FindingsDeps, findStartup } from "./startup-findings.js";
import { planStartup, type StartupPlan } from "./startup-plan.js";

export interface SessionStartDeps {
	/** pi's command line (process.argv) and pi-coding-agent as the running pi loaded it, to read it as pi does. */
	argv: readonly string[];
	piExports: object;
	/** pi's flags (`--answers`, `--ask-remote…`). */
	getFlag: FlagReader;
	/** This session's remote settings (host/settings.ts). */
	remoteSettings: Environment;
	/** The front end this session shows questions in. */
	frontEnd: FrontEndKind;
	/** Sets this session's remote bridge; `undefined` drops it. */
	configureRemote(config: RemoteConfig | undefined): void;
	findings: FindingsDeps;
	/** Tells the person something they should know (a saved file that was passed over). */
	warn(text: string): void;
	/** Carries out the plan (./startup-run.ts); `prompt`: the command line gives a first prompt. */
	carryOut(plan: StartupPlan, prompt: boolean): Promise<void>;
}

export async function startSession(ctx: ExtensionContext, deps: SessionStartDeps): Promise<void> {
	deps.configureRemote(undefined);
	const commandLine = await readCommandLine(deps.argv, deps.piExports);
	try {
		const sessionKey = ctx.sessionManager.getSessionId();
		deps.configureRemote(resolveRemoteConfig(deps.getFlag, deps.remoteSettings, { sessionKey }));
	} catch (error) {
		return deps.carryOut({ kind: "stop", error: (error as Error).message }, commandLine.prompt);
	}
	const flag = deps.getFlag("answers");
	const answersFlag = typeof flag === "string" && flag.trim() !== "" ? flag : undefined;
	const run = { frontEnd: deps.frontEnd, prompt: commandLine.prompt, continued: commandLine.continued, answersFlag };
	const findings = findStartup(ctx, run, deps.findings);
	for (const line of findings.ignored) deps.warn(`pi-ask-anywhere: ${line}`);
	await deps.carryOut(planStartup(findings), commandLine.prompt);
}
