/**
 * What the dialog says about images, in words both renders draw: the images attached to the answer, what the
 * input's text offers for attaching, why none can be attached in this run, and why an attempt attached nothing.
 * Pure: a function of the state and the words.
 */

import { IMAGE_LIMITS } from "../core/images.js";
import { formatBytes } from "../core/text.js";
import type { DialogStrings } from "../i18n/dialog/types.js";
import {
	attachingInput,
	currentOffer,
	type DialogState,
	type ImageNotice,
	type QuestionState,
} from "./dialog-state.js";

export type Tone = "text" | "dim" | "accent" | "warning";

export interface AttachmentRow {
	text: string;
	tone: Tone;
}

/** The words for attached images and offers: drawn, or for a screen reader. */
export interface AttachmentWords {
	attached(name: string, size: string): string;
	offerPath(key: string, name: string): string;
}

/** The paste-image key when the view names none. */
const DEFAULT_PASTE_KEY_LABEL = "Ctrl+V";

/** Whether an answer input (Other, free text) is open, whatever attaching allows. */
function answerInputOpen(state: DialogState): boolean {
	const mode = state.mode.kind === "confirm" ? state.mode.back : state.mode;
	return mode.kind === "input" && (mode.purpose === "text" || mode.purpose === "other");
}

/**
 * Rows under the answer input (or under the list, for images that went with the answer): attached images, the
 * offer of a typed path, and why images cannot be attached at all.
 */
export function attachmentRows(
	state: DialogState,
	qs: QuestionState,
	words: AttachmentWords,
	images: DialogStrings["images"],
	pasteKey: string = DEFAULT_PASTE_KEY_LABEL,
): AttachmentRow[] {
	const open = answerInputOpen(state);
	const rows: AttachmentRow[] = [];
	const question = state.questions[state.tab];
	// On the list, images show while they go with the answer: Other ticked, or a typed (not chosen) answer.
	const goWithAnswer = question?.multiSelect ? qs.otherChecked : qs.answer !== undefined && qs.chosen === undefined;
	if (open || goWithAnswer) {
		for (const image of qs.images) {
			rows.push({ text: words.attached(image.name, formatBytes(image.bytes)), tone: "text" });
		}
	}
	if (!open || state.imageSupport === undefined) return rows;
	if (!state.imageSupport.allowed) {
		const why = state.imageSupport.why === "model" ? images.unsupportedModel : images.blocked;
		return [...rows, { text: why, tone: "dim" }];
	}
	const offer = attachingInput(state) ? currentOffer(state) : undefined;
	if (offer?.kind === "offer") rows.push({ text: words.offerPath(pasteKey, offer.name), tone: "accent" });
	if (offer?.kind === "tooLarge") rows.push({ text: imageNoticeText(offer, images), tone: "warning" });
	if (offer?.kind === "notImage") rows.push({ text: imageNoticeText(offer, images), tone: "warning" });
	return rows;
}

/** Why an attempt to attach an image attached nothing, in one sentence. */
export function imageNoticeText(notice: ImageNotice, words: DialogStrings["images"]): string {
	switch (notice.kind) {
		case "tooLarge":
			return words.tooLarge(notice.name, formatBytes(notice.bytes), formatBytes(IMAGE_LIMITS.bytesPerImage));
		case "notImage":
			return words.notImage(notice.name);
		case "tooMany":
			return words.tooMany(IMAGE_LIMITS.imagesPerAsk);
		case "clipboardEmpty":
			return words.clipboardEmpty;
		case "clipboardUnavailable":
			return words.clipboardUnavailable(notice.tools);
	}
}
