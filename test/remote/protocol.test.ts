import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "../../src/core/images.js";
import type { Question } from "../../src/core/types.js";
import {
	ANSWER_IMAGES_EXTENSION,
	decodeAgentFrame,
	decodeAnswer,
	encodeAnswer,
	encodeClosed,
	encodeQuestion,
	matchAnswers,
	outcomeFromRemoteAnswers,
} from "../../src/remote/protocol.js";
import { TINY_PNG, TINY_PNG_BASE64 } from "../image-fixtures.js";

const ids = { questionId: "550e8400-e29b-41d4-a716-446655440000", sessionKey: "s", agentId: "a" };

/** A backend's `answers` object through the whole agent-side path: decode, match keys, build the outcome. */
function receive(questions: readonly Question[], answers: Record<string, unknown>) {
	const decoded = decodeAnswer(JSON.stringify({ type: "hook.ask_user_answer", payload: { questionId: "q", answers } }));
	if (decoded.kind !== "answer") throw new Error(`not decoded: ${JSON.stringify(decoded)}`);
	const matched = matchAnswers(questions, decoded.answers);
	const dismissed = Object.keys(decoded.answers).length === 0;
	return { outcome: outcomeFromRemoteAnswers(questions, matched.perQuestion, dismissed), warnings: matched.warnings };
}

describe("encodeQuestion", () => {
	it("carries a question's context and the model's id beyond the plain Whimmy protocol, and only when given", () => {
		const frame = encodeQuestion(
			{
				questions: [{ question: "Name?", context: "**Why:** the service needs one", id: "name" }, { question: "Q2?" }],
			},
			ids,
		);
		expect(frame.payload.payload.questions).toEqual([
			{
				question: "Name?",
				header: "",
				options: [],
				multiSelect: false,
				context: "**Why:** the service needs one",
				id: "name",
			},
			{ question: "Q2?", header: "", options: [], multiSelect: false },
		]);
	});

	it("fills what the Go structs expect and sends preview as markdown", () => {
		const frame = encodeQuestion(
			{
				questions: [
					{ question: "Name?" },
					{
						question: "Pick",
						header: "Pick",
						multiSelect: true,
						options: [{ label: "A", description: "first", preview: "# A" }, { label: "B" }],
					},
				],
				metadata: { source: "x" },
			},
			ids,
		);
		expect(frame).toEqual({
			type: "event",
			payload: {
				event: "ask_user_question",
				payload: {
					sessionKey: "s",
					agentId: "a",
					questionId: ids.questionId,
					questions: [
						{ question: "Name?", header: "", options: [], multiSelect: false },
						{
							question: "Pick",
							header: "Pick",
							options: [
								{ label: "A", description: "first", markdown: "# A" },
								{ label: "B", description: "" },
							],
							multiSelect: true,
						},
					],
					extensions: ["answer-arrays", "answer-notes", "ask_user_closed", "answer-source"],
				},
			},
		});
		expect(JSON.stringify(frame)).not.toContain("metadata");
	});
});

describe("decodeAnswer", () => {
	it("decodes the spec's answer frame", () => {
		const text = JSON.stringify({
			type: "hook.ask_user_answer",
			payload: { questionId: "q-abc-123", answers: { "Which testing framework should I use?": "Vitest" } },
		});
		expect(decodeAnswer(text)).toEqual({
			kind: "answer",
			questionId: "q-abc-123",
			answers: { "Which testing framework should I use?": { given: "Vitest" } },
		});
	});

	it("reads where the answer came from only when it is a source this package sends (its page, a parent pi)", () => {
		const frame = (source: unknown) =>
			JSON.stringify({ type: "hook.ask_user_answer", payload: { questionId: "q", answers: { a: "b" }, source } });
		expect(decodeAnswer(frame("page"))).toMatchObject({ kind: "answer", source: "page" });
		expect(decodeAnswer(frame("parent"))).toMatchObject({ kind: "answer", source: "parent" });
		for (const other of ["phone", "PAGE", 1, { page: true }, "__proto__"]) {
			expect(decodeAnswer(frame(other))).not.toHaveProperty("source");
		}
		expect(JSON.parse(encodeAnswer("q", { a: "b" }, undefined, "page")).payload.source).toBe("page");
	});

	it("tolerates arrays of labels, numbers and null values", () => {
		const text = JSON.stringify({
			type: "hook.ask_user_answer",
			payload: { questionId: "q", answers: { a: ["x", "y"], b: 3, c: null } },
		});
		expect(decodeAnswer(text)).toEqual({
			kind: "answer",
			questionId: "q",
			answers: { a: { given: ["x", "y"] }, b: { given: "3" }, c: null },
		});
	});

	it("keeps keys such as __proto__ as plain data", () => {
		const text =
			'{"type":"hook.ask_user_answer","payload":{"questionId":"q","answers":{"__proto__":["x"],"constructor?":"y"}}}';
		const decoded = decodeAnswer(text);
		if (decoded.kind !== "answer") throw new Error("not decoded");
		expect(Object.keys(decoded.answers)).toEqual(["__proto__", "constructor?"]);
		const questions = [{ question: "constructor" }, { question: "__proto__" }];
		const matched = matchAnswers(questions, decoded.answers);
		expect(matched.warnings).toEqual([
			`ignored the answer key "constructor?" matches no question; use a question's text, header or id: "constructor", "__proto__"`,
		]);
		expect(outcomeFromRemoteAnswers(questions, matched.perQuestion, false)).toMatchObject({
			kind: "answered",
			answers: [{ question: "__proto__", answer: "x" }],
			unanswered: ["constructor"],
		});
	});

	it("passes other envelope types through as not ours", () => {
		expect(decodeAnswer(JSON.stringify({ type: "hook.approval", payload: {} }))).toEqual({
			kind: "other",
			type: "hook.approval",
		});
	});

	it.each([
		["not JSON", "{"],
		["a string", '"hi"'],
		["null", "null"],
		["no type", "{}"],
		["numeric type", '{"type":1}'],
		["no payload", '{"type":"hook.ask_user_answer"}'],
		["array payload", '{"type":"hook.ask_user_answer","payload":[]}'],
		["no questionId", '{"type":"hook.ask_user_answer","payload":{"answers":{}}}'],
		["empty questionId", '{"type":"hook.ask_user_answer","payload":{"questionId":"","answers":{}}}'],
		[
			"huge questionId",
			JSON.stringify({ type: "hook.ask_user_answer", payload: { questionId: "x".repeat(500), answers: {} } }),
		],
		["no answers", '{"type":"hook.ask_user_answer","payload":{"questionId":"q"}}'],
		["array answers", '{"type":"hook.ask_user_answer","payload":{"questionId":"q","answers":["a"]}}'],
		[
			"object value without answer",
			'{"type":"hook.ask_user_answer","payload":{"questionId":"q","answers":{"a":{"answer":3}}}}',
		],
		[
			"object value with a non-string note",
			'{"type":"hook.ask_user_answer","payload":{"questionId":"q","answers":{"a":{"answer":"x","note":[1]}}}}',
		],
		["mixed array value", '{"type":"hook.ask_user_answer","payload":{"questionId":"q","answers":{"a":["x",1]}}}'],
	])("reports %s as malformed", (_name, text) => {
		expect(decodeAnswer(text).kind).toBe("malformed");
	});
});

describe("answers from a backend", () => {
	const questions: Question[] = [
		{ question: "Which database?", header: "DB", options: [{ label: "Redis" }, { label: "SQLite" }] },
		{
			question: "Which features?",
			multiSelect: true,
			options: [{ label: "Auth, with SSO" }, { label: "Billing" }],
		},
	];

	it("is a cancel for an empty object", () => {
		expect(receive(questions, {}).outcome).toEqual({ kind: "cancelled" });
	});

	it("maps labels case-insensitively, keeps comma-containing labels whole, and matches keys loosely", () => {
		expect(
			receive(questions, {
				" which  database? ": "redis",
				"Which features?": "Auth, with SSO, Billing, Other",
			}).outcome,
		).toEqual({
			kind: "answered",
			answers: [
				{ question: "Which database?", answer: "Redis", selectedOption: "Redis", wasCustom: false },
				{
					question: "Which features?",
					answer: ["Auth, with SSO", "Billing", "Other"],
					selectedOption: ["Auth, with SSO", "Billing"],
					wasCustom: true,
				},
			],
		});
	});

	it("accepts the model's id for a question as a key", () => {
		const withIds: Question[] = [
			{ question: "Which cache?", id: "cache", options: [{ label: "Redis" }] },
			{ question: "Which database?", id: "db", options: [{ label: "SQLite" }] },
		];
		expect(receive(withIds, { DB: "SQLite" }).outcome).toMatchObject({
			answers: [{ question: "Which database?", selectedOption: "SQLite" }],
			unanswered: ["Which cache?"],
		});
	});

	it("accepts the header as a key", () => {
		expect(receive(questions, { DB: "SQLite" }).outcome).toMatchObject({
			kind: "answered",
			answers: [{ selectedOption: "SQLite" }],
			unanswered: ["Which features?"],
		});
	});

	it("lists every question as unanswered when no key matches or values are blank, and warns about the stranger", () => {
		const { outcome, warnings } = receive(questions, {
			"Something else": "x",
			"Which database?": "  ",
			"Which features?": null,
		});
		expect(outcome).toEqual({ kind: "answered", answers: [], unanswered: ["Which database?", "Which features?"] });
		expect(warnings).toEqual([
			`ignored the answer key "Something else" matches no question; use a question's text, header or id: "Which database?", "Which features?"`,
		]);
	});

	it("takes an array for a multi-select exactly: labels are ticked, every other entry is one typed answer", () => {
		expect(receive(questions, { "Which features?": ["Billing", "Exports, as CSV"] }).outcome).toEqual({
			kind: "answered",
			answers: [
				{
					question: "Which features?",
					answer: ["Billing", "Exports, as CSV"],
					selectedOption: ["Billing"],
					wasCustom: true,
				},
			],
			unanswered: ["Which database?"],
		});
	});

	it("takes { answer, note } and keeps the note", () => {
		expect(
			receive(questions, {
				"Which database?": { answer: "Redis", note: "we run it already" },
				"Which features?": { answer: ["Auth, with SSO"], note: "SSO via Okta" },
			}).outcome,
		).toEqual({
			kind: "answered",
			answers: [
				{
					question: "Which database?",
					answer: "Redis",
					selectedOption: "Redis",
					wasCustom: false,
					note: "we run it already",
				},
				{
					question: "Which features?",
					answer: ["Auth, with SSO"],
					selectedOption: ["Auth, with SSO"],
					wasCustom: false,
					note: "SSO via Okta",
				},
			],
		});
	});

	it("ignores, with a warning, a header shared by two questions (never a guess)", () => {
		const shared: Question[] = [
			{ question: "Which cache?", header: "Storage", options: [{ label: "Redis" }] },
			{ question: "Which database?", header: "Storage", options: [{ label: "SQLite" }] },
		];
		const { outcome, warnings } = receive(shared, { Storage: "Redis", "Which database?": "SQLite" });
		expect(outcome).toEqual({
			kind: "answered",
			answers: [{ question: "Which database?", answer: "SQLite", selectedOption: "SQLite", wasCustom: false }],
			unanswered: ["Which cache?"],
		});
		expect(warnings).toEqual([
			`ignored the answer key "Storage" names several questions ("Which cache?" and "Which database?"); use the question text`,
		]);
	});

	it("lets a question's text name that question even when it is another question's header or id", () => {
		const clash: Question[] = [
			{ question: "Which environment?", header: "Deploy now?", options: [{ label: "Staging" }] },
			{ question: "Deploy now?", header: "Confirm", options: [{ label: "Yes" }, { label: "No" }] },
			{ question: "Which region?", id: "deploy now?", options: [{ label: "EU" }] },
		];
		const { outcome, warnings } = receive(clash, {
			"Which environment?": "Staging",
			"Deploy now?": "No",
			"Which region?": "EU",
		});
		expect(outcome).toEqual({
			kind: "answered",
			answers: [
				{ question: "Which environment?", answer: "Staging", selectedOption: "Staging", wasCustom: false },
				{ question: "Deploy now?", answer: "No", selectedOption: "No", wasCustom: false },
				{ question: "Which region?", id: "deploy now?", answer: "EU", selectedOption: "EU", wasCustom: false },
			],
		});
		expect(warnings).toEqual([]);
		// The header that is another question's text names nothing; the other names still work.
		expect(receive(clash, { "deploy  NOW?": "Yes", Confirm: "No" }).warnings).toEqual([
			`ignored the answer keys "deploy  NOW?" and "Confirm" name the same question ("Confirm"); give one answer per question`,
		]);
	});

	it("ignores two keys for one question, with a warning (never a guess which one is meant)", () => {
		const { outcome, warnings } = receive(questions, {
			db: "Redis",
			"Which database?": "SQLite",
			"Which features?": "Billing",
		});
		expect(outcome).toMatchObject({ answers: [{ answer: ["Billing"] }], unanswered: ["Which database?"] });
		expect(warnings).toEqual([
			`ignored the answer keys "db" and "Which database?" name the same question ("DB"); give one answer per question`,
		]);
	});
});

describe("encodeClosed", () => {
	it("is the optional ask_user_closed event with the ids and the reason", () => {
		expect(encodeClosed(ids, "answered_elsewhere")).toEqual({
			type: "event",
			payload: { event: "ask_user_closed", payload: { ...ids, reason: "answered_elsewhere" } },
		});
	});
});

describe("decodeAgentFrame (the backend's side)", () => {
	it("reads the question event the bridge sends, extensions included, and the closed event", () => {
		const frame = encodeQuestion({ questions: [{ question: "Q?", context: "c", options: [{ label: "A" }] }] }, ids);
		expect(decodeAgentFrame(JSON.stringify(frame))).toEqual({ kind: "question", payload: frame.payload.payload });
		expect(decodeAgentFrame(JSON.stringify(encodeClosed(ids, "timeout")))).toEqual({
			kind: "closed",
			questionId: ids.questionId,
			reason: "timeout",
		});
	});

	it.each([
		["not JSON", "{", "malformed"],
		["another event", '{"type":"event","payload":{"event":"exec.approval.requested","payload":{}}}', "other"],
		[
			"no questions",
			'{"type":"event","payload":{"event":"ask_user_question","payload":{"questionId":"q","questions":[]}}}',
			"malformed",
		],
		[
			"an option without a label",
			'{"type":"event","payload":{"event":"ask_user_question","payload":{"questionId":"q","questions":[{"question":"Q","options":[{}]}]}}}',
			"malformed",
		],
		["no questionId", '{"type":"event","payload":{"event":"ask_user_closed","payload":{}}}', "malformed"],
	])("%s → %s", (_name, text, kind) => {
		expect(decodeAgentFrame(text).kind).toBe(kind);
	});
});

describe("images in answers (answer-images)", () => {
	const frame = (answers: Record<string, unknown>) =>
		JSON.stringify({ type: "hook.ask_user_answer", payload: { questionId: "q", answers } });

	it("is offered in the question frame only when the asking pi takes images", () => {
		const offered = encodeQuestion({ questions: [{ question: "Screenshot?" }] }, ids, undefined, true);
		expect(offered.payload.payload.extensions).toContain(ANSWER_IMAGES_EXTENSION);
		const plain = encodeQuestion({ questions: [{ question: "Screenshot?" }] }, ids);
		expect(plain.payload.payload.extensions).not.toContain(ANSWER_IMAGES_EXTENSION);
	});

	it("takes { answer, images }: the answer names the image, the outcome carries its bytes in order", () => {
		const questions = [{ question: "What do you see?" }];
		const { outcome } = receive(questions, {
			"What do you see?": { answer: "", images: [{ name: "phone.png", mimeType: "image/png", data: TINY_PNG_BASE64 }] },
		});
		expect(outcome).toEqual({
			kind: "answered",
			answers: [
				{
					question: "What do you see?",
					answer: "",
					wasCustom: true,
					images: [{ name: "phone.png", mimeType: "image/png", bytes: TINY_PNG.length }],
				},
			],
			images: [{ name: "phone.png", mimeType: "image/png", bytes: TINY_PNG.length, data: TINY_PNG_BASE64 }],
		});
	});

	it("refuses the whole frame, saying why, for an image that is not one, lies about its type, or one too many", () => {
		const notImage = decodeAnswer(
			frame({ Q: { answer: "x", images: [{ data: Buffer.from("hello").toString("base64") }] } }),
		);
		expect(notImage).toMatchObject({ kind: "malformed" });
		expect(notImage.kind === "malformed" && notImage.reason).toMatch(/image-1 is not a PNG, JPEG, GIF or WebP image/);
		const lying = decodeAnswer(
			frame({ Q: { answer: "x", images: [{ mimeType: "image/gif", data: TINY_PNG_BASE64 }] } }),
		);
		expect(lying.kind === "malformed" && lying.reason).toMatch(/says it is image\/gif but holds image\/png/);
		const many = Array.from({ length: IMAGE_LIMITS.imagesPerAsk + 1 }, () => ({ data: TINY_PNG_BASE64 }));
		const tooMany = decodeAnswer(frame({ Q: { answer: "x", images: many } }));
		expect(tooMany.kind === "malformed" && tooMany.reason).toMatch(/9 images; an ask takes at most 8/);
		expect(decodeAnswer(frame({ Q: { answer: "x", images: "shot.png" } }))).toMatchObject({ kind: "malformed" });
	});
});
