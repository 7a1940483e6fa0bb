/**
 * The words that frame answers delivered to the model in a later message (`<ask_user_answers toolCallId=… askedAt=…>`),
 * and their reading back: for the person's screen, and for the session readers that learn from it which ask it settles.
 * Pure: pending/delivery.ts writes the text, the session readers and the chat rendering read it.
 */

export const ANSWERS_TAG = "ask_user_answers";

/**
 * The custom message type that carries delivered answers into the session: the model reads its text as a user
 * message, while pi's screen shows it through our renderer (the questions and the answers, not the block).
 */
export const DELIVERED_ANSWERS_TYPE = "ask_user-answers";

export const ANSWERED_LINE = "The user answered the questions you asked earlier with ask_user:";
export const DISMISSED_LINE = "The user dismissed the questions you asked earlier with ask_user, without answering:";
export const WORDS_OPENING = "You asked the user these questions with ask_user earlier:";
export const WORDS_LINE = "The user's answers, in their own words: ";

/** One delivery read back from the text the model received, for the person's screen. */
export type DeliveredAnswers =
	/** The AskUserResult as sent (untrusted: it comes from the session file). */
	| { kind: "answered"; result: Record<string, unknown> }
	| { kind: "dismissed" }
	/** The questions as listed to the model, and the person's own words. */
	| { kind: "words"; questions: string[]; words: string };

/** A JSON string, as the tag's attributes are written. */
const JSON_STRING = `"(?:[^"\\\\]|\\\\.)*"`;

/** The tag's opening: the ask's tool-call id and, since answers name their ask exactly, when it was asked. */
const OPENING = `<${ANSWERS_TAG} toolCallId=(${JSON_STRING})(?: askedAt=(${JSON_STRING}))?>`;

const BLOCK = new RegExp(`${OPENING}\\n([\\s\\S]*?)\\n</${ANSWERS_TAG}>`, "g");

/** The ask that delivered answers belong to: its tool-call id, and when it was made (ms) where the tag says. */
export interface AnswersFor {
	toolCallId: string;
	/** Absent in a tag written before tags said when: it names every ask with the id. */
	askedAt?: number;
}

/**
 * The opening of the block that delivers answers to one ask. Some providers reuse tool-call ids (or send an empty
 * one for every call), so the ask's time goes with its id: the answers settle that ask and no other with its id.
 */
export function answersOpening(ask: AnswersFor): string {
	const at =
		ask.askedAt !== undefined && Number.isFinite(ask.askedAt) ? new Date(ask.askedAt).toISOString() : undefined;
	return `<${ANSWERS_TAG} toolCallId=${JSON.stringify(ask.toolCallId)}${at !== undefined ? ` askedAt=${JSON.stringify(at)}` : ""}>`;
}

function parseString(json: string | undefined): string | undefined {
	if (json === undefined) return undefined;
	try {
		const value: unknown = JSON.parse(json);
		return typeof value === "string" ? value : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The asks whose answers a delivery's text carries, in order: the blocks it starts with, one after another (how pi
 * sends them: the answers first, then any prompt of the person's). A block further on is text the person pasted or a
 * file they attached (pi puts its `<file>` blocks first), which answers nothing; so is a block whose time is not one.
 */
export function deliveredAsksIn(text: string): AnswersFor[] {
	const asks: AnswersFor[] = [];
	const block = new RegExp(BLOCK.source, "y");
	let at = 0;
	for (;;) {
		block.lastIndex = at;
		const match = block.exec(text);
		if (!match) return asks;
		const toolCallId = parseString(match[1]);
		const time = parseString(match[2]);
		const askedAt = time === undefined ? undefined : Date.parse(time);
		if (toolCallId === undefined || (match[2] !== undefined && !Number.isFinite(askedAt))) return asks;
		asks.push(askedAt === undefined ? { toolCallId } : { toolCallId, askedAt });
		at = block.lastIndex;
		while (text.startsWith("\n", at)) at++;
	}
}

function readBlock(body: string): DeliveredAnswers | undefined {
	const lines = body.split("\n");
	if (lines[0] === DISMISSED_LINE) return { kind: "dismissed" };
	if (lines[0] === ANSWERED_LINE) {
		try {
			const result: unknown = JSON.parse(lines[1] ?? "");
			return result !== null && typeof result === "object" && !Array.isArray(result)
				? { kind: "answered", result: result as Record<string, unknown> }
				: undefined;
		} catch {
			return undefined;
		}
	}
	if (lines[0] !== WORDS_OPENING) return undefined;
	// The last such line: everything after the answers line is one-line JSON, while a session written before questions
	// were put on one line can hold a question line that starts like it.
	const end = lines.findLastIndex((line) => line.startsWith(WORDS_LINE));
	if (end < 0) return undefined;
	try {
		const words: unknown = JSON.parse(lines[end]?.slice(WORDS_LINE.length) ?? "");
		return typeof words === "string" ? { kind: "words", questions: lines.slice(1, end), words } : undefined;
	} catch {
		return undefined;
	}
}

/**
 * What a message of delivered answers says, read back from its text (what the model received) so the screen shows
 * nothing the model did not get: each block's answers, and any text beside the blocks (a prompt sent with them).
 * `undefined` when a block cannot be read: the screen then shows the text itself, never less than the model read.
 */
export function readDeliveredAnswers(text: string): { deliveries: DeliveredAnswers[]; besides: string } | undefined {
	const deliveries: DeliveredAnswers[] = [];
	for (const match of text.matchAll(BLOCK)) {
		const read = readBlock(match[3] ?? "");
		if (!read) return undefined;
		deliveries.push(read);
	}
	if (deliveries.length === 0) return undefined;
	return { deliveries, besides: text.replace(BLOCK, "").trim() };
}
