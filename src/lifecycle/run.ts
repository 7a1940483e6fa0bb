/**
 * One pi run's asks, built once from its edges: the state a run keeps (the front end, `--answers` kept for the first
 * ask, ↑ recall, whether print mode stopped) and the parts that share it — the deliveries (./deliveries.ts), the asks
 * on disk (./ask-disk.ts), one dialog at a time and answers given after their turn (./background-asks.ts), answers
 * sent as the person's own turn (./own-turn.ts), the startup plan carried out (./startup-run.ts), the person's prompt
 * (./prompt-answers.ts) and the ask handler (./ask-handler.ts, its edges in ./ask-edges.ts). pi's API, the screen,
 * the session file, the remote bridge, image files and the pending files kept while a dialog shows them come in as
 * edges (./lifecycle.ts gives the real ones), so a test drives a whole run with plain objects; the startup findings
 * and saving for later write their pending files into the project themselves, so such a test gives it a folder.
 */
import type { ExtensionAPI, ExtensionContext, SessionEntry } from "@mariozechner/pi-coding-agent";
import { decisionOf, type RecordDecision } from "../ask/decision.js";
import type { FactLog } from "../ask/log.js";
import type { ImageReader } from "../core/answer-input.js";
import { typedParts } from "../core/answers.js";
import type { AskOutcome, AskRequest } from "../core/types.js";
import type { AskUserSettings, DialogSettings } from "../host/settings.js";
import { words } from "../i18n/words.js";
import { type FrontEnd, type FrontEndKind, frontEndKind, type ProcessEdges } from "../modes/front-end.js";
import type { PendingAskIdentity, PendingFile } from "../pending/pending-file.js";
import { ASK_RECORD_TYPE, type AskRecord } from "../records/ask-records.js";
import type { Judging } from "../records/pi-store.js";
import { type AskStore, createSettledRecords } from "../records/store.js";
import type { RemoteAskOutcome } from "../remote/bridge.js";
import type { LazyBridge } from "../remote/lazy-bridge.js";
import { typedAnswerHistory } from "../session/branch.js";
import type { AskHandler } from "../tool/ask-user-tool.js";
import { type AskDiskDeps, createAskDisk } from "./ask-disk.js";
import { type AskPush, askEdges, askSession } from "./ask-edges.js";
import { createAskHandler } from "./ask-handler.js";
import { askInTurn, createDialogQueue, createLateAnswers } from "./background-asks.js";
import { createDeliveries } from "./deliveries.js";
import { createOwnTurn } from "./own-turn.js";
import { createPromptAnswers } from "./prompt-answers.js";
import { startSession } from "./session-start.js";
import type { FindingsDeps } from "./startup-findings.js";
import { createStartupRun } from "./startup-run.js";

/** What the process gives the run (index.ts): its command line, settings, records, what judges a file, and push. */
export interface RunEdges extends ProcessEdges {
	argv: readonly string[];
	/** The settings read when the extension loaded; each session start hands in its own. */
	settings: AskUserSettings;
	/** This user's records (records/store.ts): the settled ledger and the fact log's appends. */
	store: Pick<AskStore, "ledger"> & { facts: Pick<FactLog, "append"> };
	/** What judges a pending file's answers, as every reader of one in this pi asks it (records/pi-store.ts). */
	judging: Judging;
	/** Ends the process now with exit code 1 (questions that could not be saved must not reach the model). */
	exitNow(): never;
	/** pi-coding-agent as the running pi loaded it (its `parseArgs`, where it exports one). */
	piExports: object;
	/** Push notifications (src/push/push.ts): the phone joins a dialog's remote side, and saved questions are published. */
	push?: RunPush;
	/** The person answered an ask in a dialog after its turn (approvals read their Allow from it: ./approvals.ts). */
	answeredLate?(ask: { request: AskRequest }, outcome: AskOutcome): void;
	/** The decision log's writer (ask/decision.ts): every ask that ends for good here is recorded once. */
	recordDecision?: RecordDecision;
}

/** Push notifications as the run uses them. */
export interface RunPush extends AskPush {
	/** The phone beside a dialog shown after its turn (a background ask, a pending one). */
	phone(
		ctx: ExtensionContext,
		shown: FrontEnd,
		ask: { toolCallId: string; sessionId?: string; pendingPath?: string },
	): ((request: AskRequest, signal: AbortSignal) => Promise<RemoteAskOutcome>) | undefined;
}

/** pi's API, the screen and the files the run reads and writes (./lifecycle.ts gives the real ones). */
export interface HostEdges extends Pick<AskDiskDeps, "now"> {
	/**
	 * pi's API: records go into the session (`appendEntry`), `--answers` and the remote flags are read (`getFlag`),
	 * answers are sent as the person's own turn (`sendMessage`).
	 */
	pi: Pick<ExtensionAPI, "appendEntry" | "getFlag" | "sendMessage">;
	/** The front end of `kind` in `ctx` (modes/front-end.ts), with the person's dialog settings of this session. */
	createFrontEnd(kind: FrontEndKind, ctx: ExtensionContext, dialog: DialogSettings): FrontEnd;
	/** Writes a pending file in the project folder `cwd`; throws when it cannot. */
	savePendingFile(cwd: string, file: PendingFile): string;
	/** Removes a pending file while it still holds `ask` (pending/pending-file.ts). */
	removePendingFile(path: string, ask: PendingAskIdentity): void;
	/** Whether the session (its file, else its branch in memory) holds a user message carrying `text` (session/branch.ts). */
	sessionHolds(sessionFile: string | undefined, branch: () => SessionEntry[], text: string): boolean;
	/** This run's remote bridge, opened on the first ask that needs it (remote/lazy-bridge.ts). */
	bridge: LazyBridge;
	/** Reads the image files answers name in `ctx`'s project (pending/answer-images.ts). */
	imageReader(ctx: ExtensionContext): ImageReader;
}

interface RunState {
	kind: FrontEndKind | undefined;
	/** `--answers` for the run's first ask (nothing was pending anywhere). */
	upFront: string | undefined;
	/** Print mode: a startup error stopped the run; the prompt must not reach the model. */
	stopped: boolean;
	history: string[];
	/** The session of this run (it changes with /new, /resume, /fork). */
	session: ExtensionContext["sessionManager"] | undefined;
	/** The person's settings, read at each session start (host/settings.ts). */
	settings: AskUserSettings;
}

/** The run's handlers, one per pi event it answers, and what the children's route and `/questions` share. */
export function createRun(edges: RunEdges, host: HostEdges) {
	const state: RunState = {
		kind: undefined,
		upFront: undefined,
		stopped: false,
		history: [],
		session: undefined,
		settings: edges.settings,
	};
	const record = (data: AskRecord) => host.pi.appendEntry(ASK_RECORD_TYPE, data);
	const settled = createSettledRecords({ record, ledger: edges.store.ledger });
	const deliveries = createDeliveries({
		claims: edges.judging.claims,
		sessionHolds: (text) => {
			const session = state.session;
			return session !== undefined && host.sessionHolds(session.getSessionFile(), () => session.getBranch(), text);
		},
		recordDelivered: settled.delivered,
		removePendingFile: host.removePendingFile,
		decided: (delivery, warn) => {
			const session = state.session;
			if (!delivery.decision || !session) return;
			const decision = {
				...delivery.decision,
				sessionId: delivery.fromSession ?? session.getSessionId(),
				toolCallId: delivery.toolCallId,
				project: session.getCwd(),
			};
			edges.recordDecision?.(decision, (reason) => warn?.(words().cli.notices.decisionNotLogged(reason)));
		},
	});
	const disk = createAskDisk({
		facts: edges.store.facts,
		claims: edges.judging.claims,
		save: host.savePendingFile,
		remove: host.removePendingFile,
		now: host.now,
	});
	/** The one pending file an ask of `ctx`'s session is saved in: saved for later, or found open at startup. */
	const pendingFileFor = (ctx: ExtensionContext, request: AskRequest, toolCallId: string) =>
		disk.pendingFileFor(askSession(ctx), request, toolCallId);
	/** One dialog at a time: a background ask's dialog may still be open when the model asks again. */
	const inTurn = createDialogQueue();

	function frontEnd(ctx: ExtensionContext): FrontEnd {
		state.kind ??= frontEndKind(ctx, edges.argv);
		const shown = host.createFrontEnd(state.kind, ctx, state.settings.dialog);
		const ask = shown.ask;
		return ask ? { ...shown, ask: askInTurn(ask, inTurn) } : shown;
	}
	const warnIn = (ctx: ExtensionContext) => (text: string) => frontEnd(ctx).tell(text, "warning");

	function remember(outcome: AskOutcome) {
		if (outcome.kind === "answered") state.history.push(...outcome.answers.flatMap(typedParts));
	}

	const ownTurn = createOwnTurn({ pi: host.pi, deliveries, fail: (ctx, text) => frontEnd(ctx).fail(text) });
	const { answerInDialog } = createLateAnswers({
		frontEnd,
		claims: edges.judging.claims,
		history: () => state.history,
		remember,
		...(edges.answeredLate ? { answeredLate: edges.answeredLate } : {}),
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
		trust: edges.judging.trust,
		heldElsewhere: edges.judging.claims.heldElsewhere,
		given: edges.judging.given,
	});
	/** Whose files a start may take, and how their answers are read (./startup-findings.ts). */
	const findingsFor = (ctx: ExtensionContext): FindingsDeps => ({
		settledElsewhere: edges.store.ledger.settledIn,
		pendingFileFor: (ctx, ask) => pendingFileFor(ctx, ask.request, ask.toolCallId),
		recordPending: (ask, shownPath) => record({ ...ask, state: "pending", pendingFile: shownPath }),
		trust: edges.judging.trust,
		answersWrittenByTool: edges.judging.answersWrittenByTool,
		given: edges.judging.given,
		heldBy: edges.judging.claims.heldElsewhere,
		readImage: host.imageReader(ctx),
	});

	/** What the run keeps of the session now: its settings, front end, session and the answers typed in it. */
	function joinSession(ctx: ExtensionContext, settings: AskUserSettings): FrontEndKind {
		const kind = frontEndKind(ctx, edges.argv);
		state.settings = settings;
		state.kind = kind;
		state.upFront = undefined;
		state.stopped = false;
		// Whatever was on its way into the previous session was not delivered by this run: its files stay.
		deliveries.releaseAll();
		state.session = ctx.sessionManager;
		state.history = typedAnswerHistory(ctx.sessionManager.getBranch());
		return kind;
	}

	async function sessionStart(_event: unknown, ctx: ExtensionContext, settings: AskUserSettings): Promise<void> {
		const kind = joinSession(ctx, settings);
		if (settings.timeout.error) frontEnd(ctx).tell(`pi-ask-anywhere: ${settings.timeout.error}`, "warning");
		await startSession(ctx, {
			argv: edges.argv,
			piExports: edges.piExports,
			getFlag: (name) => host.pi.getFlag(name),
			remoteSettings: settings.remote,
			frontEnd: kind,
			configureRemote: host.bridge.configure,
			findings: findingsFor(ctx),
			warn: warnIn(ctx),
			carryOut: (plan, prompt) => carryOut(ctx, plan, prompt),
		});
	}

	const askHandler: AskHandler = createAskHandler({
		idleTimeoutMs: () => state.settings.timeout.ms,
		frontEnd,
		takeUpFrontAnswers: () => {
			const answers = state.upFront;
			state.upFront = undefined;
			return answers;
		},
		history: () => state.history,
		remember,
		decided: (ask, outcome, by) => {
			const decision = decisionOf(by, ask.request.questions, outcome);
			if (!decision) return;
			const { ctx } = ask;
			edges.recordDecision?.(
				{ ...decision, sessionId: ctx.sessionManager.getSessionId(), toolCallId: ask.toolCallId, project: ctx.cwd },
				(reason) => warnIn(ctx)(words().cli.notices.decisionNotLogged(reason)),
			);
		},
		readImage: host.imageReader,
		...askEdges({
			frontEnd,
			bridge: host.bridge,
			...(edges.push ? { push: edges.push } : {}),
			imageSupport: edges.imageSupport,
			write: edges.write,
			disk,
			pendingFileFor,
			answerInDialog,
			exitNow: edges.exitNow,
		}),
	});

	return {
		askHandler,
		frontEnd,
		answerInDialog,
		/** The person cleared these asks' files: their sessions must not bring them back. */
		markCleared: (ctx: ExtensionContext, cleared: readonly { sessionId: string; toolCallId: string }[]) =>
			settled.cleared(ctx.sessionManager.getSessionId(), cleared, ctx.cwd),
		sessionStart,
		/**
		 * A session whose start the run did not see (built at its first ask, src/asking.ts): the run learns it as a start
		 * would, and finds nothing at it (that start had nothing to find: lifecycle/start-needs.ts).
		 */
		joinSession,
		input: createPromptAnswers({
			stopped: () => state.stopped,
			frontEnd,
			deliveries,
			trust: edges.judging.trust,
			answersWrittenByTool: edges.judging.answersWrittenByTool,
			given: edges.judging.given,
			heldBy: edges.judging.claims.heldElsewhere,
			readImage: host.imageReader,
		}),
		/** After any of pi's events that may have written the session (message_end, agent_end). */
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
			host.bridge.dispose();
		},
	};
}
