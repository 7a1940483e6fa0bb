/**
 * `session_before_compact` as a start registers it: a handler that loads compaction's decision-keeping
 * (./compaction-handler.ts, ./compaction.ts) with the first compaction, so that a start never compiles it
 * (test/e2e/startup-loads.test.ts).
 */
import type { compactKeepingDecisions } from "./compaction-handler.js";

type Handler = typeof compactKeepingDecisions;
type Args = Parameters<Handler>;

export function compactionOnFirstUse(thinkingLevel: () => Args[2], compact: Args[3]) {
	return async (event: Args[0], ctx: Args[1]): ReturnType<Handler> => {
		const { compactKeepingDecisions } = await import("./compaction-handler.js");
		return compactKeepingDecisions(event, ctx, thinkingLevel(), compact);
	};
}
