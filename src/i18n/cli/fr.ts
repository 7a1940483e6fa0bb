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
		sessionNamed: (id) => `session ${id}`,
		answerWith: (path) => `répondre : pi -p @${path} "vos réponses"`,
		printFooter: `Répondez à chacune avec la commande en dessous · les effacer toutes : pi -p "/questions clear"`,
		answerHere: (path) =>
			`/questions answer nécessite la boîte de dialogue de pi (lancez pi et tapez-la là) ; ici, avec -p, répondez avec : pi -p @${path} "vos réponses"`,
		clearPrompt: (n, f) => `Supprimer ${questions(n)} dans ${files(f)} ?`,
		clearKeep: "Non, les garder",
		clearDelete: "Oui, les supprimer",
		kept: "Les questions en attente sont conservées.",
		cleared: (n) => `${questions(n)} ${form(n, { one: "effacée", other: "effacées" })}.`,
		leftUnreadable: (n, paths) => `${files(n)} illisible(s) laissé(s) intact(s) : ${paths}`,
		leftHeld: (path, claim) => `${path} laissé intact : ses questions sont ${claim}`,
		nothingToReopen: "Aucune question annulée dans cette session : rien à rouvrir.",
		reopenWhich: "Reposer quelles questions ?",
		nothingReopened: "Rien n'a été rouvert.",
		notAnswered: (path) => `Sans réponse ; ${path} reste tel quel.`,
		forClient: (client) =>
			`posées par ${client} via pi-ask-anywhere mcp, qui attend les réponses : répondues ici, elles vont à ${client}, pas au modèle de ce pi`,
		clientGone: (client) =>
			`posées par ${client} via pi-ask-anywhere mcp, qui n'attend plus les réponses : rien ici n'y répond (/questions clear les supprime)`,
	},
	layout: {
		chooseAny: " (choix multiples)",
		ownAnswer: "ou votre propre réponse",
		answer: (json) => `réponse : ${json}`,
	},
	claim: {
		heldBy: (pid, host) => `ouvertes dans un autre pi (pid ${pid} sur ${host})`,
		answerThere: (claim) => `Les questions sont ${claim} ; répondez-y là-bas`,
		heldByMcp: (pid, host) => `tenues par pi-ask-anywhere mcp (pid ${pid} sur ${host})`,
	},
	trust: {
		noSessionFile: "il ne nomme aucun fichier de session (écrit avec --no-session, à la main ou ailleurs)",
		outsideSessionFolders: "le fichier de session qu'il nomme n'est pas là où votre pi garde ses sessions",
		sessionMissing: "le fichier de session qu'il nomme n'existe pas ou n'est pas lisible",
		otherSession: "le fichier de session qu'il nomme appartient à une autre session",
		noAskCall: "la session qu'il nomme n'a jamais fait cet appel ask_user",
		questionsDiffer: "ses questions ne sont pas celles posées dans la session qu'il nomme",
		taskDiffers: "sa tâche n'est pas un texte que vous avez écrit dans la session qu'il nomme",
		settled:
			"contient des questions déjà traitées (leurs réponses ont été remises, ou elles ont été effacées), donc rien n'est renvoyé",
		elsewhere: (folder) =>
			`contient des questions que votre pi a posées dans ${folder}, pas dans ce projet (une copie de ce projet ?)`,
		originSession: (id, file) => `session : ${id} (${file})`,
		originNoSessionFile: (id) => `session : ${id} (aucun fichier de session)`,
		originSaved: (timestamp) => `enregistré : ${timestamp}`,
		originTask: (task) => `sa tâche : ${task}`,
		answerAnyway: "Répondre à ses questions (sa tâche n'est pas envoyée au modèle)",
		leave: "Le laisser",
	},
	refused: {
		ignoredWrittenByTool: (file) =>
			`les réponses déjà présentes dans ${file} ont été ignorées : elles ont été écrites par un appel d'outil pendant que pi tournait, pas par vous`,
		ignoredNotThisPi: (file, reason) =>
			`les réponses déjà présentes dans ${file} ont été ignorées : le fichier n'a pas été écrit par votre pi (${reason})`,
		notThisPi: (path, reason) => `${path} n'a pas été écrit par votre pi (${reason})`,
		settled: (path, reason) => `${path} ${reason}. Supprimez-le avec /questions clear`,
		elsewhere: (path, reason) =>
			`${path} ${reason} ; rien n'a été envoyé. Répondez-y dans ce dossier, ou dans pi avec /questions answer, qui montre d'abord d'où il vient`,
		askerGone: (path, client) =>
			`${path} contient des questions posées par ${client} via pi-ask-anywhere mcp, et aucun pi-ask-anywhere mcp n'attend leurs réponses maintenant : rien n'a été envoyé ni écrit (/questions clear les efface)`,
		held: (source, claim) =>
			`${source} : les questions sont ${claim} ; répondez-y là-bas, ou ici une fois qu'il aura terminé. Rien n'a été envoyé`,
	},
	notices: {
		notDelivered: (message) => `Impossible de remettre les réponses : ${message}`,
		notSaved: (message) => `pi-ask-anywhere : impossible d'enregistrer les questions : ${message}`,
		answered: (questions) => `--answers a répondu à ${questions}`,
		answeredFrom: (questions, path) => `--answers a répondu à ${questions} depuis ${path}`,
		noAnswerToAny: "--answers ne répond à aucune question en attente",
		answeredNothing: (why) => `--answers n'a répondu à rien : ${why}`,
		unknownStop: (path, reason) =>
			`--answers : ${path} contient des questions en attente qui n'ont pas été écrites par le pi de cet utilisateur (${reason}), donc --answers n'y répond pas. Pour y répondre délibérément, nommez le fichier : pi -p @${path} "vos réponses"`,
		forFile: (message, path) => `${message} (pour ${path})`,
		noAnswerForFile: (path) => `--answers ne répond à aucune des questions de ${path}`,
		noneInSession: "--answers : cette session n'a aucune question en attente (voir /questions) ; rien n'a été envoyé",
		noneAnywhere: "--answers : il n'y a aucune question en attente, ni de prompt qui pourrait en poser",
		flagNoAnswer: "--answers ne répond à aucune de ces questions ; elles sont posées à la place",
		flagDoesNotFit: (message) =>
			`--answers ne correspond pas à ces questions (${message}) ; elles sont posées à la place`,
		backgroundNotSaved: "Les questions en arrière-plan n'ont pas pu être enregistrées ; elles sont posées maintenant",
		timedOut: "Pas de réponse à temps : les questions restent en attente (/questions answer).",
		answeredOnWebPage: "Répondu sur la page web.",
		answeredFromPhone: "Répondu depuis le téléphone.",
		answeredRemotely: "Répondu à distance.",
		answeredElsewhere:
			"Ces questions ont reçu une réponse ailleurs (un autre pi les a reprises pendant que celui-ci était suspendu) ; ta réponse n’a pas été envoyée.",
		fileNotRemoved: (path, why) =>
			`Ta réponse a été envoyée, mais pi-ask-anywhere n’a pas pu supprimer ${path} (${why}) ; elle ne sera pas renvoyée : supprime le fichier à la main.`,
		questionsNotShown: (path, why) =>
			`les questions sont enregistrées dans ${path}, mais n’ont pas pu être affichées ici (${why}) ; elles y attendent tes réponses : pi -p @${path} "vos réponses"`,
		dismissedRemotely: "Écarté à distance.",
		noRemoteAnswer: (kind) => `Pas de réponse à distance (${kind}) ; les questions sont enregistrées à la place`,
		needsUi: "Cela nécessite la boîte de dialogue de pi, absente avec -p : lancez pi (sans -p) et tapez la commande là",
		dismissPrompt: "Garder ces questions pour plus tard, ou les écarter ?",
		keepForLater: "Les garder pour plus tard (/questions answer)",
		dismiss: "Les écarter : l'agent apprend qu'aucune réponse ne viendra",
		stillPending: "Sans réponse ; les questions restent en attente (/questions answer).",
		reopenLater: "Sans réponse ; /questions reopen les pose à nouveau.",
		stepAside: (path, removeOther, removeOurs) =>
			`Un autre paquet répond à ask_user dans ce pi (${path}), donc pi-ask-anywhere n'enregistre pas le sien. /questions répond toujours aux questions enregistrées plus tôt par pi-ask-anywhere. Pour utiliser pi-ask-anywhere à la place : ${removeOther} (ou ${removeOurs} pour garder l'autre).`,
		leaveOut: (argument) => `retirez -e ${argument}`,
		unknownExtension: "une extension inconnue",
		setAsideWaiting: (n) =>
			`${n === 1 ? "Une question mise de côté attend" : `${count(n)} séries de questions mises de côté attendent`} vos réponses : /questions answer`,
		deliveredUnrecorded: (message) =>
			`pi-ask-anywhere : les réponses ont été transmises, mais n'ont pas pu être enregistrées comme transmises (${message}) ; leur fichier de questions en attente a été supprimé pour qu'elles ne soient pas renvoyées`,
		decisionNotLogged: (reason) =>
			`pi-ask-anywhere : le journal des décisions n'a pas pu enregistrer cette décision (${reason}) ; la réponse a tout de même été transmise`,
	},
	subagent: {
		label: "Sous-agent",
		noTask: "aucune tâche indiquée",
		inFolder: (folder) => `dans ${folder}`,
		answered: (who, answers) => `Vous avez répondu au sous-agent « ${who} » : ${answers}`,
		cancelled: (who) => `Vous avez annulé les questions du sous-agent (« ${who} »)`,
	},
	chat: {
		more: (n) => ` (+${count(n)} de plus)`,
		withNote: (answer, note) => `${answer} — note : ${note}`,
		skipped: "(passée)",
		noteForAll: (note) => `Note générale : ${note}`,
		cancelled: "Annulé par l'utilisateur (/questions reopen les repose)",
		timedOut: "Pas de réponse à temps",
		connectionLost: "Connexion avec l'utilisateur perdue",
		interrupted: "Interrompu : les questions restent en attente (/questions answer)",
		pending: (file) => `En attente : les réponses vont dans ${file}`,
		dismissed: "Écarté sans réponse",
		ownWords: (answers) => `Répondu avec ses propres mots : ${answers}`,
		givenLater: "réponses données plus tard",
		toExpand: (key) => `(${key} pour déplier)`,
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
	forAsker: {
		answeredFor: (client) => `répondu pour ${client} via pi-ask-anywhere mcp`,
		noImages:
			"les images ne peuvent pas être transmises à un client MCP par son fichier de questions en attente ; rien n'a été écrit",
		noNotes:
			"les notes ne peuvent pas être transmises à un client MCP par son fichier de questions en attente ; rien n'a été écrit",
		notAsked: (question) =>
			`une réponse désigne une question qui n'a pas été posée ("${question}") ; rien n'a été écrit`,
		answeredTwice: (question) => `deux réponses à une même question ("${question}") ; rien n'a été écrit`,
		noAnswer: (name) => `aucune question de ${name} n'a de réponse ; rien n'a été écrit`,
		noWords: (client, command) =>
			`aucune réponse donnée : ajoutez vos réponses pour ${client} après le fichier, par ex. ${command}`,
		noAnswerInWords: "les mots après le fichier ne répondent à aucune question ; rien n'a été écrit",
		gone: (name, client) => `${name} n'existe plus : ${client} a déjà ses réponses`,
		otherQuestions: (name) => `${name} contient maintenant d'autres questions ; rien n'a été écrit`,
		recordsElsewhere: (client, serverFolder, ownFolder) =>
			`rien n'a été écrit : le pi-ask-anywhere mcp qui a demandé pour ${client} prend les réponses enregistrées dans ${serverFolder}, et ce pi les enregistre dans ${ownFolder} ; donnez au serveur PI_CODING_AGENT_DIR=${ownFolder} dans l'env de son client (docs/mcp.md), ou répondez dans la boîte de dialogue du client ou sur la page web`,
		answeredAlready: (name, client) => `${name} a déjà des réponses ; ${client} reçoit celles-ci. Rien n'a été écrit`,
	},
	delivery: {
		answersFlag: "--answers",
		filledInto: (file) => `les réponses saisies dans ${file}`,
		pendingFile: "le fichier de questions en attente",
		wordsAfter: (file) => `les mots après ${file}`,
		dialog: "les réponses du dialogue",
		twoAnswers: (first, second) =>
			`deux réponses différentes aux mêmes questions : ${first} et ${second}. Rien n'a été envoyé ; n'en donnez qu'une.`,
		delivering: (file) => `envoi des réponses saisies dans ${file}`,
	},
	inbox: {
		untrustedImage: (path) =>
			`${path} n'est pas lu : les images ne sont lues que depuis un fichier de questions en attente écrit par votre propre pi`,
		imageRefused: (where, reason) => `${where} : ${reason} ; rien n'a été envoyé`,
		ignoredNothingSent: (ignored, example) =>
			`${ignored}. Rien n'a été envoyé : donnez vos propres réponses après le fichier, par ex. ${example}`,
		noWords: (example) => `aucune réponse donnée : ajoutez vos réponses après le fichier, par ex. ${example}`,
		onlyWords: (ignored) => `${ignored} ; seuls vos mots après le fichier ont été envoyés`,
		oneFileAtATime:
			"joignez un seul fichier de questions en attente à la fois : à quelles questions les mots qui suivent répondraient-ils ?",
	},
	images: {
		notFile: (path) => `${path} n'est pas un fichier image`,
		unreadable: (path) => `${path} n'existe pas ou ne peut pas être lu`,
		tooLarge: (name, size, limit) => `${name} fait ${size} ; la limite pour une image est de ${limit}`,
		notImage: (name) => `${name} n'est pas une image PNG, JPEG, GIF ou WebP`,
		unsupportedModel: "impossible de joindre des images : ce modèle ne lit pas les images",
		blocked: "impossible de joindre des images : les réglages de pi les bloquent (images.blockImages)",
	},
	editedFile: {
		notJson: (path, detail) => `${path} n'est pas un JSON valide (${detail}) ; corrigez-le, ou lancez /questions clear`,
		notAList: (path) => `${path} : "questions" doit être une liste de questions ayant chacune un "answer"`,
		wrongCount: (path, found, asked) =>
			`${path} : "questions" a ${found} entrées mais ${asked} questions ont été posées ; remplissez seulement "answer", sans ajouter ni retirer de questions`,
		badAnswer: (path, index) =>
			`${path} : questions[${index}].answer doit être un texte, un nombre, true/false, une liste de ceux-ci, ou null`,
		badImages: (path, index) => `${path} : questions[${index}].images doit être une liste de chemins de fichiers image`,
	},
	approval: {
		question: (tool, summary) => `Autoriser ${tool} : \`${summary}\` ?`,
		header: "Approbation",
		allow: "Autoriser",
		allowSession: "Autoriser pour cette session",
		deny: "Refuser",
		noteHint: "Refuser, avec une note pour l'agent",
		pending: (tool, summary, file, allow) =>
			`\`${tool} ${summary}\` attend ton approbation et n'a pas été exécuté. Pour l'autoriser : touche ${allow} sur ton téléphone, réponds sur la page web ou avec /questions dans pi, ou mets "answer": "${allow}" dans ${file} ; puis \`pi -p -c\` : l'appel s'exécute une fois quand l'agent le refait.`,
	},
	log: {
		time: "heure",
		project: "projet",
		by: "par",
		question: "question",
		answer: "réponse",
		none: "Aucune décision enregistrée.",
	},
	push: {
		subagent: (project, task) => `${project} (sous-agent : ${task})`,
		questions: (n) => `${n} questions`,
		oneWaiting: (who) => `Une question attend dans ${who}.`,
		manyWaiting: (n, who) => `${n} questions attendent dans ${who}.`,
		chooseAny: "(choix multiple)",
		open: "Ouvrir",
		tapOpen: "Touchez Ouvrir pour répondre sur la page web.",
		answerInFile: (who) =>
			`Pour répondre, lancez pi -c dans ${who}, ou lancez-y pi-ask-anywhere web et répondez sur la page.`,
		answerInTerminal: (who) =>
			`Pour répondre, revenez au terminal de pi dans ${who}, ou lancez-y pi-ask-anywhere web et répondez sur la page.`,
		tapHere: (open) =>
			`Touchez une réponse pour répondre d’ici.${open ? " Ouvrir montre la question sur la page web." : ""}`,
		tapFirst: (others, open, who) =>
			`Touchez une réponse pour répondre d’ici à la première question (${others === 1 ? "l’autre question reste" : `les ${others} autres restent`} sans réponse), ou ${open ? "répondez à toutes sur la page web avec Ouvrir" : `répondez à toutes dans pi dans ${who}`}.`,
		ended: {
			terminal: "Répondu dans le terminal.",
			web: "Répondu sur la page web.",
			phone: "Répondu depuis votre téléphone.",
			elsewhere: "Répondu ailleurs.",
			closed: "N’attend plus : pi a cessé de demander.",
		},
	},
};
