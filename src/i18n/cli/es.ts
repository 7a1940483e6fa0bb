/** The words outside the dialog in Spanish. */
import { plurals } from "../plural.js";
import type { CliStrings } from "./types.js";

const { count, form } = plurals("es");
const questions = (n: number) => `${count(n)} ${form(n, { one: "pregunta pendiente", other: "preguntas pendientes" })}`;
const files = (n: number) => `${count(n)} ${form(n, { one: "archivo", other: "archivos" })}`;

export const es: CliStrings = {
	relativeTime: { locale: "es", unknown: "en un momento desconocido", future: "en el futuro" },
	questions: {
		description: "Mostrar, responder o borrar las preguntas pendientes de ask_user",
		usage: "Uso: /questions [list | json | answer | reopen | clear]",
		none: "No hay preguntas pendientes.",
		cannotRead: (path, message) => `${path}: no se puede leer — ${message}`,
		thisSession: "esta sesión",
		anotherSession: "otra sesión",
		answerThere: (claim) => `${claim}: respóndela allí`,
		listHeader: (cwd) => `Preguntas pendientes en ${cwd}, las más recientes primero:`,
		older: (n) =>
			`…y ${count(n)} ${form(n, { one: "consulta más antigua", other: "consultas más antiguas" })}: /questions json las muestra todas.`,
		listFooter: "Responder: /questions answer · borrarlas: /questions clear",
		clearPrompt: (n, f) => `¿Eliminar ${questions(n)} en ${files(f)}?`,
		clearKeep: "No, conservarlas",
		clearDelete: "Sí, eliminarlas",
		kept: "Se conservan las preguntas pendientes.",
		cleared: (n) => `${form(n, { one: "Borrada", other: "Borradas" })}: ${questions(n)}.`,
		leftUnreadable: (n, paths) => `${files(n)} ilegible(s) sin tocar: ${paths}`,
		leftHeld: (n, paths) => `${files(n)} abierto(s) en otro pi sin tocar: ${paths}`,
		nothingToReopen: "No hay preguntas canceladas en esta sesión: nada que reabrir.",
		reopenWhich: "¿Qué preguntas volver a hacer?",
		nothingReopened: "No se reabrió nada.",
		notAnswered: (path) => `Sin responder; ${path} queda como está.`,
	},
	print: {
		hasQuestions: "El agente tiene preguntas para ti:",
		instructions: (path, quoted, example) => `Preguntas pendientes. Se necesita tu respuesta.

Para responder, vuelve a ejecutar con:
  pi -p @${quoted} "tus respuestas"

O edita el archivo JSON y ejecuta:
  pi -c

O responde en línea:
  pi -p -c --answers=${example}

Preguntas guardadas en: ${path}`,
		notSaved: (reason, questions) => `El agente tiene preguntas para ti, pero no se pudieron guardar: ${reason}

${questions}

No se respondió nada y la ejecución se detiene aquí. Corrige el problema y luego ejecuta pi -c para recuperar estas preguntas.
`,
	},
};
