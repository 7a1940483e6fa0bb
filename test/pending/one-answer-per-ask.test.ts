/** One answer per ask in one message: duplicates go once, two different answers are refused naming both. */
import { describe, expect, it } from "vitest";
import { type Delivery, oneAnswerPerAsk } from "../../src/pending/delivery.js";

const delivery = (toolCallId: string, text: string, source: string): Delivery => ({ toolCallId, text, source });

describe("oneAnswerPerAsk", () => {
	it.each([
		["nothing", [], { deliveries: [] }],
		[
			"two asks, one answer each",
			[delivery("a", "A", "--answers"), delivery("b", "B", "the words after @f")],
			{ deliveries: [delivery("a", "A", "--answers"), delivery("b", "B", "the words after @f")] },
		],
		[
			"the same answers twice (a filled-in file also attached): once, the first kept",
			[delivery("a", "A", "the answers filled into f"), delivery("a", "A", "the answers filled into @f")],
			{ deliveries: [delivery("a", "A", "the answers filled into f")] },
		],
		[
			"two different answers to one ask: refused, both named",
			[delivery("a", "A", "--answers"), delivery("a", "other", "the words after @f")],
			{
				error:
					"two different answers to the same questions: --answers and the words after @f. Nothing was sent; give only one of them.",
			},
		],
	] as const)("%s", (_case, deliveries, expected) => {
		expect(oneAnswerPerAsk(deliveries)).toEqual(expected);
	});
});
