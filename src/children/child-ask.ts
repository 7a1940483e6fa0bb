/**
 * A child pi's ask_user (print or JSON mode, started by a pi with a person behind it): the questions go to the parent,
 * and the child waits for the person's reply as if they sat at its own terminal. If the parent goes away first, the
 * child never waits forever: with a session of its own it falls back to its pending file (and says so); without one
 * (`--no-session`, as pi's subagent example runs it) it writes none — it would land in the parent's folder, where the
 * parent could deliver it into the wrong session — and its model hears that nobody can answer now.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { AskRequest } from "../core/types.js";
import type { RemoteAskOutcome } from "../remote/bridge.js";
import type { Asker } from "../remote/protocol.js";
import { isRemoteDecision } from "../remote/race.js";
import { lastUserText } from "../session/branch.js";
import type { AskHandler } from "../tool/ask-user-tool.js";

/** What the child's model reads beside `{"answered":false,"answers":[],"connectionLost":true}`. */
const NOBODY_CAN_ANSWER =
	"The pi that started this process went away before the person answered, and nobody can answer these questions now. No answers were given: do not assume any. Continue without them if you can, or stop and report what you needed to know.";

export interface ChildAskDeps {
	/**
	 * Asks the parent (the bridge to its route); aborting resolves `interrupted`. `ctx` is the child's: whether its
	 * model takes images decides whether the person may attach some.
	 */
	ask(
		request: AskRequest,
		signal: AbortSignal | undefined,
		asker: Asker,
		ctx: ExtensionContext,
	): Promise<RemoteAskOutcome>;
	/** The child's own way of asking where nobody answers: the pending file (the lifecycle's ask handler). */
	fallback: AskHandler;
	/** Tells the terminal (stderr in print and JSON mode). */
	tell(ctx: ExtensionContext, text: string): void;
}

function describeSelf(ctx: ExtensionContext): Asker {
	const task = lastUserText(ctx.sessionManager.getBranch());
	return task === undefined ? { cwd: ctx.cwd } : { task, cwd: ctx.cwd };
}

export function createChildAskHandler(deps: ChildAskDeps): AskHandler {
	return async (ask) => {
		const reply = await deps.ask(ask.request, ask.signal, describeSelf(ask.ctx), ask.ctx);
		if (isRemoteDecision(reply)) return { outcome: reply, mode: "remote" };
		if (reply.kind === "interrupted") return { outcome: reply, mode: "print" };
		const why = reply.kind === "unavailable" ? `: ${reply.reason}` : "";
		if (ask.ctx.sessionManager.getSessionFile() !== undefined) {
			deps.tell(
				ask.ctx,
				`pi-ask-anywhere: the parent pi did not answer (${reply.kind}${why}); saving the questions as pending instead`,
			);
			return deps.fallback(ask);
		}
		deps.tell(
			ask.ctx,
			`pi-ask-anywhere: the parent pi did not answer (${reply.kind}${why}); this pi has no session to keep the questions in, so its model is told nobody can answer now`,
		);
		return { outcome: { kind: "connectionLost" }, mode: "remote", modelText: NOBODY_CAN_ANSWER };
	};
}
