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
		sessionNamed: (id) => `Sitzung ${id}`,
		answerWith: (path) => `beantworten: pi -p @${path} "deine Antworten"`,
		printFooter: `Jede mit dem Befehl darunter beantworten · alle löschen: pi -p "/questions clear"`,
		answerHere: (path) =>
			`/questions answer braucht den Dialog von pi (starte pi und gib es dort ein); hier mit -p antwortest du so: pi -p @${path} "deine Antworten"`,
		clearPrompt: (n, f) => `${questions(n)} in ${files(f)} löschen?`,
		clearKeep: "Nein, behalten",
		clearDelete: "Ja, löschen",
		kept: "Die offenen Fragen bleiben.",
		cleared: (n) => `${questions(n)} gelöscht.`,
		leftUnreadable: (n, paths) => `${files(n)} nicht lesbar und unverändert: ${paths}`,
		leftHeld: (path, claim) => `${path} bleibt unverändert: Die Fragen darin sind ${claim}`,
		nothingToReopen: "Keine abgebrochenen Fragen in dieser Sitzung: nichts wieder zu öffnen.",
		reopenWhich: "Welche Fragen noch einmal stellen?",
		nothingReopened: "Nichts wieder geöffnet.",
		notAnswered: (path) => `Nicht beantwortet; ${path} bleibt, wie es ist.`,
		forClient: (client) =>
			`von ${client} über pi-ask-anywhere mcp gestellt, das auf die Antworten wartet: Hier beantwortet, gehen sie an ${client}, nicht an das Modell dieses pi`,
		clientGone: (client) =>
			`von ${client} über pi-ask-anywhere mcp gestellt, das nicht mehr auf die Antworten wartet: Hier beantwortet sie nichts (/questions clear entfernt sie)`,
	},
	layout: {
		chooseAny: " (beliebig viele wählbar)",
		ownAnswer: "oder eine eigene Antwort",
		answer: (json) => `Antwort: ${json}`,
	},
	claim: {
		heldBy: (pid, host) => `in einem anderen pi offen (PID ${pid} auf ${host})`,
		answerThere: (claim) => `Die Fragen sind ${claim}; beantworte sie dort`,
		heldByMcp: (pid, host) => `von pi-ask-anywhere mcp gehalten (PID ${pid} auf ${host})`,
	},
	trust: {
		noSessionFile: "sie nennt keine Sitzungsdatei (mit --no-session, von Hand oder anderswo geschrieben)",
		outsideSessionFolders: "die genannte Sitzungsdatei liegt nicht dort, wo dein pi Sitzungen ablegt",
		sessionMissing: "die genannte Sitzungsdatei existiert nicht oder ist nicht lesbar",
		otherSession: "die genannte Sitzungsdatei gehört zu einer anderen Sitzung",
		noAskCall: "die genannte Sitzung hat diesen ask_user-Aufruf nie gemacht",
		questionsDiffer: "ihre Fragen sind nicht die, die in der genannten Sitzung gestellt wurden",
		taskDiffers: "ihre Aufgabe ist nichts, was du in der genannten Sitzung geschrieben hast",
		settled:
			"enthält bereits erledigte Fragen (ihre Antworten wurden zugestellt oder sie wurden gelöscht), daher wird nichts erneut gesendet",
		elsewhere: (folder) =>
			`enthält Fragen, die dein pi in ${folder} gestellt hat, nicht in diesem Projekt (eine Kopie jenes Projekts?)`,
		originSession: (id, file) => `Sitzung: ${id} (${file})`,
		originNoSessionFile: (id) => `Sitzung: ${id} (keine Sitzungsdatei)`,
		originSaved: (timestamp) => `gespeichert: ${timestamp}`,
		originTask: (task) => `ihre Aufgabe: ${task}`,
		answerAnyway: "Ihre Fragen beantworten (ihre Aufgabe wird nicht an das Modell gesendet)",
		leave: "Liegen lassen",
	},
	refused: {
		ignoredWrittenByTool: (file) =>
			`Die Antworten, die schon in ${file} standen, wurden nicht verwendet: Ein Tool-Aufruf hat sie geschrieben, während pi lief, nicht du`,
		ignoredNotThisPi: (file, reason) =>
			`Die Antworten, die schon in ${file} standen, wurden nicht verwendet: Die Datei wurde nicht von deinem pi geschrieben (${reason})`,
		notThisPi: (path, reason) => `${path} wurde nicht von deinem pi geschrieben (${reason})`,
		settled: (path, reason) => `${path} ${reason}. Mit /questions clear entfernen`,
		elsewhere: (path, reason) =>
			`${path} ${reason}; nichts wurde gesendet. Beantworte sie in jenem Ordner oder in pi mit /questions answer, das zuerst zeigt, woher sie stammt`,
		askerGone: (path, client) =>
			`${path} enthält Fragen, die ${client} über pi-ask-anywhere mcp gestellt hat, und kein pi-ask-anywhere mcp wartet jetzt auf ihre Antworten: Nichts wurde gesendet oder geschrieben (/questions clear entfernt sie)`,
		held: (source, claim) =>
			`${source}: Die Fragen sind ${claim}; beantworte sie dort oder hier, sobald es beendet ist. Nichts wurde gesendet`,
	},
	notices: {
		notDelivered: (message) => `Die Antworten konnten nicht zugestellt werden: ${message}`,
		notSaved: (message) => `pi-ask-anywhere: Die Fragen konnten nicht gespeichert werden: ${message}`,
		answered: (questions) => `--answers hat ${questions} beantwortet`,
		answeredFrom: (questions, path) => `--answers hat ${questions} aus ${path} beantwortet`,
		noAnswerToAny: "--answers beantwortet keine der offenen Fragen",
		answeredNothing: (why) => `--answers hat nichts beantwortet: ${why}`,
		unknownStop: (path, reason) =>
			`--answers: ${path} enthält offene Fragen, die nicht vom pi dieses Benutzers geschrieben wurden (${reason}), daher beantwortet --answers sie nicht. Um sie bewusst zu beantworten, nenne die Datei: pi -p @${path} "deine Antworten"`,
		forFile: (message, path) => `${message} (für ${path})`,
		noAnswerForFile: (path) => `--answers beantwortet keine der Fragen in ${path}`,
		noneInSession:
			"--answers: Diese Sitzung hat keine offenen Fragen zu beantworten (siehe /questions); nichts wurde gesendet",
		noneAnywhere: "--answers: Es gibt keine offenen Fragen zu beantworten und keinen Prompt, der welche stellen könnte",
		flagNoAnswer: "--answers beantwortet keine dieser Fragen; sie werden stattdessen gestellt",
		flagDoesNotFit: (message) => `--answers passt nicht zu diesen Fragen (${message}); sie werden stattdessen gestellt`,
		backgroundNotSaved: "Die Hintergrundfragen konnten nicht gespeichert werden; sie werden stattdessen jetzt gestellt",
		timedOut: "Keine Antwort rechtzeitig: Die Fragen bleiben offen (/questions answer).",
		answeredOnWebPage: "Auf der Webseite beantwortet.",
		answeredFromPhone: "Vom Telefon beantwortet.",
		answeredRemotely: "Aus der Ferne beantwortet.",
		answeredElsewhere:
			"Diese Fragen wurden anderswo beantwortet (ein anderes pi hat sie übernommen, während dieses angehalten war); deine Antwort wurde nicht gesendet.",
		fileNotRemoved: (path, why) =>
			`Deine Antwort wurde gesendet, aber pi-ask-anywhere konnte ${path} nicht entfernen (${why}); sie wird nicht erneut gesendet: entferne die Datei von Hand.`,
		questionsNotShown: (path, why) =>
			`die Fragen sind in ${path} gespeichert, konnten hier aber nicht angezeigt werden (${why}); sie warten dort auf deine Antworten: pi -p @${path} "deine Antworten"`,
		dismissedRemotely: "Aus der Ferne verworfen.",
		noRemoteAnswer: (kind) => `Keine Antwort aus der Ferne (${kind}); die Fragen werden stattdessen gespeichert`,
		needsUi: "Das braucht den Dialog von pi, den es mit -p nicht gibt: starte pi (ohne -p) und gib den Befehl dort ein",
		dismissPrompt: "Diese Fragen für später aufheben oder verwerfen?",
		keepForLater: "Für später aufheben (/questions answer)",
		dismiss: "Verwerfen: Der Agent erfährt, dass keine Antworten kommen",
		stillPending: "Nicht beantwortet; die Fragen bleiben offen (/questions answer).",
		reopenLater: "Nicht beantwortet; /questions reopen stellt sie erneut.",
		stepAside: (path, removeOther, removeOurs) =>
			`Ein anderes Paket beantwortet ask_user in diesem pi (${path}), daher registriert pi-ask-anywhere kein eigenes. /questions beantwortet weiterhin Fragen, die pi-ask-anywhere früher gespeichert hat. Um stattdessen pi-ask-anywhere zu nutzen: ${removeOther} (oder ${removeOurs}, um das andere zu behalten).`,
		leaveOut: (argument) => `lass -e ${argument} weg`,
		unknownExtension: "eine unbekannte Erweiterung",
		setAsideWaiting: (n) =>
			`${n === 1 ? "Eine zurückgestellte Frage wartet" : `${count(n)} zurückgestellte Fragerunden warten`} auf deine Antworten: /questions answer`,
		deliveredUnrecorded: (message) =>
			`pi-ask-anywhere: Die Antworten wurden zugestellt, konnten aber nicht als zugestellt vermerkt werden (${message}); ihre Datei mit offenen Fragen wurde entfernt, damit sie nicht erneut gesendet werden`,
		decisionNotLogged: (reason) =>
			`pi-ask-anywhere: das Entscheidungsprotokoll konnte diese Entscheidung nicht aufnehmen (${reason}); die Antwort ging trotzdem weiter`,
	},
	subagent: {
		label: "Subagent",
		noTask: "keine Aufgabe angegeben",
		inFolder: (folder) => `in ${folder}`,
		answered: (who, answers) => `Ihre Antwort an den Subagent „${who}“: ${answers}`,
		cancelled: (who) => `Sie haben die Fragen des Subagents abgebrochen („${who}“)`,
	},
	chat: {
		more: (n) => ` (+${count(n)} weitere)`,
		withNote: (answer, note) => `${answer} — Notiz: ${note}`,
		skipped: "(übersprungen)",
		noteForAll: (note) => `Notiz für alle: ${note}`,
		cancelled: "Vom Benutzer abgebrochen (/questions reopen fragt erneut)",
		timedOut: "Keine Antwort rechtzeitig",
		connectionLost: "Verbindung zum Benutzer verloren",
		interrupted: "Unterbrochen: die Fragen bleiben offen (/questions answer)",
		pending: (file) => `Offen: Die Antworten kommen in ${file}`,
		dismissed: "Ohne Antwort verworfen",
		ownWords: (answers) => `In eigenen Worten beantwortet: ${answers}`,
		givenLater: "später gegebene Antworten",
		toExpand: (key) => `(${key} zum Aufklappen)`,
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
	forAsker: {
		answeredFor: (client) => `für ${client} über pi-ask-anywhere mcp beantwortet`,
		noImages:
			"Bilder können einem MCP-Client nicht über seine Datei mit offenen Fragen übergeben werden; nichts wurde geschrieben",
		noNotes:
			"Notizen können einem MCP-Client nicht über seine Datei mit offenen Fragen übergeben werden; nichts wurde geschrieben",
		notAsked: (question) =>
			`Eine Antwort nennt eine Frage, die nicht gestellt wurde ("${question}"); nichts wurde geschrieben`,
		answeredTwice: (question) => `Zwei Antworten auf eine Frage ("${question}"); nichts wurde geschrieben`,
		noAnswer: (name) => `Keine Frage in ${name} ist beantwortet; nichts wurde geschrieben`,
		noWords: (client, command) =>
			`keine Antworten angegeben: schreib deine Antworten für ${client} hinter die Datei, z. B. ${command}`,
		noAnswerInWords: "Die Worte hinter der Datei beantworten keine der Fragen; nichts wurde geschrieben",
		gone: (name, client) => `${name} ist nicht mehr da: ${client} hat seine Antworten schon`,
		otherQuestions: (name) => `${name} enthält jetzt andere Fragen; nichts wurde geschrieben`,
		recordsElsewhere: (client, serverFolder, ownFolder) =>
			`nichts geschrieben: Das pi-ask-anywhere mcp, das für ${client} gefragt hat, nimmt Antworten, die in ${serverFolder} aufgezeichnet sind, und dieses pi zeichnet sie in ${ownFolder} auf; gib dem Server PI_CODING_AGENT_DIR=${ownFolder} in der env seines Clients (docs/mcp.md), oder antworte im Dialog des Clients oder auf der Webseite`,
		answeredAlready: (name, client) =>
			`${name} ist schon beantwortet; ${client} bekommt diese Antworten. Nichts wurde geschrieben`,
	},
	delivery: {
		answersFlag: "--answers",
		filledInto: (file) => `die in ${file} eingetragenen Antworten`,
		pendingFile: "der Datei mit offenen Fragen",
		wordsAfter: (file) => `die Worte hinter ${file}`,
		dialog: "die Antworten im Dialog",
		twoAnswers: (first, second) =>
			`Zwei verschiedene Antworten auf dieselben Fragen: ${first} und ${second}. Nichts wurde gesendet; gib nur eine davon an.`,
		delivering: (file) => `Die in ${file} eingetragenen Antworten werden zugestellt`,
	},
	inbox: {
		untrustedImage: (path) =>
			`${path} wird nicht gelesen: Bilder werden nur aus einer Datei mit offenen Fragen gelesen, die dein eigenes pi geschrieben hat`,
		imageRefused: (where, reason) => `${where}: ${reason}; nichts wurde gesendet`,
		ignoredNothingSent: (ignored, example) =>
			`${ignored}. Nichts wurde gesendet: schreib deine eigenen Antworten hinter die Datei, z. B. ${example}`,
		noWords: (example) => `keine Antworten angegeben: schreib deine Antworten hinter die Datei, z. B. ${example}`,
		onlyWords: (ignored) => `${ignored}; nur deine Worte hinter der Datei wurden gesendet`,
		oneFileAtATime:
			"Hänge jeweils nur eine Datei mit offenen Fragen an: Welche Fragen würden die Worte dahinter sonst beantworten?",
	},
	images: {
		notFile: (path) => `${path} ist keine Bilddatei`,
		unreadable: (path) => `${path} existiert nicht oder ist nicht lesbar`,
		tooLarge: (name, size, limit) => `${name} ist ${size} groß; die Grenze für ein Bild ist ${limit}`,
		notImage: (name) => `${name} ist kein PNG-, JPEG-, GIF- oder WebP-Bild`,
		unsupportedModel: "Bilder können nicht angehängt werden: Dieses Modell kann keine Bilder lesen",
		blocked: "Bilder können nicht angehängt werden: Die Einstellungen von pi sperren sie (images.blockImages)",
	},
	editedFile: {
		notJson: (path, detail) =>
			`${path} ist kein gültiges JSON (${detail}); korrigiere es oder führe /questions clear aus`,
		notAList: (path) => `${path}: "questions" muss eine Liste von Fragen mit je einem "answer" sein`,
		wrongCount: (path, found, asked) =>
			`${path}: "questions" hat ${found} Einträge, gefragt wurden aber ${asked}; fülle nur "answer" aus, füge keine Fragen hinzu und entferne keine`,
		badAnswer: (path, index) =>
			`${path}: questions[${index}].answer muss Text, eine Zahl, true/false, eine Liste davon oder null sein`,
		badImages: (path, index) => `${path}: questions[${index}].images muss eine Liste von Bilddateipfaden sein`,
	},
	approval: {
		question: (tool, summary) => `${tool} erlauben: \`${summary}\`?`,
		header: "Freigabe",
		allow: "Erlauben",
		allowSession: "Für diese Sitzung erlauben",
		deny: "Ablehnen",
		noteHint: "Ablehnen, mit einer Notiz für den Agenten",
		pending: (tool, summary, file, allow) =>
			`\`${tool} ${summary}\` braucht deine Freigabe und lief nicht. Zum Erlauben: tippe auf dem Telefon auf ${allow}, antworte auf der Webseite oder mit /questions in pi, oder setze "answer": "${allow}" in ${file}; dann \`pi -p -c\`: der Aufruf läuft einmal, wenn der Agent ihn erneut macht.`,
	},
	log: {
		time: "Zeit",
		project: "Projekt",
		by: "von",
		question: "Frage",
		answer: "Antwort",
		none: "Keine Entscheidungen verzeichnet.",
	},
	push: {
		subagent: (project, task) => `${project} (Subagent: ${task})`,
		questions: (n) => `${n} Fragen`,
		oneWaiting: (who) => `In ${who} wartet eine Frage.`,
		manyWaiting: (n, who) => `In ${who} warten ${n} Fragen.`,
		chooseAny: "(beliebig viele)",
		open: "Öffnen",
		tapOpen: "Tippe auf Öffnen, um auf der Webseite zu antworten.",
		answerInFile: (who) =>
			`Zum Antworten führe pi -c in ${who} aus, oder starte dort pi-ask-anywhere web und antworte auf der Seite.`,
		answerInTerminal: (who) =>
			`Zum Antworten geh zurück zu pis Terminal in ${who}, oder starte dort pi-ask-anywhere web und antworte auf der Seite.`,
		tapHere: (open) =>
			`Tippe auf eine Antwort, um von hier zu antworten.${open ? " Öffnen zeigt die Frage auf der Webseite." : ""}`,
		tapFirst: (others, open, who) =>
			`Tippe auf eine Antwort, um die erste Frage von hier zu beantworten (${others === 1 ? "die andere Frage bleibt" : `die anderen ${others} bleiben`} unbeantwortet), oder ${open ? "beantworte mit Öffnen alle auf der Webseite" : `beantworte alle in pi in ${who}`}.`,
		ended: {
			terminal: "Im Terminal beantwortet.",
			web: "Auf der Webseite beantwortet.",
			phone: "Auf deinem Handy beantwortet.",
			elsewhere: "Anderswo beantwortet.",
			closed: "Wartet nicht mehr: pi fragt nicht mehr.",
		},
	},
};
