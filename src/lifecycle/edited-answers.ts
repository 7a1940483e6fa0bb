/**
 * The answers a person wrote into a pending file by hand. The ask itself (its questions, its toolCallId) is known
 * from the session, so only the `answer` fields are read, matched by position: the spec's Option B (short
 * question texts, no sessionId or timestamp) works. A number or true/false is an answer; anything that cannot be
 * used is an error naming the file and the field, and nothing is consumed. An answer may name image files beside it
 * (`"images": ["shot.png"]`), read by `readImage`.
 */
import { type ImageReader, outcomeFromRawAnswers, readNamedImages } from "../core/answer-input.js";
import { isImagePathList } from "../core/images.js";
import { isRecord } from "../core/json.js";
import type { AskOutcome, Question, RawAnswer } from "../core/types.js";
import { AskUserError } from "../core/validate.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words } from "../i18n/words.js";

export type EditedAnswers =
	| { kind: "none" }
	| { kind: "answered"; outcome: Extract<AskOutcome, { kind: "answered" }> }
	/** The file at that path now holds another ask's questions. */
	| { kind: "other-ask" }
	| { kind: "error"; message: string };

function scalarText(value: unknown): string | undefined {
	if (typeof value === "string") return value;
	if (typeof value === "number" && Number.isFinite(value)) return String(value);
	if (typeof value === "boolean") return String(value);
	return undefined;
}

function rawAnswer(value: unknown): RawAnswer | undefined | "unusable" {
	if (value === null || value === undefined) return undefined;
	const text = scalarText(value);
	if (text !== undefined) return text;
	if (Array.isArray(value)) {
		const texts = value.map(scalarText);
		return texts.every((t): t is string => t !== undefined) ? texts : "unusable";
	}
	return "unusable";
}

/** Reads the answers of `text` (the file at `shownPath`) for the ask `toolCallId` with these questions. */
export function editedAnswers(
	text: string,
	shownPath: string,
	toolCallId: string,
	questions: readonly Question[],
	readImage?: ImageReader,
	said: CliStrings["editedFile"] = words().cli.editedFile,
): EditedAnswers {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		return {
			kind: "error",
			message: said.notJson(shownPath, (error as Error).message),
		};
	}
	if (!isRecord(data) || !Array.isArray(data.questions)) {
		return { kind: "error", message: said.notAList(shownPath) };
	}
	if (typeof data.toolCallId === "string" && data.toolCallId !== toolCallId) return { kind: "other-ask" };
	if (data.questions.length !== questions.length) {
		return {
			kind: "error",
			message: said.wrongCount(shownPath, data.questions.length, questions.length),
		};
	}
	const raw: (RawAnswer | undefined)[] = [];
	const imagePaths: (string[] | undefined)[] = [];
	for (const [i, entry] of data.questions.entries()) {
		const value = rawAnswer(isRecord(entry) ? entry.answer : entry);
		if (value === "unusable") {
			return {
				kind: "error",
				message: said.badAnswer(shownPath, i),
			};
		}
		const images = isRecord(entry) ? entry.images : undefined;
		if (images !== undefined && images !== null && !isImagePathList(images)) {
			return { kind: "error", message: said.badImages(shownPath, i) };
		}
		raw.push(value);
		imagePaths.push(images ?? undefined);
	}
	try {
		const outcome = outcomeFromRawAnswers(questions, raw, readNamedImages(imagePaths, readImage, shownPath));
		return outcome ? { kind: "answered", outcome } : { kind: "none" };
	} catch (error) {
		if (error instanceof AskUserError) return { kind: "error", message: error.message };
		throw error;
	}
}
