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
		sessionNamed: (id) => `sesión ${id}`,
		answerWith: (path) => `responder: pi -p @${path} "tus respuestas"`,
		printFooter: `Responde cada una con el comando que tiene debajo · borrarlas todas: pi -p "/questions clear"`,
		answerHere: (path) =>
			`/questions answer necesita el diálogo de pi (ejecuta pi y escríbelo allí); aquí, con -p, responde con: pi -p @${path} "tus respuestas"`,
		clearPrompt: (n, f) => `¿Eliminar ${questions(n)} en ${files(f)}?`,
		clearKeep: "No, conservarlas",
		clearDelete: "Sí, eliminarlas",
		kept: "Se conservan las preguntas pendientes.",
		cleared: (n) => `${form(n, { one: "Borrada", other: "Borradas" })}: ${questions(n)}.`,
		leftUnreadable: (n, paths) => `${files(n)} ilegible(s) sin tocar: ${paths}`,
		leftHeld: (path, claim) => `${path} sin tocar: sus preguntas están ${claim}`,
		nothingToReopen: "No hay preguntas canceladas en esta sesión: nada que reabrir.",
		reopenWhich: "¿Qué preguntas volver a hacer?",
		nothingReopened: "No se reabrió nada.",
		notAnswered: (path) => `Sin responder; ${path} queda como está.`,
		forClient: (client) =>
			`las hizo ${client} a través de pi-ask-anywhere mcp, que espera las respuestas: respondidas aquí, van a ${client}, no al modelo de este pi`,
		clientGone: (client) =>
			`las hizo ${client} a través de pi-ask-anywhere mcp, que ya no espera las respuestas: aquí nada las responde (/questions clear las elimina)`,
	},
	layout: {
		chooseAny: " (elige las que quieras)",
		ownAnswer: "o tu propia respuesta",
		answer: (json) => `respuesta: ${json}`,
	},
	claim: {
		heldBy: (pid, host) => `abiertas en otro pi (pid ${pid} en ${host})`,
		answerThere: (claim) => `Las preguntas están ${claim}; respóndelas allí`,
		heldByMcp: (pid, host) => `retenidas por pi-ask-anywhere mcp (pid ${pid} en ${host})`,
	},
	trust: {
		noSessionFile: "no nombra ningún archivo de sesión (escrito con --no-session, a mano o en otro lugar)",
		outsideSessionFolders: "el archivo de sesión que nombra no está donde tu pi guarda las sesiones",
		sessionMissing: "el archivo de sesión que nombra no existe o no se puede leer",
		otherSession: "el archivo de sesión que nombra pertenece a otra sesión",
		noAskCall: "la sesión que nombra nunca hizo esta llamada a ask_user",
		questionsDiffer: "sus preguntas no son las que se hicieron en la sesión que nombra",
		taskDiffers: "su tarea no es algo que escribieras en la sesión que nombra",
		settled:
			"contiene preguntas ya resueltas (sus respuestas se entregaron, o se borraron), así que no se vuelve a enviar nada",
		elsewhere: (folder) =>
			`contiene preguntas que tu pi hizo en ${folder}, no en este proyecto (¿una copia de ese proyecto?)`,
		originSession: (id, file) => `sesión: ${id} (${file})`,
		originNoSessionFile: (id) => `sesión: ${id} (sin archivo de sesión)`,
		originSaved: (timestamp) => `guardado: ${timestamp}`,
		originTask: (task) => `su tarea: ${task}`,
		answerAnyway: "Responder sus preguntas (su tarea no se envía al modelo)",
		leave: "Dejarlo",
	},
	refused: {
		ignoredWrittenByTool: (file) =>
			`se ignoraron las respuestas que ya estaban en ${file}: las escribió una llamada a una herramienta mientras pi se ejecutaba, no tú`,
		ignoredNotThisPi: (file, reason) =>
			`se ignoraron las respuestas que ya estaban en ${file}: el archivo no lo escribió tu pi (${reason})`,
		notThisPi: (path, reason) => `${path} no fue escrito por tu pi (${reason})`,
		settled: (path, reason) => `${path} ${reason}. Elimínalo con /questions clear`,
		elsewhere: (path, reason) =>
			`${path} ${reason}; no se envió nada. Respóndelo en esa carpeta, o en pi con /questions answer, que muestra primero de dónde viene`,
		askerGone: (path, client) =>
			`${path} contiene preguntas que ${client} hizo mediante pi-ask-anywhere mcp, y ningún pi-ask-anywhere mcp espera ahora sus respuestas: no se envió ni se escribió nada (/questions clear las borra)`,
		held: (source, claim) =>
			`${source}: las preguntas están ${claim}; respóndelas allí, o aquí cuando haya terminado. No se envió nada`,
	},
	notices: {
		notDelivered: (message) => `No se pudieron entregar las respuestas: ${message}`,
		notSaved: (message) => `pi-ask-anywhere: no se pudieron guardar las preguntas: ${message}`,
		answered: (questions) => `--answers respondió ${questions}`,
		answeredFrom: (questions, path) => `--answers respondió ${questions} de ${path}`,
		noAnswerToAny: "--answers no responde ninguna pregunta pendiente",
		answeredNothing: (why) => `--answers no respondió nada: ${why}`,
		unknownStop: (path, reason) =>
			`--answers: ${path} contiene preguntas pendientes que no escribió el pi de este usuario (${reason}), así que --answers no las responde. Para responderlas a propósito, nombra el archivo: pi -p @${path} "tus respuestas"`,
		forFile: (message, path) => `${message} (para ${path})`,
		noAnswerForFile: (path) => `--answers no responde ninguna de las preguntas de ${path}`,
		noneInSession:
			"--answers: esta sesión no tiene preguntas pendientes que responder (ver /questions); no se envió nada",
		noneAnywhere: "--answers: no hay preguntas pendientes que responder, ni un prompt que pueda hacer alguna",
		flagNoAnswer: "--answers no responde ninguna de estas preguntas; se hacen en su lugar",
		flagDoesNotFit: (message) => `--answers no encaja con estas preguntas (${message}); se hacen en su lugar`,
		backgroundNotSaved: "No se pudieron guardar las preguntas en segundo plano; se hacen ahora en su lugar",
		timedOut: "Sin respuesta a tiempo: las preguntas siguen pendientes (/questions answer).",
		answeredOnWebPage: "Respondido en la página web.",
		answeredFromPhone: "Respondido desde el teléfono.",
		answeredRemotely: "Respondido en remoto.",
		answeredElsewhere:
			"Estas preguntas se respondieron en otro lugar (otro pi las tomó mientras este estaba en pausa); tu respuesta no se envió.",
		fileNotRemoved: (path, why) =>
			`Tu respuesta se envió, pero pi-ask-anywhere no pudo eliminar ${path} (${why}); no se volverá a enviar: elimínalo a mano.`,
		questionsNotShown: (path, why) =>
			`las preguntas están guardadas en ${path}, pero no se pudieron mostrar aquí (${why}); esperan ahí tus respuestas: pi -p @${path} "tus respuestas"`,
		dismissedRemotely: "Descartado en remoto.",
		noRemoteAnswer: (kind) => `Sin respuesta remota (${kind}); se guardan las preguntas en su lugar`,
		needsUi: "Esto necesita el diálogo de pi, que no existe con -p: ejecuta pi (sin -p) y escribe el comando allí",
		dismissPrompt: "¿Guardar estas preguntas para más tarde o descartarlas?",
		keepForLater: "Guardarlas para más tarde (/questions answer)",
		dismiss: "Descartarlas: se avisa al agente de que no llegarán respuestas",
		stillPending: "Sin responder; las preguntas siguen pendientes (/questions answer).",
		reopenLater: "Sin responder; /questions reopen las vuelve a hacer.",
		stepAside: (path, removeOther, removeOurs) =>
			`Otro paquete responde a ask_user en este pi (${path}), así que pi-ask-anywhere no registra el suyo. /questions sigue respondiendo las preguntas que pi-ask-anywhere guardó antes. Para usar pi-ask-anywhere en su lugar: ${removeOther} (o ${removeOurs} para quedarte con el otro).`,
		leaveOut: (argument) => `quita -e ${argument}`,
		unknownExtension: "una extensión desconocida",
		setAsideWaiting: (n) =>
			`${n === 1 ? "Una pregunta apartada espera" : `${count(n)} grupos de preguntas apartadas esperan`} tus respuestas: /questions answer`,
		deliveredUnrecorded: (message) =>
			`pi-ask-anywhere: las respuestas se entregaron, pero no se pudieron registrar como entregadas (${message}); su archivo de preguntas pendientes se eliminó para que no se envíen otra vez`,
		decisionNotLogged: (reason) =>
			`pi-ask-anywhere: el registro de decisiones no pudo guardar esta decisión (${reason}); la respuesta siguió de todos modos`,
	},
	subagent: {
		label: "Subagente",
		noTask: "sin tarea indicada",
		inFolder: (folder) => `en ${folder}`,
		answered: (who, answers) => `Respondiste al subagente «${who}»: ${answers}`,
		cancelled: (who) => `Cancelaste las preguntas del subagente («${who}»)`,
	},
	chat: {
		more: (n) => ` (+${count(n)} más)`,
		withNote: (answer, note) => `${answer} — nota: ${note}`,
		skipped: "(omitida)",
		noteForAll: (note) => `Nota para todas: ${note}`,
		cancelled: "Cancelado por el usuario (/questions reopen vuelve a preguntar)",
		timedOut: "Sin respuesta a tiempo",
		connectionLost: "Conexión con el usuario perdida",
		interrupted: "Interrumpido: las preguntas quedan pendientes (/questions answer)",
		pending: (file) => `Pendiente: las respuestas van en ${file}`,
		dismissed: "Descartado sin responder",
		ownWords: (answers) => `Respondido con sus propias palabras: ${answers}`,
		givenLater: "respuestas dadas más tarde",
		toExpand: (key) => `(${key} para expandir)`,
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
	forAsker: {
		answeredFor: (client) => `respondido para ${client} mediante pi-ask-anywhere mcp`,
		noImages:
			"las imágenes no pueden pasarse a un cliente MCP a través de su archivo de preguntas pendientes; no se escribió nada",
		noNotes:
			"las notas no pueden pasarse a un cliente MCP a través de su archivo de preguntas pendientes; no se escribió nada",
		notAsked: (question) => `una respuesta nombra una pregunta que no se hizo ("${question}"); no se escribió nada`,
		answeredTwice: (question) => `dos respuestas a una misma pregunta ("${question}"); no se escribió nada`,
		noAnswer: (name) => `ninguna pregunta de ${name} tiene respuesta; no se escribió nada`,
		noWords: (client, command) =>
			`no se dieron respuestas: añade tus respuestas para ${client} después del archivo, p. ej. ${command}`,
		noAnswerInWords: "las palabras después del archivo no responden ninguna pregunta; no se escribió nada",
		gone: (name, client) => `${name} ya no existe: ${client} ya tiene sus respuestas`,
		otherQuestions: (name) => `${name} contiene ahora otras preguntas; no se escribió nada`,
		recordsElsewhere: (client, serverFolder, ownFolder) =>
			`no se escribió nada: el pi-ask-anywhere mcp que preguntó por ${client} toma las respuestas registradas en ${serverFolder}, y este pi las registra en ${ownFolder}; da al servidor PI_CODING_AGENT_DIR=${ownFolder} en el env de su cliente (docs/mcp.md), o responde en el diálogo del cliente o en la página web`,
		answeredAlready: (name, client) =>
			`${name} ya está respondido; ${client} recibe esas respuestas. No se escribió nada`,
	},
	delivery: {
		answersFlag: "--answers",
		filledInto: (file) => `las respuestas escritas en ${file}`,
		pendingFile: "el archivo de preguntas pendientes",
		wordsAfter: (file) => `las palabras después de ${file}`,
		dialog: "las respuestas del diálogo",
		twoAnswers: (first, second) =>
			`dos respuestas distintas a las mismas preguntas: ${first} y ${second}. No se envió nada; da solo una de ellas.`,
		delivering: (file) => `entregando las respuestas escritas en ${file}`,
	},
	inbox: {
		untrustedImage: (path) =>
			`${path} no se lee: las imágenes solo se leen de un archivo de preguntas pendientes que escribió tu propio pi`,
		imageRefused: (where, reason) => `${where}: ${reason}; no se envió nada`,
		ignoredNothingSent: (ignored, example) =>
			`${ignored}. No se envió nada: da tus propias respuestas después del archivo, p. ej. ${example}`,
		noWords: (example) => `no se dieron respuestas: añade tus respuestas después del archivo, p. ej. ${example}`,
		onlyWords: (ignored) => `${ignored}; solo se enviaron tus palabras después del archivo`,
		oneFileAtATime:
			"adjunta un solo archivo de preguntas pendientes a la vez: ¿a qué preguntas responderían las palabras que siguen?",
	},
	images: {
		notFile: (path) => `${path} no es un archivo de imagen`,
		unreadable: (path) => `${path} no existe o no se puede leer`,
		tooLarge: (name, size, limit) => `${name} ocupa ${size}; el límite por imagen es ${limit}`,
		notImage: (name) => `${name} no es una imagen PNG, JPEG, GIF ni WebP`,
		unsupportedModel: "no se pueden adjuntar imágenes: este modelo no puede leer imágenes",
		blocked: "no se pueden adjuntar imágenes: la configuración de pi las bloquea (images.blockImages)",
	},
	editedFile: {
		notJson: (path, detail) => `${path} no es JSON válido (${detail}); corrígelo o ejecuta /questions clear`,
		notAList: (path) => `${path}: "questions" debe ser una lista de preguntas, cada una con un "answer"`,
		wrongCount: (path, found, asked) =>
			`${path}: "questions" tiene ${found} entradas pero se hicieron ${asked} preguntas; rellena solo "answer", no añadas ni quites preguntas`,
		badAnswer: (path, index) =>
			`${path}: questions[${index}].answer debe ser texto, un número, true/false, una lista de ellos o null`,
		badImages: (path, index) => `${path}: questions[${index}].images debe ser una lista de rutas de archivos de imagen`,
	},
	approval: {
		question: (tool, summary) => `¿Permitir ${tool}: \`${summary}\`?`,
		header: "Aprobación",
		allow: "Permitir",
		allowSession: "Permitir en esta sesión",
		deny: "Denegar",
		noteHint: "Denegar, con una nota para el agente",
		pending: (tool, summary, file, allow) =>
			`\`${tool} ${summary}\` necesita tu aprobación y no se ejecutó. Para permitirlo: toca ${allow} en el teléfono, responde en la página web o con /questions en pi, o pon "answer": "${allow}" en ${file}; luego \`pi -p -c\`: la llamada se ejecuta una vez cuando el agente la repita.`,
	},
	log: {
		time: "hora",
		project: "proyecto",
		by: "por",
		question: "pregunta",
		answer: "respuesta",
		none: "No hay decisiones registradas.",
	},
	push: {
		subagent: (project, task) => `${project} (subagente: ${task})`,
		questions: (n) => `${n} preguntas`,
		oneWaiting: (who) => `Una pregunta espera en ${who}.`,
		manyWaiting: (n, who) => `${n} preguntas esperan en ${who}.`,
		chooseAny: "(elige las que quieras)",
		open: "Abrir",
		tapOpen: "Toca Abrir para responder en la página web.",
		answerInFile: (who) =>
			`Para responder, ejecuta pi -c en ${who}, o ejecuta allí pi-ask-anywhere web y responde en la página.`,
		answerInTerminal: (who) =>
			`Para responder, vuelve a la terminal de pi en ${who}, o ejecuta allí pi-ask-anywhere web y responde en la página.`,
		tapHere: (open) =>
			`Toca una respuesta para responder desde aquí.${open ? " Abrir muestra la pregunta en la página web." : ""}`,
		tapFirst: (others, open, who) =>
			`Toca una respuesta para responder a la primera pregunta desde aquí (${others === 1 ? "la otra pregunta queda" : `las otras ${others} quedan`} sin responder), o ${open ? "responde todas en la página web con Abrir" : `responde todas en pi en ${who}`}.`,
		ended: {
			terminal: "Respondida en la terminal.",
			web: "Respondida en la página web.",
			phone: "Respondida desde tu teléfono.",
			elsewhere: "Respondida en otro lugar.",
			closed: "Ya no espera: pi dejó de preguntar.",
		},
	},
};
