/** The web page's text in Japanese (see en.ts). */
import type { WebStrings } from "./en.js";

export const ja: WebStrings = {
	"page.connecting": "接続中…",
	"page.live": "接続済み",
	"page.reconnecting": "再接続中…",
	"page.signedOut": "サインアウトしました",
	"page.restarted": "pi-ask-anywhere web が再起動されました。表示された新しいアドレスを開いてください。",
	"page.unauthorized":
		"pi-ask-anywhere web が表示したアドレスでこのページを開いてください。そのアドレスにトークンが含まれています。",
	"page.addressSpent":
		"このアドレスは使用済みか期限切れです。アドレスごとに 1 つのブラウザーが 10 分以内にサインインできます。pi-ask-anywhere web が表示した最新のアドレスを開いてください。",
	"page.signOutEverywhere": "すべてのブラウザーをサインアウト",
	"page.signOutConfirm":
		"このブラウザーも含め、すべてのブラウザーをサインアウトしますか？ pi-ask-anywhere web が新しいアドレスを表示します。",
	"page.signedOutEverywhere":
		"すべてのブラウザーがサインアウトされました。pi-ask-anywhere web が表示した新しいアドレスを開いてください。",
	"page.liveTitle": "あなたの回答待ち",
	"page.liveEmpty": "回答待ちの質問はありません。pi が質問するとすぐにここに表示されます。",
	"page.pendingTitle": "このフォルダの保留中の質問",
	"page.pendingEmpty": "このフォルダに保留中の質問はありません。",
	"page.more": "さらに表示（未表示 {count} 件）",
	"page.titleAsking": "({count}) pi が質問しています",

	"card.asks": "{who} からの質問",
	"card.justNow": "たった今",
	"card.details": "詳細",
	"card.detailFolder": "フォルダ: {folder}",
	"card.detailFile": "ファイル: {file}",
	"card.detailSession": "セッション: {session}",
	"card.detailSessionFile": "セッション: {session}（{file}）",
	"card.detailNoSessionFile": "セッション: {session}（セッションファイルなし）",
	"card.unknownSession": "（不明）",
	"card.detailSaved": "保存日時: {time}",
	"card.detailTask": "タスク: {task}",
	"card.pendingAnswered": "回答済みです。このフォルダで pi -c を実行すると回答が届けられます。",
	"card.untrusted": "あなた自身の pi からのものではありません: {reason}。",
	"card.untrustedTask": "タスク: {task}",
	"card.confirmUntrusted": "このファイルの出どころを把握しています。それでも回答を書き込む",

	"question.step": "{index} / {count}",
	"question.chooseAny": "複数選択可",
	"question.other": "その他（回答を入力）",
	"question.yourAnswer": "あなたの回答",
	"question.note": "メモ",
	"question.notePlaceholder": "メモ（任意）",
	"question.preview": "プレビュー: {label}",

	"review.title": "回答の確認",
	"review.typed": "（入力）",
	"review.unanswered": "（未回答）",
	"review.note": "メモ: {note}",
	"review.images": "画像: {count} 枚",
	"review.edit": "編集",
	"review.editQuestion": "{question} を編集",
	"review.allAnswered": "すべての質問に回答しました。",
	"review.someUnanswered": "未回答: {count} 件（未回答として pi に伝えられます）。",
	"review.setNote": "回答全体へのメモ",
	"review.setNotePlaceholder": "任意: これらの回答について pi に伝えておきたいこと",

	"action.back": "戻る",
	"action.next": "次へ",
	"action.review": "確認",
	"action.submit": "送信",
	"action.dismiss": "回答しない",
	"action.close": "閉じる",
	"action.yes": "はい",
	"action.no": "いいえ",
	"action.discard": "入力した回答（{count} 件）を破棄しますか？",
	"action.discardOne": "入力した回答を破棄しますか？",

	"sent.sending": "送信中…",
	"sent.done": "送信しました。",
	"sent.failed": "送信できませんでした（エラー {status}）。",
	"sent.noConnection": "送信できませんでした: pi-ask-anywhere web に接続できません。",
	"sent.answersReceived": "✓ pi が回答を受け取り、作業を続けています。ここでの操作はもうありません。",
	"sent.dismissalReceived":
		"✓ pi が辞退を受け取りました。回答しなかったことがモデルに伝えられます。ここでの操作はもうありません。",
	"sent.elsewhere": "使われませんでした: 先に pi のターミナルで回答されたため、pi はその回答で続けています。",
	"sent.answersEnded":
		"使われませんでした: 回答が届く前に pi が待つのをやめていました（時間切れ、またはターンの終了）。pi が後で答えられるよう保存した質問は「このフォルダの保留中の質問」に表示されます。",
	"sent.dismissalEnded":
		"使われませんでした: 辞退が届く前に pi が待つのをやめていました（時間切れ、またはターンの終了）。pi が後で答えられるよう保存した質問は「このフォルダの保留中の質問」に表示されます。",
	"sent.answersLost": "送信しましたが、pi が回答の受け取りを確認する前に接続が切れました。pi で確認してください。",
	"sent.dismissalLost": "送信しましたが、pi が辞退の受け取りを確認する前に接続が切れました。pi で確認してください。",
	"sent.answersWaiting": "送信しました。pi が回答の受け取りを確認するのを待っています…",
	"sent.dismissalWaiting": "送信しました。pi が辞退の受け取りを確認するのを待っています…",
	"sent.noReceipt": "送信しました。このエージェントは受け取りを確認しません。pi が続行したか pi で確認してください。",

	"error.gone": "この質問はすでに回答済みか、取り下げられました。",
	"error.agentGone": "pi の接続が切れたため、質問は取り下げられました。",
	"error.noAnswer": "先に回答を入力してください。",
	"error.invalid": "回答が受け付けられませんでした: {detail}",
	"error.pendingLive": "書き込みませんでした: pi が今この質問をしています。ライブのカードで回答してください。",
	"error.pendingGone": "この保留中のファイルはなくなったか、読めなくなりました。ページを再読み込みしてください。",
	"error.pendingChanged": "この保留中のファイルには別の質問が入っています。ページを再読み込みしてください。",
	"error.pendingHeld": "書き込みませんでした: 別の pi が今この質問をしているか、回答を届けています。",
	"error.pendingAnswered":
		"書き込みませんでした: すでに回答済みです（別のページまたはファイル内で）。pi -c を実行して回答を届けてください。",
	"error.pendingSettled": "書き込みませんでした: この質問はすでに回答済みです。",
	"error.pendingConfirm":
		"書き込みませんでした: このファイルはあなた自身の pi からのものではありません。それでも回答するには上のチェックボックスをオンにしてください。",
	"error.pendingTooLarge": "大きすぎてこのページに表示できません。pi で回答してください（/questions answer）。",

	"image.attach": "写真・画像を添付",
	"image.remove": "削除",
	"image.removeNamed": "{name} を削除",
	"image.attached": "添付した画像",
	"image.tooLarge": "{name} は添付されませんでした: サイズが {size} あります。画像は {limit} までです。",
	"image.notImage": "{name} は添付されませんでした: PNG・JPEG・GIF・WebP 画像ではありません。",
	"image.unreadable": "{name} は添付されませんでした: 読み込めませんでした。",
	"image.tooMany": "{name} は添付されませんでした: 1 回の回答に添付できる画像は {count} 枚までです。",
	"image.agentCannot":
		"このエージェントは画像を受け取れません。モデルが画像に対応していないか、pi の設定でブロックされています。",
	"image.pendingOnly":
		"画像を添付できるのは pi がライブで質問している場合だけです。保留中のファイルには添付できません。",
};
