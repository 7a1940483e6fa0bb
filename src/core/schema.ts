/** The TypeBox parameter schema the model sees: the spec's "Parameters Schema" plus an option `preview`. */
import { type Static, Type } from "typebox";

const OptionParam = Type.Object({
	label: Type.String({ description: "Display text" }),
	description: Type.Optional(Type.String({ description: "Help text" })),
	preview: Type.Optional(Type.String({ description: "Markdown/code shown when focused" })),
});

const QuestionParam = Type.Object({
	question: Type.String({ description: "The question to ask" }),
	header: Type.Optional(Type.String({ description: "Short title, e.g. 'Database'" })),
	options: Type.Optional(Type.Array(OptionParam, { description: "Suggested options; omit for free text" })),
	multiSelect: Type.Optional(Type.Boolean({ description: "Allow multiple selections" })),
});

export const AskUserParams = Type.Object({
	questions: Type.Array(QuestionParam, { description: "One or more questions to ask the user", minItems: 1 }),
	metadata: Type.Optional(
		Type.Object({}, { additionalProperties: true, description: "Optional tracking data, e.g. { source: 'setup' }" }),
	),
	background: Type.Optional(Type.Boolean({ description: "Return at once; answers arrive later as a message" })),
});

export type AskUserParamsType = Static<typeof AskUserParams>;
