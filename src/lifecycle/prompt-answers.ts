/**
 * The person's prompt, as pi's `input` event brings it: the answers waiting for it and a pending file named with `@`
 * join it in one message (./deliveries.ts), or the prompt is refused with nothing consumed.
 */
import type { ExtensionContext, InputEvent, InputEventResult } from "@mariozechner/pi-coding-agent";
import type { ImageReader } from "../core/answer-input.js";
import type { FrontEnd } from "../modes/front-end.js";
import type { Delivery } from "../pending/delivery.js";
import { deliveryFromAttachedFile } from "../pending/inbox.js";
import type { Deliveries } from "./deliveries.js";
import type { FindingsDeps } from "./startup-findings.js";

export interface PromptAnswersDeps {
	/** Print mode: a startup error stopped the run; no prompt reaches the model. */
	stopped(): boolean;
	frontEnd(ctx: ExtensionContext): FrontEnd;
	deliveries: Pick<Deliveries, "joinPrompt">;
	trust: FindingsDeps["trust"];
	answersWrittenByTool: FindingsDeps["answersWrittenByTool"];
	given: FindingsDeps["given"];
	/** Another live pi's claim on a pending file (pending/claims.ts). */
	heldBy: FindingsDeps["heldBy"];
	readImage(ctx: ExtensionContext): ImageReader;
}

export function createPromptAnswers(deps: PromptAnswersDeps) {
	const { frontEnd } = deps;
	return async function input(event: InputEvent, ctx: ExtensionContext): Promise<InputEventResult> {
		if (deps.stopped()) return { action: "handled" };
		let attached: Delivery | undefined;
		try {
			const found = deliveryFromAttachedFile(
				event.text,
				ctx.sessionManager.getSessionId(),
				ctx.cwd,
				deps.trust,
				deps.readImage(ctx),
				{
					writtenByTool: deps.answersWrittenByTool,
					given: deps.given,
					heldBy: deps.heldBy,
				},
			);
			// An MCP client's questions: the words were its answers, written for it; pi's model hears nothing.
			if (found && "kind" in found) {
				frontEnd(ctx).tell(`pi-ask-anywhere: ${found.notice}`, "notice");
				return { action: "handled" };
			}
			attached = found;
		} catch (error) {
			// Nothing has been consumed yet: every pending file is still on disk.
			frontEnd(ctx).fail((error as Error).message);
			return { action: "handled" };
		}
		if (attached?.notice) frontEnd(ctx).tell(`pi-ask-anywhere: ${attached.notice}`, "warning");
		const joined = deps.deliveries.joinPrompt(attached, event.text, event.images);
		if (joined.kind === "continue") return { action: "continue" };
		// Nothing is consumed when refused: the answers still wait, and every pending file is still on disk.
		if (joined.kind === "refused") {
			frontEnd(ctx).fail(joined.why);
			return { action: "handled" };
		}
		return joined.images.length > 0
			? { action: "transform", text: joined.text, images: joined.images }
			: { action: "transform", text: joined.text };
	};
}
