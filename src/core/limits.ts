/** Hard caps so that a runaway call cannot hang the UI. Generous: real questions are far smaller. */
export const LIMITS = {
	questions: 50,
	optionsPerQuestion: 1000,
	questionChars: 10_000,
	headerChars: 200,
	labelChars: 500,
	descriptionChars: 4_000,
	previewChars: 50_000,
	placeholderChars: 500,
	/** Markdown context shown with a question. */
	contextChars: 20_000,
	/** The model's id for a question. */
	idChars: 200,
	metadataChars: 10_000,
	/** The spec's soft limit: longer answers ask for confirmation but are accepted. */
	answerSoftChars: 2_000,
} as const;
