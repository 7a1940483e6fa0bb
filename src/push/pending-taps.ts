/**
 * Taps for questions nobody has on screen: questions `pi -p` saved (and any ask left on disk) wait in the project's
 * pending files, and a tap is written into the file it names as the answer, exactly as the web page writes one, so
 * that `pi -c` delivers it with the same trust rule as a hand-edited file. Used at pi's start (the taps made while no
 * pi ran wait in ntfy's cache), by `pi-ask-anywhere push listen` and by `pi-ask-anywhere web` (taps applied at once).
 * The first answer wins: a file that already holds answers, a settled ask, or one another live pi is asking now
 * (that pi takes the tap itself) is never written.
 */
import { basename, dirname } from "node:path";
import { timeOf } from "../core/json.js";
import { en } from "../i18n/cli/en.js";
import { answerWaitingAsk } from "../pending/answer.js";
import type { Claims } from "../pending/claims.js";
import type { GivenRecord } from "../pending/given-for-asker.js";
import { listPendingFiles, noAnswerYet, type PendingFile, PendingFileError } from "../pending/pending-file.js";
import { type PendingVerdict, verdictReason } from "../pending/trust.js";
import type { AnswersOf } from "../records/store.js";
import type { NtfyPushConfig } from "./config.js";
import { endedNotification } from "./message.js";
import type { NtfyClient, NtfyMessage } from "./ntfy.js";
import { judgeTap, TAP_TOO_LATE } from "./reply.js";
import { askIdOf } from "./tap.js";

export interface PendingTapsDeps {
	cwd: string;
	/** The folders whose pending files taps answer (`web --all`: every folder with an ask waiting); just `cwd` if absent. */
	folders?: () => readonly string[];
	config: NtfyPushConfig;
	key: Uint8Array;
	client: NtfyClient;
	/** Milliseconds since the epoch. */
	now(): number;
	warn(text: string): void;
	/** The trust verdict on a pending file in `folder` (pending/permission.ts): the rule pi delivers by. */
	judge(file: PendingFile, folder: string): PendingVerdict;
	heldElsewhere: Claims["heldElsewhere"];
	/** Whether this process holds the file's claim (a dialog of this pi shows it): the tap is that dialog's then. */
	heldHere?: (pendingPath: string) => boolean;
	/** Records that a tap wrote these answers into the person's own pi's file (the decision log names it). */
	wrote?: (file: AnswersOf) => void;
	/** This user's record of answers the person gave (answers given on the page count in a file their pi did not write). */
	given: GivenRecord;
}

export type TapApplied =
	| { kind: "written"; file: string; ask: string }
	| { kind: "refused"; warning: string }
	| { kind: "none" };

/** Applies one message of the reply topic to the project's pending files. */
export function applyTapToPending(deps: PendingTapsDeps, message: NtfyMessage): TapApplied {
	const folders = deps.folders?.() ?? [deps.cwd];
	const entries = folders.flatMap((folder) =>
		listPendingFiles(folder).flatMap((entry) => (entry.file ? [{ path: entry.path, file: entry.file, folder }] : [])),
	);
	const byAsk = new Map(entries.map((entry) => [askIdOf(entry.file.sessionId, entry.file.toolCallId), entry]));
	const verdictOf = new Map<string, PendingVerdict>();
	const verdict = judgeTap(
		message.message,
		deps.key,
		Math.floor(deps.now() / 1000),
		(ask) => {
			const entry = byAsk.get(ask);
			if (!entry) return undefined;
			const trust = deps.judge(entry.file, entry.folder);
			verdictOf.set(ask, trust);
			const askedAt = timeOf(entry.file.timestamp);
			return {
				request: entry.file.request,
				ended: !noAnswerYet(entry.file) || (!trust.trusted && trust.kind === "settled"),
				...(askedAt !== undefined ? { askedAt } : {}),
			};
		},
		message.time,
	);
	if (verdict.kind === "ignore") return { kind: "none" };
	if (verdict.kind === "refuse") return { kind: "refused", warning: verdict.warning };
	const entry = byAsk.get(verdict.ask);
	if (!entry) return { kind: "none" };
	// This pi holds them (a dialog, or answers on their way): they are settled there, never also written here.
	if (deps.heldHere?.(entry.path)) return { kind: "none" };
	const answers = entry.file.questions.map((_, i) => (i === 0 ? verdict.label : null));
	const judged = verdictOf.get(verdict.ask);
	try {
		// Another writer (the page, /questions, a second listener) may have answered since the folder was read, or another
		// pi claimed the questions since (checked again under the file's lock).
		const written = answerWaitingAsk(
			entry,
			{ by: "tap", answers: () => answers },
			{
				judge: (file) => judged ?? deps.judge(file, entry.folder),
				heldElsewhere: deps.heldElsewhere,
				given: deps.given,
				wrote: deps.wrote,
			},
		);
		// Another pi has these questions on screen: it reads the same tap from the stream and settles its dialog.
		if (written.kind === "refused" && written.refusal.kind === "held") return { kind: "none" };
		if (written.kind === "answered-already") return { kind: "refused", warning: TAP_TOO_LATE };
		if (written.kind === "refused") {
			const why =
				"verdict" in written.refusal ? verdictReason(written.refusal.verdict, en.trust) : written.refusal.kind;
			return { kind: "refused", warning: `ignored a tap from the phone for ${basename(entry.path)}: ${why}` };
		}
	} catch (error) {
		if (error instanceof PendingFileError)
			return { kind: "refused", warning: `could not write the tap into ${basename(entry.path)}: ${error.message}` };
		throw error;
	}
	return { kind: "written", file: entry.path, ask: verdict.ask };
}

/** Publishes, beside the caller, the notice replacing a tapped ask's notification (named by the file's project). */
function noticeWritten(
	deps: PendingTapsDeps,
	applied: { file: string; ask: string },
	track: (work: Promise<unknown>) => void,
): void {
	const project = basename(dirname(dirname(applied.file)));
	track(deps.client.publish(endedNotification({ id: applied.ask, project }, "phone", deps.config)));
}

export interface WaitingTapsOptions {
	/** ntfy's `since=` (e.g. `12h`). */
	since: string;
	/** Publishes beside the caller (the notices replacing tapped asks' notifications). */
	track?: (work: Promise<unknown>) => void;
	/** Takes a tap for an ask a dialog of this pi shows (true: taken there, or refused there with a warning). */
	takenHere?: (message: NtfyMessage) => boolean;
	/** The read's own time limit and end (see NtfyClient.poll). */
	within?: number;
	signal?: AbortSignal;
}

/**
 * Reads the taps waiting in the reply topic's cache and writes each good one into its pending file, unless a dialog
 * here takes it; every refusal is one warning. Bounded in time: a server that is down costs that once.
 */
export async function applyWaitingTaps(
	deps: PendingTapsDeps,
	options: WaitingTapsOptions,
): Promise<{ written: string[]; reason?: string }> {
	const { since, track = () => {}, takenHere, within, signal } = options;
	const polled = await deps.client.poll(deps.config.ntfy.replyTopic, since, {
		...(within !== undefined ? { within } : {}),
		...(signal ? { signal } : {}),
	});
	if (!polled.ok) return { written: [], reason: polled.reason };
	const written: string[] = [];
	for (const message of polled.messages) {
		if (signal?.aborted) break;
		if (takenHere?.(message)) continue;
		const applied = applyTapToPending(deps, message);
		if (applied.kind === "refused") deps.warn(`push: ${applied.warning}`);
		if (applied.kind === "written") {
			written.push(applied.file);
			noticeWritten(deps, applied, track);
		}
	}
	return { written };
}

/**
 * Follows the reply topic and writes each good tap into its pending file at once (`push listen`, the web command);
 * resolves when `signal` aborts. A lost stream is taken up again from the last message read.
 */
export async function listenForTaps(
	deps: PendingTapsDeps,
	signal: AbortSignal,
	onWritten: (file: string) => void,
	since = "12h",
): Promise<void> {
	let from = since;
	const warned = new Set<string>();
	while (!signal.aborted) {
		const why = await deps.client.follow(
			deps.config.ntfy.replyTopic,
			from,
			(message) => {
				from = message.id;
				const applied = applyTapToPending(deps, message);
				if (applied.kind === "refused" && !warned.has(message.id)) {
					warned.add(message.id);
					deps.warn(`push: ${applied.warning}`);
				}
				if (applied.kind === "written") {
					onWritten(applied.file);
					noticeWritten(deps, applied, () => {});
				}
			},
			signal,
		);
		if (signal.aborted) return;
		// Said once per outage: a server that stays down is not a line every two seconds.
		if (!warned.has(why))
			deps.warn(`push: the reply stream from ${deps.config.ntfy.server} stopped (${why}); reconnecting`);
		warned.add(why);
		await new Promise((resolve) => setTimeout(resolve, 2_000));
	}
}
