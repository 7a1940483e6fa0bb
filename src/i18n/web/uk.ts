/** The web page's text in Ukrainian (see en.ts). */
import type { WebStrings } from "./en.js";

export const uk: WebStrings = {
	"page.connecting": "Підключення…",
	"page.live": "На зв’язку",
	"page.reconnecting": "Повторне підключення…",
	"page.signedOut": "Ви вийшли",
	"page.restarted": "pi-ask-anywhere web перезапущено: відкрийте нову адресу, яку він вивів.",
	"page.liveTitle": "Чекають на вашу відповідь",
	"page.liveEmpty": "Запитань, що чекають на відповідь, немає. Вони з’являться тут, щойно pi запитає.",
	"page.pendingTitle": "Відкладені в цій теці",
	"page.pendingEmpty": "У цій теці немає відкладених запитань.",
	"page.titleAsking": "({count}) pi ставить запитання",

	"card.asks": "Запитує {who}",
	"card.justNow": "щойно",
	"card.details": "Подробиці",
	"card.detailFolder": "тека: {folder}",
	"card.detailFile": "файл: {file}",
	"card.detailSession": "сесія: {session}",
	"card.detailSessionFile": "сесія: {session} ({file})",
	"card.detailNoSessionFile": "сесія: {session} (без файлу сесії)",
	"card.unknownSession": "(невідома)",
	"card.detailSaved": "збережено: {time}",
	"card.detailTask": "завдання: {task}",
	"card.pendingAnswered": "Відповідь дано. Запустіть pi -c у цій теці, щоб передати відповіді.",
	"card.untrusted": "Не від вашого власного pi: {reason}.",
	"card.untrustedTask": "завдання: {task}",
	"card.confirmUntrusted": "Я знаю, звідки цей файл; однаково записати в нього мої відповіді",

	"question.step": "{index} з {count}",
	"question.chooseAny": "можна вибрати кілька",
	"question.other": "Інше (введіть свою відповідь)",
	"question.yourAnswer": "Ваша відповідь",
	"question.note": "Примітка",
	"question.notePlaceholder": "Примітка (необов’язково)",
	"question.preview": "Попередній перегляд: {label}",

	"review.title": "Перевірте відповіді",
	"review.typed": "(введено)",
	"review.unanswered": "(без відповіді)",
	"review.note": "Примітка: {note}",
	"review.images": "Зображення: {count}",
	"review.edit": "Змінити",
	"review.editQuestion": "Змінити: {question}",
	"review.allAnswered": "Відповіді дано на всі запитання.",
	"review.someUnanswered": "Без відповіді: {count} (pi дізнається, що на них не відповіли).",
	"review.setNote": "Примітка до всіх відповідей",
	"review.setNotePlaceholder": "Необов’язково: що pi варто знати про ці відповіді",

	"action.back": "Назад",
	"action.next": "Далі",
	"action.review": "Перевірити",
	"action.submit": "Надіслати",
	"action.dismiss": "Відмовитися",
	"action.close": "Закрити",
	"action.yes": "Так",
	"action.no": "Ні",
	"action.discard": "Відкинути ваші відповіді ({count})?",

	"sent.sending": "Надсилання…",
	"sent.done": "Надіслано.",
	"sent.failed": "Не надіслано (помилка {status}).",
	"sent.noConnection": "Не надіслано: немає з’єднання з pi-ask-anywhere web.",
	"sent.answersReceived": "✓ pi отримав ваші відповіді й продовжує з ними. Тут більше нічого робити не потрібно.",
	"sent.dismissalReceived":
		"✓ pi отримав вашу відмову: модель дізнається, що ви вирішили не відповідати. Тут більше нічого робити не потрібно.",
	"sent.elsewhere":
		"Не використано: на ці запитання спершу відповіли в терміналі pi, і pi продовжує з тією відповіддю.",
	"sent.answersEnded":
		"Не використано: pi перестав чекати (сплив час або завершився його хід) до того, як надійшли ваші відповіді. Запитання, які pi зберіг на потім, з’являться в розділі «Відкладені в цій теці».",
	"sent.dismissalEnded":
		"Не використано: pi перестав чекати (сплив час або завершився його хід) до того, як надійшла ваша відмова. Запитання, які pi зберіг на потім, з’являться в розділі «Відкладені в цій теці».",
	"sent.answersLost":
		"Надіслано, але з’єднання з pi закрилося до того, як pi підтвердив отримання ваших відповідей: перевірте в pi.",
	"sent.dismissalLost":
		"Надіслано, але з’єднання з pi закрилося до того, як pi підтвердив отримання вашої відмови: перевірте в pi.",
	"sent.answersWaiting": "Надіслано. Чекаємо, поки pi підтвердить отримання ваших відповідей…",
	"sent.dismissalWaiting": "Надіслано. Чекаємо, поки pi підтвердить отримання вашої відмови…",
	"sent.noReceipt": "Надіслано. Цей агент не підтверджує отримання: перевірте в pi, що він продовжив роботу.",

	"error.gone": "На це запитання вже відповіли, або його відкликано.",
	"error.agentGone": "pi більше не під’єднаний; запитання відкликано.",
	"error.noAnswer": "Спершу дайте відповідь.",
	"error.invalid": "Відповіді не прийнято: {detail}",
	"error.pendingLive": "Не записано: pi ставить ці запитання просто зараз; відповідайте в його картці вище.",
	"error.pendingGone": "Цей відкладений файл зник або більше не читається; оновіть сторінку.",
	"error.pendingChanged": "У цьому відкладеному файлі тепер інші запитання; оновіть сторінку.",
	"error.pendingHeld": "Не записано: інший pi просто зараз ставить або передає ці запитання.",
	"error.pendingAnswered":
		"Не записано: відповідь уже дано (на іншій сторінці або в самому файлі). Запустіть pi -c, щоб передати ці відповіді.",
	"error.pendingSettled": "Не записано: на ці запитання вже відповіли.",
	"error.pendingConfirm":
		"Не записано: цей файл не від вашого власного pi. Позначте прапорець вище, щоб однаково відповісти.",
	"error.pendingTooLarge": "Завеликий для цієї сторінки: відповідайте в pi (/questions answer).",

	"image.attach": "Додати фото або зображення",
	"image.remove": "Вилучити",
	"image.removeNamed": "Вилучити {name}",
	"image.attached": "Додані зображення",
	"image.tooLarge": "{name} не додано: розмір {size}, а зображення може бути не більше {limit}.",
	"image.notImage": "{name} не додано: це не зображення PNG, JPEG, GIF чи WebP.",
	"image.unreadable": "{name} не додано: файл не вдалося прочитати.",
	"image.tooMany": "{name} не додано: до одного набору відповідей можна додати не більше {count} зображень.",
	"image.agentCannot": "Цей агент не приймає зображень: його модель їх не читає, або їх блокують налаштування pi.",
	"image.pendingOnly":
		"Зображення можна додавати лише до запитань, які pi ставить просто зараз, а не до відкладених файлів.",
};
