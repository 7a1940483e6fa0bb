/** The words outside the dialog in Japanese. */
import { plurals } from "../plural.js";
import type { CliStrings } from "./types.js";

const { count } = plurals("ja");

export const ja: CliStrings = {
	relativeTime: { locale: "ja", unknown: "日時不明", future: "未来の日時" },
	questions: {
		description: "保留中の ask_user の質問を表示・回答・削除します",
		usage: "使い方: /questions [list | json | answer | reopen | clear]",
		none: "保留中の質問はありません。",
		cannotRead: (path, message) => `${path}: 読み込めません — ${message}`,
		thisSession: "このセッション",
		anotherSession: "別のセッション",
		answerThere: (claim) => `${claim}: そちらで回答してください`,
		listHeader: (cwd) => `${cwd} の保留中の質問（新しい順）:`,
		older: (n) => `…ほかに古い質問が ${count(n)} 件あります: /questions json ですべて表示します。`,
		listFooter: "回答: /questions answer · 削除: /questions clear",
		sessionNamed: (id) => `セッション ${id}`,
		answerWith: (path) => `回答: pi -p @${path} "回答"`,
		printFooter: `それぞれの下のコマンドで回答 · すべて削除: pi -p "/questions clear"`,
		answerHere: (path) =>
			`/questions answer には pi のダイアログが必要です（pi を起動してそこで入力してください）。-p のここでは次で回答します: pi -p @${path} "回答"`,
		clearPrompt: (n, f) => `${count(f)} 個のファイルにある保留中の質問 ${count(n)} 件を削除しますか？`,
		clearKeep: "いいえ、残します",
		clearDelete: "はい、削除します",
		kept: "保留中の質問を残しました。",
		cleared: (n) => `保留中の質問 ${count(n)} 件を削除しました。`,
		leftUnreadable: (n, paths) => `読み込めないファイル ${count(n)} 個はそのままにしました: ${paths}`,
		leftHeld: (path, claim) => `${path} はそのままにしました。その質問は${claim}`,
		nothingToReopen: "このセッションにキャンセルされた質問はありません。再開するものはありません。",
		reopenWhich: "どの質問をもう一度尋ねますか？",
		nothingReopened: "何も再開しませんでした。",
		notAnswered: (path) => `回答していません。${path} はそのままです。`,
		forClient: (client) =>
			`${client} が pi-ask-anywhere mcp 経由で質問し、回答を待っています: ここで回答すると ${client} に渡り、この pi のモデルには渡りません`,
		clientGone: (client) =>
			`${client} が pi-ask-anywhere mcp 経由で質問しましたが、もう回答を待っていません: ここでは回答できません（/questions clear で削除できます）`,
	},
	layout: {
		chooseAny: "（複数選択可）",
		ownAnswer: "または自由に回答",
		answer: (json) => `回答: ${json}`,
	},
	claim: {
		heldBy: (pid, host) => `別の pi で開かれています（${host} の pid ${pid}）`,
		answerThere: (claim) => `この質問は${claim}。そちらで回答してください`,
		heldByMcp: (pid, host) => `pi-ask-anywhere mcp が保持しています（${host} の pid ${pid}）`,
	},
	trust: {
		noSessionFile: "セッションファイルが記されていません（--no-session 付き、手書き、または別の場所で作成）",
		outsideSessionFolders: "記されたセッションファイルが、あなたの pi がセッションを保存する場所にありません",
		sessionMissing: "記されたセッションファイルが存在しないか、読み取れません",
		otherSession: "記されたセッションファイルは別のセッションのものです",
		noAskCall: "記されたセッションはこの ask_user 呼び出しを一度も行っていません",
		questionsDiffer: "質問が、記されたセッションで尋ねられたものと一致しません",
		taskDiffers: "タスクが、記されたセッションであなたが書いた内容ではありません",
		settled: "は回答済みの質問を含みます（回答が届けられたか、消去されました）。再送はしません",
		elsewhere: (folder) =>
			`はあなたの pi がこのプロジェクトではなく ${folder} で尋ねた質問を含みます（そのプロジェクトのコピーでしょうか？）`,
		originSession: (id, file) => `セッション: ${id}（${file}）`,
		originNoSessionFile: (id) => `セッション: ${id}（セッションファイルなし）`,
		originSaved: (timestamp) => `保存日時: ${timestamp}`,
		originTask: (task) => `タスク: ${task}`,
		answerAnyway: "質問に回答する（タスクはモデルに送られません）",
		leave: "そのままにする",
	},
	refused: {
		ignoredWrittenByTool: (file) =>
			`${file} にすでにあった回答は使いませんでした: pi の実行中にツール呼び出しが書いたもので、あなたが書いたものではありません`,
		ignoredNotThisPi: (file, reason) =>
			`${file} にすでにあった回答は使いませんでした: このファイルはあなたの pi が書いたものではありません（${reason}）`,
		notThisPi: (path, reason) => `${path} はあなたの pi が書いたものではありません（${reason}）`,
		settled: (path, reason) => `${path} ${reason}。/questions clear で削除してください`,
		elsewhere: (path, reason) =>
			`${path} ${reason}。何も送信していません。そのフォルダーで回答するか、pi で /questions answer を使ってください（先に出どころを表示します）`,
		askerGone: (path, client) =>
			`${path} には ${client} が pi-ask-anywhere mcp を通じて尋ねた質問がありますが、いまその回答を待っている pi-ask-anywhere mcp はありません。何も送信も書き込みもしていません（/questions clear で削除できます）`,
		held: (source, claim) =>
			`${source}: この質問は${claim}。そちらで回答するか、それが終わってからここで回答してください。何も送信していません`,
	},
	notices: {
		notDelivered: (message) => `回答を届けられませんでした: ${message}`,
		notSaved: (message) => `pi-ask-anywhere: 質問を保存できませんでした: ${message}`,
		answered: (questions) => `--answers で ${questions} に回答しました`,
		answeredFrom: (questions, path) => `--answers で ${path} の ${questions} に回答しました`,
		noAnswerToAny: "--answers はどの未回答の質問にも回答していません",
		answeredNothing: (why) => `--answers は何にも回答しませんでした: ${why}`,
		unknownStop: (path, reason) =>
			`--answers: ${path} には、このユーザーの pi が書いたのではない未回答の質問があります（${reason}）。そのため --answers では回答しません。意図して回答するには、ファイルを指定してください: pi -p @${path} "回答"`,
		forFile: (message, path) => `${message}（${path} について）`,
		noAnswerForFile: (path) => `--answers は ${path} の質問のどれにも回答していません`,
		noneInSession: "--answers: このセッションに回答待ちの質問はありません（/questions を参照）。何も送信していません",
		noneAnywhere: "--answers: 回答待ちの質問も、質問を生みうるプロンプトもありません",
		flagNoAnswer: "--answers はこれらの質問のどれにも回答していません。代わりに質問します",
		flagDoesNotFit: (message) => `--answers がこれらの質問に合いません（${message}）。代わりに質問します`,
		backgroundNotSaved: "バックグラウンドの質問を保存できませんでした。代わりに今質問します",
		timedOut: "時間内に回答がありません: 質問は未回答のまま残ります（/questions answer）。",
		answeredOnWebPage: "Webページで回答されました。",
		answeredFromPhone: "スマートフォンから回答されました。",
		answeredRemotely: "リモートで回答されました。",
		answeredElsewhere:
			"これらの質問は別の場所で回答されました（この pi が停止している間に別の pi が引き継ぎました）。あなたの回答は送信されていません。",
		fileNotRemoved: (path, why) =>
			`回答は送信されましたが、pi-ask-anywhere は ${path} を削除できませんでした（${why}）。再送信はされません。手動で削除してください。`,
		questionsNotShown: (path, why) =>
			`質問は ${path} に保存されましたが、ここに表示できませんでした（${why}）。回答はそのファイルで待っています: pi -p @${path} "回答"`,
		dismissedRemotely: "リモートで却下されました。",
		noRemoteAnswer: (kind) => `リモートからの回答がありません（${kind}）。代わりに質問を保存します`,
		needsUi:
			"これには pi のダイアログが必要ですが、-p にはありません: pi を（-p なしで）起動し、そこでコマンドを入力してください",
		dismissPrompt: "これらの質問を後で回答しますか、それとも却下しますか？",
		keepForLater: "後で回答する（/questions answer）",
		dismiss: "却下する: 回答は来ないとエージェントに伝えます",
		stillPending: "回答していません。質問は未回答のまま残ります（/questions answer）。",
		reopenLater: "回答していません。/questions reopen でもう一度尋ねます。",
		stepAside: (path, removeOther, removeOurs) =>
			`この pi では別のパッケージ（${path}）が ask_user に答えるため、pi-ask-anywhere は自身のツールを登録しません。/questions は、pi-ask-anywhere が以前に保存した質問に引き続き回答できます。pi-ask-anywhere を使うには: ${removeOther}（もう一方を残すなら ${removeOurs}）。`,
		leaveOut: (argument) => `-e ${argument} を外す`,
		unknownExtension: "不明な拡張機能",
		setAsideWaiting: (n) =>
			`${n === 1 ? "保留にした質問" : `保留にした ${count(n)} 組の質問`}が回答を待っています: /questions answer`,
		deliveredUnrecorded: (message) =>
			`pi-ask-anywhere: 回答は届けましたが、届けたことを記録できませんでした（${message}）。再送されないよう、保留中の質問ファイルを削除しました`,
		decisionNotLogged: (reason) =>
			`pi-ask-anywhere: 決定ログにこの決定を記録できませんでした（${reason}）。回答はそのまま届けました`,
	},
	subagent: {
		label: "サブエージェント",
		noTask: "タスクの指定なし",
		inFolder: (folder) => `${folder} 内`,
		answered: (who, answers) => `サブエージェント「${who}」への回答: ${answers}`,
		cancelled: (who) => `サブエージェントの質問をキャンセルしました（「${who}」）`,
	},
	chat: {
		more: (n) => `（他 ${count(n)} 件）`,
		withNote: (answer, note) => `${answer} — メモ: ${note}`,
		skipped: "（スキップ）",
		noteForAll: (note) => `全体へのメモ: ${note}`,
		cancelled: "ユーザーがキャンセルしました (/questions reopen で再度質問)",
		timedOut: "時間内に回答がありません",
		connectionLost: "ユーザーとの接続が切れました",
		interrupted: "中断: 質問は保留のままです (/questions answer)",
		pending: (file) => `保留中: 回答は ${file} へ`,
		dismissed: "回答せずに却下されました",
		ownWords: (answers) => `自分の言葉で回答: ${answers}`,
		givenLater: "後から届いた回答",
		toExpand: (key) => `（${key} で展開）`,
	},
	print: {
		hasQuestions: "エージェントからの質問があります:",
		instructions: (path, quoted, example) => `質問が保留中です。入力が必要です。

回答するには、次のように再実行します:
  pi -p @${quoted} "回答"

または JSON ファイルを編集して実行します:
  pi -c

またはその場で回答します:
  pi -p -c --answers=${example}

質問の保存先: ${path}`,
		notSaved: (reason, questions) => `エージェントからの質問がありますが、保存できませんでした: ${reason}

${questions}

何も回答されず、実行はここで終了します。問題を解決してから pi -c を実行すると、これらの質問に戻れます。
`,
	},
	forAsker: {
		answeredFor: (client) => `pi-ask-anywhere mcp を通じて ${client} のために回答しました`,
		noImages: "MCP クライアントには保留中の質問ファイル経由で画像を渡せません。何も書き込んでいません",
		noNotes: "MCP クライアントには保留中の質問ファイル経由でメモを渡せません。何も書き込んでいません",
		notAsked: (question) => `尋ねられていない質問への回答があります（「${question}」）。何も書き込んでいません`,
		answeredTwice: (question) => `1 つの質問に 2 つの回答があります（「${question}」）。何も書き込んでいません`,
		noAnswer: (name) => `${name} のどの質問にも回答がありません。何も書き込んでいません`,
		noWords: (client, command) =>
			`回答がありません。${client} への回答をファイルの後に書いてください（例: ${command}）`,
		noAnswerInWords: "ファイルの後の言葉はどの質問にも回答していません。何も書き込んでいません",
		gone: (name, client) => `${name} はもうありません。${client} はすでに回答を受け取っています`,
		otherQuestions: (name) => `${name} には別の質問が入っています。何も書き込んでいません`,
		recordsElsewhere: (client, serverFolder, ownFolder) =>
			`何も書き込んでいません: ${client} のために質問した pi-ask-anywhere mcp は ${serverFolder} に記録された回答を受け取りますが、この pi は ${ownFolder} に記録します。クライアントの env でサーバーに PI_CODING_AGENT_DIR=${ownFolder} を渡すか (docs/mcp.md)、クライアント自身のダイアログか Web ページで回答してください`,
		answeredAlready: (name, client) =>
			`${name} はすでに回答済みです。その回答は ${client} が受け取ります。何も書き込んでいません`,
	},
	delivery: {
		answersFlag: "--answers",
		filledInto: (file) => `${file} に書き込まれた回答`,
		pendingFile: "保留中の質問ファイル",
		wordsAfter: (file) => `${file} の後の言葉`,
		dialog: "ダイアログでの回答",
		twoAnswers: (first, second) =>
			`同じ質問に異なる 2 つの回答があります: ${first} と ${second}。何も送信していません。どちらか一方だけにしてください。`,
		delivering: (file) => `${file} に書き込まれた回答を届けます`,
	},
	inbox: {
		untrustedImage: (path) =>
			`${path} は読み込みません。画像は、あなた自身の pi が書いた保留中の質問ファイルからのみ読み込みます`,
		imageRefused: (where, reason) => `${where}: ${reason}。何も送信していません`,
		ignoredNothingSent: (ignored, example) =>
			`${ignored}。何も送信していません。自分の回答をファイルの後に書いてください（例: ${example}）`,
		noWords: (example) => `回答がありません。回答をファイルの後に書いてください（例: ${example}）`,
		onlyWords: (ignored) => `${ignored}。ファイルの後のあなたの言葉だけを送信しました`,
		oneFileAtATime:
			"保留中の質問ファイルは一度に 1 つだけ添付してください。後の言葉がどの質問への回答なのか決められません",
	},
	images: {
		notFile: (path) => `${path} は画像ファイルではありません`,
		unreadable: (path) => `${path} は存在しないか、読み込めません`,
		tooLarge: (name, size, limit) => `${name} は ${size} です。画像 1 枚の上限は ${limit} です`,
		notImage: (name) => `${name} は PNG・JPEG・GIF・WebP 画像ではありません`,
		unsupportedModel: "画像を添付できません。このモデルは画像を読めません",
		blocked: "画像を添付できません。pi の設定で画像がブロックされています（images.blockImages）",
	},
	editedFile: {
		notJson: (path, detail) =>
			`${path} は有効な JSON ではありません（${detail}）。修正するか、/questions clear を実行してください`,
		notAList: (path) => `${path}: "questions" は、それぞれ "answer" を持つ質問のリストでなければなりません`,
		wrongCount: (path, found, asked) =>
			`${path}: "questions" の項目は ${found} 件ですが、質問は ${asked} 件です。"answer" だけを記入し、質問を追加・削除しないでください`,
		badAnswer: (path, index) =>
			`${path}: questions[${index}].answer はテキスト、数値、true/false、それらのリスト、または null でなければなりません`,
		badImages: (path, index) => `${path}: questions[${index}].images は画像ファイルのパスのリストでなければなりません`,
	},
	approval: {
		question: (tool, summary) => `${tool} を許可しますか: \`${summary}\``,
		header: "承認",
		allow: "許可",
		allowSession: "このセッションでは許可",
		deny: "拒否",
		noteHint: "拒否（エージェントへのメモ付き）",
		pending: (tool, summary, file, allow) =>
			`\`${tool} ${summary}\` は承認待ちのため実行されませんでした。許可するには: スマートフォンで ${allow} をタップ、Web ページか pi の /questions で回答、または ${file} に "answer": "${allow}" を設定し、\`pi -p -c\` を実行してください。エージェントが同じ呼び出しを再度行うと一度だけ実行されます。`,
	},
	log: {
		time: "時刻",
		project: "プロジェクト",
		by: "回答元",
		question: "質問",
		answer: "回答",
		none: "記録された決定はありません。",
	},
	push: {
		subagent: (project, task) => `${project}（サブエージェント：${task}）`,
		questions: (n) => `${n} 件の質問`,
		oneWaiting: (who) => `${who} で質問が待っています。`,
		manyWaiting: (n, who) => `${who} で ${n} 件の質問が待っています。`,
		chooseAny: "（複数選択可）",
		open: "開く",
		tapOpen: "「開く」をタップすると Web ページで回答できます。",
		answerInFile: (who) =>
			`回答するには ${who} で pi -c を実行するか、そこで pi-ask-anywhere web を実行してページで回答してください。`,
		answerInTerminal: (who) =>
			`回答するには ${who} の pi のターミナルに戻るか、そこで pi-ask-anywhere web を実行してページで回答してください。`,
		tapHere: (open) =>
			`回答をタップするとここから返答できます。${open ? "「開く」で質問を Web ページに表示します。" : ""}`,
		tapFirst: (others, open, who) =>
			`回答をタップすると最初の質問にここから返答できます（残りの ${others} 件は未回答のままです）。${open ? "「開く」なら Web ページですべてに回答できます。" : `すべてに回答するには ${who} の pi で回答してください。`}`,
		ended: {
			terminal: "ターミナルで回答されました。",
			web: "Web ページで回答されました。",
			phone: "スマートフォンから回答されました。",
			elsewhere: "別の場所で回答されました。",
			closed: "待機終了：pi は質問をやめました。",
		},
	},
};
