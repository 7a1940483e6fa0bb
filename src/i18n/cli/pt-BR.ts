/** The words outside the dialog in Brazilian Portuguese. */
import { plurals } from "../plural.js";
import type { CliStrings } from "./types.js";

const { count, form } = plurals("pt-BR");
const questions = (n: number) => `${count(n)} ${form(n, { one: "pergunta pendente", other: "perguntas pendentes" })}`;
const files = (n: number) => `${count(n)} ${form(n, { one: "arquivo", other: "arquivos" })}`;

export const ptBR: CliStrings = {
	relativeTime: { locale: "pt-BR", unknown: "em um momento desconhecido", future: "no futuro" },
	questions: {
		description: "Mostrar, responder ou apagar as perguntas pendentes do ask_user",
		usage: "Uso: /questions [list | json | answer | reopen | clear]",
		none: "Nenhuma pergunta pendente.",
		cannotRead: (path, message) => `${path}: não pode ser lido — ${message}`,
		thisSession: "esta sessão",
		anotherSession: "outra sessão",
		answerThere: (claim) => `${claim}: responda lá`,
		listHeader: (cwd) => `Perguntas pendentes em ${cwd}, as mais recentes primeiro:`,
		older: (n) =>
			`…e ${count(n)} ${form(n, { one: "pedido mais antigo", other: "pedidos mais antigos" })}: /questions json lista todos.`,
		listFooter: "Responder: /questions answer · apagar: /questions clear",
		clearPrompt: (n, f) => `Excluir ${questions(n)} em ${files(f)}?`,
		clearKeep: "Não, manter",
		clearDelete: "Sim, excluir",
		kept: "As perguntas pendentes foram mantidas.",
		cleared: (n) => `${form(n, { one: "Apagada", other: "Apagadas" })}: ${questions(n)}.`,
		leftUnreadable: (n, paths) => `${files(n)} ilegível(is) mantido(s) intacto(s): ${paths}`,
		leftHeld: (n, paths) => `${files(n)} aberto(s) em outro pi mantido(s) intacto(s): ${paths}`,
		nothingToReopen: "Nenhuma pergunta cancelada nesta sessão: nada para reabrir.",
		reopenWhich: "Fazer quais perguntas de novo?",
		nothingReopened: "Nada foi reaberto.",
		notAnswered: (path) => `Sem resposta; ${path} fica como está.`,
	},
	print: {
		hasQuestions: "O agente tem perguntas para você:",
		instructions: (path, quoted, example) => `Perguntas pendentes. Sua resposta é necessária.

Para responder, execute de novo com:
  pi -p @${quoted} "suas respostas"

Ou edite o arquivo JSON e execute:
  pi -c

Ou responda direto:
  pi -p -c --answers=${example}

Perguntas salvas em: ${path}`,
		notSaved: (reason, questions) => `O agente tem perguntas para você, mas não foi possível salvá-las: ${reason}

${questions}

Nada foi respondido e a execução para aqui. Corrija o problema e depois execute pi -c para recuperar estas perguntas.
`,
	},
};
