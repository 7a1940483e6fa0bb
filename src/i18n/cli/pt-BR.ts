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
		sessionNamed: (id) => `sessão ${id}`,
		answerWith: (path) => `responder: pi -p @${path} "suas respostas"`,
		printFooter: `Responda cada uma com o comando abaixo dela · apagar todas: pi -p "/questions clear"`,
		answerHere: (path) =>
			`/questions answer precisa do diálogo do pi (execute pi e digite-o lá); aqui, com -p, responda com: pi -p @${path} "suas respostas"`,
		clearPrompt: (n, f) => `Excluir ${questions(n)} em ${files(f)}?`,
		clearKeep: "Não, manter",
		clearDelete: "Sim, excluir",
		kept: "As perguntas pendentes foram mantidas.",
		cleared: (n) => `${form(n, { one: "Apagada", other: "Apagadas" })}: ${questions(n)}.`,
		leftUnreadable: (n, paths) => `${files(n)} ilegível(is) mantido(s) intacto(s): ${paths}`,
		leftHeld: (path, claim) => `${path} mantido intacto: suas perguntas estão ${claim}`,
		nothingToReopen: "Nenhuma pergunta cancelada nesta sessão: nada para reabrir.",
		reopenWhich: "Fazer quais perguntas de novo?",
		nothingReopened: "Nada foi reaberto.",
		notAnswered: (path) => `Sem resposta; ${path} fica como está.`,
		forClient: (client) =>
			`feitas por ${client} pelo pi-ask-anywhere mcp, que espera as respostas: respondidas aqui, elas vão para ${client}, não para o modelo deste pi`,
		clientGone: (client) =>
			`feitas por ${client} pelo pi-ask-anywhere mcp, que não espera mais as respostas: nada aqui as responde (/questions clear as remove)`,
	},
	layout: {
		chooseAny: " (escolha quantas quiser)",
		ownAnswer: "ou sua própria resposta",
		answer: (json) => `resposta: ${json}`,
	},
	claim: {
		heldBy: (pid, host) => `abertas em outro pi (pid ${pid} em ${host})`,
		answerThere: (claim) => `As perguntas estão ${claim}; responda-as lá`,
		heldByMcp: (pid, host) => `retidas pelo pi-ask-anywhere mcp (pid ${pid} em ${host})`,
	},
	trust: {
		noSessionFile: "ele não indica nenhum arquivo de sessão (escrito com --no-session, à mão ou em outro lugar)",
		outsideSessionFolders: "o arquivo de sessão indicado não está onde o seu pi guarda as sessões",
		sessionMissing: "o arquivo de sessão indicado não existe ou não pode ser lido",
		otherSession: "o arquivo de sessão indicado pertence a outra sessão",
		noAskCall: "a sessão indicada nunca fez esta chamada ask_user",
		questionsDiffer: "as perguntas dele não são as feitas na sessão indicada",
		taskDiffers: "a tarefa dele não é algo que você escreveu na sessão indicada",
		settled:
			"contém perguntas já resolvidas (as respostas foram entregues, ou elas foram apagadas), então nada é enviado de novo",
		elsewhere: (folder) =>
			`contém perguntas que o seu pi fez em ${folder}, não neste projeto (uma cópia daquele projeto?)`,
		originSession: (id, file) => `sessão: ${id} (${file})`,
		originNoSessionFile: (id) => `sessão: ${id} (sem arquivo de sessão)`,
		originSaved: (timestamp) => `salvo: ${timestamp}`,
		originTask: (task) => `tarefa dele: ${task}`,
		answerAnyway: "Responder às perguntas (a tarefa dele não é enviada ao modelo)",
		leave: "Deixar como está",
	},
	refused: {
		ignoredWrittenByTool: (file) =>
			`as respostas que já estavam em ${file} foram ignoradas: elas foram escritas por uma chamada de ferramenta enquanto o pi rodava, não por você`,
		ignoredNotThisPi: (file, reason) =>
			`as respostas que já estavam em ${file} foram ignoradas: o arquivo não foi escrito pelo seu pi (${reason})`,
		notThisPi: (path, reason) => `${path} não foi escrito pelo seu pi (${reason})`,
		settled: (path, reason) => `${path} ${reason}. Remova-o com /questions clear`,
		elsewhere: (path, reason) =>
			`${path} ${reason}; nada foi enviado. Responda naquela pasta, ou no pi com /questions answer, que mostra primeiro de onde ele veio`,
		askerGone: (path, client) =>
			`${path} contém perguntas que ${client} fez via pi-ask-anywhere mcp, e nenhum pi-ask-anywhere mcp espera as respostas agora: nada foi enviado nem escrito (/questions clear as apaga)`,
		held: (source, claim) =>
			`${source}: as perguntas estão ${claim}; responda-as lá, ou aqui quando ele terminar. Nada foi enviado`,
	},
	notices: {
		notDelivered: (message) => `Não foi possível entregar as respostas: ${message}`,
		notSaved: (message) => `pi-ask-anywhere: não foi possível salvar as perguntas: ${message}`,
		answered: (questions) => `--answers respondeu ${questions}`,
		answeredFrom: (questions, path) => `--answers respondeu ${questions} de ${path}`,
		noAnswerToAny: "--answers não responde nenhuma pergunta pendente",
		answeredNothing: (why) => `--answers não respondeu nada: ${why}`,
		unknownStop: (path, reason) =>
			`--answers: ${path} contém perguntas pendentes que não foram escritas pelo pi deste usuário (${reason}), então --answers não as responde. Para respondê-las de propósito, indique o arquivo: pi -p @${path} "suas respostas"`,
		forFile: (message, path) => `${message} (para ${path})`,
		noAnswerForFile: (path) => `--answers não responde nenhuma das perguntas em ${path}`,
		noneInSession:
			"--answers: esta sessão não tem perguntas pendentes para responder (veja /questions); nada foi enviado",
		noneAnywhere: "--answers: não há perguntas pendentes para responder, nem um prompt que possa fazer alguma",
		flagNoAnswer: "--answers não responde nenhuma destas perguntas; elas serão feitas no lugar",
		flagDoesNotFit: (message) => `--answers não se encaixa nestas perguntas (${message}); elas serão feitas no lugar`,
		backgroundNotSaved: "Não foi possível salvar as perguntas em segundo plano; elas serão feitas agora",
		timedOut: "Sem resposta a tempo: as perguntas continuam pendentes (/questions answer).",
		answeredOnWebPage: "Respondido na página web.",
		answeredFromPhone: "Respondido pelo celular.",
		answeredRemotely: "Respondido remotamente.",
		answeredElsewhere:
			"Estas perguntas foram respondidas em outro lugar (outro pi as assumiu enquanto este estava pausado); sua resposta não foi enviada.",
		fileNotRemoved: (path, why) =>
			`Sua resposta foi enviada, mas o pi-ask-anywhere não conseguiu remover ${path} (${why}); ela não será enviada de novo: remova o arquivo à mão.`,
		questionsNotShown: (path, why) =>
			`as perguntas estão salvas em ${path}, mas não puderam ser mostradas aqui (${why}); elas esperam lá pelas suas respostas: pi -p @${path} "suas respostas"`,
		dismissedRemotely: "Dispensado remotamente.",
		noRemoteAnswer: (kind) => `Sem resposta remota (${kind}); as perguntas serão salvas no lugar`,
		needsUi: "Isto precisa do diálogo do pi, que não existe com -p: execute pi (sem -p) e digite o comando lá",
		dismissPrompt: "Guardar estas perguntas para depois ou dispensá-las?",
		keepForLater: "Guardar para depois (/questions answer)",
		dismiss: "Dispensar: o agente é avisado de que nenhuma resposta virá",
		stillPending: "Sem resposta; as perguntas continuam pendentes (/questions answer).",
		reopenLater: "Sem resposta; /questions reopen as faz de novo.",
		stepAside: (path, removeOther, removeOurs) =>
			`Outro pacote responde a ask_user neste pi (${path}), então o pi-ask-anywhere não registra o seu. /questions continua respondendo perguntas que o pi-ask-anywhere salvou antes. Para usar o pi-ask-anywhere no lugar: ${removeOther} (ou ${removeOurs} para manter o outro).`,
		leaveOut: (argument) => `tire -e ${argument}`,
		unknownExtension: "uma extensão desconhecida",
		setAsideWaiting: (n) =>
			`${n === 1 ? "Uma pergunta deixada de lado espera" : `${count(n)} grupos de perguntas deixadas de lado esperam`} suas respostas: /questions answer`,
		deliveredUnrecorded: (message) =>
			`pi-ask-anywhere: as respostas foram entregues, mas não puderam ser registradas como entregues (${message}); o arquivo de perguntas pendentes foi removido para que não sejam enviadas de novo`,
		decisionNotLogged: (reason) =>
			`pi-ask-anywhere: o registro de decisões não pôde guardar esta decisão (${reason}); a resposta seguiu mesmo assim`,
	},
	subagent: {
		label: "Subagente",
		noTask: "nenhuma tarefa informada",
		inFolder: (folder) => `em ${folder}`,
		answered: (who, answers) => `Você respondeu ao subagente “${who}”: ${answers}`,
		cancelled: (who) => `Você cancelou as perguntas do subagente (“${who}”)`,
	},
	chat: {
		more: (n) => ` (+${count(n)} mais)`,
		withNote: (answer, note) => `${answer} — nota: ${note}`,
		skipped: "(pulada)",
		noteForAll: (note) => `Nota para todas: ${note}`,
		cancelled: "Cancelado pelo usuário (/questions reopen pergunta de novo)",
		timedOut: "Sem resposta a tempo",
		connectionLost: "Conexão com o usuário perdida",
		interrupted: "Interrompido: as perguntas ficam pendentes (/questions answer)",
		pending: (file) => `Pendente: as respostas vão em ${file}`,
		dismissed: "Dispensado sem responder",
		ownWords: (answers) => `Respondido com as próprias palavras: ${answers}`,
		givenLater: "respostas dadas depois",
		toExpand: (key) => `(${key} para expandir)`,
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
	forAsker: {
		answeredFor: (client) => `respondido para ${client} via pi-ask-anywhere mcp`,
		noImages:
			"imagens não podem ser passadas a um cliente MCP pelo arquivo de perguntas pendentes dele; nada foi escrito",
		noNotes: "notas não podem ser passadas a um cliente MCP pelo arquivo de perguntas pendentes dele; nada foi escrito",
		notAsked: (question) => `uma resposta cita uma pergunta que não foi feita ("${question}"); nada foi escrito`,
		answeredTwice: (question) => `duas respostas para uma mesma pergunta ("${question}"); nada foi escrito`,
		noAnswer: (name) => `nenhuma pergunta de ${name} tem resposta; nada foi escrito`,
		noWords: (client, command) =>
			`nenhuma resposta dada: adicione suas respostas para ${client} depois do arquivo, por ex. ${command}`,
		noAnswerInWords: "as palavras depois do arquivo não respondem nenhuma pergunta; nada foi escrito",
		gone: (name, client) => `${name} não existe mais: ${client} já tem as respostas`,
		otherQuestions: (name) => `${name} agora contém outras perguntas; nada foi escrito`,
		recordsElsewhere: (client, serverFolder, ownFolder) =>
			`nada foi escrito: o pi-ask-anywhere mcp que perguntou por ${client} aceita respostas registradas em ${serverFolder}, e este pi as registra em ${ownFolder}; dê ao servidor PI_CODING_AGENT_DIR=${ownFolder} no env do cliente (docs/mcp.md), ou responda no diálogo do próprio cliente ou na página web`,
		answeredAlready: (name, client) => `${name} já foi respondido; ${client} recebe essas respostas. Nada foi escrito`,
	},
	delivery: {
		answersFlag: "--answers",
		filledInto: (file) => `as respostas preenchidas em ${file}`,
		pendingFile: "um arquivo de perguntas pendentes",
		wordsAfter: (file) => `as palavras depois de ${file}`,
		dialog: "as respostas do diálogo",
		twoAnswers: (first, second) =>
			`duas respostas diferentes para as mesmas perguntas: ${first} e ${second}. Nada foi enviado; dê só uma delas.`,
		delivering: (file) => `entregando as respostas preenchidas em ${file}`,
	},
	inbox: {
		untrustedImage: (path) =>
			`${path} não é lido: imagens só são lidas de um arquivo de perguntas pendentes que o seu próprio pi escreveu`,
		imageRefused: (where, reason) => `${where}: ${reason}; nada foi enviado`,
		ignoredNothingSent: (ignored, example) =>
			`${ignored}. Nada foi enviado: dê suas próprias respostas depois do arquivo, por ex. ${example}`,
		noWords: (example) => `nenhuma resposta dada: adicione suas respostas depois do arquivo, por ex. ${example}`,
		onlyWords: (ignored) => `${ignored}; só as suas palavras depois do arquivo foram enviadas`,
		oneFileAtATime:
			"anexe um arquivo de perguntas pendentes por vez: as palavras depois deles responderiam a quais perguntas?",
	},
	images: {
		notFile: (path) => `${path} não é um arquivo de imagem`,
		unreadable: (path) => `${path} não existe ou não pode ser lido`,
		tooLarge: (name, size, limit) => `${name} tem ${size}; o limite por imagem é ${limit}`,
		notImage: (name) => `${name} não é uma imagem PNG, JPEG, GIF ou WebP`,
		unsupportedModel: "não é possível anexar imagens: este modelo não lê imagens",
		blocked: "não é possível anexar imagens: as configurações do pi as bloqueiam (images.blockImages)",
	},
	editedFile: {
		notJson: (path, detail) => `${path} não é um JSON válido (${detail}); corrija-o ou execute /questions clear`,
		notAList: (path) => `${path}: "questions" deve ser uma lista de perguntas, cada uma com um "answer"`,
		wrongCount: (path, found, asked) =>
			`${path}: "questions" tem ${found} entradas, mas ${asked} perguntas foram feitas; preencha só "answer", não adicione nem remova perguntas`,
		badAnswer: (path, index) =>
			`${path}: questions[${index}].answer deve ser texto, um número, true/false, uma lista deles ou null`,
		badImages: (path, index) =>
			`${path}: questions[${index}].images deve ser uma lista de caminhos de arquivos de imagem`,
	},
	approval: {
		question: (tool, summary) => `Permitir ${tool}: \`${summary}\`?`,
		header: "Aprovação",
		allow: "Permitir",
		allowSession: "Permitir nesta sessão",
		deny: "Negar",
		noteHint: "Negar, com uma nota para o agente",
		pending: (tool, summary, file, allow) =>
			`\`${tool} ${summary}\` precisa da sua aprovação e não foi executado. Para permitir: toque em ${allow} no celular, responda na página web ou com /questions no pi, ou defina "answer": "${allow}" em ${file}; depois \`pi -p -c\`: a chamada roda uma vez quando o agente a fizer de novo.`,
	},
	log: {
		time: "hora",
		project: "projeto",
		by: "por",
		question: "pergunta",
		answer: "resposta",
		none: "Nenhuma decisão registrada.",
	},
	push: {
		subagent: (project, task) => `${project} (subagente: ${task})`,
		questions: (n) => `${n} perguntas`,
		oneWaiting: (who) => `Uma pergunta espera em ${who}.`,
		manyWaiting: (n, who) => `${n} perguntas esperam em ${who}.`,
		chooseAny: "(escolha quantas quiser)",
		open: "Abrir",
		tapOpen: "Toque em Abrir para responder na página web.",
		answerInFile: (who) =>
			`Para responder, rode pi -c em ${who}, ou rode ali pi-ask-anywhere web e responda na página.`,
		answerInTerminal: (who) =>
			`Para responder, volte ao terminal do pi em ${who}, ou rode ali pi-ask-anywhere web e responda na página.`,
		tapHere: (open) =>
			`Toque numa resposta para responder daqui.${open ? " Abrir mostra a pergunta na página web." : ""}`,
		tapFirst: (others, open, who) =>
			`Toque numa resposta para responder à primeira pergunta daqui (${others === 1 ? "a outra pergunta fica" : `as outras ${others} ficam`} sem resposta), ou ${open ? "responda todas na página web com Abrir" : `responda todas no pi em ${who}`}.`,
		ended: {
			terminal: "Respondida no terminal.",
			web: "Respondida na página web.",
			phone: "Respondida pelo seu celular.",
			elsewhere: "Respondida em outro lugar.",
			closed: "Não espera mais: o pi parou de perguntar.",
		},
	},
};
