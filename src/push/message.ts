/**
 * The ntfy messages for an ask, as the JSON body of a publish (ntfy's "publish as JSON"): one per ask, naming who
 * asks and (with `full` detail) the questions; when the first question is single-choice with up to three options, one
 * `http` action button per option publishes a signed tap (tap.ts) to the reply topic (it answers that question; any
 * others stay unanswered), and the running page's "Open" button takes what is left of ntfy's three actions. The
 * message always ends with one line saying how to answer from the phone. When the ask ends, a message with the same
 * sequence id replaces it (ntfy ≥ 2.16 updates the notification in place; an older server shows a second one).
 * Pure; sizes are capped so that ntfy never turns a message into an attachment.
 */
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { AskRequest } from "../core/types.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import type { NtfyPushConfig } from "./config.js";
import { tapBody } from "./tap.js";

/** ntfy's message size limit is 4 096 bytes by default; a longer message becomes an attachment. */
export const MAX_MESSAGE_BYTES = 3_800;
const MAX_TITLE_CHARS = 120;
const MAX_LABEL_CHARS = 40;
/** ntfy shows at most three action buttons. */
const MAX_BUTTONS = 3;

export interface NtfyAction {
	action: "http" | "view";
	label: string;
	url: string;
	method?: "POST";
	headers?: Record<string, string>;
	body?: string;
	clear?: boolean;
}

/** ntfy's JSON publish body (the fields this package sends). */
export interface NtfyPublish {
	topic: string;
	title: string;
	message: string;
	tags: string[];
	priority?: number;
	sequence_id: string;
	actions?: NtfyAction[];
	click?: string;
}

/** An ask as the notification tells it. */
export interface PushedAsk {
	/** The ask's id (tap.ts `askIdOf`): also the notification's sequence id. */
	id: string;
	/** The project folder's name. */
	project: string;
	/** A subagent's task, when a child pi asks. */
	task?: string;
	request: AskRequest;
	/** Unix seconds: the buttons' taps are refused after this. */
	expires: number;
	/**
	 * When the buttons are offered (ms since the epoch), signed into each tap: never before the ask was made, so that a
	 * tap answers no later ask that reuses the id.
	 */
	offered: number;
	/** The running web page's bare address, for the "Open" button (`push.openUrl`, when set, wins). */
	openUrl?: string;
	/**
	 * Where the ask waits on the machine: a dialog in pi (`dialog`, the default) or a pending file nobody has on
	 * screen (`file`: print mode saved it), for the line saying how to answer.
	 */
	waitsIn?: "dialog" | "file";
}

/** Where an ask ended, as the replacing notification says it. */
export type EndedWhere = "terminal" | "web" | "phone" | "elsewhere" | "closed";

function cut(text: string, max: number): string {
	const chars = [...text];
	return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/** Cuts `text` to at most `max` UTF-8 bytes, on a character boundary. */
export function cutBytes(text: string, max: number): string {
	if (Buffer.byteLength(text) <= max) return text;
	let out = "";
	let bytes = 0;
	for (const char of text) {
		const size = Buffer.byteLength(char);
		if (bytes + size > max - 3) break;
		out += char;
		bytes += size;
	}
	return `${out}…`;
}

/**
 * The options that become buttons: the first question's, when it is single-choice with one to three options. A tap
 * answers that question; the ask's other questions stay unanswered.
 */
export function buttonOptions(request: AskRequest): string[] | undefined {
	const question = request.questions[0];
	const options = question?.options ?? [];
	if (!question || question.multiSelect || options.length === 0 || options.length > MAX_BUTTONS) return undefined;
	return options.map((option) => option.label);
}

/** The title's name for the ask: its only question's header, or how many questions there are and their headers. */
function askName(request: AskRequest, said: PushWords): string {
	const { questions } = request;
	if (questions.length === 1) {
		const only = questions[0];
		return only?.header ? `${sanitizeLine(only.header)} — ` : "";
	}
	const headers = questions.flatMap((question) => (question.header ? [sanitizeLine(question.header)] : []));
	return `${said.questions(questions.length)}${headers.length > 0 ? `: ${headers.join(", ")}` : ""} — `;
}

/** The message's last line: how to answer from the phone, given what it offers. */
function howToAnswer(ask: PushedAsk, who: string, buttons: number, open: boolean, said: PushWords): string {
	const others = ask.request.questions.length - 1;
	if (buttons === 0) {
		if (open) return said.tapOpen;
		return ask.waitsIn === "file" ? said.answerInFile(who) : said.answerInTerminal(who);
	}
	return others === 0 ? said.tapHere(open) : said.tapFirst(others, open, who);
}

/** `text`, then a blank line and `last`, within ntfy's size: `text` is what is cut. */
function endingWith(text: string, last: string): string {
	return `${cutBytes(text, MAX_MESSAGE_BYTES - Buffer.byteLength(last) - 2)}\n\n${last}`;
}

function describeAsk(request: AskRequest, said: PushWords): string {
	return request.questions
		.map((question) => {
			const options = (question.options ?? []).map(
				(option, i) =>
					`${i + 1}. ${sanitizeLine(option.label)}${option.description ? ` — ${sanitizeLine(option.description)}` : ""}`,
			);
			const kind = question.multiSelect ? ` ${said.chooseAny}` : "";
			return [`${sanitizeText(question.question)}${kind}`, ...options].join("\n");
		})
		.join("\n\n");
}

/** The notifications' words, in the person's language (src/i18n/cli). */
export type PushWords = CliStrings["push"];

/** The notification for an ask, as published to the person's topic. */
export function askNotification(
	ask: PushedAsk,
	config: NtfyPushConfig,
	key: Uint8Array,
	said: PushWords = chosenWords().cli.push,
): NtfyPublish {
	const project = sanitizeLine(ask.project);
	const who = ask.task ? said.subagent(project, cut(sanitizeLine(ask.task), 60)) : project;
	const openUrl = config.openUrl ?? ask.openUrl;
	const open: NtfyAction[] = openUrl ? [{ action: "view", label: said.open, url: openUrl, clear: true }] : [];
	const base = { topic: config.ntfy.topic, sequence_id: ask.id, tags: ["question"], priority: 4 };
	if (config.detail === "minimal") {
		const count = ask.request.questions.length;
		const waiting = count === 1 ? said.oneWaiting(who) : said.manyWaiting(count, who);
		return {
			...base,
			title: cut(`pi: ${who}`, MAX_TITLE_CHARS),
			message: endingWith(waiting, howToAnswer(ask, who, 0, openUrl !== undefined, said)),
			...(openUrl ? { actions: open, click: openUrl } : {}),
		};
	}
	const labels = buttonOptions(ask.request);
	const { token } = config.ntfy;
	const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
	const buttons: NtfyAction[] = (labels ?? []).map((label, choice) => ({
		action: "http",
		label: cut(sanitizeLine(label), MAX_LABEL_CHARS),
		url: `${config.ntfy.server}/${config.ntfy.replyTopic}`,
		method: "POST",
		...(token ? { headers } : {}),
		body: tapBody(key, ask.id, choice, ask.expires, ask.offered),
		clear: true,
	}));
	// Open where it fits beside the buttons (three at most); a tap on the notification itself still opens the page.
	const actions = [...buttons, ...open].slice(0, MAX_BUTTONS);
	const offersOpen = actions.some((action) => action.action === "view");
	return {
		...base,
		title: cut(`pi: ${askName(ask.request, said)}${who}`, MAX_TITLE_CHARS),
		message: endingWith(describeAsk(ask.request, said), howToAnswer(ask, who, buttons.length, offersOpen, said)),
		...(actions.length > 0 ? { actions } : {}),
		...(openUrl ? { click: openUrl } : {}),
	};
}

/** The notification that replaces an ask's once it ended (same sequence id, no buttons). */
export function endedNotification(
	ask: Pick<PushedAsk, "id" | "project">,
	where: EndedWhere,
	config: NtfyPushConfig,
	said: PushWords = chosenWords().cli.push,
): NtfyPublish {
	return {
		topic: config.ntfy.topic,
		sequence_id: ask.id,
		title: cut(`pi: ${sanitizeLine(ask.project)}`, MAX_TITLE_CHARS),
		message: said.ended[where],
		tags: ["white_check_mark"],
		priority: 2,
	};
}
