/**
 * The startup plan carried out (./startup-plan.ts decides it, purely): stop the run, keep `--answers` for the first
 * ask, write an MCP client's answers for it, ask a question again in a dialog, or deliver answers with the person's
 * prompt or as their own turn.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { FrontEnd } from "../modes/front-end.js";
import type { Claims } from "../pending/claims.js";
import { writeForAsker } from "../pending/for-asker.js";
import type { GivenRecord } from "../pending/given-for-asker.js";
import { displayPath, type PendingFile } from "../pending/pending-file.js";
import type { PendingVerdict } from "../pending/trust.js";
import type { AskToAnswer } from "./background-asks.js";
import type { Deliveries } from "./deliveries.js";
import type { OwnTurn } from "./own-turn.js";
import type { StartupPlan } from "./startup-plan.js";

export interface StartupRunDeps {
	frontEnd(ctx: ExtensionContext): FrontEnd;
	deliveries: Pick<Deliveries, "hold">;
	ownTurn: Pick<OwnTurn, "send" | "nextAgentEnd">;
	answerInDialog(ctx: ExtensionContext, target: AskToAnswer): Promise<void>;
	/** Print mode: a startup error stopped the run; the prompt must not reach the model. */
	stopRun(stopped: boolean): void;
	/** `--answers` kept for the run's first ask. */
	keepUpFront(answers: string): void;
	/** The verdict on a pending file in the project folder `cwd` (records/pending-trust.ts). */
	trust(file: PendingFile, cwd: string): PendingVerdict;
	/** Another live process's claim on a pending file: an MCP client's is answered only while its server holds it. */
	heldElsewhere: Claims["heldElsewhere"];
	/** This user's record of answers the person gave: an MCP client's are recorded there before they are written. */
	given: GivenRecord;
}

/** Carries out `plan`; `prompt`: the run was started with a prompt (print mode's `pi -p "…"`). */
export function createStartupRun(deps: StartupRunDeps) {
	return async function carryOut(ctx: ExtensionContext, plan: StartupPlan, prompt: boolean): Promise<void> {
		const shown = deps.frontEnd(ctx);
		switch (plan.kind) {
			case "nothing":
				return;
			case "stop":
				shown.fail(plan.error);
				// Print mode: the prompt that follows must not reach the model.
				deps.stopRun(!ctx.hasUI && prompt);
				return;
			case "answer-first-ask":
				deps.keepUpFront(plan.answers);
				return;
			case "write-for-asker": {
				let line: string;
				try {
					line = writeForAsker(
						{ path: plan.path, shown: displayPath(ctx.cwd, plan.path) },
						plan.toolCallId,
						plan.asker,
						plan.outcome,
						{
							judge: (file) => deps.trust(file, ctx.cwd),
							heldElsewhere: deps.heldElsewhere,
							given: deps.given,
						},
					);
				} catch (error) {
					return carryOut(ctx, { kind: "stop", error: (error as Error).message }, prompt);
				}
				shown.tell(`pi-ask-anywhere: ${line}`, "notice");
				return;
			}
			case "reask": {
				const { ask } = plan;
				// Not awaited: pi finishes starting (and an app may send its prompt) while the dialog waits.
				void deps
					.answerInDialog(ctx, { ...ask, ...(ask.path ? { path: ask.path } : {}) })
					.catch((error: unknown) => shown.fail((error as Error).message));
				return;
			}
			case "deliver": {
				const refused = deps.deliveries.hold(plan.deliveries, plan.when === "with-prompt" ? "waiting" : "sending");
				if (refused) return carryOut(ctx, { kind: "stop", error: refused }, prompt);
				for (const notice of plan.notices) shown.tell(`pi-ask-anywhere: ${notice}`, "notice");
				if (plan.when === "with-prompt") return;
				if (shown.kind === "tui") {
					// Not sent from inside the start: pi 0.73.1's TUI draws the session's earlier conversation only once
					// session_start has returned, so answers sent now would be drawn above it. One macrotask later nobody can
					// have typed /new yet; a throw there must not end pi (the files then wait for the next run).
					setTimeout(() => {
						try {
							deps.ownTurn.send(ctx, plan.deliveries, "followUp");
						} catch {}
					}, 0);
					return;
				}
				const ended = deps.ownTurn.nextAgentEnd();
				if (!deps.ownTurn.send(ctx, plan.deliveries, "followUp")) return;
				// Print mode ends when session_start returns: wait for the turn. An app must not be blocked.
				if (!ctx.hasUI) await ended;
				return;
			}
		}
	};
}
