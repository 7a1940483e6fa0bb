/**
 * The ask handler's edges in one pi run: where its questions are kept on disk, saved for later and answered later,
 * its remote side (the session's bridge, the phone beside it), whether images are offered, and how a run that
 * cannot keep its questions stops. Built from the run's parts; the ask handler (./ask-handler.ts) decides when.
 */
import { resolve } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { AskRequest } from "../core/types.js";
import { words } from "../i18n/words.js";
import type { FrontEnd, ProcessEdges } from "../modes/front-end.js";
import { saveQuestionsForLater } from "../modes/print.js";
import type { PendingFile } from "../pending/pending-file.js";
import type { RemoteBridge } from "../remote/bridge.js";
import type { LazyBridge } from "../remote/lazy-bridge.js";
import { lastUserText } from "../session/branch.js";
import type { AskDisk, AskSession } from "./ask-disk.js";
import type { AskHandlerDeps } from "./ask-handler.js";
import type { AskToAnswer } from "./background-asks.js";

/** Push notifications for an ask (src/push/push.ts): the phone joins a dialog's remote side; saved questions are published. */
export interface AskPush {
	dialogRemote(
		remote: Promise<RemoteBridge> | undefined,
		ctx: ExtensionContext,
		shown: FrontEnd,
		toolCallId: string,
	): Promise<RemoteBridge> | undefined;
	saved(ctx: ExtensionContext, request: AskRequest, toolCallId: string): void;
}

export interface AskEdgesDeps extends Pick<ProcessEdges, "imageSupport" | "write"> {
	frontEnd(ctx: ExtensionContext): FrontEnd;
	/** This session's remote bridge, opened on the first ask that needs it. */
	bridge: LazyBridge;
	push?: AskPush;
	disk: Pick<AskDisk, "keepWhileAsked" | "doneAsking" | "stillAsking">;
	/** The pending file an ask of `ctx`'s session is saved in (built once for the run, ./run.ts). */
	pendingFileFor(ctx: ExtensionContext, request: AskRequest, toolCallId: string): PendingFile;
	/** Shows a background ask's questions in a dialog after its turn (./background-asks.ts). */
	answerInDialog(ctx: ExtensionContext, target: AskToAnswer, late: "background"): Promise<void>;
	/** Ends the process now with exit code 1. */
	exitNow(): never;
}

/** What the ask's session says about it when its questions are saved. */
export function askSession(ctx: ExtensionContext): AskSession {
	const sm = ctx.sessionManager;
	return {
		cwd: ctx.cwd,
		sessionId: sm.getSessionId(),
		sessionFile: sm.getSessionFile(),
		task: lastUserText(sm.getBranch()),
	};
}

type AskEdges = Pick<
	AskHandlerDeps,
	| "remote"
	| "acceptsImages"
	| "keepOnDisk"
	| "doneWithDisk"
	| "stillAsking"
	| "saveForLater"
	| "answerLater"
	| "stopRun"
>;

export function askEdges(deps: AskEdgesDeps): AskEdges {
	function remoteBridge(ctx: ExtensionContext, shown: FrontEnd): Promise<RemoteBridge> | undefined {
		// With a UI, stderr would tear the screen: warnings become notifications.
		return deps.bridge.bridge(ctx.hasUI ? { warn: (message: string) => shown.tell(message, "warning") } : undefined);
	}
	return {
		remote: (ctx, shown, toolCallId) =>
			deps.push ? deps.push.dialogRemote(remoteBridge(ctx, shown), ctx, shown, toolCallId) : remoteBridge(ctx, shown),
		acceptsImages: (ctx) => deps.imageSupport(ctx).allowed,
		keepOnDisk: (ctx, request, toolCallId) => {
			try {
				return deps.disk.keepWhileAsked(askSession(ctx), request, toolCallId);
			} catch (error) {
				deps.frontEnd(ctx).tell(words().cli.notices.notSaved((error as Error).message), "warning");
				return undefined;
			}
		},
		doneWithDisk: deps.disk.doneAsking,
		stillAsking: deps.disk.stillAsking,
		saveForLater: (ctx, request, toolCallId) => {
			const saved = saveQuestionsForLater(ctx.cwd, deps.pendingFileFor(ctx, request, toolCallId));
			if (saved.saved) deps.push?.saved(ctx, request, toolCallId);
			return saved;
		},
		answerLater: (ctx, ask) => {
			const target: AskToAnswer = {
				toolCallId: ask.toolCallId,
				request: ask.request,
				path: resolve(ctx.cwd, ask.pendingFile),
			};
			void deps
				.answerInDialog(ctx, target, "background")
				.catch((error: unknown) => deps.frontEnd(ctx).fail((error as Error).message));
		},
		stopRun: (text) => {
			deps.write(2, text);
			return deps.exitNow();
		},
	};
}
