/**
 * Answers sent as the person's own turn (answers a start delivers, answers given in a dialog after their ask's turn),
 * and the wait for that turn to end. They count as delivered only once the session holds them (./deliveries.ts).
 */
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { DELIVERED_ANSWERS_TYPE } from "../core/delivered-answers.js";
import { words } from "../i18n/words.js";
import { type Delivery, userMessage } from "../pending/delivery.js";
import type { Deliveries } from "./deliveries.js";

export interface OwnTurn {
	/**
	 * Sends answers already on their way as their own turn; a turn already running takes them as `whileBusy`.
	 * `false` when pi refused the send (the person was told; the pending files stay for the next try).
	 */
	send(ctx: ExtensionContext, sent: readonly Delivery[], whileBusy: "steer" | "followUp"): boolean;
	/** Resolves at the next `agent_end`. */
	nextAgentEnd(): Promise<void>;
	/** pi's `agent_end`. */
	agentEnded(): void;
}

export function createOwnTurn(deps: {
	pi: Pick<ExtensionAPI, "sendMessage">;
	deliveries: Pick<Deliveries, "notSent">;
	fail(ctx: ExtensionContext, text: string): void;
}): OwnTurn {
	let agentEnded: (() => void) | undefined;
	return {
		send(ctx, sent, whileBusy) {
			// They go as our custom message: the model reads its text as a user message, and pi's screen shows the
			// questions and answers through our renderer instead of the block (nor is it listed as the person's editable
			// "Steering:"). Newer pi reports a failed send to itself instead of throwing; until the session holds the
			// answers their pending files stay, so a send that never arrived loses nothing.
			try {
				const message = { customType: DELIVERED_ANSWERS_TYPE, content: userMessage(sent), display: true };
				deps.pi.sendMessage(
					message,
					ctx.isIdle() ? { triggerTurn: true } : { triggerTurn: true, deliverAs: whileBusy },
				);
			} catch (error) {
				// Not delivered: the pending files stay for the next try.
				deps.deliveries.notSent(sent);
				deps.fail(ctx, words().cli.notices.notDelivered((error as Error).message));
				return false;
			}
			return true;
		},
		nextAgentEnd: () =>
			new Promise<void>((resolve) => {
				agentEnded = resolve;
			}),
		agentEnded: () => agentEnded?.(),
	};
}
