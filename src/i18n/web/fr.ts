/** The web page's text in French (see en.ts). */
import type { WebStrings } from "./en.js";

export const fr: WebStrings = {
	"page.connecting": "Connexion…",
	"page.live": "En direct",
	"page.reconnecting": "Reconnexion…",
	"page.signedOut": "Déconnecté",
	"page.restarted": "pi-ask-anywhere web a redémarré : ouvrez la nouvelle adresse qu’il a affichée.",
	"page.unauthorized": "Ouvrez cette page avec l’adresse affichée par pi-ask-anywhere web : elle contient le jeton.",
	"page.addressSpent":
		"Cette adresse a déjà servi ou a expiré : chaque adresse connecte un seul navigateur, dans les 10 minutes. Ouvrez la dernière adresse affichée par pi-ask-anywhere web.",
	"page.signOutEverywhere": "Déconnecter tous les navigateurs",
	"page.signOutConfirm":
		"Déconnecter tous les navigateurs, celui-ci aussi ? pi-ask-anywhere web affichera alors une nouvelle adresse.",
	"page.signedOutEverywhere":
		"Tous les navigateurs ont été déconnectés : ouvrez la nouvelle adresse affichée par pi-ask-anywhere web.",
	"page.liveTitle": "En attente de votre réponse",
	"page.liveEmpty": "Aucune question en attente. Les questions apparaissent ici dès que pi les pose.",
	"page.pendingTitle": "En attente dans ce dossier",
	"page.pendingEmpty": "Aucune question en attente dans ce dossier.",
	"page.more": "Afficher plus ({count} non affichées)",
	"page.titleAsking": "({count}) pi vous pose une question",

	"card.asks": "{who} demande",
	"card.justNow": "à l’instant",
	"card.details": "Détails",
	"card.detailFolder": "dossier : {folder}",
	"card.detailFile": "fichier : {file}",
	"card.detailSession": "session : {session}",
	"card.detailSessionFile": "session : {session} ({file})",
	"card.detailNoSessionFile": "session : {session} (aucun fichier de session)",
	"card.unknownSession": "(inconnue)",
	"card.detailSaved": "enregistré : {time}",
	"card.detailTask": "sa tâche : {task}",
	"card.pendingAnswered": "Répondu. Lancez pi -c dans ce dossier pour transmettre les réponses.",
	"card.untrusted": "Ne vient pas de votre propre pi : {reason}.",
	"card.untrustedTask": "sa tâche : {task}",
	"card.confirmUntrusted": "Je sais d’où vient ce fichier ; y écrire mes réponses malgré tout",

	"question.step": "{index} sur {count}",
	"question.chooseAny": "plusieurs choix possibles",
	"question.other": "Autre (saisissez votre réponse)",
	"question.yourAnswer": "Votre réponse",
	"question.note": "Remarque",
	"question.notePlaceholder": "Remarque (facultatif)",
	"question.preview": "Aperçu : {label}",

	"review.title": "Vérifiez vos réponses",
	"review.typed": "(saisi)",
	"review.unanswered": "(sans réponse)",
	"review.note": "Remarque : {note}",
	"review.images": "Images : {count}",
	"review.edit": "Modifier",
	"review.editQuestion": "Modifier {question}",
	"review.allAnswered": "Toutes les questions ont une réponse.",
	"review.someUnanswered": "Sans réponse : {count} (pi en sera informé).",
	"review.setNote": "Remarque sur toutes les réponses",
	"review.setNotePlaceholder": "Facultatif : ce que pi devrait savoir sur ces réponses",

	"action.back": "Retour",
	"action.next": "Suivant",
	"action.review": "Vérifier",
	"action.submit": "Envoyer",
	"action.dismiss": "Refuser",
	"action.close": "Fermer",
	"action.yes": "Oui",
	"action.no": "Non",
	"action.discard": "Abandonner vos réponses ({count}) ?",
	"action.discardOne": "Abandonner votre réponse ?",

	"sent.sending": "Envoi…",
	"sent.done": "Envoyé.",
	"sent.failed": "Non envoyé (erreur {status}).",
	"sent.noConnection": "Non envoyé : pas de connexion à pi-ask-anywhere web.",
	"sent.answersReceived": "✓ pi a reçu vos réponses et continue avec elles. Plus rien à faire ici.",
	"sent.dismissalReceived":
		"✓ pi a reçu votre refus : le modèle sait que vous avez préféré ne pas répondre. Plus rien à faire ici.",
	"sent.elsewhere":
		"Non utilisé : ces questions ont d’abord reçu une réponse dans le terminal de pi, et pi continue avec celle-ci.",
	"sent.answersEnded":
		"Non utilisé : pi avait cessé d’attendre (délai dépassé, ou fin de son tour) avant l’arrivée de vos réponses. Les questions que pi a gardées pour plus tard apparaissent sous « En attente dans ce dossier ».",
	"sent.dismissalEnded":
		"Non utilisé : pi avait cessé d’attendre (délai dépassé, ou fin de son tour) avant l’arrivée de votre refus. Les questions que pi a gardées pour plus tard apparaissent sous « En attente dans ce dossier ».",
	"sent.answersLost":
		"Envoyé, mais la connexion à pi s’est fermée avant que pi confirme avoir reçu vos réponses : vérifiez dans pi.",
	"sent.dismissalLost":
		"Envoyé, mais la connexion à pi s’est fermée avant que pi confirme avoir reçu votre refus : vérifiez dans pi.",
	"sent.answersWaiting": "Envoyé. En attente de la confirmation de pi pour vos réponses…",
	"sent.dismissalWaiting": "Envoyé. En attente de la confirmation de pi pour votre refus…",
	"sent.noReceipt": "Envoyé. Cet agent ne confirme pas ce qu’il reçoit : vérifiez dans pi qu’il a continué.",

	"error.gone": "Cette question a déjà reçu une réponse ou a été retirée.",
	"error.agentGone": "pi n’est plus connecté ; la question a été retirée.",
	"error.noAnswer": "Donnez d’abord une réponse.",
	"error.invalid": "Les réponses ont été refusées : {detail}",
	"error.pendingLive": "Non enregistré : pi pose ces questions en ce moment ; répondez-y dans sa carte en direct.",
	"error.pendingGone": "Ce fichier en attente a disparu ou n’est plus lisible ; rechargez la page.",
	"error.pendingChanged": "Ce fichier en attente contient désormais d’autres questions ; rechargez la page.",
	"error.pendingHeld": "Non enregistré : un autre pi pose ou transmet ces questions en ce moment.",
	"error.pendingAnswered":
		"Non enregistré : déjà répondu (sur une autre page ou dans le fichier). Lancez pi -c pour transmettre ces réponses.",
	"error.pendingSettled": "Non enregistré : ces questions ont déjà reçu une réponse.",
	"error.pendingConfirm":
		"Non enregistré : ce fichier ne vient pas de votre propre pi. Cochez la case ci-dessus pour y répondre malgré tout.",
	"error.pendingTooLarge": "Trop volumineux pour cette page : répondez-y dans pi (/questions answer).",

	"image.attach": "Joindre une photo ou une image",
	"image.remove": "Retirer",
	"image.removeNamed": "Retirer {name}",
	"image.attached": "Images jointes",
	"image.tooLarge": "{name} n’a pas été joint : il fait {size}, et une image ne peut dépasser {limit}.",
	"image.notImage": "{name} n’a pas été joint : ce n’est pas une image PNG, JPEG, GIF ou WebP.",
	"image.unreadable": "{name} n’a pas été joint : impossible de le lire.",
	"image.tooMany": "{name} n’a pas été joint : {count} images au plus peuvent accompagner un ensemble de réponses.",
	"image.agentCannot":
		"Cet agent ne peut pas recevoir d’images : son modèle ne les lit pas, ou les réglages de pi les bloquent.",
	"image.pendingOnly":
		"Les images ne peuvent être jointes qu’aux questions que pi pose en direct, pas aux fichiers en attente.",
};
