/** The web page's text in Brazilian Portuguese (see en.ts). */
import type { WebStrings } from "./en.js";

export const ptBR: WebStrings = {
	"page.connecting": "Conectando…",
	"page.live": "Ao vivo",
	"page.reconnecting": "Reconectando…",
	"page.signedOut": "Desconectado",
	"page.restarted": "O pi-ask-anywhere web foi reiniciado: abra o novo endereço que ele mostrou.",
	"page.unauthorized": "Abra esta página com o endereço que o pi-ask-anywhere web mostrou: ele contém o token.",
	"page.addressSpent":
		"Este endereço já foi usado ou expirou: cada endereço conecta um navegador, em até 10 minutos. Abra o endereço mais recente que o pi-ask-anywhere web mostrou.",
	"page.signOutEverywhere": "Desconectar todos os navegadores",
	"page.signOutConfirm":
		"Desconectar todos os navegadores, inclusive este? O pi-ask-anywhere web mostrará um novo endereço.",
	"page.signedOutEverywhere":
		"Todos os navegadores foram desconectados: abra o novo endereço que o pi-ask-anywhere web mostrou.",
	"page.liveTitle": "Esperando por você",
	"page.liveEmpty": "Nenhuma pergunta esperando. As perguntas aparecem aqui assim que o pi perguntar.",
	"page.pendingTitle": "Pendentes nesta pasta",
	"page.pendingEmpty": "Nenhuma pergunta pendente nesta pasta.",
	"page.more": "Mostrar mais ({count} não mostradas)",
	"page.titleAsking": "({count}) o pi está perguntando",

	"card.asks": "{who} pergunta",
	"card.justNow": "agora mesmo",
	"card.details": "Detalhes",
	"card.detailFolder": "pasta: {folder}",
	"card.detailFile": "arquivo: {file}",
	"card.detailSession": "sessão: {session}",
	"card.detailSessionFile": "sessão: {session} ({file})",
	"card.detailNoSessionFile": "sessão: {session} (sem arquivo de sessão)",
	"card.unknownSession": "(desconhecida)",
	"card.detailSaved": "salvo: {time}",
	"card.detailTask": "tarefa: {task}",
	"card.pendingAnswered": "Respondido. Execute pi -c nesta pasta para entregar as respostas.",
	"card.untrusted": "Não veio do seu próprio pi: {reason}.",
	"card.untrustedTask": "tarefa: {task}",
	"card.confirmUntrusted": "Sei de onde veio este arquivo; gravar minhas respostas nele mesmo assim",

	"question.step": "{index} de {count}",
	"question.chooseAny": "escolha quantas quiser",
	"question.other": "Outra (digite sua resposta)",
	"question.yourAnswer": "Sua resposta",
	"question.note": "Observação",
	"question.notePlaceholder": "Observação (opcional)",
	"question.preview": "Prévia: {label}",

	"review.title": "Revise suas respostas",
	"review.typed": "(digitada)",
	"review.unanswered": "(sem resposta)",
	"review.note": "Observação: {note}",
	"review.images": "Imagens: {count}",
	"review.edit": "Editar",
	"review.editQuestion": "Editar {question}",
	"review.allAnswered": "Todas as perguntas foram respondidas.",
	"review.someUnanswered": "Sem resposta: {count} (o pi saberá que ficaram sem resposta).",
	"review.setNote": "Observação sobre todas as respostas",
	"review.setNotePlaceholder": "Opcional: o que o pi deveria saber sobre estas respostas",

	"action.back": "Voltar",
	"action.next": "Próxima",
	"action.review": "Revisar",
	"action.submit": "Enviar",
	"action.dismiss": "Recusar",
	"action.close": "Fechar",
	"action.yes": "Sim",
	"action.no": "Não",
	"action.discard": "Descartar suas respostas ({count})?",
	"action.discardOne": "Descartar sua resposta?",

	"sent.sending": "Enviando…",
	"sent.done": "Enviado.",
	"sent.failed": "Não enviado (erro {status}).",
	"sent.noConnection": "Não enviado: sem conexão com o pi-ask-anywhere web.",
	"sent.answersReceived": "✓ O pi recebeu suas respostas e continua com elas. Nada mais a fazer aqui.",
	"sent.dismissalReceived":
		"✓ O pi recebeu sua recusa: o modelo fica sabendo que você preferiu não responder. Nada mais a fazer aqui.",
	"sent.elsewhere":
		"Não usado: estas perguntas foram respondidas antes no terminal do pi, e o pi continua com essa resposta.",
	"sent.answersEnded":
		"Não usado: o pi parou de esperar (um limite de tempo, ou o turno dele terminou) antes de suas respostas chegarem. As perguntas que o pi salvou para depois aparecem em “Pendentes nesta pasta”.",
	"sent.dismissalEnded":
		"Não usado: o pi parou de esperar (um limite de tempo, ou o turno dele terminou) antes de sua recusa chegar. As perguntas que o pi salvou para depois aparecem em “Pendentes nesta pasta”.",
	"sent.answersLost":
		"Enviado, mas a conexão com o pi caiu antes de ele confirmar que recebeu suas respostas: confira no pi.",
	"sent.dismissalLost":
		"Enviado, mas a conexão com o pi caiu antes de ele confirmar que recebeu sua recusa: confira no pi.",
	"sent.answersWaiting": "Enviado. Aguardando o pi confirmar que recebeu suas respostas…",
	"sent.dismissalWaiting": "Enviado. Aguardando o pi confirmar que recebeu sua recusa…",
	"sent.noReceipt": "Enviado. Este agente não confirma o que recebe: confira no pi se ele continuou.",

	"error.gone": "Esta pergunta já foi respondida ou retirada.",
	"error.agentGone": "O pi não está mais conectado; a pergunta foi retirada.",
	"error.noAnswer": "Dê uma resposta primeiro.",
	"error.invalid": "As respostas foram recusadas: {detail}",
	"error.pendingLive": "Não gravado: o pi está fazendo estas perguntas agora; responda no cartão ao vivo dele.",
	"error.pendingGone": "Esse arquivo pendente sumiu ou não pode mais ser lido; recarregue a página.",
	"error.pendingChanged": "Esse arquivo pendente agora contém outras perguntas; recarregue a página.",
	"error.pendingHeld": "Não gravado: outro pi está fazendo ou entregando estas perguntas agora.",
	"error.pendingAnswered":
		"Não gravado: já foi respondido (em outra página ou no arquivo). Execute pi -c para entregar essas respostas.",
	"error.pendingSettled": "Não gravado: estas perguntas já foram respondidas.",
	"error.pendingConfirm":
		"Não gravado: este arquivo não veio do seu próprio pi. Marque a caixa acima para respondê-lo mesmo assim.",
	"error.pendingTooLarge": "Grande demais para esta página: responda no pi (/questions answer).",

	"image.attach": "Anexar uma foto ou imagem",
	"image.remove": "Remover",
	"image.removeNamed": "Remover {name}",
	"image.attached": "Imagens anexadas",
	"image.tooLarge": "{name} não foi anexada: ela tem {size}, e uma imagem pode ter no máximo {limit}.",
	"image.notImage": "{name} não foi anexada: não é uma imagem PNG, JPEG, GIF ou WebP.",
	"image.unreadable": "{name} não foi anexada: não foi possível lê-la.",
	"image.tooMany": "{name} não foi anexada: um conjunto de respostas aceita no máximo {count} imagens.",
	"image.agentCannot":
		"Este agente não aceita imagens: o modelo dele não as lê, ou as configurações do pi as bloqueiam.",
	"image.pendingOnly":
		"Só é possível anexar imagens às perguntas que o pi está fazendo ao vivo, não aos arquivos pendentes.",
};
