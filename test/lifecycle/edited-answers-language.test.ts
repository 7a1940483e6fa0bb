/**
 * A pending file whose answers the person filled in by hand, refused in the run's language: the JSON names stay
 * as they are in the file, the words around them are German when the run speaks German.
 */
import { describe, expect, it } from "vitest";
import { validateRequest } from "../../src/core/validate.js";
import { CLI_TABLES } from "../../src/i18n/tables.js";
import { editedAnswers } from "../../src/lifecycle/edited-answers.js";

const PATH = ".pi/pending-questions.json";
const { questions } = validateRequest({
	questions: [{ question: "Which database?", options: [{ label: "SQLite" }, { label: "PostgreSQL" }] }],
});
const read = (text: string) => editedAnswers(text, PATH, "call_1", questions, undefined, CLI_TABLES.de.editedFile);

describe("hand-filled answers refused in German", () => {
	it("says what is wrong with the file in German, keeping the JSON names", () => {
		expect(read("{")).toMatchObject({
			kind: "error",
			message: expect.stringMatching(
				/^\.pi\/pending-questions\.json ist kein gültiges JSON \(.+\); korrigiere es oder führe \/questions clear aus$/,
			),
		});
		expect(read("{}")).toEqual({
			kind: "error",
			message: `${PATH}: "questions" muss eine Liste von Fragen mit je einem "answer" sein`,
		});
		expect(read('{"questions":[{"answer":"SQLite"},{"answer":"x"}]}')).toEqual({
			kind: "error",
			message: `${PATH}: "questions" hat 2 Einträge, gefragt wurden aber 1; fülle nur "answer" aus, füge keine Fragen hinzu und entferne keine`,
		});
		expect(read('{"questions":[{"answer":{"a":1}}]}')).toEqual({
			kind: "error",
			message: `${PATH}: questions[0].answer muss Text, eine Zahl, true/false, eine Liste davon oder null sein`,
		});
		expect(read('{"questions":[{"answer":"SQLite","images":"shot.png"}]}')).toEqual({
			kind: "error",
			message: `${PATH}: questions[0].images muss eine Liste von Bilddateipfaden sein`,
		});
	});
});
