/** The web page's text in Spanish (see en.ts). */
import type { WebStrings } from "./en.js";

export const es: WebStrings = {
	"page.connecting": "Conectando…",
	"page.live": "En directo",
	"page.reconnecting": "Reconectando…",
	"page.signedOut": "Sesión cerrada",
	"page.restarted": "pi-ask-anywhere web se ha reiniciado: abre la nueva dirección que mostró.",
	"page.unauthorized": "Abre esta página con la dirección que mostró pi-ask-anywhere web: lleva el token.",
	"page.addressSpent":
		"Esta dirección ya se usó o ha caducado: cada dirección inicia sesión en un navegador, en 10 minutos. Abre la dirección más reciente que mostró pi-ask-anywhere web.",
	"page.signOutEverywhere": "Cerrar sesión en todos los navegadores",
	"page.signOutConfirm":
		"¿Cerrar sesión en todos los navegadores, también en este? pi-ask-anywhere web mostrará una nueva dirección.",
	"page.signedOutEverywhere":
		"Se cerró la sesión en todos los navegadores: abre la nueva dirección que mostró pi-ask-anywhere web.",
	"page.liveTitle": "Esperando tu respuesta",
	"page.liveEmpty": "No hay preguntas esperando. Aparecerán aquí en cuanto pi pregunte.",
	"page.pendingTitle": "Pendientes en esta carpeta",
	"page.pendingEmpty": "No hay preguntas pendientes en esta carpeta.",
	"page.more": "Mostrar más ({count} sin mostrar)",
	"page.titleAsking": "({count}) pi está preguntando",

	"card.asks": "{who} pregunta",
	"card.justNow": "ahora mismo",
	"card.details": "Detalles",
	"card.detailFolder": "carpeta: {folder}",
	"card.detailFile": "archivo: {file}",
	"card.detailSession": "sesión: {session}",
	"card.detailSessionFile": "sesión: {session} ({file})",
	"card.detailNoSessionFile": "sesión: {session} (sin archivo de sesión)",
	"card.unknownSession": "(desconocida)",
	"card.detailSaved": "guardado: {time}",
	"card.detailTask": "su tarea: {task}",
	"card.pendingAnswered": "Respondido. Ejecuta pi -c en esta carpeta para entregar las respuestas.",
	"card.untrusted": "No viene de tu propio pi: {reason}.",
	"card.untrustedTask": "su tarea: {task}",
	"card.confirmUntrusted": "Sé de dónde viene este archivo; escribir mis respuestas en él de todos modos",

	"question.step": "{index} de {count}",
	"question.chooseAny": "elige las que quieras",
	"question.other": "Otra (escribe tu respuesta)",
	"question.yourAnswer": "Tu respuesta",
	"question.note": "Nota",
	"question.notePlaceholder": "Nota (opcional)",
	"question.preview": "Vista previa: {label}",

	"review.title": "Revisa tus respuestas",
	"review.typed": "(escrita)",
	"review.unanswered": "(sin responder)",
	"review.note": "Nota: {note}",
	"review.images": "Imágenes: {count}",
	"review.edit": "Editar",
	"review.editQuestion": "Editar {question}",
	"review.allAnswered": "Todas las preguntas están respondidas.",
	"review.someUnanswered": "Sin responder: {count} (pi sabrá que quedaron sin respuesta).",
	"review.setNote": "Nota para todas las respuestas",
	"review.setNotePlaceholder": "Opcional: lo que pi debería saber sobre estas respuestas",

	"action.back": "Atrás",
	"action.next": "Siguiente",
	"action.review": "Revisar",
	"action.submit": "Enviar",
	"action.dismiss": "Descartar",
	"action.close": "Cerrar",
	"action.yes": "Sí",
	"action.no": "No",
	"action.discard": "¿Descartar tus respuestas ({count})?",
	"action.discardOne": "¿Descartar tu respuesta?",

	"sent.sending": "Enviando…",
	"sent.done": "Enviado.",
	"sent.failed": "No enviado (error {status}).",
	"sent.noConnection": "No enviado: no hay conexión con pi-ask-anywhere web.",
	"sent.answersReceived": "✓ pi recibió tus respuestas y sigue con ellas. Aquí no queda nada por hacer.",
	"sent.dismissalReceived":
		"✓ pi recibió tu rechazo: el modelo sabe que preferiste no responder. Aquí no queda nada por hacer.",
	"sent.elsewhere":
		"No se usó: estas preguntas se respondieron antes en el terminal de pi, y pi sigue con esa respuesta.",
	"sent.answersEnded":
		"No se usó: pi dejó de esperar (un límite de tiempo, o terminó su turno) antes de que llegaran tus respuestas. Las preguntas que pi guardó para más tarde aparecen en «Pendientes en esta carpeta».",
	"sent.dismissalEnded":
		"No se usó: pi dejó de esperar (un límite de tiempo, o terminó su turno) antes de que llegara tu rechazo. Las preguntas que pi guardó para más tarde aparecen en «Pendientes en esta carpeta».",
	"sent.answersLost":
		"Enviado, pero la conexión con pi se cerró antes de que pi confirmara que recibió tus respuestas: compruébalo en pi.",
	"sent.dismissalLost":
		"Enviado, pero la conexión con pi se cerró antes de que pi confirmara que recibió tu rechazo: compruébalo en pi.",
	"sent.answersWaiting": "Enviado. Esperando a que pi confirme que recibió tus respuestas…",
	"sent.dismissalWaiting": "Enviado. Esperando a que pi confirme que recibió tu rechazo…",
	"sent.noReceipt": "Enviado. Este agente no confirma lo que recibe: comprueba en pi que ha seguido.",

	"error.gone": "Esta pregunta ya se respondió o se retiró.",
	"error.agentGone": "pi ya no está conectado; la pregunta se retiró.",
	"error.noAnswer": "Primero da una respuesta.",
	"error.invalid": "Las respuestas fueron rechazadas: {detail}",
	"error.pendingLive":
		"No se guardó: pi está haciendo estas preguntas ahora mismo; respóndelas en su tarjeta en directo.",
	"error.pendingGone": "Ese archivo pendiente ya no existe o no se puede leer; recarga la página.",
	"error.pendingChanged": "Ese archivo pendiente ahora contiene otras preguntas; recarga la página.",
	"error.pendingHeld": "No se guardó: otro pi está haciendo o entregando estas preguntas ahora mismo.",
	"error.pendingAnswered":
		"No se guardó: ya está respondido (en otra página o en el archivo). Ejecuta pi -c para entregar esas respuestas.",
	"error.pendingSettled": "No se guardó: estas preguntas ya se respondieron.",
	"error.pendingConfirm":
		"No se guardó: este archivo no viene de tu propio pi. Marca la casilla de arriba para responderlo de todos modos.",
	"error.pendingTooLarge": "Demasiado grande para esta página: respóndelo en pi (/questions answer).",

	"image.attach": "Adjuntar una foto o imagen",
	"image.remove": "Quitar",
	"image.removeNamed": "Quitar {name}",
	"image.attached": "Imágenes adjuntas",
	"image.tooLarge": "{name} no se adjuntó: ocupa {size}, y una imagen puede ocupar como máximo {limit}.",
	"image.notImage": "{name} no se adjuntó: no es una imagen PNG, JPEG, GIF ni WebP.",
	"image.unreadable": "{name} no se adjuntó: no se pudo leer.",
	"image.tooMany": "{name} no se adjuntó: un conjunto de respuestas admite como máximo {count} imágenes.",
	"image.agentCannot":
		"Este agente no puede recibir imágenes: su modelo no las lee, o la configuración de pi las bloquea.",
	"image.pendingOnly":
		"Solo se pueden adjuntar imágenes a las preguntas que pi hace en directo, no a los archivos pendientes.",
};
