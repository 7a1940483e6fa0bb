/**
 * The contract an app builds on, as TypeBox definitions: what the model reads back (`AskUserResult`, `Answer`),
 * what the session keeps (`AskDetails`), and the structured RPC messages (`ask_user_request`, `ask_user_response`,
 * `ask_user_closed`, the `ask_user_pending` list). The build writes each as a JSON Schema to `dist/schemas/`; the
 * TypeScript types of the package entry are these definitions' static types or checked equal to them.
 */
import { type Static, Type } from "typebox";

const OptionSchema = Type.Object(
	{
		label: Type.String(),
		description: Type.Optional(Type.String()),
		preview: Type.Optional(Type.String({ description: "Markdown or code shown while the option is focused" })),
	},
	{ additionalProperties: false },
);

const QuestionSchema = Type.Object(
	{
		question: Type.String(),
		header: Type.Optional(Type.String()),
		options: Type.Optional(Type.Array(OptionSchema, { description: "Absent for a free-text question" })),
		multiSelect: Type.Optional(Type.Boolean()),
		placeholder: Type.Optional(Type.String({ description: "Hint for an empty text input" })),
		context: Type.Optional(Type.String({ description: "Markdown shown with the question" })),
		id: Type.Optional(Type.String({ description: "The model's own id for the question, echoed in its answer" })),
	},
	{ additionalProperties: false },
);

export const AnswerSchema = Type.Object(
	{
		id: Type.Optional(Type.String({ description: "The question's `id`, when the model gave one" })),
		question: Type.String({ description: "The question's text" }),
		answer: Type.Union([Type.String(), Type.Array(Type.String())], {
			description: "The person's answer; an array for a multi-select question",
		}),
		selectedOption: Type.Optional(
			Type.Union([Type.String(), Type.Array(Type.String())], {
				description: "The option label(s) chosen; absent when the person only typed",
			}),
		),
		wasCustom: Type.Boolean({ description: "True when (part of) the answer is text the person typed" }),
		note: Type.Optional(Type.String({ description: "A note the person added to the answer" })),
		images: Type.Optional(
			Type.Array(
				Type.Object(
					{
						name: Type.String(),
						mimeType: Type.Union([
							Type.Literal("image/png"),
							Type.Literal("image/jpeg"),
							Type.Literal("image/gif"),
							Type.Literal("image/webp"),
						]),
						bytes: Type.Integer({ minimum: 0 }),
					},
					{ additionalProperties: false },
				),
				{ description: "Images the person attached, in the order of the result's image blocks (never their bytes)" },
			),
		),
	},
	{ additionalProperties: false },
);

export const AskUserResultSchema = Type.Object(
	{
		answered: Type.Boolean({ description: "False when nothing was answered (cancelled, timed out, pending…)" }),
		answers: Type.Array(AnswerSchema, { description: "In question order; skipped questions are left out" }),
		unanswered: Type.Optional(Type.Array(Type.String(), { description: "Texts of the questions left unanswered" })),
		note: Type.Optional(Type.String({ description: "The person's note on the whole set of answers" })),
		pendingFile: Type.Optional(Type.String({ description: "Print mode: where the questions wait" })),
		background: Type.Optional(
			Type.Literal(true, { description: "Asked with background: true; the answers arrive later as a user message" }),
		),
		cancelled: Type.Optional(Type.Literal(true)),
		timedOut: Type.Optional(Type.Literal(true)),
		connectionLost: Type.Optional(Type.Literal(true)),
		interrupted: Type.Optional(
			Type.Literal(true, {
				description: "Stopped by something other than the person (pi shut down, the run aborted); asked again later",
			}),
		),
	},
	{ additionalProperties: false },
);

const AskModeSchema = Type.Union(
	[Type.Literal("interactive"), Type.Literal("print"), Type.Literal("rpc"), Type.Literal("remote")],
	{ description: "Where the ask was answered or left" },
);

const AskOutcomeKindSchema = Type.Union(
	[
		Type.Literal("answered"),
		Type.Literal("cancelled"),
		Type.Literal("timedOut"),
		Type.Literal("connectionLost"),
		Type.Literal("interrupted"),
		Type.Literal("pending"),
	],
	{ description: "How the ask ended" },
);

const MetadataSchema = Type.Record(Type.String(), Type.Unknown(), { description: "The model's tracking data" });

export const AskDetailsSchema = Type.Object(
	{
		questions: Type.Array(QuestionSchema),
		answers: Type.Array(AnswerSchema),
		answeredAt: Type.Number({ description: "When the ask ended, in ms since the Unix epoch" }),
		mode: AskModeSchema,
		metadata: Type.Optional(MetadataSchema),
		outcome: AskOutcomeKindSchema,
		unanswered: Type.Optional(Type.Array(Type.String())),
		note: Type.Optional(Type.String({ description: "The person's note on the whole set of answers" })),
		pendingFile: Type.Optional(Type.String()),
		background: Type.Optional(Type.Literal(true)),
	},
	{ additionalProperties: false },
);

const AskUserRequestMessageSchema = Type.Object(
	{
		type: Type.Literal("ask_user_request"),
		requestId: Type.String({ description: "The ask_user tool call id; the same when the questions are asked again" }),
		questions: Type.Array(QuestionSchema, { minItems: 1 }),
		metadata: Type.Optional(MetadataSchema),
		error: Type.Optional(Type.String({ description: "Set on a repeated request: what was wrong with the response" })),
		acceptsImages: Type.Optional(
			Type.Literal(true, {
				description:
					'The person may attach images: an answer may be { "answer", "images": [{ "name", "mimeType", "data" (base64) }] }',
			}),
		),
	},
	{ additionalProperties: false },
);

const GivenValueSchema = Type.Union(
	[Type.Null(), Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())],
	{
		description:
			"A string (an option label selects it; for multi-select, comma-separated labels), an array of strings " +
			"(multi-select: each entry exact, labels ticked, anything else the person's text), null to skip",
	},
);

const AnswerEntrySchema = Type.Union([
	GivenValueSchema,
	Type.Object(
		{
			answer: GivenValueSchema,
			note: Type.Optional(Type.String()),
			images: Type.Optional(
				Type.Array(
					Type.Object(
						{ name: Type.Optional(Type.String()), mimeType: Type.Optional(Type.String()), data: Type.String() },
						{ additionalProperties: false },
					),
					{ description: "Only when the request said acceptsImages; each checked by content and size" },
				),
			),
		},
		{ additionalProperties: false, description: "An answer with the person's note and images" },
	),
]);

const ByQuestion = <T extends Parameters<typeof Type.Array>[0]>(entry: T, what: string) =>
	Type.Union([
		Type.Array(entry, { description: `One ${what} per question, in order` }),
		Type.Record(Type.String(), entry, {
			description: `${what} keyed by question text, header or id (case and spaces ignored; one key per question)`,
		}),
	]);

const ResponseAnswersSchema = ByQuestion(AnswerEntrySchema, "answer");
const ResponseCancelledSchema = Type.Literal(true, { description: "The person cancelled; give this or answers" });
const responseFields = {
	type: Type.Literal("ask_user_response"),
	requestId: Type.String(),
	answers: Type.Optional(ResponseAnswersSchema),
	notes: Type.Optional(ByQuestion(Type.Union([Type.Null(), Type.String()]), "note")),
	note: Type.Optional(
		Type.Union([Type.Null(), Type.String()], {
			description: "The person's note on the whole set of answers; it reaches the model as the result's note",
		}),
	),
	cancelled: Type.Optional(ResponseCancelledSchema),
};

/** The handler (`parseResponse`) takes `answers` or `cancelled: true`; a reply with neither is asked again. */
const AskUserResponseMessageSchema = Type.Union([
	Type.Object(
		{ ...responseFields, answers: ResponseAnswersSchema },
		{ additionalProperties: false, description: "The person's answers" },
	),
	Type.Object(
		{ ...responseFields, cancelled: ResponseCancelledSchema },
		{ additionalProperties: false, description: "The person cancelled; answers given with it are ignored" },
	),
]);

const AskClosedReasonSchema = Type.Union(
	[Type.Literal("aborted"), Type.Literal("answered_elsewhere"), Type.Literal("timeout")],
	{
		description:
			"aborted: the agent run was stopped; answered_elsewhere: a remote answer won; timeout: a time limit ran out",
	},
);

const AskUserClosedNoticeSchema = Type.Object(
	{
		type: Type.Literal("ask_user_closed"),
		requestId: Type.String(),
		reason: AskClosedReasonSchema,
	},
	{ additionalProperties: false },
);

export const AskUserPendingListingSchema = Type.Object(
	{
		type: Type.Literal("ask_user_pending"),
		pending: Type.Array(
			Type.Object(
				{
					requestId: Type.String({ description: "The ask's toolCallId: the requestId its ask_user_request carries" }),
					sessionId: Type.String({ description: "The session that asked" }),
					thisSession: Type.Boolean({ description: "Whether that is the session this pi runs" }),
					file: Type.String({ description: "The pending file, relative to the project" }),
					savedAt: Type.String({ description: "When the questions were saved (ISO 8601)" }),
					trusted: Type.Boolean({ description: "Whether this user's pi wrote the file (the trust rule)" }),
					untrustedReason: Type.Optional(Type.String({ description: "Why not, when it is not trusted" })),
					questions: Type.Array(QuestionSchema),
					metadata: Type.Optional(MetadataSchema),
				},
				{ additionalProperties: false },
			),
		),
		unreadable: Type.Array(
			Type.Object({ file: Type.String(), error: Type.String() }, { additionalProperties: false }),
			{ description: "Pending files that could not be read, and why" },
		),
		total: Type.Integer({ minimum: 0, description: "How many pending files the project holds (every page)" }),
		page: Type.Integer({
			minimum: 1,
			description: "This page's number: each lists 50 pending files, the newest written first",
		}),
		next: Type.Optional(
			Type.String({ description: "The command that lists the next page (`/questions json 2`), when there is one" }),
		),
	},
	{ additionalProperties: false },
);

export type AskUserRequestMessage = Static<typeof AskUserRequestMessageSchema>;
export type AskUserResponseMessage = Static<typeof AskUserResponseMessageSchema>;
export type AskUserClosedNotice = Static<typeof AskUserClosedNoticeSchema>;
export type AskClosedReason = Static<typeof AskClosedReasonSchema>;
export type AskUserPendingListing = Static<typeof AskUserPendingListingSchema>;

/** The schemas the build publishes in `dist/schemas/`, by file name, with the title each document gets. */
const PUBLISHED = {
	"ask-user-result.json": [
		"AskUserResult: the JSON in the first text block of every ask_user result",
		AskUserResultSchema,
	],
	"answer.json": ["Answer: one answered question", AnswerSchema],
	"ask-details.json": ["AskDetails: the record an ask_user result keeps in the session (details)", AskDetailsSchema],
	"ask-user-request.json": [
		"ask_user_request: the structured RPC request (an editor dialog's prefill)",
		AskUserRequestMessageSchema,
	],
	"ask-user-response.json": ["ask_user_response: the structured RPC client's reply", AskUserResponseMessageSchema],
	"ask-user-closed.json": [
		"ask_user_closed: a request ended without the app's answer (a notify message)",
		AskUserClosedNoticeSchema,
	],
	"ask-user-pending.json": [
		"ask_user_pending: the pending questions (/questions json; /questions in structured RPC)",
		AskUserPendingListingSchema,
	],
} as const;

/** Each published schema as a standalone JSON Schema document (draft 2020-12), by file name. */
export function schemaDocuments(): Record<string, Record<string, unknown>> {
	return Object.fromEntries(
		Object.entries(PUBLISHED).map(([file, [title, schema]]) => [
			file,
			{ $schema: "https://json-schema.org/draft/2020-12/schema", title, ...schema },
		]),
	);
}
