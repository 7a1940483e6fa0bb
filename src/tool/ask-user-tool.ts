/** The ask_user tool definition: schema, words for the model, and the dispatch to the mode handlers. */
import type { ExtensionContext, ToolDefinition } from "@mariozechner/pi-coding-agent";
import { canonicalRequest } from "../core/normalize.js";
import { PROMPT_GUIDELINES, PROMPT_SNIPPET, TOOL_DESCRIPTION, TOOL_NAME } from "../core/prompt.js";
import { buildDetails, resultContent } from "../core/result.js";
import { AskUserParams, type AskUserParamsType } from "../core/schema.js";
import type { AskDetails, AskMode, AskOutcome, AskRequest } from "../core/types.js";
import { validateRequest } from "../core/validate.js";
import { type RenderModules, renderCall, renderResult } from "./chat-rendering.js";

/** What a mode handler gets: the validated request plus the call's context. */
export interface Ask {
	request: AskRequest;
	toolCallId: string;
	signal: AbortSignal | undefined;
	ctx: ExtensionContext;
	/**
	 * An ask the model did not make with ask_user (an approval, another extension's ask through pi's event bus): it
	 * takes no `--answers` meant for the model's first ask, and `timeoutMs` (when given) is its own time limit.
	 */
	outside?: {
		timeoutMs?: number;
		/** What the person is told when the ask is saved for later, in place of the questions' own instructions. */
		savedText?: (pendingFile: string) => string;
	};
}

/** A finished ask: the outcome, and optionally more words for the model or a stop of the run. */
export interface AskResolution {
	outcome: AskOutcome;
	mode: AskMode;
	/** Said to the model in a second text block after the result JSON (print mode's pending instructions). */
	modelText?: string;
	terminate?: boolean;
}

export type AskHandler = (ask: Ask) => Promise<AskResolution>;

/** `prepareArguments`: runs before pi's schema check, so the model gets our precise error messages. */
export function prepareAskArguments(args: unknown): AskUserParamsType {
	return canonicalRequest(args) as AskUserParamsType;
}

/**
 * pi 1.x's `exposure`: "model-only" declares the tool to the model but keeps codemode scripts from calling it (a
 * question waits for a person; pi's docs recommend it for tools that ask the user). pi before 1.0 (0.73.1 … 0.87.1)
 * has no such field and ignores it; where pi's ToolDefinition declares it, its own type checks the value.
 */
export type AskUserToolDefinition = ToolDefinition<typeof AskUserParams, AskDetails> & { exposure: "model-only" };

export function createAskUserTool(
	handle: AskHandler,
	tui: RenderModules,
	options: { now?: () => number; guidelines?: readonly string[] } = {},
): AskUserToolDefinition {
	const now = options.now ?? Date.now;
	return {
		name: TOOL_NAME,
		label: "Ask User",
		description: TOOL_DESCRIPTION,
		promptSnippet: PROMPT_SNIPPET,
		// The person's own guidance lines (settings.json `guidelines`) replace ours.
		promptGuidelines: [...(options.guidelines ?? PROMPT_GUIDELINES)],
		parameters: AskUserParams,
		// Questions need the person's attention one dialog at a time.
		executionMode: "sequential",
		exposure: "model-only",
		prepareArguments: prepareAskArguments,
		async execute(toolCallId, params, signal, _onUpdate, ctx) {
			// prepareArguments already produced this shape; checking again is cheap and gives the handlers a typed request.
			const request = validateRequest(params);
			const resolution = await handle({ request, toolCallId, signal, ctx });
			return {
				content: resultContent(resolution.outcome, resolution.modelText),
				details: buildDetails(request, resolution.outcome, resolution.mode, now()),
				...(resolution.terminate ? { terminate: true } : {}),
			};
		},
		renderCall: (args, theme) => renderCall(args, theme, tui),
		renderResult: (result, options, theme) => renderResult(result.details, options.expanded, theme, tui),
	};
}
