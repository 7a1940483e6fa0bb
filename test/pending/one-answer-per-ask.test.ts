/** One answer per ask in one message: duplicates go once, two different answers are refused naming both. */
import { describe, expect, it } from "vitest";
import { CLI_TABLES } from "../../src/i18n/tables.js";
import { type AnswerSource, type Delivery, oneAnswerPerAsk } from "../../src/pending/delivery.js";

const delivery = (toolCallId: string, text: string, source: AnswerSource): Delivery => ({ toolCallId, text, source });
const FLAG: AnswerSource = { kind: "answers-flag" };
const WORDS: AnswerSource = { kind: "words-after-file", file: "@f" };

describe("oneAnswerPerAsk", () => {
	it.each([
		["nothing", [], { deliveries: [] }],
		[
			"two asks, one answer each",
			[delivery("a", "A", FLAG), delivery("b", "B", WORDS)],
			{ deliveries: [delivery("a", "A", FLAG), delivery("b", "B", WORDS)] },
		],
		[
			"the same answers twice (a filled-in file also attached): once, the first kept",
			[delivery("a", "A", { kind: "filled-file", file: "f" }), delivery("a", "A", { kind: "filled-file", file: "@f" })],
			{ deliveries: [delivery("a", "A", { kind: "filled-file", file: "f" })] },
		],
		[
			"two different answers to one ask: refused, both named",
			[delivery("a", "A", FLAG), delivery("a", "other", WORDS)],
			{
				error:
					"two different answers to the same questions: --answers and the words after @f. Nothing was sent; give only one of them.",
			},
		],
	] as const)("%s", (_case, deliveries, expected) => {
		expect(oneAnswerPerAsk(deliveries)).toEqual(expected);
	});

	it("the refusal names both in the run's language", () => {
		const filled = delivery("a", "A", { kind: "filled-file", file: ".pi/pending-questions.json" });
		expect(oneAnswerPerAsk([filled, delivery("a", "B", { kind: "dialog" })], CLI_TABLES.de.delivery)).toEqual({
			error:
				"Zwei verschiedene Antworten auf dieselben Fragen: die in .pi/pending-questions.json eingetragenen Antworten und die Antworten im Dialog. Nichts wurde gesendet; gib nur eine davon an.",
		});
	});
});
