/** The words outside the dialog in Ukrainian. */
import { type PluralForms, plurals } from "../plural.js";
import type { CliStrings } from "./types.js";

const { count, form } = plurals("uk");
const of = (n: number, forms: PluralForms) => `${count(n)} ${form(n, forms)}`;
const QUESTIONS = {
	one: "відкрите питання",
	few: "відкриті питання",
	many: "відкритих питань",
	other: "відкритого питання",
};
const FILES = { one: "файлі", few: "файлах", many: "файлах", other: "файла" };

export const uk: CliStrings = {
	relativeTime: { locale: "uk", unknown: "у невідомий час", future: "у майбутньому" },
	questions: {
		description: "Показати, відповісти або видалити відкриті питання ask_user",
		usage: "Використання: /questions [list | json | answer | reopen | clear]",
		none: "Немає відкритих питань.",
		cannotRead: (path, message) => `${path}: не читається — ${message}`,
		thisSession: "цей сеанс",
		anotherSession: "інший сеанс",
		answerThere: (claim) => `${claim}: відповідайте там`,
		listHeader: (cwd) => `Відкриті питання в ${cwd}, спершу нові:`,
		older: (n) =>
			`…і ще ${of(n, { one: "старіший запит", few: "старіші запити", many: "старіших запитів", other: "старішого запиту" })}: /questions json покаже всі.`,
		listFooter: "Відповісти: /questions answer · видалити: /questions clear",
		sessionNamed: (id) => `сеанс ${id}`,
		answerWith: (path) => `відповісти: pi -p @${path} "ваші відповіді"`,
		printFooter: `Відповідайте на кожне командою під ним · видалити всі: pi -p "/questions clear"`,
		answerHere: (path) =>
			`Для /questions answer потрібен діалог pi (запустіть pi і введіть команду там); тут, з -p, відповідайте так: pi -p @${path} "ваші відповіді"`,
		clearPrompt: (n, f) => `Видалити ${of(n, QUESTIONS)} у ${of(f, FILES)}?`,
		clearKeep: "Ні, залишити",
		clearDelete: "Так, видалити",
		kept: "Відкриті питання залишено.",
		cleared: (n) => `Видалено: ${of(n, QUESTIONS)}.`,
		leftUnreadable: (n, paths) => `Файли, які не читаються, не змінено (${count(n)}): ${paths}`,
		leftHeld: (path, claim) => `${path} не змінено: його питання ${claim}`,
		nothingToReopen: "У цьому сеансі немає скасованих питань: нічого відкривати знову.",
		reopenWhich: "Які питання поставити знову?",
		nothingReopened: "Нічого не відкрито знову.",
		notAnswered: (path) => `Без відповіді; ${path} залишено як є.`,
		forClient: (client) =>
			`поставлені ${client} через pi-ask-anywhere mcp, який чекає на відповіді: відповіді, дані тут, ідуть до ${client}, а не до моделі цього pi`,
		clientGone: (client) =>
			`поставлені ${client} через pi-ask-anywhere mcp, який більше не чекає на відповіді: тут на них ніщо не відповість (/questions clear їх видалить)`,
	},
	layout: {
		chooseAny: " (можна вибрати кілька)",
		ownAnswer: "або своя відповідь",
		answer: (json) => `відповідь: ${json}`,
	},
	claim: {
		heldBy: (pid, host) => `відкриті в іншому pi (pid ${pid} на ${host})`,
		answerThere: (claim) => `Питання ${claim}; відповідайте там`,
		heldByMcp: (pid, host) => `утримуються pi-ask-anywhere mcp (pid ${pid} на ${host})`,
	},
	trust: {
		noSessionFile: "у ньому не вказано файл сесії (записаний з --no-session, вручну або деінде)",
		outsideSessionFolders: "вказаний у ньому файл сесії лежить не там, де ваш pi зберігає сесії",
		sessionMissing: "вказаний у ньому файл сесії не існує або не читається",
		otherSession: "вказаний у ньому файл сесії належить іншій сесії",
		noAskCall: "вказана в ньому сесія ніколи не робила цей виклик ask_user",
		questionsDiffer: "його питання — не ті, що ставилися у вказаній сесії",
		taskDiffers: "його завдання — не те, що ви писали у вказаній сесії",
		settled:
			"містить уже закриті питання (відповіді на них доставлено, або їх видалено), тому повторно нічого не надсилається",
		elsewhere: (folder) =>
			`містить питання, які ваш pi поставив у ${folder}, а не в цьому проєкті (копія того проєкту?)`,
		originSession: (id, file) => `сесія: ${id} (${file})`,
		originNoSessionFile: (id) => `сесія: ${id} (без файлу сесії)`,
		originSaved: (timestamp) => `збережено: ${timestamp}`,
		originTask: (task) => `його завдання: ${task}`,
		answerAnyway: "Відповісти на його питання (його завдання не надсилається моделі)",
		leave: "Залишити як є",
	},
	refused: {
		ignoredWrittenByTool: (file) =>
			`відповіді, що вже були в ${file}, не використано: їх записав виклик інструмента, поки працював pi, а не ви`,
		ignoredNotThisPi: (file, reason) =>
			`відповіді, що вже були в ${file}, не використано: файл записав не ваш pi (${reason})`,
		notThisPi: (path, reason) => `${path} записаний не вашим pi (${reason})`,
		settled: (path, reason) => `${path} ${reason}. Видаліть його командою /questions clear`,
		elsewhere: (path, reason) =>
			`${path} ${reason}; нічого не надіслано. Відповідайте в тій папці або в pi командою /questions answer, яка спершу покаже, звідки він`,
		askerGone: (path, client) =>
			`${path} містить питання, які ${client} поставив через pi-ask-anywhere mcp, але зараз жоден pi-ask-anywhere mcp не чекає на відповіді: нічого не надіслано й не записано (/questions clear видаляє їх)`,
		held: (source, claim) =>
			`${source}: питання ${claim}; відповідайте там або тут, коли він завершиться. Нічого не надіслано`,
	},
	notices: {
		notDelivered: (message) => `Не вдалося доставити відповіді: ${message}`,
		notSaved: (message) => `pi-ask-anywhere: не вдалося зберегти питання: ${message}`,
		answered: (questions) => `--answers відповів на ${questions}`,
		answeredFrom: (questions, path) => `--answers відповів на ${questions} з ${path}`,
		noAnswerToAny: "--answers не відповідає на жодне відкрите питання",
		answeredNothing: (why) => `--answers ні на що не відповів: ${why}`,
		unknownStop: (path, reason) =>
			`--answers: ${path} містить відкриті питання, записані не pi цього користувача (${reason}), тому --answers на них не відповідає. Щоб відповісти на них свідомо, вкажіть файл: pi -p @${path} "ваші відповіді"`,
		forFile: (message, path) => `${message} (для ${path})`,
		noAnswerForFile: (path) => `--answers не відповідає на жодне питання в ${path}`,
		noneInSession: "--answers: у цій сесії немає відкритих питань (див. /questions); нічого не надіслано",
		noneAnywhere: "--answers: немає відкритих питань і немає запиту, який міг би їх поставити",
		flagNoAnswer: "--answers не відповідає на жодне з цих питань; натомість їх буде поставлено",
		flagDoesNotFit: (message) => `--answers не підходить до цих питань (${message}); натомість їх буде поставлено`,
		backgroundNotSaved: "Не вдалося зберегти фонові питання; натомість їх ставлять зараз",
		timedOut: "Відповіді вчасно немає: питання лишаються відкритими (/questions answer).",
		answeredOnWebPage: "Відповідь надано на вебсторінці.",
		answeredFromPhone: "Відповідь надано з телефона.",
		answeredRemotely: "Відповідь надано віддалено.",
		answeredElsewhere:
			"На ці запитання відповіли деінде (інший pi перехопив їх, поки цей був призупинений); вашу відповідь не надіслано.",
		fileNotRemoved: (path, why) =>
			`Вашу відповідь надіслано, але pi-ask-anywhere не зміг видалити ${path} (${why}); повторно її не буде надіслано: видаліть файл вручну.`,
		questionsNotShown: (path, why) =>
			`питання збережено в ${path}, але їх не вдалося показати тут (${why}); вони чекають ваших відповідей там: pi -p @${path} "ваші відповіді"`,
		dismissedRemotely: "Відхилено віддалено.",
		noRemoteAnswer: (kind) => `Немає віддаленої відповіді (${kind}); натомість питання зберігаються`,
		needsUi: "Для цього потрібен діалог pi, якого немає з -p: запустіть pi (без -p) і введіть команду там",
		dismissPrompt: "Залишити ці питання на потім чи відхилити?",
		keepForLater: "Залишити на потім (/questions answer)",
		dismiss: "Відхилити: агентові повідомлять, що відповідей не буде",
		stillPending: "Без відповіді; питання лишаються відкритими (/questions answer).",
		reopenLater: "Без відповіді; /questions reopen поставить їх знову.",
		stepAside: (path, removeOther, removeOurs) =>
			`У цьому pi на ask_user відповідає інший пакет (${path}), тому pi-ask-anywhere не реєструє свій. /questions і далі відповідає на питання, збережені pi-ask-anywhere раніше. Щоб використовувати pi-ask-anywhere: ${removeOther} (або ${removeOurs}, щоб залишити інший).`,
		leaveOut: (argument) => `приберіть -e ${argument}`,
		unknownExtension: "невідоме розширення",
		setAsideWaiting: (n) =>
			n === 1
				? "Відкладене питання чекає на ваші відповіді: /questions answer"
				: `Відкладених наборів питань: ${count(n)}; вони чекають на ваші відповіді: /questions answer`,
		deliveredUnrecorded: (message) =>
			`pi-ask-anywhere: відповіді доставлено, але не вдалося позначити їх як доставлені (${message}); файл очікуваних питань видалено, щоб їх не надіслали вдруге`,
		decisionNotLogged: (reason) =>
			`pi-ask-anywhere: журнал рішень не зміг записати це рішення (${reason}); відповідь усе одно передано`,
	},
	subagent: {
		label: "Субагент",
		noTask: "завдання не вказано",
		inFolder: (folder) => `у ${folder}`,
		answered: (who, answers) => `Ваша відповідь субагенту «${who}»: ${answers}`,
		cancelled: (who) => `Ви скасували запитання субагента («${who}»)`,
	},
	chat: {
		more: (n) => ` (ще ${count(n)})`,
		withNote: (answer, note) => `${answer} — нотатка: ${note}`,
		skipped: "(пропущено)",
		noteForAll: (note) => `Нотатка до всіх: ${note}`,
		cancelled: "Скасовано користувачем (/questions reopen запитає знову)",
		timedOut: "Відповіді вчасно немає",
		connectionLost: "Зв'язок із користувачем втрачено",
		interrupted: "Перервано: питання залишаються в очікуванні (/questions answer)",
		pending: (file) => `Очікує: відповіді — у ${file}`,
		dismissed: "Відхилено без відповіді",
		ownWords: (answers) => `Відповідь своїми словами: ${answers}`,
		givenLater: "відповіді, дані пізніше",
		toExpand: (key) => `(${key} — розгорнути)`,
	},
	print: {
		hasQuestions: "Агент має до вас питання:",
		instructions: (path, quoted, example) => `Питання чекають на відповідь. Потрібне ваше введення.

Щоб відповісти, запустіть знову:
  pi -p @${quoted} "ваші відповіді"

Або відредагуйте JSON-файл і запустіть:
  pi -c

Або дайте відповідь просто в команді:
  pi -p -c --answers=${example}

Питання збережено в: ${path}`,
		notSaved: (reason, questions) => `Агент має до вас питання, але їх не вдалося зберегти: ${reason}

${questions}

Відповідей немає, і запуск на цьому завершується. Усуньте проблему й запустіть pi -c, щоб повернутися до цих питань.
`,
	},
	forAsker: {
		answeredFor: (client) => `відповіді записано для ${client} через pi-ask-anywhere mcp`,
		noImages: "зображення не можна передати MCP-клієнту через його файл відкритих питань; нічого не записано",
		noNotes: "нотатки не можна передати MCP-клієнту через його файл відкритих питань; нічого не записано",
		notAsked: (question) => `відповідь стосується питання, якого не ставили ("${question}"); нічого не записано`,
		answeredTwice: (question) => `дві відповіді на одне питання ("${question}"); нічого не записано`,
		noAnswer: (name) => `на жодне питання в ${name} немає відповіді; нічого не записано`,
		noWords: (client, command) =>
			`відповідей не дано: додайте ваші відповіді для ${client} після файлу, наприклад ${command}`,
		noAnswerInWords: "слова після файлу не відповідають на жодне питання; нічого не записано",
		gone: (name, client) => `${name} більше немає: ${client} уже має свої відповіді`,
		otherQuestions: (name) => `у ${name} тепер інші питання; нічого не записано`,
		recordsElsewhere: (client, serverFolder, ownFolder) =>
			`нічого не записано: pi-ask-anywhere mcp, який запитав для ${client}, приймає відповіді, записані в ${serverFolder}, а цей pi записує їх у ${ownFolder}; передайте серверу PI_CODING_AGENT_DIR=${ownFolder} в env його клієнта (docs/mcp.md) або відповідайте в діалозі клієнта чи на вебсторінці`,
		answeredAlready: (name, client) => `у ${name} уже є відповіді; їх отримає ${client}. Нічого не записано`,
	},
	delivery: {
		answersFlag: "--answers",
		filledInto: (file) => `відповіді, вписані в ${file}`,
		pendingFile: "файл відкритих питань",
		wordsAfter: (file) => `слова після ${file}`,
		dialog: "відповіді в діалозі",
		twoAnswers: (first, second) =>
			`дві різні відповіді на ті самі питання: ${first} і ${second}. Нічого не надіслано; дайте лише одну з них.`,
		delivering: (file) => `доставляються відповіді, вписані в ${file}`,
	},
	inbox: {
		untrustedImage: (path) =>
			`${path} не читається: зображення читаються лише з файлу відкритих питань, який записав ваш власний pi`,
		imageRefused: (where, reason) => `${where}: ${reason}; нічого не надіслано`,
		ignoredNothingSent: (ignored, example) =>
			`${ignored}. Нічого не надіслано: напишіть власні відповіді після файлу, наприклад ${example}`,
		noWords: (example) => `відповідей не дано: додайте ваші відповіді після файлу, наприклад ${example}`,
		onlyWords: (ignored) => `${ignored}; надіслано лише ваші слова після файлу`,
		oneFileAtATime:
			"додавайте лише один файл відкритих питань за раз: на які питання інакше відповідали б слова після них?",
	},
	images: {
		notFile: (path) => `${path} не є файлом зображення`,
		unreadable: (path) => `${path} не існує або не читається`,
		tooLarge: (name, size, limit) => `${name} має розмір ${size}; межа для зображення — ${limit}`,
		notImage: (name) => `${name} не є зображенням PNG, JPEG, GIF чи WebP`,
		unsupportedModel: "зображення не можна додати: ця модель не читає зображень",
		blocked: "зображення не можна додати: вони заборонені в налаштуваннях pi (images.blockImages)",
	},
	editedFile: {
		notJson: (path, detail) => `${path} — некоректний JSON (${detail}); виправте його або виконайте /questions clear`,
		notAList: (path) => `${path}: "questions" має бути списком питань, у кожного з яких є "answer"`,
		wrongCount: (path, found, asked) =>
			`${path}: у "questions" ${found} записів, а поставлено питань: ${asked}; заповнюйте лише "answer", не додавайте й не видаляйте питання`,
		badAnswer: (path, index) =>
			`${path}: questions[${index}].answer має бути текстом, числом, true/false, списком із них або null`,
		badImages: (path, index) => `${path}: questions[${index}].images має бути списком шляхів до файлів зображень`,
	},
	approval: {
		question: (tool, summary) => `Дозволити ${tool}: \`${summary}\`?`,
		header: "Підтвердження",
		allow: "Дозволити",
		allowSession: "Дозволити в цій сесії",
		deny: "Заборонити",
		noteHint: "Заборонити, з приміткою для агента",
		pending: (tool, summary, file, allow) =>
			`\`${tool} ${summary}\` чекає на ваше підтвердження і не виконаний. Щоб дозволити: натисніть ${allow} на телефоні, дайте відповідь на вебсторінці або через /questions у pi, або вкажіть "answer": "${allow}" у ${file}; потім \`pi -p -c\`: виклик виконається один раз, коли агент повторить його.`,
	},
	log: {
		time: "час",
		project: "проєкт",
		by: "де",
		question: "питання",
		answer: "відповідь",
		none: "Рішень не записано.",
	},
	push: {
		subagent: (project, task) => `${project} (субагент: ${task})`,
		questions: (n) => `Питань: ${n}`,
		oneWaiting: (who) => `У ${who} чекає питання.`,
		manyWaiting: (n, who) => `У ${who} чекають питання: ${n}.`,
		chooseAny: "(можна кілька)",
		open: "Відкрити",
		tapOpen: "Натисніть «Відкрити», щоб відповісти на вебсторінці.",
		answerInFile: (who) =>
			`Щоб відповісти, запустіть pi -c у ${who} або запустіть там pi-ask-anywhere web і відповідайте на сторінці.`,
		answerInTerminal: (who) =>
			`Щоб відповісти, поверніться до термінала pi у ${who} або запустіть там pi-ask-anywhere web і відповідайте на сторінці.`,
		tapHere: (open) =>
			`Натисніть відповідь, щоб відповісти звідси.${open ? " «Відкрити» покаже питання на вебсторінці." : ""}`,
		tapFirst: (others, open, who) =>
			`Натисніть відповідь, щоб відповісти звідси на перше питання (${others === 1 ? "інше питання залишиться" : `інші питання (${others}) залишаться`} без відповіді), або ${open ? "дайте відповідь на всі на вебсторінці через «Відкрити»" : `дайте відповідь на всі в pi у ${who}`}.`,
		ended: {
			terminal: "Відповідь дано в терміналі.",
			web: "Відповідь дано на вебсторінці.",
			phone: "Відповідь дано з вашого телефона.",
			elsewhere: "Відповідь дано деінде.",
			closed: "Більше не чекає: pi перестав питати.",
		},
	},
};
