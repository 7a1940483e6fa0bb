/**
 * Push for questions on screen now (a dialog in pi's terminal, an app's dialogs): the ask is published once the
 * person has been away from the terminal for a while (every key restarts the wait, so never while they type), the
 * reply topic's stream is followed while any published ask waits, and a good tap settles the ask as the remote side
 * of the dialog's race (remote/race.ts), the same exactly-once path the web page's answers take. When the ask ends
 * another way, its notification is replaced by one saying where. A server that is down or slow delays nothing: the
 * publish and the stream run beside the dialog, and a failed publish is one warning. With only `push.command` set,
 * the command runs at the moment the question would be published, and nothing answers from the phone.
 */
import { answeredOutcome, givenFromData } from "../core/answers.js";
import type { AskOutcome, AskRequest, Question } from "../core/types.js";
import type { RemoteAskOutcome } from "../remote/bridge.js";
import { ANSWERED_ELSEWHERE } from "../remote/protocol.js";
import { hasNtfy, type NtfyPushConfig, type PushConfig } from "./config.js";
import {
	askNotification,
	type EndedWhere,
	endedNotification,
	type NtfyPublish,
	type PushedAsk,
	type PushWords,
} from "./message.js";
import type { NtfyClient, NtfyMessage } from "./ntfy.js";
import { judgeTap, type TapTarget } from "./reply.js";
import { TAP_LIFETIME_SECONDS } from "./tap.js";

/** The abort reason the remote side gets when the web page's answer won (push then says "answered on the web page"). */
export const ANSWERED_ON_WEB = "answered_on_web";

/** ntfy's `since=` for every tap that can still be good (a duration, as ntfy reads it). */
export const TAP_CACHE_SINCE = "12h";
/** Asks whose ends are remembered, so that a late tap is told "already answered". */
const ENDED_KEPT = 256;
/** Reply messages remembered as read, so that one read twice (the start's read and the stream) counts once. */
const SEEN_KEPT = 1_024;
const RECONNECT_MS = 2_000;

export interface LivePushDeps {
	config: PushConfig;
	key: Uint8Array;
	/** ntfy's client when a topic is set up; without one an ask only runs push.command, and nothing is answered here. */
	client?: NtfyClient;
	/** Milliseconds since the epoch. */
	now(): number;
	warn(text: string): void;
	/** Runs a publish beside the caller; pi's shutdown waits a little for these (`flush`). */
	track(work: Promise<unknown>): void;
	/** The ask was just published (push.command runs then too). */
	published(ask: PushedAsk): void;
	/** The notifications' words, in the person's language; the package's chosen language when left out. */
	words?: PushWords;
}

export interface LiveAskInfo {
	id: string;
	project: string;
	task?: string;
	request: AskRequest;
	/** Subscribes to keys pressed in pi's terminal; returns the unsubscribe. `undefined`: no terminal to watch. */
	onKey?: (listener: () => void) => () => void;
	/** When the ask was made (ms): a tap offered before then was for an earlier ask reusing its id. */
	askedAt?: number;
	/** The running web page's address for the "Open" button, looked up when the ask is published. */
	webPage?: () => string | undefined;
}

interface OpenAsk {
	request: AskRequest;
	askedAt?: number;
	settle(outcome: AskOutcome, where: EndedWhere): void;
}

/** The answered outcome of one option chosen on the phone. */
function tappedOutcome(request: AskRequest, label: string): AskOutcome {
	const question = request.questions[0] as Question;
	return answeredOutcome(request.questions, [givenFromData(question, label)]);
}

/** Keeps at most `max` entries, dropping the oldest. */
function capped<K, V>(map: Map<K, V>, max: number): void {
	if (map.size <= max) return;
	const oldest = map.keys().next();
	if (!oldest.done) map.delete(oldest.value);
}

export function createLivePush(deps: LivePushDeps) {
	const open = new Map<string, OpenAsk>();
	const ended = new Map<string, AskRequest>();
	const seen = new Map<string, true>();
	const warnedAbout = new Set<string>();
	let follower: AbortController | undefined;
	let since = "";
	const config = deps.config;
	const ntfy: { client: NtfyClient; config: NtfyPushConfig } | undefined =
		deps.client && hasNtfy(config) ? { client: deps.client, config } : undefined;

	const publish = (message: (config: NtfyPushConfig) => NtfyPublish, what: string) => {
		if (!ntfy) return;
		deps.track(
			ntfy.client.publish(message(ntfy.config)).then((result) => {
				if (!result.ok) deps.warn(`push: could not publish ${what} to ${ntfy.config.ntfy.server}: ${result.reason}`);
			}),
		);
	};

	const targetOf = (ask: string): TapTarget | undefined => {
		const waiting = open.get(ask);
		if (waiting)
			return {
				request: waiting.request,
				ended: false,
				...(waiting.askedAt !== undefined ? { askedAt: waiting.askedAt } : {}),
			};
		const request = ended.get(ask);
		return request ? { request, ended: true } : undefined;
	};

	/**
	 * A reply message for the asks here: a good tap settles its ask; a bad one is one warning. `true` when it named an
	 * ask of this pi (or was read before); `quiet`: a message naming none is left to the caller without a warning.
	 */
	function take(message: NtfyMessage, quiet: boolean): boolean {
		if (seen.has(message.id)) return true;
		seen.set(message.id, true);
		capped(seen, SEEN_KEPT);
		let known = false;
		const verdict = judgeTap(
			message.message,
			deps.key,
			Math.floor(deps.now() / 1000),
			(ask) => {
				const target = targetOf(ask);
				known = target !== undefined;
				return target;
			},
			message.time,
		);
		if (verdict.kind === "refuse") {
			if (known || !quiet) deps.warn(`push: ${verdict.warning}`);
			return known;
		}
		if (verdict.kind !== "answer") return known;
		const ask = open.get(verdict.ask);
		ask?.settle(tappedOutcome(ask.request, verdict.label), "phone");
		return true;
	}

	function onReply(message: NtfyMessage): void {
		since = message.id;
		take(message, false);
	}

	function follow(): void {
		if (follower || !ntfy) return;
		const { client } = ntfy;
		const controller = new AbortController();
		follower = controller;
		// From one second before now: a tap needs a published message, and none was published before this.
		since ||= String(Math.floor(deps.now() / 1000) - 1);
		void (async () => {
			while (!controller.signal.aborted) {
				const why = await client.follow(ntfy.config.ntfy.replyTopic, since, onReply, controller.signal);
				if (controller.signal.aborted) break;
				if (!warnedAbout.has("stream"))
					deps.warn(`push: the reply stream from ${ntfy.config.ntfy.server} stopped (${why}); reconnecting`);
				warnedAbout.add("stream");
				await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
			}
		})();
	}

	function stopFollowingIfIdle(): void {
		if (open.size > 0 || !follower) return;
		follower.abort();
		follower = undefined;
	}

	function rememberEnded(id: string, request: AskRequest): void {
		ended.set(id, request);
		capped(ended, ENDED_KEPT);
	}

	/** Asks on the phone beside the dialog; resolves with an answer from a tap, or `interrupted` when aborted. */
	function ask(info: LiveAskInfo, signal: AbortSignal): Promise<RemoteAskOutcome> {
		if (signal.aborted) return Promise.resolve({ kind: "interrupted" });
		// Offered now, after the ask was made (and its questions saved): a tap on these buttons answers no earlier ask.
		const offered = deps.now();
		let pushed: PushedAsk = {
			id: info.id,
			project: info.project,
			request: info.request,
			expires: Math.floor(offered / 1000) + TAP_LIFETIME_SECONDS,
			offered,
			...(info.task ? { task: info.task } : {}),
		};
		return new Promise<RemoteAskOutcome>((resolve) => {
			let published = false;
			let timer: ReturnType<typeof setTimeout> | undefined;
			const unsubscribe = info.onKey?.(() => {
				// The person is at the terminal: the wait starts again.
				if (!published) wait();
			});
			const go = () => {
				published = true;
				unsubscribe?.();
				// Looked up now, not when the dialog opened: the page may have started while the person was away.
				const openUrl = deps.config.openUrl ? undefined : info.webPage?.();
				if (openUrl) pushed = { ...pushed, openUrl };
				follow();
				publish((target) => askNotification(pushed, target, deps.key, deps.words), "the question");
				deps.published(pushed);
			};
			function wait(): void {
				if (timer) clearTimeout(timer);
				timer = setTimeout(go, deps.config.afterMs);
			}
			let settled = false;
			const settle = (outcome: AskOutcome, where: EndedWhere) => {
				if (settled) return;
				settled = true;
				if (timer) clearTimeout(timer);
				unsubscribe?.();
				signal.removeEventListener("abort", onAbort);
				// A later ask that reused the id (a provider's reused tool-call id) took the id's place, and its
				// notification (same sequence id) is what the phone shows: this ask's end changes neither.
				const current = open.get(info.id) === entry;
				if (current) {
					open.delete(info.id);
					rememberEnded(info.id, info.request);
				}
				stopFollowingIfIdle();
				// A tap means the phone shows the question, even one published by an earlier pi (print mode, a restart).
				if (current && (published || where === "phone"))
					publish(
						(target) => endedNotification(pushed, where, target, deps.words),
						"the notice that the question was answered",
					);
				resolve(outcome);
			};
			const onAbort = () => {
				const where: EndedWhere =
					signal.reason === ANSWERED_ELSEWHERE ? "terminal" : signal.reason === ANSWERED_ON_WEB ? "web" : "closed";
				settle({ kind: "interrupted" }, where);
			};
			const entry = {
				request: info.request,
				settle,
				...(info.askedAt !== undefined ? { askedAt: info.askedAt } : {}),
			};
			open.set(info.id, entry);
			signal.addEventListener("abort", onAbort, { once: true });
			if (deps.config.afterMs === 0) go();
			else wait();
		});
	}

	return {
		ask,
		/**
		 * A tap read at a start from ntfy's cache: taken when it names an ask of this pi (a dialog shows it, or it
		 * ended here); `false` leaves it to the pending files, without a warning.
		 */
		takeWaiting: (message: NtfyMessage): boolean => take(message, true),
		/** Stops following the reply topic; open asks settle as `interrupted`. */
		dispose(): void {
			for (const entry of [...open.values()]) entry.settle({ kind: "interrupted" }, "closed");
			follower?.abort();
			follower = undefined;
		},
	};
}

export type LivePush = ReturnType<typeof createLivePush>;
