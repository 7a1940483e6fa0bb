/**
 * The ask lifecycle of one pi run: the state a run keeps (the front end, `--answers` kept for the first ask,
 * ↑ recall, the remote bridge) and the handlers that map pi's events onto the startup plan (found, planned and
 * carried out: ./startup-findings.ts, ./startup-plan.ts, ./startup-run.ts), the deliveries (./deliveries.ts: answers
 * on their way until the session holds them), the person's prompt (./prompt-answers.ts), the ask handler and the
 * front end. `index.ts` registers these handlers with pi.
 */
import { resolve } from "node:path";
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { typedParts } from "../core/answers.js";
import type { AskOutcome, AskRequest } from "../core/types.js";
import type { AskUserSettings } from "../host/settings.js";
import { words } from "../i18n/words.js";
import { readCommandLine } from "../modes/cli-args.js";
import {
	createFrontEnd,
	type FrontEnd,
	type FrontEndKind,
	frontEndKind,
	type ProcessEdges,
} from "../modes/front-end.js";
import { saveQuestionsForLater } from "../modes/print.js";
import { answerImageReader } from "../pending/answer-images.js";
import type { Claims } from "../pending/claims.js";
import { removePendingFile, savePendingFile } from "../pending/pending-file.js";
import { ASK_RECORD_TYPE, type AskRecord } from "../records/ask-records.js";
import type { AsksMade } from "../records/asks-made.js";
import type { Ledger } from "../records/ledger.js";
import { createSettledRecords } from "../records/settled-records.js";
import type { RemoteAskOutcome, RemoteBridge } from "../remote/bridge.js";
import { resolveRemoteConfig } from "../remote/config.js";
import { createLazyBridge } from "../remote/lazy-bridge.js";
import { lastUserText, sessionHolds, typedAnswerHistory } from "../session/branch.js";
import type { AskHandler } from "../tool/ask-user-tool.js";
import { type AskSession, createAskDisk } from "./ask-disk.js";
import { createAskHandler } from "./ask-handler.js";
import { type AskToAnswer, askInTurn, createDialogQueue, createLateAnswers } from "./background-asks.js";
import { createDeliveries } from "./deliveries.js";
import { createOwnTurn } from "./own-turn.js";
import { createPromptAnswers } from "./prompt-answers.js";
import { type FindingsDeps, findStartup } from "./startup-findings.js";
import { planStartup } from "./startup-plan.js";
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
	push?: {
		dialogRemote(
			remote: Promise<RemoteBridge> | undefined,
			ctx: ExtensionContext,
			shown: FrontEnd,
			toolCallId: string,
		): Promise<RemoteBridge> | undefined;
		saved(ctx: ExtensionContext, request: AskRequest, toolCallId: string): void;
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

	function remoteBridge(ctx: ExtensionContext, shown: FrontEnd): Promise<RemoteBridge> | undefined {
		// With a UI, stderr would tear the screen: warnings become notifications.
		return remote.bridge(ctx.hasUI ? { warn: (message: string) => shown.tell(message, "warning") } : undefined);
	}

	/** What the ask's session says about it when its questions are saved. */
	function askSession(ctx: ExtensionContext): AskSession {
		const sm = ctx.sessionManager;
		return {
			cwd: ctx.cwd,
			sessionId: sm.getSessionId(),
			sessionFile: sm.getSessionFile(),
			task: lastUserText(sm.getBranch()),
		};
	}
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
		remote.configure(undefined);
		const sessionId = ctx.sessionManager.getSessionId();
		const commandLine = await readCommandLine(edges.argv, edges.piExports);
		try {
			const config = resolveRemoteConfig((name) => pi.getFlag(name), settings.remote, { sessionKey: sessionId });
			remote.configure(config);
		} catch (error) {
			return carryOut(ctx, { kind: "stop", error: (error as Error).message }, commandLine.prompt);
		}
		const flag = pi.getFlag("answers");
		const answersFlag = typeof flag === "string" && flag.trim() !== "" ? flag : undefined;
		const run = { frontEnd: state.kind, prompt: commandLine.prompt, continued: commandLine.continued, answersFlag };
		const findings = findStartup(ctx, run, findingsDeps(ctx));
		for (const line of findings.ignored) frontEnd(ctx).tell(`pi-ask-anywhere: ${line}`, "warning");
		await carryOut(ctx, planStartup(findings), commandLine.prompt);
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
		remote: (ctx, shown, toolCallId) =>
			edges.push ? edges.push.dialogRemote(remoteBridge(ctx, shown), ctx, shown, toolCallId) : remoteBridge(ctx, shown),
		acceptsImages: (ctx) => edges.imageSupport(ctx).allowed,
		readImage: imageReader,
		keepOnDisk: (ctx, request, toolCallId) => {
			try {
				return disk.keepWhileAsked(askSession(ctx), request, toolCallId);
			} catch (error) {
				frontEnd(ctx).tell(words().cli.notices.notSaved((error as Error).message), "warning");
				return undefined;
			}
		},
		doneWithDisk: disk.doneAsking,
		stillAsking: disk.stillAsking,
		saveForLater: (ctx, request, toolCallId) => {
			const saved = saveQuestionsForLater(ctx.cwd, pendingFileFor(ctx, request, toolCallId));
			if (saved.saved) edges.push?.saved(ctx, request, toolCallId);
			return saved;
		},
		answerLater: (ctx, ask) => {
			const target: AskToAnswer = {
				toolCallId: ask.toolCallId,
				request: ask.request,
				path: resolve(ctx.cwd, ask.pendingFile),
			};
			void answerInDialog(ctx, target, "background").catch((error: unknown) =>
				frontEnd(ctx).fail((error as Error).message),
			);
		},
		stopRun: (text) => {
			edges.write(2, text);
			return edges.exitNow();
		},
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
