/**
 * Answering one batch of questions on the page, pure: what is ticked, typed and noted per question, which
 * step is shown (one per question, then a review when there are several), and the "Discard N answers?" rule
 * when the person dismisses after answering something. The page renders this state; nothing here touches
 * the DOM, so the rules are tested in Node.
 */

/** The parts of a question the flow needs (a live question frame's shape). */
export interface FlowQuestion {
	question: string;
	multiSelect: boolean;
	options: readonly { label: string }[];
}

/** An image attached on the page, read and checked there (the server checks it again). */
export interface DraftImage {
	name: string;
	mimeType: string;
	/** Its bytes as base64. */
	data: string;
	/** Its size in bytes. */
	bytes: number;
}

export interface QuestionDraft {
	chosen: string[];
	typed: string;
	note: string;
	/** Attached images; absent when none (only an agent that takes images is offered to attach some). */
	images?: DraftImage[];
}

export interface Flow {
	drafts: QuestionDraft[];
	/** 0…n-1: a question; n: the review (only when there are several questions). */
	step: number;
	/** Set while "Discard N answers?" is asked. */
	confirmingDiscard: boolean;
}

export function startFlow(questions: readonly FlowQuestion[]): Flow {
	return { drafts: questions.map(() => ({ chosen: [], typed: "", note: "" })), step: 0, confirmingDiscard: false };
}

function updateDraft(flow: Flow, index: number, change: (draft: QuestionDraft) => QuestionDraft): Flow {
	return { ...flow, drafts: flow.drafts.map((draft, i) => (i === index ? change(draft) : draft)) };
}

/** A click on an option: single-choice picks it (and drops typed text), multi-select toggles it. */
export function clickOption(flow: Flow, questions: readonly FlowQuestion[], index: number, label: string): Flow {
	const question = questions[index];
	if (!question) return flow;
	return updateDraft(flow, index, (draft) => {
		if (!question.multiSelect) return { ...draft, chosen: draft.chosen[0] === label ? [] : [label], typed: "" };
		const chosen = draft.chosen.includes(label)
			? draft.chosen.filter((item) => item !== label)
			: [...draft.chosen, label];
		return { ...draft, chosen };
	});
}

/** Text typed into "Other": for a single-choice question it replaces the picked option. */
export function typeOther(flow: Flow, questions: readonly FlowQuestion[], index: number, text: string): Flow {
	const multi = questions[index]?.multiSelect === true;
	return updateDraft(flow, index, (draft) => ({
		...draft,
		typed: text,
		chosen: multi || text === "" ? draft.chosen : [],
	}));
}

export function typeNote(flow: Flow, index: number, text: string): Flow {
	return updateDraft(flow, index, (draft) => ({ ...draft, note: text }));
}

/** Images attached to question `index` (they count as an answer: `answer` may be "" when only images are given). */
export function attachImages(flow: Flow, index: number, images: readonly DraftImage[]): Flow {
	if (images.length === 0) return flow;
	return updateDraft(flow, index, (draft) => ({ ...draft, images: [...(draft.images ?? []), ...images] }));
}

export function removeImage(flow: Flow, index: number, imageIndex: number): Flow {
	return updateDraft(flow, index, (draft) => {
		const images = (draft.images ?? []).filter((_, i) => i !== imageIndex);
		const { images: _dropped, ...rest } = draft;
		return images.length > 0 ? { ...rest, images } : rest;
	});
}

/** How many images the whole set carries (the cap is per ask). */
export function imageCount(flow: Flow): number {
	return flow.drafts.reduce((sum, draft) => sum + (draft.images?.length ?? 0), 0);
}

export function isAnswered(draft: QuestionDraft | undefined): boolean {
	return (
		draft !== undefined && (draft.chosen.length > 0 || draft.typed.trim() !== "" || (draft.images?.length ?? 0) > 0)
	);
}

export function answeredCount(flow: Flow): number {
	return flow.drafts.filter(isAnswered).length;
}

/** The last step: the review with several questions, the only question otherwise. */
export function lastStep(questions: readonly FlowQuestion[]): number {
	return questions.length > 1 ? questions.length : 0;
}

export function goTo(flow: Flow, questions: readonly FlowQuestion[], step: number): Flow {
	return { ...flow, step: Math.max(0, Math.min(lastStep(questions), step)), confirmingDiscard: false };
}

/**
 * Dismissing: with nothing answered it happens at once (`dismiss: true`); with answers given the flow first
 * asks "Discard N answers?" and dismisses only on a second, confirming call.
 */
export function requestDismiss(flow: Flow): { flow: Flow; dismiss: boolean } {
	if (flow.confirmingDiscard || answeredCount(flow) === 0) return { flow, dismiss: true };
	return { flow: { ...flow, confirmingDiscard: true }, dismiss: false };
}

export function keepAnswers(flow: Flow): Flow {
	return { ...flow, confirmingDiscard: false };
}

/** What is sent: per question its draft (trimmed; images as `{ name, mimeType, data }`), or `null` when nothing was given. */
export function flowAnswers(flow: Flow): (SentAnswer | null)[] {
	return flow.drafts.map((draft) => {
		if (!isAnswered(draft)) return null;
		const answer = { chosen: draft.chosen, typed: draft.typed.trim(), note: draft.note.trim() };
		const images = draft.images?.map(({ name, mimeType, data }) => ({ name, mimeType, data })) ?? [];
		return images.length > 0 ? { ...answer, images } : answer;
	});
}

/** One answer as sent, with its images without their sizes (the server measures them itself). */
export interface SentAnswer {
	chosen: string[];
	typed: string;
	note: string;
	images?: { name: string; mimeType: string; data: string }[];
}

/** One line for the review: the ticked labels in the question's order, then the typed text. */
export function describeDraft(question: FlowQuestion, draft: QuestionDraft | undefined): string[] {
	if (!draft || !isAnswered(draft)) return [];
	const ticked = question.options.map((option) => option.label).filter((label) => draft.chosen.includes(label));
	return draft.typed.trim() === "" ? ticked : [...ticked, draft.typed.trim()];
}
