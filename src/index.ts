/**
 * pi-ask-user: registers the ask_user tool, the /questions command and the --answers flag, and routes
 * each question to the front end pi is running (TUI, RPC client, print mode).
 */
import { writeSync } from "node:fs";
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { outcomeFromRawAnswers, parseAnswersText } from "./core/answer-input.js";
import { detectMode } from "./modes/detect.js";
import { askInteractive } from "./modes/interactive.js";
import { askInPrint } from "./modes/print.js";
import { askRpc } from "./modes/rpc.js";
import {
	type Delivery,
	deliveriesFromEditedFiles,
	deliveryFromAnswersFlag,
	deliveryFromAttachedFile,
} from "./pending/inbox.js";
import { removePendingFile } from "./pending/pending-file.js";
import { lastUserText } from "./session/branch.js";
import { type AskHandler, type AskResolution, createAskUserTool } from "./tool.js";

export default function askUser(pi: ExtensionAPI) {
	pi.registerFlag("answers", {
		type: "string",
		description: "Answers for ask_user as a JSON array (one per question) or an object keyed by question/header",
	});

	/** `--answers` not yet used: it answers the pending questions of a continued session, or the next ask. */
	let presetAnswers: string | undefined;
	/** Answers found at startup, delivered with the next prompt. */
	let startupDeliveries: Delivery[] = [];
	/** A problem with `--answers` or a pending file, reported when the person's prompt arrives. */
	let startupError: string | undefined;

	function reportError(message: string) {
		writeSync(2, `pi-ask-user: ${message}\n`);
		process.exitCode = 1;
	}

	const handle: AskHandler = async (ask): Promise<AskResolution> => {
		if (presetAnswers !== undefined) {
			const raw = parseAnswersText(presetAnswers, ask.request.questions);
			presetAnswers = undefined;
			const outcome = outcomeFromRawAnswers(ask.request.questions, raw);
			if (outcome) return { outcome, mode: "print" };
		}
		const mode = detectMode(ask.ctx);
		if (mode === "tui") {
			return { outcome: await askInteractive(ask.ctx.ui, ask.request, { signal: ask.signal }), mode: "interactive" };
		}
		if (mode === "rpc") {
			const structured = process.env.PI_ASK_USER_RPC_PROTOCOL === "structured";
			const options = { signal: ask.signal, structured, requestId: ask.toolCallId };
			return { outcome: await askRpc(ask.ctx.ui, ask.request, options), mode: "rpc" };
		}
		const sm = ask.ctx.sessionManager;
		const printed = askInPrint({
			request: ask.request,
			toolCallId: ask.toolCallId,
			cwd: ask.ctx.cwd,
			sessionId: sm.getSessionId(),
			sessionFile: sm.getSessionFile(),
			task: lastUserText(sm.getBranch()),
			now: new Date(),
		});
		// fd 1 is the person's terminal in print mode; in JSON mode it carries events, so use stderr.
		writeSync(mode === "json" ? 2 : 1, printed.terminalText);
		return { outcome: printed.outcome, mode: "print", modelText: printed.modelText, terminate: true };
	};

	pi.registerTool(createAskUserTool(handle));

	pi.on("session_start", async (_event, ctx) => {
		startupDeliveries = [];
		const flag = pi.getFlag("answers");
		presetAnswers = typeof flag === "string" && flag.trim() !== "" ? flag : undefined;
		const sessionId = ctx.sessionManager.getSessionId();
		try {
			if (presetAnswers !== undefined) {
				const delivery = deliveryFromAnswersFlag(ctx.cwd, sessionId, presetAnswers);
				if (delivery) {
					startupDeliveries = [delivery];
					presetAnswers = undefined;
				}
			}
			if (startupDeliveries.length === 0) startupDeliveries = deliveriesFromEditedFiles(ctx.cwd, sessionId);
		} catch (error) {
			startupError = (error as Error).message;
		}
	});

	pi.on("input", async (event, ctx: ExtensionContext) => {
		if (startupError) {
			const message = startupError;
			startupError = undefined;
			presetAnswers = undefined;
			if (ctx.hasUI) ctx.ui.notify(message, "error");
			else reportError(message);
			return { action: "handled" };
		}
		let deliveries = startupDeliveries;
		startupDeliveries = [];
		let text = event.text;
		try {
			const attached = deliveryFromAttachedFile(text, ctx.sessionManager.getSessionId());
			if (attached) {
				deliveries = [attached];
				text = "";
			}
		} catch (error) {
			const message = (error as Error).message;
			if (ctx.hasUI) ctx.ui.notify(message, "error");
			else reportError(message);
			return { action: "handled" };
		}
		if (deliveries.length === 0) return { action: "continue" };
		for (const delivery of deliveries) removePendingFile(delivery.path);
		const body = [...deliveries.map((d) => d.text), text.trim()].filter((part) => part !== "").join("\n\n");
		return { action: "transform", text: body };
	});
}
