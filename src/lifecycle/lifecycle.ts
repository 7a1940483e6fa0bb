/**
 * The ask lifecycle of one pi run: the state a run keeps (the front end, `--answers` kept for the first ask,
 * ↑ recall, the remote bridge) and the handlers that map pi's events onto the startup plan (found, planned and
 * carried out in ./session-start.ts), the deliveries (./deliveries.ts: answers on their way until the session holds
 * them), the person's prompt (./prompt-answers.ts), the ask handler (its edges in ./ask-edges.ts) and the front end.
 * `index.ts` registers these handlers with pi.
 */
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { typedParts } from "../core/answers.js";
import type { AskOutcome, AskRequest } from "../core/types.js";
import type { AskUserSettings } from "../host/settings.js";
import {
	createFrontEnd,
	type FrontEnd,
	type FrontEndKind,
	frontEndKind,
	type ProcessEdges,
} from "../modes/front-end.js";
import { answerImageReader } from "../pending/answer-images.js";
import type { Claims } from "../pending/claims.js";
import { removePendingFile, savePendingFile } from "../pending/pending-file.js";
import { ASK_RECORD_TYPE, type AskRecord } from "../records/ask-records.js";
import type { AsksMade } from "../records/asks-made.js";
import type { Ledger } from "../records/ledger.js";
import { createSettledRecords } from "../records/settled-records.js";
import type { RemoteAskOutcome } from "../remote/bridge.js";
import { createLazyBridge } from "../remote/lazy-bridge.js";
import { sessionHolds, typedAnswerHistory } from "../session/branch.js";
import type { AskHandler } from "../tool/ask-user-tool.js";
import { createAskDisk } from "./ask-disk.js";
import { type AskPush, askEdges, askSession } from "./ask-edges.js";
import { createAskHandler } from "./ask-handler.js";
import { type AskToAnswer, askInTurn, createDialogQueue, createLateAnswers } from "./background-asks.js";
import { createDeliveries } from "./deliveries.js";
import { createOwnTurn } from "./own-turn.js";
import { createPromptAnswers } from "./prompt-answers.js";
import { startSession } from "./session-start.js";
import type { FindingsDeps } from "./startup-findings.js";
import { createStartupRun } from "./startup-run.js";

export interface LifecycleEdges extends ProcessEdges {
	argv: readonly string[];
	/** The settings read when the extension loaded; each session start hands in its own. */
	settings: AskUserSettings;
	ledger: Ledger;
	/** The record of the asks this user's pi saved, and where (records/asks-made.ts). */
	asksMade: AsksMade;
	/** The verdict on a pending file (records/trust-verdict.ts). */
	trust: FindingsDeps["trust"];
	/** Whether a pending file's filled-in answers were written by a tool call during a run (records/tool-writes.ts). */
	answersWrittenByTool: FindingsDeps["answersWrittenByTool"];
	/** Whether the person gave a pending file's answers on the web page (records/answer-fingerprints.ts). */
	answersGivenOnPage: FindingsDeps["answersGivenOnPage"];
	/** Ends the process now with exit code 1 (questions that could not be saved must not reach the model). */
	exitNow(): never;
	/** pi-coding-agent as the running pi loaded it (its `parseArgs`, where it exports one). */
	piExports: object;
	/** Claims on pending files: this pi's own, and other live pi processes' (see pending/claims.ts). */
	claims: Claims;
	/** Push notifications (src/push/push.ts): the phone joins a dialog's remote side, and saved questions are published. */
	push?: AskPush & {
		/** The phone beside a dialog shown after its turn (a background ask, a pending one). */
		phone(
			ctx: ExtensionContext,
			shown: FrontEnd,
			ask: { toolCallId: string; sessionId?: string; pendingPath?: string },
		): ((request: AskRequest, signal: AbortSignal) => Promise<RemoteAskOutcome>) | undefined;
	};
}

export type { AskToAnswer };

interface RunState {
	kind: FrontEndKind | undefined;
	/** `--answers` for the run's first ask (nothing was pending anywhere). */
	upFront: string | undefined;
	/** Print mode: a startup error stopped the run; the prompt must not reach the model. */
	stopped: boolean;
	history: string[];
	/** The session of this run (it changes with /new, /resume, /fork). */
	session: ExtensionContext["sessionManager"] | undefined;
}

export function createLifecycle(pi: ExtensionAPI, edges: LifecycleEdges) {
	const remote = createLazyBridge();
	const state: RunState = {
		kind: undefined,
		upFront: undefined,
		stopped: false,
		history: [],
		session: undefined,
	};
	const record = (data: AskRecord) => pi.appendEntry(ASK_RECORD_TYPE, data);
	const settled = createSettledRecords({ record, ledger: edges.ledger });
	const deliveries = createDeliveries({
		claims: edges.claims,
		sessionHolds: (text) => {
			const session = state.session;
			return session !== undefined && sessionHolds(session.getSessionFile(), () => session.getBranch(), text);
		},
		recordDelivered: settled.delivered,
		removePendingFile,
	});
	const disk = createAskDisk({
		asksMade: edges.asksMade,
		claims: edges.claims,
		save: savePendingFile,
		remove: removePendingFile,
		now: () => new Date(),
	});
	/** One dialog at a time: a background ask's dialog may still be open when the model asks again. */
	const inTurn = createDialogQueue();
	/** The person's settings, read at each session start (host/settings.ts). */
	let settings = edges.settings;

	function frontEnd(ctx: ExtensionContext): FrontEnd {
		state.kind ??= frontEndKind(ctx, edges.argv);
		const shown = createFrontEnd(state.kind, ctx, edges, settings.dialog);
		const ask = shown.ask;
		return ask ? { ...shown, ask: askInTurn(ask, inTurn) } : shown;
	}

	const ownTurn = createOwnTurn({ pi, deliveries, fail: (ctx, text) => frontEnd(ctx).fail(text) });
	const late = createLateAnswers({
		frontEnd,
		claims: edges.claims,
		history: () => state.history,
		remember,
		send: (ctx, delivery) => {
			const refused = deliveries.send([delivery]);
			if (refused) return frontEnd(ctx).fail(refused);
			ownTurn.send(ctx, [delivery], "steer");
		},
		phone: (ctx, shown, ask) =>
			edges.push?.phone(ctx, shown, {
				toolCallId: ask.toolCallId,
				...(ask.fromSession ? { sessionId: ask.fromSession } : {}),
				...(ask.path ? { pendingPath: ask.path } : {}),
			}),
	});
	const answerInDialog = late.answerInDialog;
	const carryOut = createStartupRun({
		frontEnd,
		deliveries,
		ownTurn,
		answerInDialog,
		stopRun: (stopped) => {
			state.stopped = stopped;
		},
		keepUpFront: (answers) => {
			state.upFront = answers;
		},
	});

	const pendingFileFor = (ctx: ExtensionContext, request: AskRequest, toolCallId: string) =>
		disk.pendingFileFor(askSession(ctx), request, toolCallId);

	/** The person cleared these asks' files: their sessions must not bring them back. */
	function markCleared(ctx: ExtensionContext, cleared: readonly { sessionId: string; toolCallId: string }[]) {
		settled.cleared(ctx.sessionManager.getSessionId(), cleared);
	}

	function remember(outcome: AskOutcome) {
		if (outcome.kind === "answered") state.history.push(...outcome.answers.flatMap(typedParts));
	}

	const warnIn = (ctx: ExtensionContext) => (text: string) => frontEnd(ctx).tell(text, "warning");
	const imageReader = (ctx: ExtensionContext) => answerImageReader(() => edges.imageSupport(ctx), ctx.cwd);
	const findingsDeps = (ctx: ExtensionContext): FindingsDeps => ({
		settledElsewhere: edges.ledger.settledIn,
		pendingFileFor: (ctx, ask) => pendingFileFor(ctx, ask.request, ask.toolCallId),
		recordPending: (toolCallId, shownPath) => record({ toolCallId, state: "pending", pendingFile: shownPath }),
		trust: edges.trust,
		answersWrittenByTool: edges.answersWrittenByTool,
		answersGivenOnPage: edges.answersGivenOnPage,
		heldBy: edges.claims.heldElsewhere,
		readImage: imageReader(ctx),
	});

	async function sessionStart(_event: unknown, ctx: ExtensionContext, startSettings: AskUserSettings): Promise<void> {
		settings = startSettings;
		state.kind = frontEndKind(ctx, edges.argv);
		state.upFront = undefined;
		state.stopped = false;
		// Whatever was on its way into the previous session was not delivered by this run: its files stay.
		deliveries.releaseAll();
		state.session = ctx.sessionManager;
		state.history = typedAnswerHistory(ctx.sessionManager.getBranch());
		if (settings.timeout.error) frontEnd(ctx).tell(`pi-ask-anywhere: ${settings.timeout.error}`, "warning");
		await startSession(ctx, {
			argv: edges.argv,
			piExports: edges.piExports,
			getFlag: (name) => pi.getFlag(name),
			remoteSettings: settings.remote,
			frontEnd: state.kind,
			configureRemote: remote.configure,
			findings: findingsDeps(ctx),
			warn: (text) => frontEnd(ctx).tell(text, "warning"),
			carryOut: (plan, prompt) => carryOut(ctx, plan, prompt),
		});
	}

	const input = createPromptAnswers({
		stopped: () => state.stopped,
		frontEnd,
		deliveries,
		trust: edges.trust,
		answersWrittenByTool: edges.answersWrittenByTool,
		answersGivenOnPage: edges.answersGivenOnPage,
		heldBy: edges.claims.heldElsewhere,
		readImage: imageReader,
	});

	const askHandler: AskHandler = createAskHandler({
		idleTimeoutMs: () => settings.timeout.ms,
		frontEnd,
		takeUpFrontAnswers: () => {
			const answers = state.upFront;
			state.upFront = undefined;
			return answers;
		},
		history: () => state.history,
		remember,
		readImage: imageReader,
		...askEdges({
			frontEnd,
			bridge: remote,
			...(edges.push ? { push: edges.push } : {}),
			imageSupport: edges.imageSupport,
			write: edges.write,
			disk,
			answerInDialog,
			exitNow: edges.exitNow,
		}),
	});

	return {
		askHandler,
		frontEnd,
		answerInDialog,
		markCleared,
		sessionStart,
		input,
		/** After any of pi's events that may have written the session (message_end, turn_end, agent_end). */
		sessionMayHaveChanged: async (_event: unknown, ctx: ExtensionContext) => deliveries.confirm(warnIn(ctx)),
		agentEnd: async (_event: unknown, ctx: ExtensionContext) => {
			deliveries.confirm(warnIn(ctx));
			ownTurn.agentEnded();
		},
		sessionTree: async (_event: unknown, ctx: ExtensionContext) => {
			// Moving in the session tree changes which answers are "earlier in this session".
			state.history = typedAnswerHistory(ctx.sessionManager.getBranch());
		},
		sessionShutdown: async () => {
			deliveries.confirm((text) => edges.write(2, `${text}\n`));
			deliveries.releaseAll();
			remote.dispose();
		},
	};
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
