/**
 * The places where the person answers an MCP ask, each started when the ask opens and stopped once the person
 * decided anywhere (the ask book keeps the first decision only): the client's own dialog through elicitation, this
 * product's web page through the agent protocol a running `pi-ask-anywhere web` speaks, the phone through push (when
 * the person set it up for pi), and a pending file in the client's project folder. A channel that fails or goes away is no answer: the others keep waiting. Nothing here
 * throws into the server; every failure is logged.
 */
import { basename } from "node:path";
import type { FactLog } from "../ask/log.js";
import type { Claims } from "../pending/claims.js";
import { answersFromPendingFile } from "../pending/delivery.js";
import type { GivenRecord } from "../pending/given-for-asker.js";
import {
	createPendingFile,
	displayPath,
	type PendingFile,
	PendingFileError,
	parsePendingFile,
	readPendingText,
	removePendingFile,
	savePendingFile,
} from "../pending/pending-file.js";
import { ANSWERED_ON_WEB, type LivePush } from "../push/live.js";
import type { RemoteBridge } from "../remote/bridge.js";
import { ANSWERED_ELSEWHERE, type Asker } from "../remote/protocol.js";
import type { AskBook, OpenAsk } from "./asks.js";
import { elicitationForm, outcomeFromForm } from "./elicitation.js";

export type Log = (message: string) => void;

/** How often the pending file is read for answers. */
const FILE_POLL_MS = 300;

/** Who the pending file says asked, and the claims that prove this server holds it while the ask waits. */
export interface FileOwner {
	sessionId: string;
	/** The client's name, as the file's mark carries it (pi says "answered for <client>"). */
	client: string;
	claims: Pick<Claims, "claim">;
	/**
	 * The answers the person's pi or web page wrote into an MCP client's file (pending/for-asker.ts), in this user's
	 * agent folder: the only answers in the file that count.
	 */
	given: Pick<GivenRecord, "given">;
	/** This user's fact log: the saved ask is recorded there (with the client as its asker), as pi records its own. */
	facts?: Pick<FactLog, "append">;
}

/**
 * Writes the ask's questions into `<folder>/.pi/pending-questions[-N].json`, marked as this client's, and reads it
 * until the person's answers appear there, written by a pi in the same folder or by the web page; the file is removed
 * once the client has the decision. While the person may still answer, this server holds a claim on the file: that is
 * what makes a pi write its answers here instead of giving them to its own model (pending/permission.ts). A file that
 * goes away (cleared) stops this channel only.
 *
 * Answers in the file count only when pi or the page recorded them as written for the person (`owner.given`): the
 * client's own model works in this folder and can edit the file, and this server cannot see its tool calls. Anything
 * else there (a model's answers, a hand edit, half an edit) is taken for nothing and logged; the questions stay open
 * and pi or the page write the person's answers over it. The recorded answers are taken as they stand, all at once,
 * questions left out included: pi and the page write every answer in one write, so nothing is cut short.
 */
export function startPendingFile(book: AskBook, ask: OpenAsk, folder: string, owner: FileOwner, log: Log): void {
	let path: string;
	let file: PendingFile;
	try {
		file = createPendingFile({
			request: ask.ask.request,
			sessionId: owner.sessionId,
			toolCallId: ask.id,
			asker: { kind: "mcp", client: owner.client },
			now: new Date(),
		});
		path = savePendingFile(folder, file);
	} catch (error) {
		log(`could not save the questions in ${folder}: ${(error as Error).message}`);
		return;
	}
	// The claim is held until the file is removed (or gone, or replaced): while it stands, a pi in the folder knows this
	// server has the file's ask, answered or not, and never says its answers went nowhere. It dies with this process.
	// Taken first: a pi that finds the file meanwhile would otherwise say nobody waits for it.
	const held = owner.claims.claim(path, ask.id);
	try {
		const at = Date.parse(file.timestamp);
		owner.facts?.append({
			fact: "saved",
			at: Number.isFinite(at) ? at : Date.now(),
			sessionId: owner.sessionId,
			toolCallId: ask.id,
			project: folder,
			asker: owner.client,
		});
	} catch (error) {
		// Unrecorded, the ask still waits in its file; only the inbox (web --all) does not list it.
		log(`could not record the saved questions: ${(error as Error).message}`);
	}
	ask.pendingFile = displayPath(folder, path);
	// Removing the claim file can fail (EACCES, EPERM); thrown from an abort listener it would end the server and
	// every open ask, so it is logged instead (the claim then dies with this process).
	const release = (): void => {
		try {
			held?.();
		} catch (error) {
			log(`could not let go of ${ask.pendingFile}: ${(error as Error).message}`);
		}
	};
	// Decided elsewhere (the client's dialog, the page, the phone): the file holds none of the answers, and a pi must
	// not answer it again, so it goes now. Decided in the file: it stays, with the person's answers, until the client
	// has them (answers decided but never fetched are not lost when the client goes away first).
	ask.decided.addEventListener(
		"abort",
		() => {
			if (ask.decided.reason === "pending-file") return;
			removeIfStillAsked(path, file);
			release();
		},
		{ once: true },
	);
	let lastError: string | undefined;
	const stop = (): void => clearInterval(timer);
	const timer = setInterval(() => {
		try {
			const read = readPendingText(folder, path);
			if (read === undefined) {
				log(`${ask.pendingFile} is gone; the questions wait elsewhere`);
				release();
				return stop();
			}
			if (read.kind !== "readable") return;
			const file = parsePendingFile(read.text, path);
			if (file.toolCallId !== ask.id) {
				release();
				return stop();
			}
			if (file.questions.every((q) => q.answer === null)) return;
			// The whole ask with its answers, as pi or the page recorded it when they wrote them.
			if (!owner.given.given("asker", file)) {
				throw new PendingFileError(
					"answers there were not written by the person's pi or web page (an edit of the file); not taken. The person answers with /questions answer or pi -p @file in pi, or on the web page",
				);
			}
			const outcome = answersFromPendingFile(file, undefined, basename(path));
			if (!outcome) return;
			stop();
			book.decide(ask.id, outcome, "pending-file");
		} catch (error) {
			// A half-edited file, answers nobody's channel wrote, or images named (they cannot be read for a client):
			// nothing is taken, said once.
			const message = `${ask.pendingFile}: ${error instanceof PendingFileError ? error.message : String(error)}`;
			if (message !== lastError) log(message);
			lastError = message;
		}
	}, FILE_POLL_MS);
	timer.unref();
	ask.decided.addEventListener("abort", stop, { once: true });
	// The client has the answers: nobody should answer these questions again. Until then the file stays, with the
	// person's answers when they gave them there.
	ask.handedOut.addEventListener(
		"abort",
		() => {
			removeIfStillAsked(path, file);
			release();
		},
		{ once: true },
	);
}

/** Removes the file while it still holds this ask (checked under its answer lock): never another ask's. */
function removeIfStillAsked(path: string, file: PendingFile): void {
	try {
		removePendingFile(path, file);
	} catch {
		// Gone, or a folder that cannot be written: nothing of this ask's can be removed.
	}
}

/** How long after the web page could not take the ask it is offered again (a page started later, or restarted). */
const WEB_RETRY_MS = 5_000;

/**
 * Registers the ask with the web page through the agent protocol; the page's answer or dismissal decides. A page that
 * is not running, refuses, or goes away is no answer: the ask is offered again every few seconds while it is open, so
 * that a page started (or restarted) later shows it too.
 */
export function startWeb(book: AskBook, ask: OpenAsk, bridge: RemoteBridge, asker: Asker, log: Log): void {
	const stop = new AbortController();
	ask.decided.addEventListener("abort", () => stop.abort(ANSWERED_ELSEWHERE), { once: true });
	let told: string | undefined;
	const offer = (): void => {
		if (stop.signal.aborted) return;
		bridge
			.ask(ask.ask.request, stop.signal, { asker })
			.then((outcome) => {
				if (outcome.kind === "answered" || outcome.kind === "cancelled") {
					book.decide(ask.id, outcome, "web");
					return;
				}
				if (outcome.kind === "interrupted") return;
				// Said once, not every few seconds while the page is not running.
				if (outcome.kind !== told) {
					const why = outcome.kind === "unavailable" ? outcome.reason : outcome.kind;
					log(`web page: ${why}; offered again while the questions wait`);
				}
				told = outcome.kind;
				setTimeout(offer, WEB_RETRY_MS).unref();
			})
			.catch((error: unknown) => log(`web page: ${(error as Error).message}`));
	};
	offer();
}

/** Sends `elicitation/create` and resolves with the client's reply; aborting cancels the request. */
export type Elicit = (
	params: ReturnType<typeof elicitationForm> & { mode: "form" },
	signal: AbortSignal,
) => Promise<{ action: string; content?: unknown }>;

export interface ElicitTiming {
	/** A decline that comes back sooner than this after the form was sent (ms) was no person's: the client's own. */
	quickestPersonMs: number;
	now: () => number;
	/** Tells the client's person, while the call waits, where the questions are once its form closed without answers. */
	tell: (message: string) => void;
}

/** Where the questions wait once the client's form closed without an answer. */
const WAITING_ELSEWHERE =
	"The questions wait for your answer in pi (/questions), on the pi-ask-anywhere web page or phone.";

/**
 * Asks in the client's own dialog. `accept` with answers decides; `decline` is the person's cancel, unless it came
 * back faster than a person reads a form (Codex declines every form at once under `approval_policy = "never"`): then
 * nobody was asked, the ask is marked `formDeclinedByClient` and waits elsewhere. `cancel`, an empty form, an error
 * or no reply at all leave the ask waiting.
 */
export function startElicitation(book: AskBook, ask: OpenAsk, elicit: Elicit, timing: ElicitTiming, log: Log): void {
	const stop = new AbortController();
	let replied = false;
	// A request the client already answered is not withdrawn (no `notifications/cancelled` for a closed form).
	ask.decided.addEventListener("abort", () => replied || stop.abort(ANSWERED_ELSEWHERE), { once: true });
	const sent = timing.now();
	elicit({ mode: "form", ...elicitationForm(ask.ask) }, stop.signal)
		.then((reply) => {
			replied = true;
			const after = timing.now() - sent;
			if (reply.action === "decline" && after < timing.quickestPersonMs) {
				ask.formDeclinedByClient = true;
				timing.tell(WAITING_ELSEWHERE);
				log(
					`ask ${ask.id}: the client declined its form ${after} ms after it was sent, faster than a person reads it; not taken as the person's cancel, the questions wait elsewhere`,
				);
			} else if (reply.action === "decline") book.decide(ask.id, { kind: "cancelled" }, "elicitation");
			else if (reply.action === "accept") {
				const outcome = outcomeFromForm(ask.ask, reply.content);
				if (outcome) book.decide(ask.id, outcome, "elicitation");
				else {
					timing.tell(WAITING_ELSEWHERE);
					log(`ask ${ask.id}: the client's form came back empty; the questions wait elsewhere`);
				}
			} else timing.tell(WAITING_ELSEWHERE);
		})
		.catch((error: unknown) => {
			replied = true;
			if (!stop.signal.aborted)
				log(`ask ${ask.id}: the client's dialog ended without an answer (${(error as Error).message})`);
		});
}

/**
 * Publishes the ask to the person's phone (push, as pi does for a dialog nobody watches: after `push.after`), and
 * takes a tap on an answer button as the answer. When decided elsewhere the notification is replaced by one saying so.
 */
export function startPush(
	book: AskBook,
	ask: OpenAsk,
	live: LivePush,
	about: { id: string; project: string; task: string },
	log: Log,
): void {
	const stop = new AbortController();
	ask.decided.addEventListener(
		"abort",
		// The notice names where: the web page, or (for the client's dialog and the file) neither the terminal nor the page.
		() => stop.abort(ask.decided.reason === "web" ? ANSWERED_ON_WEB : "answered"),
		{ once: true },
	);
	live
		.ask({ ...about, request: ask.ask.request }, stop.signal)
		.then((outcome) => {
			if (outcome.kind === "answered" || outcome.kind === "cancelled") book.decide(ask.id, outcome, "push");
		})
		.catch((error: unknown) => log(`push: ${(error as Error).message}`));
}
