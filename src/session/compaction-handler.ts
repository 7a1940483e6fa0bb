/**
 * `session_before_compact`: pi's own summary, with the user's ask_user decisions appended (see compaction.ts).
 * On pi ≥0.86 the summary is made with the model registry's stream function, the one that knows providers that
 * extensions register (pi-ai's global registry no longer does).
 */
import type { ExtensionContext, SessionBeforeCompactEvent } from "@mariozechner/pi-coding-agent";
import type { PiModules } from "../host/pi-modules.js";
import { collectDecisions, decisionsFromSummary, withDecisions } from "./compaction.js";

type Compact = PiModules["codingAgent"]["compact"];
type CompactArgs = Parameters<Compact>;
type ThinkingLevel = CompactArgs[6];
type StreamFunction = (...args: never[]) => unknown;

/** `ctx.modelRegistry.streamSimple` where pi has it (≥0.86), bound to its registry. */
function registryStream(ctx: ExtensionContext): StreamFunction | undefined {
	const registry = ctx.modelRegistry as unknown as { streamSimple?: unknown };
	return typeof registry.streamSimple === "function"
		? (registry.streamSimple as StreamFunction).bind(registry)
		: undefined;
}

export async function compactKeepingDecisions(
	event: SessionBeforeCompactEvent,
	ctx: ExtensionContext,
	thinkingLevel: ThinkingLevel,
	compact: Compact,
) {
	const { preparation } = event;
	const decisions = [
		...decisionsFromSummary(preparation.previousSummary),
		...collectDecisions([...preparation.messagesToSummarize, ...preparation.turnPrefixMessages]),
	];
	if (decisions.length === 0 || !ctx.model) return undefined;
	const auth = await ctx.modelRegistry.getApiKeyAndHeaders(ctx.model);
	if (!auth.ok || !auth.apiKey) return undefined;
	const stream = registryStream(ctx);
	// pi 0.73.1's compact() takes seven arguments; newer ones take the stream function as the eighth. On pi ≥0.84
	// the registry's headers may hold null (a header to leave out); pi itself passes them to compact() as they are.
	const compactWithStream = compact as (
		preparation: CompactArgs[0],
		model: CompactArgs[1],
		apiKey: CompactArgs[2],
		headers: Record<string, string | null> | undefined,
		...rest: [CompactArgs[4], CompactArgs[5], CompactArgs[6], StreamFunction?]
	) => ReturnType<Compact>;
	try {
		const result = await compactWithStream(
			preparation,
			ctx.model,
			auth.apiKey,
			auth.headers,
			event.customInstructions,
			event.signal,
			thinkingLevel,
			...(stream ? [stream] : []),
		);
		return { compaction: { ...result, summary: withDecisions(result.summary, decisions) } };
	} catch {
		// Let pi compact on its own; its error (if any) is the one the person should see.
		return undefined;
	}
}
