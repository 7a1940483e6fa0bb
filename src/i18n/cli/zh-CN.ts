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
		sessionNamed: (id) => `会话 ${id}`,
		answerWith: (path) => `回答: pi -p @${path} "你的回答"`,
		printFooter: `用每个问题下方的命令回答 · 全部清除: pi -p "/questions clear"`,
		answerHere: (path) =>
			`/questions answer 需要 pi 的对话框（运行 pi 并在那里输入）；在 -p 下请这样回答: pi -p @${path} "你的回答"`,
		clearPrompt: (n, f) => `删除 ${count(f)} 个文件中的 ${count(n)} 个待回答问题？`,
		clearKeep: "否，保留",
		clearDelete: "是，删除",
		kept: "已保留待回答的问题。",
		cleared: (n) => `已清除 ${count(n)} 个待回答问题。`,
		leftUnreadable: (n, paths) => `${count(n)} 个无法读取的文件未做改动：${paths}`,
		leftHeld: (path, claim) => `${path} 未做改动：其中的问题${claim}`,
		nothingToReopen: "本会话中没有被取消的问题：无可重新打开。",
		reopenWhich: "重新提出哪些问题？",
		nothingReopened: "未重新打开任何问题。",
		notAnswered: (path) => `未回答；${path} 保持原样。`,
		forClient: (client) =>
			`由 ${client} 通过 pi-ask-anywhere mcp 提出，它正在等待回答：在这里回答后，答案会交给 ${client}，而不是这个 pi 的模型`,
		clientGone: (client) =>
			`由 ${client} 通过 pi-ask-anywhere mcp 提出，但它已不再等待回答：这里无法回答（/questions clear 可将其删除）`,
	},
	layout: {
		chooseAny: "（可多选）",
		ownAnswer: "或自行回答",
		answer: (json) => `回答：${json}`,
	},
	claim: {
		heldBy: (pid, host) => `已在另一个 pi 中打开（${host} 上的 pid ${pid}）`,
		answerThere: (claim) => `这些问题${claim}；请在那里回答`,
		heldByMcp: (pid, host) => `由 pi-ask-anywhere mcp 持有（${host} 上的 pid ${pid}）`,
	},
	trust: {
		noSessionFile: "它没有注明会话文件（用 --no-session、手工或在别处写成）",
		outsideSessionFolders: "它注明的会话文件不在你的 pi 保存会话的位置",
		sessionMissing: "它注明的会话文件不存在或无法读取",
		otherSession: "它注明的会话文件属于另一个会话",
		noAskCall: "它注明的会话从未发出这次 ask_user 调用",
		questionsDiffer: "其中的问题与它注明的会话中提出的不一致",
		taskDiffers: "其中的任务不是你在它注明的会话中写的内容",
		settled: "包含已处理的问题（答案已送达，或已被清除），因此不会再次发送",
		elsewhere: (folder) => `包含你的 pi 在 ${folder} 而非本项目中提出的问题（是那个项目的副本吗？）`,
		originSession: (id, file) => `会话：${id}（${file}）`,
		originNoSessionFile: (id) => `会话：${id}（无会话文件）`,
		originSaved: (timestamp) => `保存于：${timestamp}`,
		originTask: (task) => `其任务：${task}`,
		answerAnyway: "回答其中的问题（其任务不会发送给模型）",
		leave: "不予理会",
	},
	refused: {
		ignoredWrittenByTool: (file) => `${file} 中已有的回答被忽略了：它们是 pi 运行期间由工具调用写入的，不是你写的`,
		ignoredNotThisPi: (file, reason) => `${file} 中已有的回答被忽略了：该文件不是你的 pi 写的（${reason}）`,
		notThisPi: (path, reason) => `${path} 不是你的 pi 写的（${reason}）`,
		settled: (path, reason) => `${path} ${reason}。请用 /questions clear 删除它`,
		elsewhere: (path, reason) =>
			`${path} ${reason}；未发送任何内容。请在那个文件夹中回答，或在 pi 中用 /questions answer 回答（它会先显示来源）`,
		askerGone: (path, client) =>
			`${path} 中是 ${client} 通过 pi-ask-anywhere mcp 提出的问题，但现在没有 pi-ask-anywhere mcp 在等待这些回答：未发送也未写入任何内容（/questions clear 可删除它们）`,
		held: (source, claim) => `${source}：这些问题${claim}；请在那里回答，或等它结束后在这里回答。未发送任何内容`,
	},
	notices: {
		notDelivered: (message) => `无法送达答案：${message}`,
		notSaved: (message) => `pi-ask-anywhere：无法保存问题：${message}`,
		answered: (questions) => `--answers 已回答 ${questions}`,
		answeredFrom: (questions, path) => `--answers 已回答 ${path} 中的 ${questions}`,
		noAnswerToAny: "--answers 没有回答任何待回答的问题",
		answeredNothing: (why) => `--answers 什么也没回答：${why}`,
		unknownStop: (path, reason) =>
			`--answers：${path} 包含不是此用户的 pi 写的待回答问题（${reason}），因此 --answers 不会回答它们。若要有意回答，请指明文件：pi -p @${path} "你的回答"`,
		forFile: (message, path) => `${message}（针对 ${path}）`,
		noAnswerForFile: (path) => `--answers 没有回答 ${path} 中的任何问题`,
		noneInSession: "--answers：此会话没有待回答的问题（见 /questions）；未发送任何内容",
		noneAnywhere: "--answers：没有待回答的问题，也没有可能提出问题的提示词",
		flagNoAnswer: "--answers 没有回答这些问题中的任何一个；改为直接提问",
		flagDoesNotFit: (message) => `--answers 与这些问题不符（${message}）；改为直接提问`,
		backgroundNotSaved: "无法保存后台问题；改为现在提问",
		timedOut: "未及时回答：问题仍待回答（/questions answer）。",
		answeredOnWebPage: "已在网页上回答。",
		answeredFromPhone: "已从手机回答。",
		answeredRemotely: "已远程回答。",
		answeredElsewhere: "这些问题已在别处回答（此 pi 暂停期间另一个 pi 接管了它们）；你的回答未发送。",
		fileNotRemoved: (path, why) =>
			`你的回答已发送，但 pi-ask-anywhere 无法删除 ${path}（${why}）；它不会被再次发送：请手动删除。`,
		questionsNotShown: (path, why) =>
			`问题已保存在 ${path}，但无法在此显示（${why}）；它们在那里等待你的回答：pi -p @${path} "你的回答"`,
		dismissedRemotely: "已远程忽略。",
		noRemoteAnswer: (kind) => `没有远程回答（${kind}）；改为保存问题`,
		needsUi: "这需要 pi 的对话框，而 -p 下没有：请运行 pi（不带 -p）并在那里输入该命令",
		dismissPrompt: "留待以后回答这些问题，还是忽略它们？",
		keepForLater: "留待以后回答（/questions answer）",
		dismiss: "忽略：告知智能体不会有答案",
		stillPending: "未回答；问题仍待回答（/questions answer）。",
		reopenLater: "未回答；/questions reopen 会再次提问。",
		stepAside: (path, removeOther, removeOurs) =>
			`此 pi 中由另一个包回答 ask_user（${path}），因此 pi-ask-anywhere 不注册自己的工具。/questions 仍可回答 pi-ask-anywhere 先前保存的问题。若要改用 pi-ask-anywhere：${removeOther}（或 ${removeOurs} 以保留另一个）。`,
		leaveOut: (argument) => `去掉 -e ${argument}`,
		unknownExtension: "未知的扩展",
		setAsideWaiting: (n) =>
			`${n === 1 ? "一个搁置的问题" : `${count(n)} 组搁置的问题`}正在等待你的回答：/questions answer`,
		deliveredUnrecorded: (message) =>
			`pi-ask-anywhere：回答已送达，但无法记录为已送达（${message}）；其待回答问题文件已删除，以免再次发送`,
		decisionNotLogged: (reason) => `pi-ask-anywhere：决定日志无法记录此决定（${reason}）；回答照常送出`,
	},
	subagent: {
		label: "子代理",
		noTask: "未给出任务",
		inFolder: (folder) => `位于 ${folder}`,
		answered: (who, answers) => `你对子代理“${who}”的回答：${answers}`,
		cancelled: (who) => `你取消了子代理的问题（“${who}”）`,
	},
	chat: {
		more: (n) => `（另有 ${count(n)} 个）`,
		withNote: (answer, note) => `${answer} — 备注：${note}`,
		skipped: "（已跳过）",
		noteForAll: (note) => `整体备注：${note}`,
		cancelled: "用户已取消（/questions reopen 重新提问）",
		timedOut: "未及时回答",
		connectionLost: "与用户的连接已断开",
		interrupted: "已中断：问题仍待回答（/questions answer）",
		pending: (file) => `待回答：答案写入 ${file}`,
		dismissed: "未回答即忽略",
		ownWords: (answers) => `用自己的话回答：${answers}`,
		givenLater: "稍后给出的回答",
		toExpand: (key) => `（${key} 展开）`,
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
	forAsker: {
		answeredFor: (client) => `已通过 pi-ask-anywhere mcp 为 ${client} 作答`,
		noImages: "图片无法通过待回答问题文件传给 MCP 客户端；未写入任何内容",
		noNotes: "备注无法通过待回答问题文件传给 MCP 客户端；未写入任何内容",
		notAsked: (question) => `有回答对应的问题并未被提出（“${question}”）；未写入任何内容`,
		answeredTwice: (question) => `同一个问题有两个回答（“${question}”）；未写入任何内容`,
		noAnswer: (name) => `${name} 中没有任何问题得到回答；未写入任何内容`,
		noWords: (client, command) => `没有给出回答：请在文件后写下给 ${client} 的回答，例如 ${command}`,
		noAnswerInWords: "文件后的文字没有回答任何问题；未写入任何内容",
		gone: (name, client) => `${name} 已不存在：${client} 已经拿到了回答`,
		otherQuestions: (name) => `${name} 现在包含其他问题；未写入任何内容`,
		recordsElsewhere: (client, serverFolder, ownFolder) =>
			`未写入任何内容：为 ${client} 提问的 pi-ask-anywhere mcp 只接受记录在 ${serverFolder} 中的回答，而这个 pi 把它们记录在 ${ownFolder}；请在其客户端的 env 中给服务器设置 PI_CODING_AGENT_DIR=${ownFolder}（docs/mcp.md），或在客户端自己的对话框或网页上回答`,
		answeredAlready: (name, client) => `${name} 已有回答；${client} 会取走这些回答。未写入任何内容`,
	},
	delivery: {
		answersFlag: "--answers",
		filledInto: (file) => `填写在 ${file} 中的回答`,
		pendingFile: "待回答问题文件",
		wordsAfter: (file) => `${file} 后面的文字`,
		dialog: "对话框中的回答",
		twoAnswers: (first, second) =>
			`同一组问题有两个不同的回答：${first} 和 ${second}。未发送任何内容；请只给出其中一个。`,
		delivering: (file) => `正在送达填写在 ${file} 中的回答`,
	},
	inbox: {
		untrustedImage: (path) => `未读取 ${path}：只从你自己的 pi 写的待回答问题文件中读取图片`,
		imageRefused: (where, reason) => `${where}：${reason}；未发送任何内容`,
		ignoredNothingSent: (ignored, example) => `${ignored}。未发送任何内容：请在文件后写下你自己的回答，例如 ${example}`,
		noWords: (example) => `没有给出回答：请在文件后写下你的回答，例如 ${example}`,
		onlyWords: (ignored) => `${ignored}；只发送了你在文件后写的文字`,
		oneFileAtATime: "一次只附加一个待回答问题文件：否则后面的文字回答的是哪些问题？",
	},
	images: {
		notFile: (path) => `${path} 不是图片文件`,
		unreadable: (path) => `${path} 不存在或无法读取`,
		tooLarge: (name, size, limit) => `${name} 大小为 ${size}；单张图片上限为 ${limit}`,
		notImage: (name) => `${name} 不是 PNG、JPEG、GIF 或 WebP 图片`,
		unsupportedModel: "无法附加图片：此模型无法读取图片",
		blocked: "无法附加图片：pi 的设置禁止了图片（images.blockImages）",
	},
	editedFile: {
		notJson: (path, detail) => `${path} 不是有效的 JSON（${detail}）；请修正它，或运行 /questions clear`,
		notAList: (path) => `${path}：“questions” 必须是问题列表，每个问题带一个 “answer”`,
		wrongCount: (path, found, asked) =>
			`${path}：“questions” 有 ${found} 项，但提出了 ${asked} 个问题；只填写 “answer”，不要添加或删除问题`,
		badAnswer: (path, index) => `${path}：questions[${index}].answer 必须是文本、数字、true/false、它们的列表或 null`,
		badImages: (path, index) => `${path}：questions[${index}].images 必须是图片文件路径的列表`,
	},
	approval: {
		question: (tool, summary) => `允许 ${tool}：\`${summary}\`？`,
		header: "审批",
		allow: "允许",
		allowSession: "本次会话中允许",
		deny: "拒绝",
		noteHint: "拒绝，并给代理留言",
		pending: (tool, summary, file, allow) =>
			`\`${tool} ${summary}\` 需要你的批准，尚未运行。要允许它：在手机上点按 ${allow}，在网页上或在 pi 中用 /questions 回答，或在 ${file} 中设置 "answer": "${allow}"；然后运行 \`pi -p -c\`：代理再次发起该调用时会运行一次。`,
	},
	log: {
		time: "时间",
		project: "项目",
		by: "来源",
		question: "问题",
		answer: "回答",
		none: "没有记录的决定。",
	},
	push: {
		subagent: (project, task) => `${project}（子代理：${task}）`,
		questions: (n) => `${n} 个问题`,
		oneWaiting: (who) => `${who} 中有一个问题在等待。`,
		manyWaiting: (n, who) => `${who} 中有 ${n} 个问题在等待。`,
		chooseAny: "（可多选）",
		open: "打开",
		tapOpen: "点按“打开”即可在网页上回答。",
		answerInFile: (who) => `要回答，请在 ${who} 中运行 pi -c，或在那里运行 pi-ask-anywhere web 并在网页上回答。`,
		answerInTerminal: (who) => `要回答，请回到 ${who} 中 pi 的终端，或在那里运行 pi-ask-anywhere web 并在网页上回答。`,
		tapHere: (open) => `点按一个答案即可在此回复。${open ? "“打开”会在网页上显示问题。" : ""}`,
		tapFirst: (others, open, who) =>
			`点按一个答案即可在此回复第一个问题（其余 ${others} 个问题保持未回答），${open ? "或点“打开”在网页上回答全部" : `或在 ${who} 的 pi 中回答全部`}。`,
		ended: {
			terminal: "已在终端中回答。",
			web: "已在网页上回答。",
			phone: "已从你的手机回答。",
			elsewhere: "已在别处回答。",
			closed: "不再等待：pi 已停止提问。",
		},
	},
};
