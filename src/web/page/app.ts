/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The answering page (browser side): listens on `/live` for the server's state, shows each live question
 * batch and each pending file as a card, and sends what the person ticked, typed and noted to the API. All
 * text from questions goes in through `textContent` (markdown through markdown.ts), never as HTML.
 */
import { IMAGE_LIMITS, type ImageProblem, sniffImageType } from "../../core/images.js";
import type { LiveAsk } from "../../remote/live-asks.js";
import type { PendingView } from "../pending-view.js";
import type { ApiError } from "./api.js";
import {
	answeredCount,
	attachImages,
	clickOption,
	type DraftImage,
	describeDraft,
	type Flow,
	type FlowQuestion,
	flowAnswers,
	goTo,
	imageCount,
	isAnswered,
	keepAnswers,
	lastStep,
	removeImage,
	requestDismiss,
	startFlow,
	typeNote,
	typeOther,
} from "./flow.js";
import { applyMessage, type PageMessage, type PageState, type Receipt, SIGNED_OUT_CLOSE_CODE } from "./live-state.js";
import { type MdNode, renderMarkdown } from "./markdown.js";
import { formatSize, language, t, timeAgo } from "./text.js";

/** A question as a card shows it: from an agent's wire question or a pending file's. */
interface CardQuestion extends FlowQuestion {
	header: string;
	options: { label: string; description: string; markdown?: string }[];
	context?: string;
}

/** What a card answers and how. */
interface CardSource {
	key: string;
	/** The card's first line; for a pending file its folder, and when pi saved it as a relative time. */
	title: string;
	savedAt?: number;
	questions: CardQuestion[];
	notes: boolean;
	/**
	 * Whether the person may attach images: `offered` to an agent that lists `answer-images`; otherwise the card says
	 * why not (`agent-cannot`, or `pending`: a pending file has no place for them).
	 */
	images: "offered" | "agent-cannot" | "pending";
	/** Shown above the questions: why a pending file is not trusted, and its task. */
	distrust?: { reason: string; task?: string };
	/** Behind the card's "Details" toggle, below the questions: where a pending file came from. */
	details?: string[];
	/** A live ask: once sent, the card stays and says what became of the answers (the agent's receipt). */
	tellsReceipt: boolean;
	dismissable: boolean;
	/** `note`: the note for all answers (Review step), "" when none; only a source with `notes` offers one. */
	submit(answers: ReturnType<typeof flowAnswers>, confirmed: boolean, note: string): Promise<Response>;
	dismiss?(): Promise<Response>;
}

interface CardState {
	source: CardSource;
	flow: Flow;
	element: HTMLElement;
	/**
	 * The card's live region (`role="status"`), made with the card and never replaced, so that a screen reader says
	 * each new message ("Sent…", "pi got your answers…"): a region inserted together with its text is not announced.
	 */
	status: HTMLElement;
	/** What is rendered above the status line, and below it; each render replaces these two only. */
	top: HTMLElement;
	bottom: HTMLElement;
	/**
	 * The `data-focus` key of the element to focus after the next render: the focused one (a render replaces it), the
	 * new step's heading after Next, Back or Edit. Kept until it can be focused (a disabled button cannot).
	 */
	focus?: string;
	/** The option whose preview is shown, per question. */
	preview: Map<number, number>;
	confirmed: boolean;
	/** The Review step's "Note for all answers", as typed. */
	setNote: string;
	/** Why files just picked for a question were not attached, one sentence each; cleared by the next pick. */
	imageNotice?: { index: number; messages: string[] };
	message?: string;
	busy: boolean;
	/** Answers on their way: the card stays even if its question leaves the state meanwhile. */
	sending?: boolean;
	/** Sent to the agent: the card now only reports what became of it. */
	sent?: { dismissed: boolean; confirms: boolean; receipt?: Receipt };
	/** Its question is no longer open (a refused answer came back after it left): only the message and Close. */
	ended?: boolean;
}

type Child = Node | string | undefined | false;

function h(tag: string, props: Record<string, string | boolean> = {}, ...children: Child[]): HTMLElement {
	const element = document.createElement(tag);
	for (const [name, value] of Object.entries(props)) {
		if (value === false) continue;
		element.setAttribute(name, value === true ? "" : value);
	}
	for (const child of children) {
		if (child === undefined || child === false) continue;
		element.append(typeof child === "string" ? document.createTextNode(child) : child);
	}
	return element;
}

function markdown(source: string): HTMLElement {
	const build = (node: MdNode): Node =>
		typeof node === "string" ? document.createTextNode(node) : h(node.tag, {}, ...node.children.map(build));
	return h("div", { class: "md" }, ...renderMarkdown(source).map(build));
}

/** A button; `focus` names it for focus keeping (`data-focus`), the same in every language. */
function button(
	focus: string,
	label: string,
	onClick: () => void,
	props: Record<string, string | boolean> = {},
): HTMLElement {
	const element = h("button", { type: "button", "data-focus": focus, ...props }, label);
	element.addEventListener("click", onClick);
	return element;
}

const cards = new Map<string, CardState>();
const liveList = document.getElementById("live") as HTMLElement;
const pendingList = document.getElementById("pending") as HTMLElement;
const status = document.getElementById("status") as HTMLElement;

async function postJson(path: string, body: unknown): Promise<Response> {
	return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

function renderQuestion(card: CardState, index: number): HTMLElement {
	const question = card.source.questions[index] as CardQuestion;
	const draft = card.flow.drafts[index];
	const set = (flow: Flow, rerender = true): void => {
		card.flow = flow;
		if (rerender) renderCard(card);
	};
	const role = question.multiSelect ? "checkbox" : "radio";
	const id = (part: string): string => `${card.source.key}-q${index}-${part}`;
	const options = question.options.map((option, optionIndex) => {
		const checked = draft?.chosen.includes(option.label) === true;
		// Read as "label, radio button, checked, description": the label names it, the description describes it.
		const element = h(
			"button",
			{
				type: "button",
				class: "option",
				role,
				"aria-checked": checked ? "true" : "false",
				"aria-labelledby": id(`o${optionIndex}-label`),
				"aria-describedby": option.description ? id(`o${optionIndex}-description`) : false,
				"data-focus": `option-${index}-${optionIndex}`,
			},
			h("span", { class: "mark", "aria-hidden": "true" }),
			h(
				"span",
				{ class: "text" },
				h("span", { class: "label", id: id(`o${optionIndex}-label`) }, option.label),
				option.description &&
					h("span", { class: "description", id: id(`o${optionIndex}-description`) }, option.description),
			),
		);
		element.addEventListener("click", () => {
			if (option.markdown !== undefined) card.preview.set(index, optionIndex);
			set(clickOption(card.flow, card.source.questions, index, option.label));
		});
		element.addEventListener("focus", () => {
			if (option.markdown === undefined || card.preview.get(index) === optionIndex) return;
			card.preview.set(index, optionIndex);
			const pane = card.element.querySelector(".preview");
			pane?.replaceWith(previewPane(question, optionIndex));
		});
		return element;
	});
	const chosenWithPreview = question.options.findIndex(
		(o) => o.markdown !== undefined && draft?.chosen.includes(o.label),
	);
	const previewIndex = card.preview.get(index) ?? (chosenWithPreview >= 0 ? chosenWithPreview : undefined);
	const otherLabel = question.options.length > 0 ? t("question.other") : t("question.yourAnswer");
	const other = h("input", {
		type: "text",
		class: "other",
		"aria-label": otherLabel,
		placeholder: otherLabel,
		maxlength: "20000",
		"data-focus": `other-${index}`,
	}) as HTMLInputElement;
	other.value = draft?.typed ?? "";
	other.addEventListener("input", () => {
		const hadChoice = (card.flow.drafts[index]?.chosen.length ?? 0) > 0 && !question.multiSelect;
		card.flow = typeOther(card.flow, card.source.questions, index, other.value);
		// A single-choice pick is replaced by typed text: show that without stealing the focus.
		if (hadChoice && other.value !== "") {
			for (const option of card.element.querySelectorAll(".option")) option.setAttribute("aria-checked", "false");
		}
		updateActions(card);
	});
	const note = h("input", {
		type: "text",
		class: "note",
		"aria-label": t("question.note"),
		placeholder: t("question.notePlaceholder"),
		maxlength: "20000",
		"data-focus": `note-${index}`,
	}) as HTMLInputElement;
	note.value = draft?.note ?? "";
	note.addEventListener("input", () => {
		card.flow = typeNote(card.flow, index, note.value);
	});
	return h(
		"section",
		{ class: "question" },
		h(
			"div",
			{ class: "chips" },
			question.header !== "" && h("span", { class: "chip" }, question.header),
			card.source.questions.length > 1 &&
				h("span", { class: "step" }, t("question.step", { index: index + 1, count: card.source.questions.length })),
			question.multiSelect && h("span", { class: "hint" }, t("question.chooseAny")),
		),
		h("h3", { id: id("heading"), tabindex: "-1", "data-focus": "heading" }, question.question),
		question.context !== undefined && markdown(question.context),
		question.options.length > 0 &&
			h(
				"div",
				{
					class: "options",
					role: question.multiSelect ? "group" : "radiogroup",
					"aria-labelledby": id("heading"),
				},
				...options,
			),
		previewIndex !== undefined && previewPane(question, previewIndex),
		other,
		attachField(card, index),
		card.source.notes && note,
	);
}

/** Why an image was not attached, in the person's language. */
function imageProblemMessage(kind: ImageProblem["kind"], name: string, bytes: number): string {
	if (kind === "too-large") {
		return t("image.tooLarge", { name, size: formatSize(bytes), limit: formatSize(IMAGE_LIMITS.bytesPerImage) });
	}
	return t(kind === "not-image" ? "image.notImage" : "image.unreadable", { name });
}

function base64Of(bytes: Uint8Array): string {
	let binary = "";
	for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(binary);
}

/**
 * Reads the files picked for question `index` and attaches those that are images within the limits (checked by
 * content, as the server checks them again); each one refused is named in the card, never dropped silently.
 */
async function attachFiles(card: CardState, index: number, files: readonly File[]): Promise<void> {
	const accepted: DraftImage[] = [];
	const messages: string[] = [];
	for (const file of files) {
		const name = file.name || "image";
		if (imageCount(card.flow) + accepted.length >= IMAGE_LIMITS.imagesPerAsk) {
			messages.push(t("image.tooMany", { name, count: IMAGE_LIMITS.imagesPerAsk }));
			continue;
		}
		if (file.size > IMAGE_LIMITS.bytesPerImage) {
			messages.push(imageProblemMessage("too-large", name, file.size));
			continue;
		}
		const bytes = await file.arrayBuffer().then(
			(buffer) => new Uint8Array(buffer),
			() => undefined,
		);
		if (!bytes) {
			messages.push(imageProblemMessage("bad-data", name, 0));
			continue;
		}
		const mimeType = sniffImageType(bytes);
		if (!mimeType) {
			messages.push(imageProblemMessage("not-image", name, 0));
			continue;
		}
		accepted.push({ name, mimeType, data: base64Of(bytes), bytes: bytes.length });
	}
	card.flow = attachImages(card.flow, index, accepted);
	card.imageNotice = messages.length > 0 ? { index, messages } : undefined;
	renderCard(card);
}

/**
 * "Attach a photo or image" under the typed answer: a file picker (on a phone: its camera and photos), what is
 * attached with a Remove button each, and why a file was not attached. Or, where images cannot go, why not.
 */
function attachField(card: CardState, index: number): HTMLElement {
	const offer = card.source.images;
	if (offer !== "offered") {
		return h("p", { class: "hint attach-none" }, t(offer === "pending" ? "image.pendingOnly" : "image.agentCannot"));
	}
	const input = h("input", {
		type: "file",
		accept: "image/*",
		multiple: true,
		class: "attach-input",
		"data-focus": `attach-${index}`,
	}) as HTMLInputElement;
	input.addEventListener("change", () => {
		const files = [...(input.files ?? [])];
		input.value = "";
		void attachFiles(card, index, files);
	});
	const images = card.flow.drafts[index]?.images ?? [];
	const list = images.map((image, imageIndex) =>
		h(
			"li",
			{},
			h("span", { class: "image-name" }, image.name),
			h("span", { class: "image-size" }, formatSize(image.bytes)),
			button(
				`remove-image-${index}-${imageIndex}`,
				t("image.remove"),
				() => {
					card.flow = removeImage(card.flow, index, imageIndex);
					card.focus = `attach-${index}`;
					renderCard(card);
				},
				{ class: "link", "aria-label": t("image.removeNamed", { name: image.name }) },
			),
		),
	);
	const notice = card.imageNotice?.index === index ? card.imageNotice.messages : [];
	return h(
		"div",
		{ class: "attach-field" },
		h(
			"label",
			{ class: "attach" },
			input,
			h("span", { class: "attach-plus", "aria-hidden": "true" }, "+"),
			` ${t("image.attach")}`,
		),
		list.length > 0 && h("ul", { class: "images", "aria-label": t("image.attached") }, ...list),
		notice.length > 0 && h("div", { class: "image-problems", role: "alert" }, ...notice.map((m) => h("p", {}, m))),
	);
}

function previewPane(question: CardQuestion, optionIndex: number): HTMLElement {
	const option = question.options[optionIndex];
	return h(
		"div",
		{ class: "preview", role: "region", "aria-label": t("question.preview", { label: option?.label ?? "" }) },
		option?.markdown !== undefined && markdown(option.markdown),
	);
}

function renderReview(card: CardState): HTMLElement {
	const rows = card.source.questions.map((question, index) => {
		const draft = card.flow.drafts[index];
		const given = describeDraft(question, draft);
		const typed = draft?.typed.trim() ?? "";
		// As in the TUI's review: what the person typed is marked "(typed)", so it is not mistaken for an option.
		const items = given.map((item, i): Child[] =>
			typed !== "" && i === given.length - 1
				? [h("span", { class: "typed-mark" }, t("review.typed")), ` ${item}`]
				: [item],
		);
		const note = draft?.note.trim();
		const images = draft?.images?.length ?? 0;
		return h(
			"li",
			{},
			h("span", { class: "q" }, question.header || question.question),
			given.length === 0
				? images === 0 && h("em", { class: "unanswered" }, t("review.unanswered"))
				: h("span", { class: "a" }, ...items.flatMap((parts, i) => (i === 0 ? parts : [" · ", ...parts]))),
			images > 0 && h("span", { class: "n" }, t("review.images", { count: images })),
			note && card.source.notes ? h("span", { class: "n" }, t("review.note", { note })) : undefined,
			button(
				`edit-${index}`,
				t("review.edit"),
				() => {
					card.flow = goTo(card.flow, card.source.questions, index);
					card.focus = "heading";
					renderCard(card);
				},
				// Said as "Edit Database", not five times "Edit".
				{ class: "link", "aria-label": t("review.editQuestion", { question: question.header || question.question }) },
			),
		);
	});
	const unanswered = card.source.questions.length - answeredCount(card.flow);
	let setNote: HTMLElement | undefined;
	if (card.source.notes) {
		const field = h("textarea", {
			id: `set-note-${card.source.key}`,
			class: "set-note",
			"data-focus": "set-note",
			rows: "2",
			maxlength: "20000",
			placeholder: t("review.setNotePlaceholder"),
		}) as HTMLTextAreaElement;
		field.value = card.setNote;
		field.addEventListener("input", () => {
			card.setNote = field.value;
		});
		setNote = h("div", { class: "set-note-field" }, h("label", { for: field.id }, t("review.setNote")), field);
	}
	return h(
		"section",
		{ class: "review" },
		h("h3", { tabindex: "-1", "data-focus": "heading" }, t("review.title")),
		h("ol", {}, ...rows),
		h(
			"p",
			{ class: "hint" },
			unanswered === 0 ? t("review.allAnswered") : t("review.someUnanswered", { count: unanswered }),
		),
		setNote,
	);
}

function updateActions(card: CardState): void {
	const submit = card.element.querySelector<HTMLButtonElement>("button.submit");
	if (submit) submit.disabled = card.busy || answeredCount(card.flow) === 0;
}

/** The cards the last state holds. */
let shownKeys = new Set<string>();

/** Receipts that came before the answer's own response did (the live channel can be faster than the POST). */
const earlyReceipts = new Map<string, Receipt>();

/** What the person reads once answers (or a dismissal) went to an agent: where they are, and what happens next. */
function sentMessage(sent: NonNullable<CardState["sent"]>): string {
	const dismissed = sent.dismissed;
	switch (sent.receipt) {
		case "received":
			return t(dismissed ? "sent.dismissalReceived" : "sent.answersReceived");
		case "elsewhere":
			return t("sent.elsewhere");
		case "ended":
			return t(dismissed ? "sent.dismissalEnded" : "sent.answersEnded");
		case "lost":
			return t(dismissed ? "sent.dismissalLost" : "sent.answersLost");
		default:
			if (!sent.confirms) return t("sent.noReceipt");
			return t(dismissed ? "sent.dismissalWaiting" : "sent.answersWaiting");
	}
}

/** A refusal from the API in the person's language; its English `error` only where no text says it better. */
function refusalMessage(result: Partial<ApiError>, status: number | undefined): string {
	const image = result.image;
	switch (result.code) {
		case "gone":
			return t("error.gone");
		case "agent-gone":
			return t("error.agentGone");
		case "no-answer":
			return t("error.noAnswer");
		case "image":
			if (image) return imageProblemMessage(image.kind, image.name, image.kind === "too-large" ? image.bytes : 0);
			break;
		case "too-many-images":
			return t("image.tooMany", { name: result.imageName ?? "", count: IMAGE_LIMITS.imagesPerAsk });
		case "pending-live":
			return t("error.pendingLive");
		case "pending-gone":
			return t("error.pendingGone");
		case "pending-changed":
			return t("error.pendingChanged");
		case "pending-held":
			return t("error.pendingHeld");
		case "pending-answered":
			return t("error.pendingAnswered");
		case "pending-settled":
			return t("error.pendingSettled");
		case "pending-confirm":
			return t("error.pendingConfirm");
	}
	if (result.error !== undefined) return t("error.invalid", { detail: result.error });
	return status === undefined ? t("sent.noConnection") : t("sent.failed", { status });
}

/** Sends the answers, or the dismissal; a live card then stays and reports what became of them. */
async function sendCard(card: CardState, request: () => Promise<Response>, dismissed: boolean): Promise<void> {
	card.busy = true;
	card.sending = true;
	card.message = t("sent.sending");
	renderCard(card);
	const response = await request().catch(() => undefined);
	const result = response
		? ((await response.json().catch(() => ({}))) as Partial<ApiError> & { confirms?: boolean })
		: {};
	// Only now: while the response was read, the state may have dropped the question, and the card must stay.
	card.busy = false;
	card.sending = false;
	if (response?.ok && card.source.tellsReceipt) {
		const sent: NonNullable<CardState["sent"]> = { dismissed, confirms: result.confirms === true };
		const early = earlyReceipts.get(card.source.key);
		if (early !== undefined) sent.receipt = early;
		card.sent = sent;
		card.message = sentMessage(sent);
	} else if (response?.ok && !shownKeys.has(card.source.key)) {
		// A pending file written: the state already shows it as answered, in a card of its own.
		card.element.remove();
		cards.delete(card.source.key);
		markEmpty();
		return;
	} else {
		card.message = response?.ok ? t("sent.done") : refusalMessage(result, response?.status);
		if (!shownKeys.has(card.source.key)) card.ended = true;
	}
	renderCard(card);
}

function showReceipt(key: string, receipt: Receipt): void {
	const card = cards.get(key);
	if (!card?.sent) {
		earlyReceipts.set(key, receipt);
		return;
	}
	card.sent.receipt = receipt;
	card.message = sentMessage(card.sent);
	renderCard(card);
}

/** "5 min ago": when, relative to this device's clock, in the page's language; the local date and time in the tooltip. */
function timeElement(at: number): HTMLElement {
	const element = h(
		"time",
		{ datetime: new Date(at).toISOString(), title: new Date(at).toLocaleString(language) },
		timeAgo(at),
	);
	element.dataset.at = String(at);
	return element;
}

setInterval(() => {
	for (const element of document.querySelectorAll<HTMLElement>("time[data-at]")) {
		element.textContent = timeAgo(Number(element.dataset.at));
	}
}, 30_000);

function cardHeader(source: CardSource): HTMLElement {
	return h(
		"header",
		{},
		h(
			"span",
			{ class: "title", id: titleId(source) },
			source.title,
			source.savedAt !== undefined && " · ",
			source.savedAt !== undefined && timeElement(source.savedAt),
		),
	);
}

/** The card's "title" element's id, which names the card (its `article`) for a screen reader. */
function titleId(source: CardSource): string {
	return `${source.key}-title`;
}

/** Puts the focus back where `card.focus` says, unless the person has since moved it out of the card. */
function restoreFocus(card: CardState): void {
	if (card.focus === undefined) return;
	const active = document.activeElement;
	if (active && active !== document.body && !card.element.contains(active)) {
		card.focus = undefined;
		return;
	}
	// Once the answers are sent, only Close is left to act on; the status line says what happened.
	const key = card.sent || card.ended ? "close" : card.focus;
	const target = card.element.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`);
	if (!target || (target instanceof HTMLButtonElement && target.disabled)) return;
	target.focus();
	if (document.activeElement === target) card.focus = undefined;
}

function renderCard(card: CardState): void {
	// A render replaces the elements: the focused one's key says which new one takes the focus.
	const active = document.activeElement;
	if (card.focus === undefined && active instanceof HTMLElement && card.element.contains(active)) {
		card.focus = active.dataset.focus;
	}
	if (card.status.textContent !== (card.message ?? "")) card.status.textContent = card.message ?? "";
	renderParts(card);
	restoreFocus(card);
}

function renderParts(card: CardState): void {
	const { source, flow } = card;
	if (card.sent || card.ended) {
		card.element.classList.add("sent");
		card.top.replaceChildren(cardHeader(source));
		card.bottom.replaceChildren(
			h(
				"div",
				{ class: "actions" },
				button("close", t("action.close"), () => {
					card.element.remove();
					cards.delete(source.key);
					markEmpty();
				}),
			),
		);
		return;
	}
	const questions = source.questions;
	const onReview = questions.length > 1 && flow.step === questions.length;
	const body = onReview ? renderReview(card) : renderQuestion(card, flow.step);
	const go = (step: number) => () => {
		card.flow = goTo(card.flow, questions, step);
		// The new step is read from its question: the focus moves to its heading.
		card.focus = "heading";
		renderCard(card);
	};
	const nav: Child[] = [];
	if (flow.step > 0) nav.push(button("back", t("action.back"), go(flow.step - 1)));
	if (flow.step < lastStep(questions)) {
		const toReview = flow.step === questions.length - 1;
		nav.push(
			button(toReview ? "review" : "next", t(toReview ? "action.review" : "action.next"), go(flow.step + 1), {
				class: "primary",
			}),
		);
	} else {
		nav.push(
			button(
				"submit",
				t("action.submit"),
				() => void sendCard(card, () => source.submit(flowAnswers(card.flow), card.confirmed, card.setNote), false),
				{
					class: "primary submit",
				},
			),
		);
	}
	if (source.dismissable && source.dismiss) {
		const dismiss = source.dismiss;
		nav.push(
			button(
				"dismiss",
				t("action.dismiss"),
				() => {
					const result = requestDismiss(card.flow);
					card.flow = result.flow;
					if (!result.dismiss) {
						// The question "Discard N answers?" takes the focus, on its safe answer.
						card.focus = "discard-no";
						return renderCard(card);
					}
					void sendCard(card, dismiss, true);
				},
				{ class: "quiet" },
			),
		);
	}
	const discard = flow.confirmingDiscard
		? h(
				"div",
				{ class: "confirm", role: "alertdialog", "aria-labelledby": `${source.key}-discard` },
				h(
					"span",
					{ id: `${source.key}-discard` },
					answeredCount(flow) === 1 ? t("action.discardOne") : t("action.discard", { count: answeredCount(flow) }),
				),
				button("discard-yes", t("action.yes"), () => {
					if (source.dismiss) void sendCard(card, source.dismiss, true);
				}),
				button("discard-no", t("action.no"), () => {
					card.flow = keepAnswers(card.flow);
					card.focus = "dismiss";
					renderCard(card);
				}),
			)
		: undefined;
	const distrust = source.distrust
		? h(
				"div",
				{ class: "origin untrusted" },
				h("strong", {}, t("card.untrusted", { reason: source.distrust.reason })),
				source.distrust.task !== undefined && h("div", {}, t("card.untrustedTask", { task: source.distrust.task })),
				(() => {
					const box = h("input", { type: "checkbox", class: "confirm-untrusted" }) as HTMLInputElement;
					box.checked = card.confirmed;
					box.addEventListener("change", () => {
						card.confirmed = box.checked;
					});
					return h("label", {}, box, ` ${t("card.confirmUntrusted")}`);
				})(),
			)
		: undefined;
	// Internals (session id and file, the exact time) only for whoever wants them, below the questions.
	const details = source.details
		? h(
				"details",
				{ class: "details" },
				h("summary", {}, t("card.details")),
				...source.details.map((line) => h("div", {}, line)),
			)
		: undefined;
	const wasOpen = card.element.querySelector("details")?.open === true;
	card.top.replaceChildren(
		cardHeader(source),
		distrust ?? "",
		body,
		discard ?? "",
		h("div", { class: "actions" }, ...nav),
	);
	card.bottom.replaceChildren(details ?? "");
	if (wasOpen && details) (details as HTMLDetailsElement).open = true;
	updateActions(card);
	if (!onReview && isAnswered(flow.drafts[flow.step]) === false) updateActions(card);
}

function upsertCard(source: CardSource, list: HTMLElement): void {
	const existing = cards.get(source.key);
	if (existing) return;
	const status = h("p", { class: "message", role: "status" });
	const top = h("div", { class: "card-top" });
	const bottom = h("div", { class: "card-bottom" });
	const element = h(
		"article",
		{ class: "card", "data-key": source.key, "aria-labelledby": titleId(source) },
		top,
		status,
		bottom,
	);
	const card: CardState = {
		source,
		flow: startFlow(source.questions),
		element,
		status,
		top,
		bottom,
		preview: new Map(),
		confirmed: false,
		setNote: "",
		busy: false,
	};
	cards.set(source.key, card);
	list.append(element);
	renderCard(card);
}

function liveSource(ask: LiveAsk): CardSource {
	const who = ask.agentId && ask.agentId !== "pi" ? ask.agentId : "pi";
	const asks = t("card.asks", { who });
	return {
		key: `live:${ask.id}`,
		// The project pi asks from, as a pending card names it: its folder's name.
		title: ask.folder !== undefined ? `${asks} · ${folderName(ask.folder)}` : asks,
		...(ask.folder !== undefined ? { details: [t("card.detailFolder", { folder: ask.folder })] } : {}),
		questions: ask.questions as CardQuestion[],
		notes: ask.accepts.notes,
		images: ask.accepts.images ? "offered" : "agent-cannot",
		tellsReceipt: true,
		dismissable: true,
		submit: (answers, _confirmed, note) =>
			postJson(
				"/api/answer",
				note.trim() === "" ? { id: ask.id, answers } : { id: ask.id, answers, note: note.trim() },
			),
		dismiss: () => postJson("/api/answer", { id: ask.id, dismiss: true }),
	};
}

function folderName(path: string): string {
	return path.split(/[\\/]/).filter(Boolean).at(-1) ?? path;
}

function pendingSource(view: PendingView): CardSource {
	const savedAt = view.timestamp === undefined ? Number.NaN : Date.parse(view.timestamp);
	const session = view.sessionId ?? t("card.unknownSession");
	const details = [
		...(view.folder !== undefined ? [t("card.detailFolder", { folder: view.folder })] : []),
		t("card.detailFile", { file: `.pi/${view.name}` }),
		view.sessionFile
			? t("card.detailSessionFile", { session, file: view.sessionFile })
			: t("card.detailNoSessionFile", { session }),
		...(view.timestamp !== undefined
			? [
					t("card.detailSaved", {
						time: `${view.timestamp}${Number.isNaN(savedAt) ? "" : ` (${new Date(savedAt).toLocaleString(language)})`}`,
					}),
				]
			: []),
		...(view.task !== undefined && view.distrust === undefined ? [t("card.detailTask", { task: view.task })] : []),
	];
	const source: CardSource = {
		// A later ask reusing the file's name and tool-call id is another card: its time tells them apart.
		key: `pending:${view.folder ?? ""}:${view.name}:${view.toolCallId}:${view.timestamp ?? ""}`,
		title: view.folder !== undefined ? folderName(view.folder) : `.pi/${view.name}`,
		questions: view.questions as CardQuestion[],
		// The pending file has no place for notes, nor for images.
		notes: false,
		images: "pending",
		details,
		tellsReceipt: false,
		dismissable: false,
		submit: (answers, confirmed) =>
			postJson("/api/pending/answer", {
				folder: view.folder,
				name: view.name,
				toolCallId: view.toolCallId,
				timestamp: view.timestamp,
				answers,
				confirmed,
			}),
	};
	if (!Number.isNaN(savedAt)) source.savedAt = savedAt;
	if (view.distrust !== undefined) {
		source.distrust = view.task !== undefined ? { reason: view.distrust, task: view.task } : { reason: view.distrust };
	}
	return source;
}

function showState(state: PageState): void {
	const keep = new Set<string>();
	for (const ask of state.asks) {
		const source = liveSource(ask);
		keep.add(source.key);
		upsertCard(source, liveList);
	}
	for (const view of state.pending) {
		if (view.error !== undefined || view.filled) {
			const key = `pending-note:${view.folder ?? ""}:${view.name}:${view.toolCallId ?? ""}`;
			keep.add(key);
			if (!cards.has(key)) {
				const text =
					view.error === undefined
						? t("card.pendingAnswered")
						: view.errorCode === "too-large"
							? t("error.pendingTooLarge")
							: view.error;
				const element = h(
					"article",
					{ class: "card done", "data-key": key },
					h("header", {}, h("span", { class: "title" }, `.pi/${view.name}`)),
					h("p", {}, text),
				);
				cards.set(key, {
					source: pendingSource(view),
					flow: startFlow([]),
					element,
					status: element,
					top: element,
					bottom: element,
					preview: new Map(),
					confirmed: false,
					setNote: "",
					busy: false,
				});
				pendingList.append(element);
			}
			continue;
		}
		const source = pendingSource(view);
		keep.add(source.key);
		upsertCard(source, pendingList);
	}
	// Answered elsewhere, withdrawn, or delivered: gone from every open page (a card that sent its answers stays
	// to say what became of them, until the person closes it).
	shownKeys = keep;
	for (const [key, card] of cards) {
		if (keep.has(key) || card.sent || card.sending || card.ended) continue;
		card.element.remove();
		cards.delete(key);
	}
	showMore(state.more ?? 0);
	markEmpty();
	document.title = state.asks.length > 0 ? t("page.titleAsking", { count: state.asks.length }) : "pi-ask-anywhere";
}

/** `web --all` sends so many pending cards at first: a button under them asks for more, while more are left. */
const moreButton = h("button", { type: "button", class: "quiet more", hidden: "" });
moreButton.addEventListener("click", () => {
	moreButton.setAttribute("disabled", "");
	void postJson("/api/more", {}).finally(() => moreButton.removeAttribute("disabled"));
});
pendingList.after(moreButton);

function showMore(left: number): void {
	moreButton.toggleAttribute("hidden", left <= 0);
	if (left > 0) moreButton.textContent = t("page.more", { count: left });
}

/**
 * Which lists show no card, so that their "nothing waiting" line shows: a card kept to say what became of its
 * answers counts, so the line never shows under its ✓.
 */
function markEmpty(): void {
	document.body.classList.toggle("has-live", liveList.childElementCount > 0);
	document.body.classList.toggle("has-pending", pendingList.childElementCount > 0);
}

function connect(): void {
	const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/live`);
	socket.addEventListener("open", () => {
		status.textContent = t("page.live");
		status.className = "live";
	});
	let state: PageState = { asks: [], pending: [] };
	socket.addEventListener("message", (event) => {
		const message = JSON.parse(String(event.data)) as PageMessage;
		state = applyMessage(state, message);
		for (const op of message.ops) if (op.op === "receipt") showReceipt(`live:${op.id}`, op.receipt);
		if (!message.more) showState(state);
	});
	socket.addEventListener("close", (event) => {
		if (event.code === SIGNED_OUT_CLOSE_CODE) {
			showSignedOut(t("page.signedOutEverywhere"));
			return;
		}
		status.textContent = t("page.reconnecting");
		status.className = "offline";
		// A restarted server has a new token: this page's cookie is no longer valid, and retrying cannot help.
		void fetch("/api/state").then(
			(response) => {
				if (response.status !== 401) {
					setTimeout(connect, 1_000);
					return;
				}
				showSignedOut(t("page.restarted"));
			},
			() => setTimeout(connect, 1_000),
		);
	});
}

/** This browser's cookie no longer works (a restart with a new secret, or every browser signed out): say what to do. */
function showSignedOut(message: string): void {
	status.textContent = t("page.signedOut");
	status.className = "offline";
	document.body.classList.add("signed-out");
	cards.clear();
	pendingList.replaceChildren();
	liveList.replaceChildren(h("p", { class: "empty" }, message));
}

(document.getElementById("sign-out") as HTMLButtonElement).addEventListener("click", () => {
	if (!confirm(t("page.signOutConfirm"))) return;
	void postJson("/api/sign-out-everywhere", {});
});

connect();
