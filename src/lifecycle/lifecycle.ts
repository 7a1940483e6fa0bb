/**
 * The ask lifecycle of one pi run, wired to the real pi: the run (./run.ts, which builds the deliveries, the asks on
 * disk, the dialogs, the startup plan carried out, the person's prompt and the ask handler) gets pi's API, the
 * screen (modes/front-end.ts), the pending files, the session file, a lazily opened remote bridge and the project's
 * image files as its edges. `index.ts` hands these handlers to pi's events.
 */
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { createFrontEnd } from "../modes/front-end.js";
import { answerImageReader } from "../pending/answer-images.js";
import { removePendingFile, savePendingFile } from "../pending/pending-file.js";
import { createLazyBridge } from "../remote/lazy-bridge.js";
import { sessionHolds } from "../session/branch.js";
import { createRun, type RunEdges } from "./run.js";

export type { AskToAnswer } from "./background-asks.js";

export function createLifecycle(pi: ExtensionAPI, edges: RunEdges) {
	return createRun(edges, {
		pi,
		createFrontEnd: (kind, ctx, dialog) => createFrontEnd(kind, ctx, edges, dialog),
		savePendingFile,
		removePendingFile,
		now: () => new Date(),
		sessionHolds,
		bridge: createLazyBridge(),
		imageReader: (ctx) => answerImageReader(() => edges.imageSupport(ctx), ctx.cwd),
	});
}
