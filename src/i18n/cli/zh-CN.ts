/** The words outside the dialog in Simplified Chinese. */
import { plurals } from "../plural.js";
import type { CliStrings } from "./types.js";

const { count } = plurals("zh-CN");

export const zhCN: CliStrings = {
	relativeTime: { locale: "zh-CN", unknown: "时间未知", future: "在将来" },
	questions: {
		description: "显示、回答或清除待回答的 ask_user 问题",
		usage: "用法：/questions [list | json | answer | reopen | clear]",
		none: "没有待回答的问题。",
		cannotRead: (path, message) => `${path}：无法读取 — ${message}`,
		thisSession: "本会话",
		anotherSession: "其他会话",
		answerThere: (claim) => `${claim}：请在那里回答`,
		listHeader: (cwd) => `${cwd} 中待回答的问题，最新的在前：`,
		older: (n) => `……还有 ${count(n)} 个更早的提问：/questions json 会列出全部。`,
		listFooter: "回答：/questions answer · 清除：/questions clear",
		clearPrompt: (n, f) => `删除 ${count(f)} 个文件中的 ${count(n)} 个待回答问题？`,
		clearKeep: "否，保留",
		clearDelete: "是，删除",
		kept: "已保留待回答的问题。",
		cleared: (n) => `已清除 ${count(n)} 个待回答问题。`,
		leftUnreadable: (n, paths) => `${count(n)} 个无法读取的文件未做改动：${paths}`,
		leftHeld: (n, paths) => `${count(n)} 个在另一个 pi 中打开的文件未做改动：${paths}`,
		nothingToReopen: "本会话中没有被取消的问题：无可重新打开。",
		reopenWhich: "重新提出哪些问题？",
		nothingReopened: "未重新打开任何问题。",
		notAnswered: (path) => `未回答；${path} 保持原样。`,
	},
	print: {
		hasQuestions: "智能体有问题要问你：",
		instructions: (path, quoted, example) => `有待回答的问题，需要你的输入。

回答方式：重新运行
  pi -p @${quoted} "你的回答"

或编辑 JSON 文件后运行：
  pi -c

或直接在命令行回答：
  pi -p -c --answers=${example}

问题已保存到：${path}`,
		notSaved: (reason, questions) => `智能体有问题要问你，但无法保存：${reason}

${questions}

没有回答任何问题，运行到此结束。解决问题后运行 pi -c 即可找回这些问题。
`,
	},
};
