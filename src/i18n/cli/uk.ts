/** The words outside the dialog in Ukrainian. */
import { type PluralForms, plurals } from "../plural.js";
import type { CliStrings } from "./types.js";

const { count, form } = plurals("uk");
const of = (n: number, forms: PluralForms) => `${count(n)} ${form(n, forms)}`;
const QUESTIONS = {
	one: "відкрите питання",
	few: "відкриті питання",
	many: "відкритих питань",
	other: "відкритого питання",
};
const FILES = { one: "файлі", few: "файлах", many: "файлах", other: "файла" };

export const uk: CliStrings = {
	relativeTime: { locale: "uk", unknown: "у невідомий час", future: "у майбутньому" },
	questions: {
		description: "Показати, відповісти або видалити відкриті питання ask_user",
		usage: "Використання: /questions [list | json | answer | reopen | clear]",
		none: "Немає відкритих питань.",
		cannotRead: (path, message) => `${path}: не читається — ${message}`,
		thisSession: "цей сеанс",
		anotherSession: "інший сеанс",
		answerThere: (claim) => `${claim}: відповідайте там`,
		listHeader: (cwd) => `Відкриті питання в ${cwd}, спершу нові:`,
		older: (n) =>
			`…і ще ${of(n, { one: "старіший запит", few: "старіші запити", many: "старіших запитів", other: "старішого запиту" })}: /questions json покаже всі.`,
		listFooter: "Відповісти: /questions answer · видалити: /questions clear",
		clearPrompt: (n, f) => `Видалити ${of(n, QUESTIONS)} у ${of(f, FILES)}?`,
		clearKeep: "Ні, залишити",
		clearDelete: "Так, видалити",
		kept: "Відкриті питання залишено.",
		cleared: (n) => `Видалено: ${of(n, QUESTIONS)}.`,
		leftUnreadable: (n, paths) => `Файли, які не читаються, не змінено (${count(n)}): ${paths}`,
		leftHeld: (n, paths) => `Файли, відкриті в іншому pi, не змінено (${count(n)}): ${paths}`,
		nothingToReopen: "У цьому сеансі немає скасованих питань: нічого відкривати знову.",
		reopenWhich: "Які питання поставити знову?",
		nothingReopened: "Нічого не відкрито знову.",
		notAnswered: (path) => `Без відповіді; ${path} залишено як є.`,
	},
	print: {
		hasQuestions: "Агент має до вас питання:",
		instructions: (path, quoted, example) => `Питання чекають на відповідь. Потрібне ваше введення.

Щоб відповісти, запустіть знову:
  pi -p @${quoted} "ваші відповіді"

Або відредагуйте JSON-файл і запустіть:
  pi -c

Або дайте відповідь просто в команді:
  pi -p -c --answers=${example}

Питання збережено в: ${path}`,
		notSaved: (reason, questions) => `Агент має до вас питання, але їх не вдалося зберегти: ${reason}

${questions}

Відповідей немає, і запуск на цьому завершується. Усуньте проблему й запустіть pi -c, щоб повернутися до цих питань.
`,
	},
};
