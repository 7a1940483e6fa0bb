/** The words outside the dialog in French. */
import { plurals } from "../plural.js";
import type { CliStrings } from "./types.js";

const { count, form } = plurals("fr");
const questions = (n: number) =>
	`${count(n)} ${form(n, { one: "question en attente", other: "questions en attente" })}`;
const files = (n: number) => `${count(n)} ${form(n, { one: "fichier", other: "fichiers" })}`;

export const fr: CliStrings = {
	relativeTime: { locale: "fr", unknown: "à une date inconnue", future: "dans le futur" },
	questions: {
		description: "Afficher, répondre ou effacer les questions ask_user en attente",
		usage: "Usage : /questions [list | json | answer | reopen | clear]",
		none: "Aucune question en attente.",
		cannotRead: (path, message) => `${path} : illisible — ${message}`,
		thisSession: "cette session",
		anotherSession: "une autre session",
		answerThere: (claim) => `${claim} : répondez-y là-bas`,
		listHeader: (cwd) => `Questions en attente dans ${cwd}, les plus récentes d'abord :`,
		older: (n) =>
			`…et ${count(n)} ${form(n, { one: "demande plus ancienne", other: "demandes plus anciennes" })} : /questions json les liste toutes.`,
		listFooter: "Répondre : /questions answer · les effacer : /questions clear",
		clearPrompt: (n, f) => `Supprimer ${questions(n)} dans ${files(f)} ?`,
		clearKeep: "Non, les garder",
		clearDelete: "Oui, les supprimer",
		kept: "Les questions en attente sont conservées.",
		cleared: (n) => `${questions(n)} ${form(n, { one: "effacée", other: "effacées" })}.`,
		leftUnreadable: (n, paths) => `${files(n)} illisible(s) laissé(s) intact(s) : ${paths}`,
		leftHeld: (n, paths) => `${files(n)} ouvert(s) dans un autre pi laissé(s) intact(s) : ${paths}`,
		nothingToReopen: "Aucune question annulée dans cette session : rien à rouvrir.",
		reopenWhich: "Reposer quelles questions ?",
		nothingReopened: "Rien n'a été rouvert.",
		notAnswered: (path) => `Sans réponse ; ${path} reste tel quel.`,
	},
	print: {
		hasQuestions: "L'agent a des questions pour vous :",
		instructions: (path, quoted, example) => `Questions en attente. Votre réponse est requise.

Pour répondre, relancez avec :
  pi -p @${quoted} "vos réponses"

Ou modifiez le fichier JSON puis lancez :
  pi -c

Ou répondez directement :
  pi -p -c --answers=${example}

Questions enregistrées dans : ${path}`,
		notSaved: (
			reason,
			questions,
		) => `L'agent a des questions pour vous, mais elles n'ont pas pu être enregistrées : ${reason}

${questions}

Rien n'a été répondu et l'exécution s'arrête ici. Corrigez le problème, puis lancez pi -c pour retrouver ces questions.
`,
	},
};
