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
		sessionNamed: (id) => `сеанс ${id}`,
		answerWith: (path) => `ответить: pi -p @${path} "ваши ответы"`,
		printFooter: `Отвечайте на каждый командой под ним · удалить все: pi -p "/questions clear"`,
		answerHere: (path) =>
			`Для /questions answer нужен диалог pi (запустите pi и введите команду там); здесь, с -p, ответьте так: pi -p @${path} "ваши ответы"`,
		clearPrompt: (n, f) => `Удалить ${of(n, QUESTIONS)} в ${of(f, FILES)}?`,
		clearKeep: "Нет, оставить",
		clearDelete: "Да, удалить",
		kept: "Ожидающие вопросы оставлены.",
		cleared: (n) => `Удалено: ${of(n, QUESTIONS)}.`,
		leftUnreadable: (n, paths) => `Нечитаемые файлы не тронуты (${count(n)}): ${paths}`,
		leftHeld: (path, claim) => `${path} не тронут: его вопросы ${claim}`,
		nothingToReopen: "В этом сеансе нет отменённых вопросов: нечего открывать заново.",
		reopenWhich: "Какие вопросы задать снова?",
		nothingReopened: "Ничего не открыто заново.",
		notAnswered: (path) => `Без ответа; ${path} оставлен как есть.`,
		forClient: (client) =>
			`заданы ${client} через pi-ask-anywhere mcp, который ждёт ответов: ответы, данные здесь, уходят ${client}, а не модели этого pi`,
		clientGone: (client) =>
			`заданы ${client} через pi-ask-anywhere mcp, который больше не ждёт ответов: здесь на них ничто не ответит (/questions clear их удалит)`,
	},
	layout: {
		chooseAny: " (можно выбрать несколько)",
		ownAnswer: "или свой ответ",
		answer: (json) => `ответ: ${json}`,
	},
	claim: {
		heldBy: (pid, host) => `открыты в другом pi (pid ${pid} на ${host})`,
		answerThere: (claim) => `Вопросы ${claim}; отвечайте там`,
		heldByMcp: (pid, host) => `удерживаются pi-ask-anywhere mcp (pid ${pid} на ${host})`,
	},
	trust: {
		noSessionFile: "в нём не указан файл сессии (записан с --no-session, вручную или в другом месте)",
		outsideSessionFolders: "указанный в нём файл сессии лежит не там, где ваш pi хранит сессии",
		sessionMissing: "указанный в нём файл сессии не существует или не читается",
		otherSession: "указанный в нём файл сессии принадлежит другой сессии",
		noAskCall: "указанная в нём сессия никогда не делала этот вызов ask_user",
		questionsDiffer: "его вопросы — не те, что задавались в указанной сессии",
		taskDiffers: "его задача — не то, что вы писали в указанной сессии",
		settled:
			"содержит уже закрытые вопросы (ответы на них доставлены, или они удалены), поэтому повторно ничего не отправляется",
		elsewhere: (folder) =>
			`содержит вопросы, которые ваш pi задал в ${folder}, а не в этом проекте (копия того проекта?)`,
		originSession: (id, file) => `сессия: ${id} (${file})`,
		originNoSessionFile: (id) => `сессия: ${id} (без файла сессии)`,
		originSaved: (timestamp) => `сохранён: ${timestamp}`,
		originTask: (task) => `его задача: ${task}`,
		answerAnyway: "Ответить на его вопросы (его задача не отправляется модели)",
		leave: "Оставить как есть",
	},
	refused: {
		ignoredWrittenByTool: (file) =>
			`ответы, уже записанные в ${file}, не использованы: их записал вызов инструмента, пока работал pi, а не вы`,
		ignoredNotThisPi: (file, reason) =>
			`ответы, уже записанные в ${file}, не использованы: файл записан не вашим pi (${reason})`,
		notThisPi: (path, reason) => `${path} записан не вашим pi (${reason})`,
		settled: (path, reason) => `${path} ${reason}. Удалите его командой /questions clear`,
		elsewhere: (path, reason) =>
			`${path} ${reason}; ничего не отправлено. Ответьте в той папке или в pi командой /questions answer, которая сначала покажет, откуда он`,
		askerGone: (path, client) =>
			`${path} содержит вопросы, которые ${client} задал через pi-ask-anywhere mcp, но сейчас ни один pi-ask-anywhere mcp не ждёт ответов на них: ничего не отправлено и не записано (/questions clear удаляет их)`,
		held: (source, claim) =>
			`${source}: вопросы ${claim}; отвечайте там или здесь, когда он завершится. Ничего не отправлено`,
	},
	notices: {
		notDelivered: (message) => `Не удалось доставить ответы: ${message}`,
		notSaved: (message) => `pi-ask-anywhere: не удалось сохранить вопросы: ${message}`,
		answered: (questions) => `--answers ответил на ${questions}`,
		answeredFrom: (questions, path) => `--answers ответил на ${questions} из ${path}`,
		noAnswerToAny: "--answers не отвечает ни на один ожидающий вопрос",
		answeredNothing: (why) => `--answers ни на что не ответил: ${why}`,
		unknownStop: (path, reason) =>
			`--answers: ${path} содержит ожидающие вопросы, записанные не pi этого пользователя (${reason}), поэтому --answers на них не отвечает. Чтобы ответить на них намеренно, укажите файл: pi -p @${path} "ваши ответы"`,
		forFile: (message, path) => `${message} (для ${path})`,
		noAnswerForFile: (path) => `--answers не отвечает ни на один вопрос в ${path}`,
		noneInSession: "--answers: в этой сессии нет ожидающих вопросов (см. /questions); ничего не отправлено",
		noneAnywhere: "--answers: нет ожидающих вопросов и нет запроса, который мог бы их задать",
		flagNoAnswer: "--answers не отвечает ни на один из этих вопросов; вместо этого они будут заданы",
		flagDoesNotFit: (message) => `--answers не подходит к этим вопросам (${message}); вместо этого они будут заданы`,
		backgroundNotSaved: "Не удалось сохранить фоновые вопросы; вместо этого они задаются сейчас",
		timedOut: "Ответа вовремя нет: вопросы остаются ожидающими (/questions answer).",
		answeredOnWebPage: "Отвечено на веб-странице.",
		answeredFromPhone: "Отвечено с телефона.",
		answeredRemotely: "Отвечено удалённо.",
		answeredElsewhere:
			"На эти вопросы ответили в другом месте (другой pi перехватил их, пока этот был приостановлен); ваш ответ не отправлен.",
		fileNotRemoved: (path, why) =>
			`Ваш ответ отправлен, но pi-ask-anywhere не смог удалить ${path} (${why}); повторно он не отправится: удалите файл вручную.`,
		questionsNotShown: (path, why) =>
			`вопросы сохранены в ${path}, но их не удалось показать здесь (${why}); они ждут ваших ответов там: pi -p @${path} "ваши ответы"`,
		dismissedRemotely: "Отклонено удалённо.",
		noRemoteAnswer: (kind) => `Нет удалённого ответа (${kind}); вместо этого вопросы сохраняются`,
		needsUi: "Для этого нужен диалог pi, которого нет с -p: запустите pi (без -p) и введите команду там",
		dismissPrompt: "Оставить эти вопросы на потом или отклонить?",
		keepForLater: "Оставить на потом (/questions answer)",
		dismiss: "Отклонить: агенту сообщат, что ответов не будет",
		stillPending: "Без ответа; вопросы остаются ожидающими (/questions answer).",
		reopenLater: "Без ответа; /questions reopen задаст их снова.",
		stepAside: (path, removeOther, removeOurs) =>
			`В этом pi на ask_user отвечает другой пакет (${path}), поэтому pi-ask-anywhere не регистрирует свой. /questions по-прежнему отвечает на вопросы, сохранённые pi-ask-anywhere ранее. Чтобы использовать pi-ask-anywhere: ${removeOther} (или ${removeOurs}, чтобы оставить другой).`,
		leaveOut: (argument) => `уберите -e ${argument}`,
		unknownExtension: "неизвестное расширение",
		setAsideWaiting: (n) =>
			n === 1
				? "Отложенный вопрос ждёт ваших ответов: /questions answer"
				: `Отложенных наборов вопросов: ${count(n)}; они ждут ваших ответов: /questions answer`,
		deliveredUnrecorded: (message) =>
			`pi-ask-anywhere: ответы доставлены, но их не удалось отметить как доставленные (${message}); файл ожидающих вопросов удалён, чтобы они не были отправлены повторно`,
		decisionNotLogged: (reason) =>
			`pi-ask-anywhere: журнал решений не смог записать это решение (${reason}); ответ всё равно передан`,
	},
	subagent: {
		label: "Субагент",
		noTask: "задача не указана",
		inFolder: (folder) => `в ${folder}`,
		answered: (who, answers) => `Ваш ответ субагенту «${who}»: ${answers}`,
		cancelled: (who) => `Вы отменили вопросы субагента («${who}»)`,
	},
	chat: {
		more: (n) => ` (ещё ${count(n)})`,
		withNote: (answer, note) => `${answer} — заметка: ${note}`,
		skipped: "(пропущен)",
		noteForAll: (note) => `Заметка ко всем: ${note}`,
		cancelled: "Отменено пользователем (/questions reopen спросит снова)",
		timedOut: "Ответа вовремя нет",
		connectionLost: "Связь с пользователем потеряна",
		interrupted: "Прервано: вопросы остаются в ожидании (/questions answer)",
		pending: (file) => `Ожидает: ответы — в ${file}`,
		dismissed: "Отклонено без ответа",
		ownWords: (answers) => `Ответ своими словами: ${answers}`,
		givenLater: "ответы, данные позже",
		toExpand: (key) => `(${key} — развернуть)`,
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
	forAsker: {
		answeredFor: (client) => `ответы записаны для ${client} через pi-ask-anywhere mcp`,
		noImages: "изображения нельзя передать MCP-клиенту через его файл ожидающих вопросов; ничего не записано",
		noNotes: "заметки нельзя передать MCP-клиенту через его файл ожидающих вопросов; ничего не записано",
		notAsked: (question) => `ответ относится к вопросу, который не задавался ("${question}"); ничего не записано`,
		answeredTwice: (question) => `два ответа на один вопрос ("${question}"); ничего не записано`,
		noAnswer: (name) => `ни на один вопрос в ${name} нет ответа; ничего не записано`,
		noWords: (client, command) => `ответы не даны: добавьте ваши ответы для ${client} после файла, например ${command}`,
		noAnswerInWords: "слова после файла не отвечают ни на один вопрос; ничего не записано",
		gone: (name, client) => `${name} больше нет: ${client} уже получил свои ответы`,
		otherQuestions: (name) => `в ${name} теперь другие вопросы; ничего не записано`,
		recordsElsewhere: (client, serverFolder, ownFolder) =>
			`ничего не записано: pi-ask-anywhere mcp, который спросил для ${client}, принимает ответы, записанные в ${serverFolder}, а этот pi записывает их в ${ownFolder}; передайте серверу PI_CODING_AGENT_DIR=${ownFolder} в env его клиента (docs/mcp.md) или ответьте в диалоге клиента или на веб-странице`,
		answeredAlready: (name, client) => `в ${name} уже есть ответы; их получит ${client}. Ничего не записано`,
	},
	delivery: {
		answersFlag: "--answers",
		filledInto: (file) => `ответы, вписанные в ${file}`,
		pendingFile: "файл ожидающих вопросов",
		wordsAfter: (file) => `слова после ${file}`,
		dialog: "ответы в диалоге",
		twoAnswers: (first, second) =>
			`два разных ответа на одни и те же вопросы: ${first} и ${second}. Ничего не отправлено; дайте только один из них.`,
		delivering: (file) => `доставляются ответы, вписанные в ${file}`,
	},
	inbox: {
		untrustedImage: (path) =>
			`${path} не читается: изображения читаются только из файла ожидающих вопросов, который записал ваш собственный pi`,
		imageRefused: (where, reason) => `${where}: ${reason}; ничего не отправлено`,
		ignoredNothingSent: (ignored, example) =>
			`${ignored}. Ничего не отправлено: напишите свои ответы после файла, например ${example}`,
		noWords: (example) => `ответы не даны: добавьте ваши ответы после файла, например ${example}`,
		onlyWords: (ignored) => `${ignored}; отправлены только ваши слова после файла`,
		oneFileAtATime:
			"прикрепляйте только один файл ожидающих вопросов за раз: на какие вопросы иначе отвечали бы слова после них?",
	},
	images: {
		notFile: (path) => `${path} не является файлом изображения`,
		unreadable: (path) => `${path} не существует или не читается`,
		tooLarge: (name, size, limit) => `${name} занимает ${size}; предел для изображения — ${limit}`,
		notImage: (name) => `${name} не является изображением PNG, JPEG, GIF или WebP`,
		unsupportedModel: "изображения нельзя прикрепить: эта модель не читает изображения",
		blocked: "изображения нельзя прикрепить: они запрещены в настройках pi (images.blockImages)",
	},
	editedFile: {
		notJson: (path, detail) => `${path} — некорректный JSON (${detail}); исправьте его или выполните /questions clear`,
		notAList: (path) => `${path}: "questions" должен быть списком вопросов, у каждого из которых есть "answer"`,
		wrongCount: (path, found, asked) =>
			`${path}: в "questions" ${found} записей, а задано вопросов: ${asked}; заполняйте только "answer", не добавляйте и не удаляйте вопросы`,
		badAnswer: (path, index) =>
			`${path}: questions[${index}].answer должен быть текстом, числом, true/false, списком из них или null`,
		badImages: (path, index) => `${path}: questions[${index}].images должен быть списком путей к файлам изображений`,
	},
	approval: {
		question: (tool, summary) => `Разрешить ${tool}: \`${summary}\`?`,
		header: "Подтверждение",
		allow: "Разрешить",
		allowSession: "Разрешить в этой сессии",
		deny: "Запретить",
		noteHint: "Запретить, с заметкой для агента",
		pending: (tool, summary, file, allow) =>
			`\`${tool} ${summary}\` ждёт вашего подтверждения и не выполнен. Чтобы разрешить: нажмите ${allow} на телефоне, ответьте на веб-странице или через /questions в pi, или укажите "answer": "${allow}" в ${file}; затем \`pi -p -c\`: вызов выполнится один раз, когда агент повторит его.`,
	},
	log: {
		time: "время",
		project: "проект",
		by: "где",
		question: "вопрос",
		answer: "ответ",
		none: "Решений не записано.",
	},
	push: {
		subagent: (project, task) => `${project} (субагент: ${task})`,
		questions: (n) => `Вопросов: ${n}`,
		oneWaiting: (who) => `В ${who} ждёт вопрос.`,
		manyWaiting: (n, who) => `В ${who} ждут вопросы: ${n}.`,
		chooseAny: "(можно несколько)",
		open: "Открыть",
		tapOpen: "Нажмите «Открыть», чтобы ответить на веб-странице.",
		answerInFile: (who) =>
			`Чтобы ответить, запустите pi -c в ${who} или запустите там pi-ask-anywhere web и ответьте на странице.`,
		answerInTerminal: (who) =>
			`Чтобы ответить, вернитесь в терминал pi в ${who} или запустите там pi-ask-anywhere web и ответьте на странице.`,
		tapHere: (open) =>
			`Нажмите ответ, чтобы ответить отсюда.${open ? " «Открыть» покажет вопрос на веб-странице." : ""}`,
		tapFirst: (others, open, who) =>
			`Нажмите ответ, чтобы ответить отсюда на первый вопрос (${others === 1 ? "другой вопрос останется" : `другие вопросы (${others}) останутся`} без ответа), или ${open ? "ответьте на все на веб-странице через «Открыть»" : `ответьте на все в pi в ${who}`}.`,
		ended: {
			terminal: "Отвечено в терминале.",
			web: "Отвечено на веб-странице.",
			phone: "Отвечено с вашего телефона.",
			elsewhere: "Отвечено в другом месте.",
			closed: "Больше не ждёт: pi перестал спрашивать.",
		},
	},
};
