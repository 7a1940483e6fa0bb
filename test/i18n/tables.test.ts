/**
 * Every language's tables against English's: the same keys (no missing, no extra), functions of the same arity
 * whose arguments all appear in what they return, plurals by the language's rules, and real translations.
 */
import { describe, expect, it } from "vitest";
import { en as ENGLISH } from "../../src/i18n/dialog/en.js";
import { LANGUAGES } from "../../src/i18n/languages.js";
import { CLI_TABLES, DIALOG_TABLES } from "../../src/i18n/tables.js";

type Leaf = { path: string; value: unknown };

function leaves(table: object, prefix = ""): Leaf[] {
	return Object.entries(table).flatMap(([key, value]) =>
		value !== null && typeof value === "object" && !Array.isArray(value)
			? leaves(value, `${prefix}${key}.`)
			: [{ path: `${prefix}${key}`, value }],
	);
}

/** Arguments that are not numbers, by entry; any other function gets distinct counts (7, 3, 5, …). */
const SAMPLES: Record<string, unknown[]> = {
	"hint.hide": ["‹KEY›"],
	"screenReader.hint.hide": ["‹KEY›"],
	pathMatches: [["‹one›", "‹two›"]],
	hiddenLine: [7, "‹KEY›"],
	"screenReader.hiddenLine": [7, "‹KEY›"],
	"screenReader.question": [7, 9, "‹HEADER›"],
	"screenReader.row": [7, "‹LABEL›", "‹STATE›", "‹DESCRIPTION›"],
	"screenReader.focus": [7, 9, "‹LABEL›", "‹STATE›"],
	"screenReader.filtering": ["‹TEXT›", 7],
	"screenReader.answer": ["‹TEXT›"],
	otherTitle: ["‹TITLE›"],
	otherTyped: ["‹TEXT›"],
	windowTitle: ["‹QUESTION›"],
	"images.attached": ["‹NAME›", "‹SIZE›"],
	"images.offerPath": ["‹KEY›", "‹NAME›"],
	"images.hintPaste": ["‹KEY›"],
	"images.clipboardUnavailable": ["‹TOOLS›"],
	"images.tooLarge": ["‹NAME›", "‹SIZE›", "‹LIMIT›"],
	"images.notImage": ["‹NAME›"],
	"images.screenReader.attached": ["‹NAME›", "‹SIZE›"],
	"images.screenReader.offerPath": ["‹KEY›", "‹NAME›"],
	"images.screenReader.hintPaste": ["‹KEY›"],
	"questions.cannotRead": ["‹PATH›", "‹MESSAGE›"],
	"questions.answerThere": ["‹CLAIM›"],
	"questions.listHeader": ["‹CWD›"],
	"questions.leftUnreadable": [7, "‹PATHS›"],
	"questions.leftHeld": [7, "‹PATHS›"],
	"questions.notAnswered": ["‹PATH›"],
	"print.instructions": ["‹PATH›", "‹QUOTED›", "‹EXAMPLE›"],
	"print.notSaved": ["‹REASON›", "‹QUESTIONS›"],
};
/** Arguments that choose between wordings rather than appear in them. */
const CHOICES: Record<string, unknown[][]> = { "screenReader.choice": [[true], [false]] };
/** English-only entries: its compact relative times replace `Intl`, which needs no locale for English. */
const OPTIONAL = new Set(["relativeTime.ago", "relativeTime.locale"]);

function argsFor(path: string, arity: number): unknown[] {
	return SAMPLES[path] ?? [7, 3, 5, 11].slice(0, arity);
}

/** What each argument must leave in the text: strings as they are, counts as digits (when English shows them). */
function expectArgumentsShown(path: string, english: (...a: unknown[]) => unknown, fn: (...a: unknown[]) => unknown) {
	const args = argsFor(path, english.length);
	const shown = String(fn(...args));
	const englishShown = String(english(...args));
	for (const arg of args.flat()) {
		if (typeof arg === "string") expect(shown, `${path} shows ${arg}`).toContain(arg);
		if (typeof arg === "number" && englishShown.includes(String(arg)))
			expect(shown, `${path} shows ${arg}`).toContain(String(arg));
	}
}

function compare(english: object, table: object, label: string) {
	const want = leaves(english).filter((l) => !OPTIONAL.has(l.path));
	const have = leaves(table).filter((l) => !OPTIONAL.has(l.path));
	expect(
		have.map((l) => l.path),
		`${label}: keys`,
	).toEqual(want.map((l) => l.path));
	for (const { path, value } of want) {
		const mine = have.find((l) => l.path === path)?.value;
		expect(typeof mine, `${label} ${path}: kind`).toBe(typeof value);
		if (typeof value !== "function" || typeof mine !== "function") continue;
		expect(mine.length, `${label} ${path}: arity`).toBe(value.length);
		if (CHOICES[path]) {
			const outputs = CHOICES[path].map((args) => String(mine(...args)));
			expect(new Set(outputs).size, `${label} ${path}: one wording per choice`).toBe(outputs.length);
		} else {
			expectArgumentsShown(path, value as (...a: unknown[]) => unknown, mine as (...a: unknown[]) => unknown);
		}
	}
}

describe("dialog tables", () => {
	for (const language of LANGUAGES) {
		it(`${language}: every key of English's table, no other; functions of the same arity show their arguments`, () => {
			compare(ENGLISH, DIALOG_TABLES[language], language);
		});
	}

	it("English's table is the one shipped", () => {
		expect(leaves(DIALOG_TABLES.en).map((l) => l.path)).toEqual(leaves(ENGLISH).map((l) => l.path));
		expect(DIALOG_TABLES.en.reviewTitle).toBe("Review your answers");
	});

	for (const language of LANGUAGES.filter((l) => l !== "en")) {
		it(`${language}: translated (most plain words differ from English)`, () => {
			const words = leaves(ENGLISH).filter((l) => typeof l.value === "string" && /[a-z]{3}/.test(l.value as string));
			const table = leaves(DIALOG_TABLES[language]);
			const same = words.filter((w) => table.find((l) => l.path === w.path)?.value === w.value);
			expect(same.length / words.length, same.map((s) => s.path).join(", ")).toBeLessThan(0.1);
		});
	}
});

describe("the words outside the dialog", () => {
	for (const language of LANGUAGES) {
		it(`${language}: every key of English's, no other; functions of the same arity show their arguments`, () => {
			compare(CLI_TABLES.en, CLI_TABLES[language], language);
			if (language !== "en") expect(CLI_TABLES[language].relativeTime.locale).toBe(language);
		});
	}
});

describe("plurals follow each language's rules", () => {
	it("Russian and Ukrainian: one, few and many", () => {
		const ru = DIALOG_TABLES.ru.confirmDiscard;
		expect([1, 2, 5, 21, 22, 25, 11].map(ru)).toEqual([
			"Отбросить 1 ответ?",
			"Отбросить 2 ответа?",
			"Отбросить 5 ответов?",
			"Отбросить 21 ответ?",
			"Отбросить 22 ответа?",
			"Отбросить 25 ответов?",
			"Отбросить 11 ответов?",
		]);
		const uk = DIALOG_TABLES.uk.confirmDiscard;
		expect([1, 3, 5].map(uk)).toEqual(["Відкинути 1 відповідь?", "Відкинути 3 відповіді?", "Відкинути 5 відповідей?"]);
		expect(CLI_TABLES.ru.questions.clearPrompt(2, 1)).toBe("Удалить 2 ожидающих вопроса в 1 файле?");
	});

	it("French counts 0 and 1 as one; German, Spanish and Portuguese only 1", () => {
		expect(DIALOG_TABLES.fr.confirmDiscard(0)).toBe("Abandonner 0 réponse ?");
		expect(DIALOG_TABLES.fr.confirmDiscard(2)).toBe("Abandonner 2 réponses ?");
		expect(DIALOG_TABLES.de.confirmDiscard(1)).toBe("1 Antwort verwerfen?");
		expect(DIALOG_TABLES.de.confirmDiscard(0)).toBe("0 Antworten verwerfen?");
		expect(DIALOG_TABLES.es.confirmDiscard(1)).toBe("¿Descartar 1 respuesta?");
		expect(DIALOG_TABLES["pt-BR"].confirmDiscard(3)).toBe("Descartar 3 respostas?");
	});

	it("large counts are grouped the language's way", () => {
		expect(DIALOG_TABLES.de.confirmLong(12_345)).toContain("12.345 Zeichen");
		expect(DIALOG_TABLES.en.confirmLong(12_345)).toContain("12,345 chars");
	});
});
