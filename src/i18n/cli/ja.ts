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
		clearPrompt: (n, f) => `${count(f)} 個のファイルにある保留中の質問 ${count(n)} 件を削除しますか？`,
		clearKeep: "いいえ、残します",
		clearDelete: "はい、削除します",
		kept: "保留中の質問を残しました。",
		cleared: (n) => `保留中の質問 ${count(n)} 件を削除しました。`,
		leftUnreadable: (n, paths) => `読み込めないファイル ${count(n)} 個はそのままにしました: ${paths}`,
		leftHeld: (n, paths) => `別の pi で開かれているファイル ${count(n)} 個はそのままにしました: ${paths}`,
		nothingToReopen: "このセッションにキャンセルされた質問はありません。再開するものはありません。",
		reopenWhich: "どの質問をもう一度尋ねますか？",
		nothingReopened: "何も再開しませんでした。",
		notAnswered: (path) => `回答していません。${path} はそのままです。`,
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
};
