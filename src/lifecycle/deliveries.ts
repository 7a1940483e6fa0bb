/**
 * Answers on their way to the model, from the moment a start plans them until a session that pi will continue
 * holds them. While on the way their pending files stay on disk, claimed by this pi (other pi processes leave
 * them alone); they count as delivered — recorded, file removed, claim released — only once the session holds
 * the message: its file on disk when the session has one (pi writes a new session's file only after the model's
 * first reply), else the session in memory. A run that ends before that (a signal, a crash, a send pi dropped)
 * delivered nothing: its claims die with it and the next `pi -c`, `@file` or `--answers` delivers the answers.
 */

import type { ImageBlock } from "../core/result.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words } from "../i18n/words.js";
import type { Claims } from "../pending/claims.js";
import { type Delivery, deliveryContent, describeSource, oneAnswerPerAsk } from "../pending/delivery.js";
import type { PendingAskIdentity } from "../pending/pending-file.js";
import { refusalSentence } from "../pending/permission.js";

export interface DeliveriesDeps {
	claims: Pick<Claims, "claim" | "heldElsewhere">;
	/** Whether the session pi will continue holds a user message carrying `text`. */
	sessionHolds(text: string): boolean;
	/** The ask is settled: its own session's record, or the settled-elsewhere ledger for another session's ask. */
	recordDelivered(delivery: Delivery): void;
	removePendingFile(path: string, ask: PendingAskIdentity): void;
	/** The delivery's decision is final (the decision log, ask/decision.ts); never throws. */
	decided?(delivery: Delivery, warn?: (text: string) => void): void;
	/** The words of the run's language at the moment they are said (a session start may choose another). */
	words?: () => CliStrings;
}

export interface Deliveries {
	/**
	 * Claims the deliveries' files; they wait for the person's prompt (`takeWaiting`) or are sent as their own turn.
	 * Returns why not, naming the file, when another live pi holds one of them (then nothing is claimed).
	 */
	hold(deliveries: readonly Delivery[], onHold: "waiting" | "sending"): string | undefined;
	/** The answers waiting for the prompt; from now on they are on the way. */
	takeWaiting(): Delivery[];
	/** The answers waiting for the prompt, left where they are. */
	waiting(): readonly Delivery[];
	/** Answers of an ask chosen now (a dialog, an attached file) set on their way; `undefined` or why not. */
	send(deliveries: readonly Delivery[]): string | undefined;
	/**
	 * The person's prompt with the answers waiting for it and an attached pending file (`@file`): one message, each
	 * ask answered once, the prompt after the answers (an attached file's words are its answers); `continue` when
	 * nothing waits; `refused` (nothing consumed) when two answers meet one ask or another pi holds the file.
	 */
	joinPrompt(
		attached: Delivery | undefined,
		prompt: string,
		/** The person's own images with the prompt: they stay, first. */
		promptImages?: readonly ImageBlock[],
	): { kind: "continue" } | { kind: "refused"; why: string } | { kind: "text"; text: string; images: ImageBlock[] };
	/** Answers that could not be sent after all: their files stay, unclaimed. */
	notSent(deliveries: readonly Delivery[]): void;
	/** Checks the session: those it holds are delivered. Call after pi may have written the session. */
	confirm(warn?: (text: string) => void): void;
	/** A new session or the end: nothing on the way is delivered by this run any more; files stay, unclaimed. */
	releaseAll(): void;
}

export function createDeliveries(deps: DeliveriesDeps): Deliveries {
	const said = deps.words ?? (() => words().cli);
	let waiting: Delivery[] = [];
	let onTheWay: Delivery[] = [];
	const releases = new Map<Delivery, () => void>();

	function claimAll(deliveries: readonly Delivery[]): string | undefined {
		for (const delivery of deliveries) {
			if (!delivery.path) continue;
			const holder = deps.claims.heldElsewhere(delivery.path, delivery.toolCallId);
			if (holder) {
				const words = said();
				return refusalSentence(describeSource(delivery.source, words.delivery), { kind: "held", holder }, words);
			}
		}
		for (const delivery of deliveries) {
			const release = delivery.path ? deps.claims.claim(delivery.path, delivery.toolCallId) : undefined;
			if (release) releases.set(delivery, release);
		}
		return undefined;
	}

	function release(delivery: Delivery) {
		releases.get(delivery)?.();
		releases.delete(delivery);
	}

	return {
		hold(deliveries, onHold) {
			const refused = claimAll(deliveries);
			if (refused) return refused;
			if (onHold === "waiting") waiting.push(...deliveries);
			else onTheWay.push(...deliveries);
			return undefined;
		},
		takeWaiting() {
			const taken = waiting;
			waiting = [];
			onTheWay.push(...taken);
			return taken;
		},
		waiting: () => waiting,
		send(deliveries) {
			const fresh = deliveries.filter((d) => !onTheWay.includes(d) && !waiting.includes(d));
			const refused = claimAll(fresh);
			if (refused) return refused;
			onTheWay.push(...fresh);
			return undefined;
		},
		joinPrompt(attached, prompt, promptImages = []) {
			if (!attached && waiting.length === 0) return { kind: "continue" };
			const once = oneAnswerPerAsk(attached ? [...waiting, attached] : waiting, said().delivery);
			if ("error" in once) return { kind: "refused", why: once.error };
			const refused = attached && once.deliveries.includes(attached) ? this.send([attached]) : undefined;
			if (refused) return { kind: "refused", why: refused };
			this.takeWaiting();
			// An attached file's words are its answers, already in its delivery.
			return { kind: "text", ...deliveryContent(once.deliveries, attached ? "" : prompt, promptImages) };
		},
		notSent(deliveries) {
			onTheWay = onTheWay.filter((d) => !deliveries.includes(d));
			for (const delivery of deliveries) release(delivery);
		},
		confirm(warn) {
			const held = onTheWay.filter((d) => deps.sessionHolds(d.text));
			if (held.length === 0) return;
			onTheWay = onTheWay.filter((d) => !held.includes(d));
			// The answers are delivered whatever happens next. Every one is recorded before any file is touched, so a
			// file that cannot be removed never leaves another delivery unrecorded; a record that cannot be written (a
			// read-only or full disk) is said once, and then the file must go, or a later run would send it again.
			let unrecorded: string | undefined;
			for (const delivery of held) {
				deps.decided?.(delivery, warn);
				try {
					deps.recordDelivered(delivery);
				} catch (error) {
					unrecorded ??= (error as Error).message;
				}
			}
			if (unrecorded !== undefined) warn?.(said().notices.deliveredUnrecorded(unrecorded));
			for (const delivery of held) {
				try {
					// Only while it holds this ask: a late confirm must not remove a later ask that took the freed name.
					const ask = {
						toolCallId: delivery.toolCallId,
						...(delivery.fromSession ? { sessionId: delivery.fromSession } : {}),
					};
					if (delivery.path) deps.removePendingFile(delivery.path, ask);
				} catch (error) {
					// Recorded above: the file stays, and no run sends it again.
					if (delivery.path) warn?.(said().notices.fileNotRemoved(delivery.path, (error as Error).message));
				} finally {
					release(delivery);
				}
			}
		},
		releaseAll() {
			for (const delivery of [...waiting, ...onTheWay]) release(delivery);
			waiting = [];
			onTheWay = [];
		},
	};
}
