/**
 * Property tests for answers given as data: `parseAnswersText` (the `--answers` flag) either lines up one
 * entry per question or throws an AskUserError, and `answerFromData` / `outcomeFromRawAnswers` never invent an
 * answer: every value traces back to what the person gave, and only real option labels count as selected.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { describe, it } from "vitest";
import { outcomeFromRawAnswers, parseAnswersText } from "../../src/core/answer-input.js";
import { answerFromData, type GivenAnswer, toAnswer } from "../../src/core/answers.js";
import { sanitizeText } from "../../src/core/text.js";
import type { Answer, Question, RawAnswer } from "../../src/core/types.js";
import { AskUserError } from "../../src/core/validate.js";
import { canonicalQuestions, hostileString, RUNS, withinBudget } from "./arbitraries.js";

/** Strings a person might type for one question: labels in other cases and spacing, lists, and junk. */
function answerText(question: Question): fc.Arbitrary<string> {
	const labels = question.options?.map((o) => o.label) ?? [];
	const variants = labels.flatMap((label) => [label, label.toUpperCase(), ` ${label.toLowerCase()} `]);
	const pieces = variants.length > 0 ? fc.constantFrom(...variants) : hostileString;
	return fc.oneof(
		pieces,
		fc
			.tuple(fc.array(fc.oneof(pieces, hostileString), { maxLength: 4 }), fc.constantFrom(",", ", ", " , ", ",,"))
			.map(([items, separator]) => items.join(separator)),
		hostileString,
		fc.constantFrom("", " ", ",", " , ,"),
	);
}

function rawAnswer(question: Question): fc.Arbitrary<RawAnswer> {
	return fc.oneof({ weight: 3, arbitrary: answerText(question) }, fc.array(answerText(question), { maxLength: 4 }));
}

const questionAndRaw = canonicalQuestions.chain((questions) =>
	fc.nat(questions.length - 1).chain((i) => {
		const question = questions[i] as Question;
		return fc.tuple(fc.constant(question), rawAnswer(question), fc.option(hostileString, { nil: undefined }));
	}),
);

/**
 * Every trimmed run of up to `maxParts` consecutive comma-separated parts of `text`: what a selected
 * multi-select item can be made of (a label with k commas can only come from k + 1 parts).
 */
function commaSpans(text: string, maxParts: number): string[] {
	const parts = text.split(",");
	const spans: string[] = [text.trim()];
	for (let i = 0; i < parts.length; i++) {
		for (let j = i + 1; j <= Math.min(parts.length, i + maxParts); j++) spans.push(parts.slice(i, j).join(",").trim());
	}
	return spans;
}

function labelFor(question: Question, text: string): string | undefined {
	return question.options?.find((o) => o.label.toLowerCase() === text.trim().toLowerCase())?.label;
}

/** The oracle: what the spec allows `answerFromData` to return for this input. */
function expectFaithfulAnswer(question: Question, raw: RawAnswer, answer: Answer | undefined, note?: string): void {
	// answerFromData strips control sequences first; what it returns must trace back to that cleaned input.
	const items = (Array.isArray(raw) ? raw : [raw]).map(sanitizeText);
	const labels = new Set(question.options?.map((o) => o.label) ?? []);
	if (question.multiSelect) {
		// Only commas and spaces is no answer, unless an option label is made of them.
		const blank = items.every((item) => /^[\s,]*$/.test(item));
		if (!answer) {
			assert.ok(blank, "a non-blank answer was dropped");
			return;
		}
		assert.ok(Array.isArray(answer.answer));
		const values = answer.answer;
		assert.ok(values.length > 0);
		assert.equal(new Set(values).size, values.length, "no item twice");
		for (const value of values) {
			if (labels.has(value)) {
				const maxParts = value.split(",").length;
				const traced = items.some((item) =>
					commaSpans(item, maxParts).some((span) => labelFor(question, span) === value),
				);
				assert.ok(traced, `selected ${JSON.stringify(value)} was not given`);
			} else {
				assert.equal(value, value.trim());
				assert.notEqual(value, "");
				assert.ok(
					items.some((item) => item.includes(value)),
					`${JSON.stringify(value)} is not in the input`,
				);
				assert.equal(labelFor(question, value), undefined, `${JSON.stringify(value)} should have selected its option`);
			}
		}
		const selected = values.filter((value) => labels.has(value));
		assert.deepEqual(answer.selectedOption, selected.length > 0 ? selected : undefined);
		assert.equal(answer.wasCustom, selected.length < values.length, "wasCustom is false iff every item is a label");
	} else {
		const given = items
			.filter((item) => item.trim() !== "")
			.join(", ")
			.trim();
		assert.equal(answer === undefined, given === "", "unanswered exactly when only blanks were given");
		if (!answer) return;
		const label = labelFor(question, given);
		assert.deepEqual(
			[answer.answer, answer.selectedOption, answer.wasCustom],
			label !== undefined ? [label, label, false] : [given, undefined, true],
		);
	}
	assert.equal(answer.question, question.question);
	const cleanNote = note === undefined ? "" : sanitizeText(note).trim();
	assert.equal(answer.note, cleanNote !== "" ? cleanNote : undefined);
}

describe("answerFromData", () => {
	it("never invents an answer: values trace back to the input, selections are real labels", () => {
		fc.assert(
			fc.property(questionAndRaw, ([question, raw, note]) => {
				const answer = withinBudget(() => answerFromData(question, raw, note));
				expectFaithfulAnswer(question, raw, answer, note);
			}),
			{ numRuns: RUNS },
		);
	});

	it("looks labels up a number of times linear in the length of a comma-separated answer", () => {
		const options = [{ label: "Auth, with SSO" }, { label: "Billing" }, { label: "a, b, c, d" }];
		let lookups = 0;
		// Counting reads of `options` measures the work without a clock, so a busy machine cannot fail this.
		const question: Question = {
			question: "Which features?",
			multiSelect: true,
			get options() {
				lookups++;
				return options;
			},
		};
		const pieces = ["Auth", " with SSO", "billing", "", " ", "a", " b", " c", "x"];
		const longAnswer = fc
			.tuple(fc.integer({ min: 1, max: 300 }), fc.nat())
			.map(([count, seed]) =>
				Array.from({ length: count }, (_, i) => pieces[(seed + i * 7 + (i >> 3)) % pieces.length]).join(","),
			);
		fc.assert(
			fc.property(longAnswer, (text) => {
				lookups = 0;
				const answer = withinBudget(() => answerFromData(question, text));
				const parts = text.split(",").length;
				assert.ok(lookups <= 8 * (parts + 1), `${lookups} label lookups for ${parts} parts`);
				expectFaithfulAnswer({ ...question, options }, text, answer);
			}),
			{ numRuns: RUNS },
		);
	});
});

/** What a dialog reports: some of the question's labels (or near misses), and text the person typed. */
const questionAndGiven = canonicalQuestions.chain((questions) =>
	fc.nat(questions.length - 1).chain((i) => {
		const question = questions[i] as Question;
		const labels = question.options?.map((o) => o.label) ?? [];
		const chosen = fc.array(labels.length > 0 ? fc.oneof(fc.constantFrom(...labels), hostileString) : hostileString, {
			maxLength: 3,
		});
		const typed = fc.array(
			fc.oneof(hostileString, labels.length > 0 ? fc.constantFrom(...labels).map((l) => `${l}, ${l}`) : hostileString),
			{ maxLength: 2 },
		);
		return fc.tuple(
			fc.constant(question),
			fc.record({ chosen, typed }).map((given): GivenAnswer => given),
		);
	}),
);

describe("toAnswer (what a dialog gave)", () => {
	it("ticks only labels the person chose, and keeps every typed text whole", () => {
		fc.assert(
			fc.property(questionAndGiven, ([question, given]) => {
				const answer = toAnswer(question, given);
				const labels = new Set(question.options?.map((o) => o.label) ?? []);
				const selected = answer?.selectedOption === undefined ? [] : [answer.selectedOption].flat();
				for (const label of selected) {
					assert.ok(labels.has(label), `${label} is no option`);
					assert.ok(given.chosen.includes(label), `${label} was never chosen`);
				}
				const typed = given.typed.map((text) => sanitizeText(text).trim()).filter((text) => text !== "");
				for (const text of typed) {
					const values = answer === undefined ? [] : [answer.answer].flat();
					const kept = question.multiSelect ? values.includes(text) : values.some((v) => v.includes(text));
					assert.ok(kept, `typed ${JSON.stringify(text)} was not kept whole`);
				}
				if (typed.length > 0 || given.chosen.some((label) => sanitizeText(label).trim() !== "")) {
					assert.ok(answer !== undefined, "something given, nothing answered");
				}
				// wasCustom says exactly whether the answer holds anything that is not a ticked option.
				if (answer)
					assert.equal(
						answer.wasCustom,
						[answer.answer].flat().some((value) => !selected.includes(value)),
					);
			}),
			{ numRuns: RUNS },
		);
	});
});

describe("outcomeFromRawAnswers", () => {
	const questionsAndRaw = canonicalQuestions.chain((questions) =>
		fc.tuple(fc.constant(questions), fc.tuple(...questions.map((q) => fc.option(rawAnswer(q), { nil: undefined })))),
	);

	it("answers each question from its own raw answer and lists the rest as unanswered", () => {
		fc.assert(
			fc.property(questionsAndRaw, ([questions, raw]) => {
				const outcome = outcomeFromRawAnswers(questions, raw);
				const expected = questions.map((q, i) => {
					const value = raw[i];
					return value === undefined ? undefined : answerFromData(q, value);
				});
				if (expected.every((answer) => answer === undefined)) {
					assert.equal(outcome, undefined);
					return;
				}
				const unanswered = questions.filter((_, i) => expected[i] === undefined).map((q) => q.question);
				assert.deepEqual(outcome, {
					kind: "answered",
					answers: expected.filter((answer) => answer !== undefined),
					...(unanswered.length > 0 ? { unanswered } : {}),
				});
				for (const [i, question] of questions.entries()) {
					const value = raw[i];
					const answer: Answer | undefined = outcome?.answers.find((a) => a.question === question.question);
					if (value !== undefined) expectFaithfulAnswer(question, value, answer);
					else assert.equal(answer, undefined);
				}
			}),
			{ numRuns: RUNS },
		);
	});
});

/** `--answers` text: JSON arrays and objects shaped like answers, any JSON, and any string. */
function answersFlag(questions: Question[]): fc.Arbitrary<string> {
	const value = fc.oneof(
		{ weight: 4, arbitrary: fc.constant(null) },
		{ weight: 4, arbitrary: hostileString },
		{ weight: 2, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
		{ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
	);
	const keys = questions.flatMap((q) => [q.question, q.question.toUpperCase(), ` ${q.question} `, q.header ?? "x"]);
	return fc.oneof(
		fc
			.array(value, { minLength: Math.max(0, questions.length - 1), maxLength: questions.length + 1 })
			.map((a) => JSON.stringify(a)),
		fc
			.dictionary(fc.oneof(fc.constantFrom(...keys), hostileString), value, { maxKeys: 4 })
			.map((o) => JSON.stringify(o)),
		fc.jsonValue().map((v) => JSON.stringify(v)),
		hostileString,
		fc.string({ unit: "binary", maxLength: 40 }),
	);
}

describe("parseAnswersText", () => {
	it("returns one entry per question or throws an AskUserError", () => {
		const flagAndQuestions = canonicalQuestions.chain((questions) =>
			fc.tuple(fc.constant(questions), answersFlag(questions)),
		);
		fc.assert(
			fc.property(flagAndQuestions, ([questions, text]) => {
				let raw: (RawAnswer | undefined)[];
				try {
					raw = withinBudget(() => parseAnswersText(text, questions));
				} catch (error) {
					assert.ok(error instanceof AskUserError, String(error));
					assert.notEqual(error.message.trim(), "");
					return;
				}
				assert.ok(Array.isArray(raw));
				assert.equal(raw.length, questions.length);
				for (const entry of raw) {
					const ok =
						entry === undefined ||
						typeof entry === "string" ||
						(Array.isArray(entry) && entry.every((item) => typeof item === "string"));
					assert.ok(ok, JSON.stringify(entry));
				}
			}),
			{ numRuns: RUNS },
		);
	});
});
