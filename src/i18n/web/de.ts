/** The web page's text in German (see en.ts). */
import type { WebStrings } from "./en.js";

export const de: WebStrings = {
	"page.connecting": "Verbinde…",
	"page.live": "Live",
	"page.reconnecting": "Verbinde erneut…",
	"page.signedOut": "Abgemeldet",
	"page.restarted": "pi-ask-anywhere web wurde neu gestartet: Öffne die neue Adresse, die es ausgegeben hat.",
	"page.unauthorized":
		"Öffne diese Seite mit der Adresse, die pi-ask-anywhere web ausgegeben hat: Sie enthält das Token.",
	"page.addressSpent":
		"Diese Adresse wurde schon benutzt oder ist abgelaufen: Jede Adresse meldet einen Browser an, innerhalb von 10 Minuten. Öffne die neueste Adresse, die pi-ask-anywhere web ausgegeben hat.",
	"page.signOutEverywhere": "Alle Browser abmelden",
	"page.signOutConfirm": "Alle Browser abmelden, auch diesen? pi-ask-anywhere web gibt dann eine neue Adresse aus.",
	"page.signedOutEverywhere":
		"Alle Browser wurden abgemeldet: Öffne die neue Adresse, die pi-ask-anywhere web ausgegeben hat.",
	"page.liveTitle": "Wartet auf dich",
	"page.liveEmpty": "Gerade wartet keine Frage. Fragen erscheinen hier, sobald pi fragt.",
	"page.pendingTitle": "Offen in diesem Ordner",
	"page.pendingEmpty": "Keine offenen Fragen in diesem Ordner.",
	"page.more": "Mehr zeigen ({count} nicht gezeigt)",
	"page.titleAsking": "({count}) pi fragt",

	"card.asks": "{who} fragt",
	"card.justNow": "gerade eben",
	"card.details": "Details",
	"card.detailFolder": "Ordner: {folder}",
	"card.detailFile": "Datei: {file}",
	"card.detailSession": "Sitzung: {session}",
	"card.detailSessionFile": "Sitzung: {session} ({file})",
	"card.detailNoSessionFile": "Sitzung: {session} (keine Sitzungsdatei)",
	"card.unknownSession": "(unbekannt)",
	"card.detailSaved": "gespeichert: {time}",
	"card.detailTask": "Aufgabe: {task}",
	"card.pendingAnswered": "Beantwortet. Führe pi -c in diesem Ordner aus, um die Antworten zu übergeben.",
	"card.untrusted": "Nicht von deinem eigenen pi: {reason}.",
	"card.untrustedTask": "Aufgabe: {task}",
	"card.confirmUntrusted": "Ich weiß, woher diese Datei stammt; meine Antworten trotzdem hineinschreiben",

	"question.step": "{index} von {count}",
	"question.chooseAny": "Mehrfachauswahl",
	"question.other": "Andere (eigene Antwort eingeben)",
	"question.yourAnswer": "Deine Antwort",
	"question.note": "Notiz",
	"question.notePlaceholder": "Notiz (optional)",
	"question.preview": "Vorschau: {label}",

	"review.title": "Antworten prüfen",
	"review.typed": "(eingegeben)",
	"review.unanswered": "(unbeantwortet)",
	"review.note": "Notiz: {note}",
	"review.images": "Bilder: {count}",
	"review.edit": "Ändern",
	"review.editQuestion": "{question} ändern",
	"review.allAnswered": "Alle Fragen beantwortet.",
	"review.someUnanswered": "Unbeantwortet: {count} (pi erfährt, dass sie offen blieben).",
	"review.setNote": "Notiz zu allen Antworten",
	"review.setNotePlaceholder": "Optional: alles, was pi zu diesen Antworten wissen sollte",

	"action.back": "Zurück",
	"action.next": "Weiter",
	"action.review": "Prüfen",
	"action.submit": "Absenden",
	"action.dismiss": "Ablehnen",
	"action.close": "Schließen",
	"action.yes": "Ja",
	"action.no": "Nein",
	"action.discard": "Deine Antworten ({count}) verwerfen?",
	"action.discardOne": "Deine Antwort verwerfen?",

	"sent.sending": "Wird gesendet…",
	"sent.done": "Gesendet.",
	"sent.failed": "Nicht gesendet (Fehler {status}).",
	"sent.noConnection": "Nicht gesendet: keine Verbindung zu pi-ask-anywhere web.",
	"sent.answersReceived": "✓ pi hat deine Antworten erhalten und macht damit weiter. Hier ist nichts mehr zu tun.",
	"sent.dismissalReceived":
		"✓ pi hat deine Ablehnung erhalten: Das Modell erfährt, dass du nicht antworten wolltest. Hier ist nichts mehr zu tun.",
	"sent.elsewhere":
		"Nicht verwendet: Diese Fragen wurden zuerst in pis Terminal beantwortet, und pi macht mit dieser Antwort weiter.",
	"sent.answersEnded":
		"Nicht verwendet: pi hat nicht mehr gewartet (ein Zeitlimit, oder sein Zug war zu Ende), bevor deine Antworten ankamen. Fragen, die pi für später gespeichert hat, stehen unter „Offen in diesem Ordner“.",
	"sent.dismissalEnded":
		"Nicht verwendet: pi hat nicht mehr gewartet (ein Zeitlimit, oder sein Zug war zu Ende), bevor deine Ablehnung ankam. Fragen, die pi für später gespeichert hat, stehen unter „Offen in diesem Ordner“.",
	"sent.answersLost":
		"Gesendet, aber die Verbindung zu pi brach ab, bevor pi den Empfang deiner Antworten bestätigt hat: Sieh in pi nach.",
	"sent.dismissalLost":
		"Gesendet, aber die Verbindung zu pi brach ab, bevor pi den Empfang deiner Ablehnung bestätigt hat: Sieh in pi nach.",
	"sent.answersWaiting": "Gesendet. Warte darauf, dass pi den Empfang deiner Antworten bestätigt…",
	"sent.dismissalWaiting": "Gesendet. Warte darauf, dass pi den Empfang deiner Ablehnung bestätigt…",
	"sent.noReceipt":
		"Gesendet. Dieser Agent bestätigt nicht, was er erhalten hat: Sieh in pi nach, ob es weitergegangen ist.",

	"error.gone": "Diese Frage wurde bereits beantwortet oder zurückgezogen.",
	"error.agentGone": "pi ist nicht mehr verbunden; die Frage wurde zurückgezogen.",
	"error.noAnswer": "Gib zuerst eine Antwort.",
	"error.invalid": "Die Antworten wurden abgelehnt: {detail}",
	"error.pendingLive": "Nicht gespeichert: pi stellt diese Fragen gerade; beantworte sie in seiner Live-Karte.",
	"error.pendingGone": "Diese offene Datei ist verschwunden oder nicht mehr lesbar; lade die Seite neu.",
	"error.pendingChanged": "Diese offene Datei enthält jetzt andere Fragen; lade die Seite neu.",
	"error.pendingHeld": "Nicht gespeichert: Ein anderes pi stellt oder übergibt diese Fragen gerade.",
	"error.pendingAnswered":
		"Nicht gespeichert: bereits beantwortet (auf einer anderen Seite oder in der Datei). Führe pi -c aus, um diese Antworten zu übergeben.",
	"error.pendingSettled": "Nicht gespeichert: Diese Fragen wurden bereits beantwortet.",
	"error.pendingConfirm":
		"Nicht gespeichert: Diese Datei stammt nicht von deinem eigenen pi. Setze oben das Häkchen, um sie trotzdem zu beantworten.",
	"error.pendingTooLarge": "Zu groß für diese Seite: Beantworte sie in pi (/questions answer).",

	"image.attach": "Foto oder Bild anhängen",
	"image.remove": "Entfernen",
	"image.removeNamed": "{name} entfernen",
	"image.attached": "Angehängte Bilder",
	"image.tooLarge": "{name} wurde nicht angehängt: Es ist {size} groß, ein Bild darf höchstens {limit} groß sein.",
	"image.notImage": "{name} wurde nicht angehängt: Es ist kein PNG-, JPEG-, GIF- oder WebP-Bild.",
	"image.unreadable": "{name} wurde nicht angehängt: Die Datei konnte nicht gelesen werden.",
	"image.tooMany": "{name} wurde nicht angehängt: Zu einer Antwortgruppe passen höchstens {count} Bilder.",
	"image.agentCannot":
		"Dieser Agent kann keine Bilder annehmen: Sein Modell liest keine, oder pis Einstellungen sperren sie.",
	"image.pendingOnly": "Bilder lassen sich nur an Fragen anhängen, die pi gerade live stellt, nicht an offene Dateien.",
};
