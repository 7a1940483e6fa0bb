/** The words outside the dialog in Russian. */
import { type PluralForms, plurals } from "../plural.js";
import type { CliStrings } from "./types.js";

const { count, form } = plurals("ru");
const of = (n: number, forms: PluralForms) => `${count(n)} ${form(n, forms)}`;
const QUESTIONS = {
	one: "ожидающий вопрос",
	few: "ожидающих вопроса",
	many: "ожидающих вопросов",
	other: "ожидающего вопроса",
};
const FILES = { one: "файле", few: "файлах", many: "файлах", other: "файла" };

export const ru: CliStrings = {
	relativeTime: { locale: "ru", unknown: "в неизвестное время", future: "в будущем" },
	questions: {
		description: "Показать, ответить или удалить ожидающие вопросы ask_user",
		usage: "Использование: /questions [list | json | answer | reopen | clear]",
		none: "Нет ожидающих вопросов.",
		cannotRead: (path, message) => `${path}: не читается — ${message}`,
		thisSession: "этот сеанс",
		anotherSession: "другой сеанс",
		answerThere: (claim) => `${claim}: отвечайте там`,
		listHeader: (cwd) => `Ожидающие вопросы в ${cwd}, сначала новые:`,
		older: (n) =>
			`…и ещё ${of(n, { one: "старый запрос", few: "старых запроса", many: "старых запросов", other: "старого запроса" })}: /questions json покажет все.`,
		listFooter: "Ответить: /questions answer · удалить: /questions clear",
		clearPrompt: (n, f) => `Удалить ${of(n, QUESTIONS)} в ${of(f, FILES)}?`,
		clearKeep: "Нет, оставить",
		clearDelete: "Да, удалить",
		kept: "Ожидающие вопросы оставлены.",
		cleared: (n) => `Удалено: ${of(n, QUESTIONS)}.`,
		leftUnreadable: (n, paths) => `Нечитаемые файлы не тронуты (${count(n)}): ${paths}`,
		leftHeld: (n, paths) => `Файлы, открытые в другом pi, не тронуты (${count(n)}): ${paths}`,
		nothingToReopen: "В этом сеансе нет отменённых вопросов: нечего открывать заново.",
		reopenWhich: "Какие вопросы задать снова?",
		nothingReopened: "Ничего не открыто заново.",
		notAnswered: (path) => `Без ответа; ${path} оставлен как есть.`,
	},
	print: {
		hasQuestions: "У агента есть к вам вопросы:",
		instructions: (path, quoted, example) => `Вопросы ждут ответа. Нужен ваш ввод.

Чтобы ответить, запустите снова:
  pi -p @${quoted} "ваши ответы"

Или отредактируйте JSON-файл и запустите:
  pi -c

Или ответьте прямо в команде:
  pi -p -c --answers=${example}

Вопросы сохранены в: ${path}`,
		notSaved: (reason, questions) => `У агента есть к вам вопросы, но сохранить их не удалось: ${reason}

${questions}

Ответов нет, и запуск на этом завершается. Устраните проблему и запустите pi -c, чтобы вернуться к этим вопросам.
`,
	},
};
