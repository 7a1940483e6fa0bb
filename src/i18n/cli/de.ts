/** The words outside the dialog in German. */
import { plurals } from "../plural.js";
import type { CliStrings } from "./types.js";

const { count, form } = plurals("de");
const questions = (n: number) => `${count(n)} ${form(n, { one: "offene Frage", other: "offene Fragen" })}`;
const files = (n: number) => `${count(n)} ${form(n, { one: "Datei", other: "Dateien" })}`;

export const de: CliStrings = {
	relativeTime: { locale: "de", unknown: "zu unbekannter Zeit", future: "in der Zukunft" },
	questions: {
		description: "Offene ask_user-Fragen zeigen, beantworten oder löschen",
		usage: "Aufruf: /questions [list | json | answer | reopen | clear]",
		none: "Keine offenen Fragen.",
		cannotRead: (path, message) => `${path}: nicht lesbar — ${message}`,
		thisSession: "diese Sitzung",
		anotherSession: "andere Sitzung",
		answerThere: (claim) => `${claim}: dort beantworten`,
		listHeader: (cwd) => `Offene Fragen in ${cwd}, neueste zuerst:`,
		older: (n) =>
			`…und ${count(n)} ${form(n, { one: "ältere Anfrage", other: "ältere Anfragen" })}: /questions json listet alle.`,
		listFooter: "Beantworten: /questions answer · löschen: /questions clear",
		clearPrompt: (n, f) => `${questions(n)} in ${files(f)} löschen?`,
		clearKeep: "Nein, behalten",
		clearDelete: "Ja, löschen",
		kept: "Die offenen Fragen bleiben.",
		cleared: (n) => `${questions(n)} gelöscht.`,
		leftUnreadable: (n, paths) => `${files(n)} nicht lesbar und unverändert: ${paths}`,
		leftHeld: (n, paths) => `${files(n)} in einem anderen pi offen und unverändert: ${paths}`,
		nothingToReopen: "Keine abgebrochenen Fragen in dieser Sitzung: nichts wieder zu öffnen.",
		reopenWhich: "Welche Fragen noch einmal stellen?",
		nothingReopened: "Nichts wieder geöffnet.",
		notAnswered: (path) => `Nicht beantwortet; ${path} bleibt, wie es ist.`,
	},
	print: {
		hasQuestions: "Der Agent hat Fragen an dich:",
		instructions: (path, quoted, example) => `Fragen offen. Deine Eingabe wird gebraucht.

Zum Antworten erneut starten mit:
  pi -p @${quoted} "deine Antworten"

Oder die JSON-Datei bearbeiten und starten:
  pi -c

Oder direkt antworten:
  pi -p -c --answers=${example}

Fragen gespeichert in: ${path}`,
		notSaved: (reason, questions) => `Der Agent hat Fragen an dich, aber sie konnten nicht gespeichert werden: ${reason}

${questions}

Nichts wurde beantwortet, und der Lauf endet hier. Behebe das Problem und starte dann pi -c, um die Fragen zurückzubekommen.
`,
	},
};
