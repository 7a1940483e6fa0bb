/** One ask_user call from start to end, with a fake front end, a fake bridge and fake disk. */

import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import type { AskOutcome, AskRequest } from "../../src/core/types.js";
import { type AskHandlerDeps, createAskHandler } from "../../src/lifecycle/ask-handler.js";
import type { AskOptions, FrontEnd, FrontEndKind } from "../../src/modes/front-end.js";
import type { SavedQuestions } from "../../src/modes/print.js";
import { PendingFileError } from "../../src/pending/pending-file.js";
import type { RemoteBridge } from "../../src/remote/bridge.js";
import { DATABASE, DATABASE_AND_NAME_ANSWERED, NAME } from "../fixtures.js";

const REQUEST: AskRequest = { questions: [DATABASE, NAME] };
const ANSWERED = DATABASE_AND_NAME_ANSWERED;
const CTX = {} as ExtensionContext;

interface Fakes {
	told: string[];
	asked: AskOptions[];
	onDisk: string[];
	removed: string[];
	stopped: string[];
	remembered: AskOutcome[];
	later: { toolCallId: string; pendingFile: string }[];
	/** The decisions recorded: who gave them, and how the ask ended. */
	decided: string[];
}

function setup(options: {
	kind?: FrontEndKind;
	dialog?: (request: AskRequest, options: AskOptions) => Promise<AskOutcome>;
	upFront?: string;
	bridge?: Pick<RemoteBridge, "ask">;
	saved?: SavedQuestions;
	stillAsking?: boolean;
	/** The terminal takes nothing: on stdout (what the person is told, `info`), or on stdout and stderr. */
	terminalFails?: "stdout" | "both";
}) {
	const fakes: Fakes = {
		told: [],
		asked: [],
		onDisk: [],
		removed: [],
		stopped: [],
		remembered: [],
		later: [],
		decided: [],
	};
	const kind = options.kind ?? "tui";
	const dialog = options.dialog;
	const frontEnd: FrontEnd = {
		kind,
		recordedMode: kind === "tui" ? "interactive" : kind === "rpc" ? "rpc" : "print",
		ask: dialog
			? (request, askOptions) => {
					fakes.asked.push(askOptions);
					return dialog(request, askOptions);
				}
			: undefined,
		tell: (text, level = "info") => {
			if (options.terminalFails === "both" || (options.terminalFails === "stdout" && level === "info"))
				throw new Error("EPIPE: broken pipe, write");
			fakes.told.push(text);
		},
		fail: (message) => fakes.told.push(`fail: ${message}`),
	};
	let upFront = options.upFront;
	const deps: AskHandlerDeps = {
		stillAsking: () => options.stillAsking ?? true,
		idleTimeoutMs: () => undefined,
		frontEnd: () => frontEnd,
		takeUpFrontAnswers: () => {
			const answers = upFront;
			upFront = undefined;
			return answers;
		},
		history: () => ["earlier"],
		remember: (outcome) => fakes.remembered.push(outcome),
		acceptsImages: () => false,
		readImage: () => (path) => ({
			ok: false,
			reason: `${path}: no images`,
			problem: { kind: "not-image", name: path },
		}),
		remote: () => (options.bridge ? Promise.resolve(options.bridge as RemoteBridge) : undefined),
		keepOnDisk: () => {
			fakes.onDisk.push("/p/.pi/pending-questions.json");
			return "/p/.pi/pending-questions.json";
		},
		doneWithDisk: (path, keep) => {
			if (!keep) fakes.removed.push(path);
			return undefined;
		},
		saveForLater: () =>
			options.saved ?? {
				saved: true,
				outcome: { kind: "pending", pendingFile: ".pi/pending-questions.json" },
				modelText: "The questions were saved.",
				terminalText: "Questions saved to: .pi/pending-questions.json",
			},
		answerLater: (_ctx, later) => fakes.later.push({ toolCallId: later.toolCallId, pendingFile: later.pendingFile }),
		stopRun: (text) => {
			fakes.stopped.push(text);
			throw new Error("stopped");
		},
		decided: (_ask, outcome, by) => fakes.decided.push(`${by}: ${outcome.kind}`),
	};
	return { handle: createAskHandler(deps), fakes };
}

function ask(signal?: AbortSignal) {
	return { request: REQUEST, toolCallId: "call_1", signal, ctx: CTX };
}

describe("createAskHandler: a pi frozen while its dialog was open", () => {
	it("sends nothing when another pi took the questions over meanwhile, and tells the person", async () => {
		const { handle, fakes } = setup({ dialog: async () => ANSWERED, stillAsking: false });
		const resolution = await handle(ask());
		expect(resolution.outcome).toEqual({ kind: "interrupted" });
		expect(fakes.told.join("\n")).toContain("answered elsewhere");
		// The file is left for the pi that took it over (it removes it once its delivery is held).
		expect(fakes.removed).toEqual([]);
	});
});

describe("createAskHandler: background asks", () => {
	const backgroundAsk = () => ({ ...ask(), request: { ...REQUEST, background: true as const } });

	it("with a dialog: saved at once, returned at once, and the dialog asks later", async () => {
		const { handle, fakes } = setup({ dialog: async () => ANSWERED });
		expect(await handle(backgroundAsk())).toEqual({
			outcome: { kind: "pending", pendingFile: ".pi/pending-questions.json", background: true },
			mode: "interactive",
		});
		expect(fakes.asked).toEqual([]);
		expect(fakes.later).toEqual([{ toolCallId: "call_1", pendingFile: ".pi/pending-questions.json" }]);
	});

	it("print mode: saved, the person is shown the questions, and the run goes on (no terminate)", async () => {
		const { handle, fakes } = setup({ kind: "print" });
		const resolution = await handle(backgroundAsk());
		expect(resolution).toEqual({
			outcome: { kind: "pending", pendingFile: ".pi/pending-questions.json", background: true },
			mode: "print",
		});
		expect(fakes.told).toEqual(["Questions saved to: .pi/pending-questions.json"]);
	});

	it("print mode whose terminal takes nothing: the background ask is pending all the same", async () => {
		const { handle, fakes } = setup({ kind: "print", terminalFails: "both" });
		expect((await handle(backgroundAsk())).outcome).toEqual({
			kind: "pending",
			pendingFile: ".pi/pending-questions.json",
			background: true,
		});
		expect(fakes.told).toEqual([]);
	});

	it("questions that cannot be saved are asked now, in the foreground", async () => {
		const saved: SavedQuestions = { saved: false, error: new PendingFileError("disk full"), terminalText: "…" };
		const { handle, fakes } = setup({ dialog: async () => ANSWERED, saved });
		expect((await handle(backgroundAsk())).outcome).toEqual(ANSWERED);
		expect(fakes.later).toEqual([]);
		expect(fakes.told[0]).toContain("could not be saved");
	});
});

describe("createAskHandler", () => {
	it("shows the dialog with the toolCallId and the history; the questions are on disk only while it is open", async () => {
		const { handle, fakes } = setup({ dialog: async () => ANSWERED });
		expect(await handle(ask())).toEqual({ outcome: ANSWERED, mode: "interactive" });
		expect(fakes.asked[0]).toMatchObject({ requestId: "call_1", history: ["earlier"] });
		expect(fakes.onDisk).toHaveLength(1);
		expect(fakes.removed).toEqual(fakes.onDisk);
		expect(fakes.remembered).toEqual([ANSWERED]);
	});

	/** A dialog the call's abort closes, as the real front ends do: `interrupted`, never `cancelled`. */
	const closedByAbort = (_request: AskRequest, options: AskOptions) =>
		new Promise<AskOutcome>((resolve) =>
			options.signal?.addEventListener("abort", () => resolve({ kind: "interrupted" }), { once: true }),
		);

	it.each(["tui", "sdk"] as const)(
		"an abort the person did not give is interrupted in the %s, and its questions stay on disk",
		async (kind) => {
			const controller = new AbortController();
			const { handle, fakes } = setup({ kind, dialog: closedByAbort });
			const handled = handle(ask(controller.signal));
			controller.abort();
			expect((await handled).outcome).toEqual({ kind: "interrupted" });
			expect(fakes.onDisk).toHaveLength(1);
			expect(fakes.removed).toEqual([]);
		},
	);

	it("an abort the person did not give reads as connectionLost to an RPC client, and stays open", async () => {
		const controller = new AbortController();
		const { handle, fakes } = setup({ kind: "rpc", dialog: closedByAbort });
		const handled = handle(ask(controller.signal));
		controller.abort();
		expect(await handled).toEqual({ outcome: { kind: "interrupted", reportedAs: "connectionLost" }, mode: "rpc" });
		expect(fakes.removed).toEqual([]);
	});

	it.each(["tui", "rpc", "sdk"] as const)("a cancel the person gave in the %s stays a cancel", async (kind) => {
		const { handle, fakes } = setup({ kind, dialog: async () => ({ kind: "cancelled" }) });
		expect((await handle(ask(new AbortController().signal))).outcome).toEqual({ kind: "cancelled" });
		expect(fakes.removed).toEqual(fakes.onDisk);
	});

	it("an abort while the remote question is also open is interrupted, not the backend's dismissal", async () => {
		const controller = new AbortController();
		const bridge = {
			ask: (_request: AskRequest, signal?: AbortSignal) =>
				new Promise<AskOutcome>((resolve) =>
					signal?.addEventListener("abort", () => resolve({ kind: "interrupted" }), { once: true }),
				),
		};
		const { handle, fakes } = setup({ dialog: closedByAbort, bridge });
		const handled = handle(ask(controller.signal));
		controller.abort();
		expect(await handled).toEqual({ outcome: { kind: "interrupted" }, mode: "interactive" });
		expect(fakes.removed).toEqual([]);
	});

	it("up-front answers that fit the ask answer it without a dialog, once", async () => {
		const { handle, fakes } = setup({ dialog: async () => ANSWERED, upFront: '["SQLite", "orders"]' });
		const first = await handle(ask());
		expect(first.outcome).toMatchObject({ kind: "answered", answers: [{ answer: "SQLite" }, { answer: "orders" }] });
		expect(fakes.asked).toHaveLength(0);
		await handle(ask());
		expect(fakes.asked).toHaveLength(1);
	});

	it("up-front answers that do not fit answer nothing: the person is told and asked normally", async () => {
		const { handle, fakes } = setup({ dialog: async () => ANSWERED, upFront: '["one", "two", "three"]' });
		expect((await handle(ask())).outcome).toBe(ANSWERED);
		expect(fakes.asked).toHaveLength(1);
		expect(fakes.told.join("\n")).toMatch(/--answers does not fit these questions/);
	});

	it("a remote answer that wins is recorded as remote, and the person is told where it came from", async () => {
		const never = () => new Promise<AskOutcome>(() => {});
		const from = (where?: "page" | "phone" | "parent") => ({
			ask: async (_request: unknown, _signal: unknown, about?: { from?: (w: string) => void }) => {
				if (where) about?.from?.(where);
				return ANSWERED;
			},
		});
		const told = async (where?: "page" | "phone" | "parent") => {
			const { handle, fakes } = setup({ dialog: never, bridge: from(where) });
			expect(await handle(ask())).toEqual({ outcome: ANSWERED, mode: "remote" });
			return fakes.told;
		};
		expect(await told("page")).toContain("Answered on the web page.");
		expect(await told("phone")).toContain("Answered from the phone.");
		// A backend of one's own, or the parent pi answering a subagent: no web page to name.
		expect(await told()).toContain("Answered remotely.");
		expect(await told("parent")).toContain("Answered remotely.");
	});

	it("where nobody can answer now, the questions are saved and the run ends its turn", async () => {
		const { handle } = setup({ kind: "print" });
		expect(await handle(ask())).toEqual({
			outcome: { kind: "pending", pendingFile: ".pi/pending-questions.json" },
			mode: "print",
			modelText: "The questions were saved.",
			terminate: true,
		});
	});

	it("a terminal that takes nothing once the questions are saved: still pending, and one stderr line says where", async () => {
		const { handle, fakes } = setup({ kind: "print", terminalFails: "stdout" });
		expect(await handle(ask())).toEqual({
			outcome: { kind: "pending", pendingFile: ".pi/pending-questions.json" },
			mode: "print",
			modelText: "The questions were saved.",
			terminate: true,
		});
		expect(fakes.told).toEqual([
			'pi-ask-anywhere: the questions are saved in .pi/pending-questions.json but could not be shown here (EPIPE: broken pipe, write); they wait there for your answers: pi -p @.pi/pending-questions.json "your answers"',
		]);
	});

	it("a stderr that takes nothing either: the ask is pending all the same, and nothing escapes", async () => {
		const { handle, fakes } = setup({ kind: "print", terminalFails: "both" });
		expect((await handle(ask())).outcome).toEqual({ kind: "pending", pendingFile: ".pi/pending-questions.json" });
		expect(fakes.told).toEqual([]);
	});

	it("print mode waits for a remote answer before saving", async () => {
		const bridge = { ask: async () => ANSWERED };
		const { handle } = setup({ kind: "print", bridge });
		expect(await handle(ask())).toEqual({ outcome: ANSWERED, mode: "remote" });
	});

	it("an ask made outside ask_user (an approval, another extension's) takes no --answers and no background, and has its own time limit", async () => {
		const { handle, fakes } = setup({ dialog: async () => ANSWERED, upFront: '["SQLite", "orders"]' });
		const outside = { ...ask(), request: { ...REQUEST, background: true as const }, outside: { timeoutMs: 60_000 } };
		expect((await handle(outside)).outcome).toBe(ANSWERED);
		expect(fakes.asked).toHaveLength(1);
		expect(fakes.later).toEqual([]);
		expect(fakes.asked[0]?.closesAt?.()).toBeTypeOf("number");
		// The model's own first ask still gets them.
		expect((await handle(ask())).outcome).toMatchObject({
			kind: "answered",
			answers: [{ answer: "SQLite" }, { answer: "orders" }],
		});
	});

	it("an outside ask that cannot be saved ends interrupted and never stops the model's run", async () => {
		const saved: SavedQuestions = {
			saved: false,
			error: new PendingFileError(".pi is not a folder"),
			terminalText: "The agent has questions for you, but they could not be saved",
		};
		const { handle, fakes } = setup({ kind: "print", saved });
		expect(await handle({ ...ask(), outside: {} })).toEqual({ outcome: { kind: "interrupted" }, mode: "print" });
		expect(fakes.stopped).toEqual([]);
		expect(fakes.told).toEqual([saved.terminalText]);
	});

	it("questions that cannot be saved stop the run after showing them; no result is invented", async () => {
		const saved: SavedQuestions = {
			saved: false,
			error: new PendingFileError(".pi is not a folder"),
			terminalText: "The agent has questions for you, but they could not be saved",
		};
		const { handle, fakes } = setup({ kind: "print", saved });
		await expect(handle(ask())).rejects.toThrow("stopped");
		expect(fakes.stopped).toEqual([saved.terminalText]);
	});
});

describe("createAskHandler: the decision log", () => {
	it("says who ended the ask: --answers, the dialog here, the page, a tap (ask/decision.ts drops an end nobody gave)", async () => {
		const upFront = setup({ upFront: '["SQLite", "orders"]', dialog: async () => ANSWERED });
		await upFront.handle(ask());
		expect(upFront.fakes.decided).toEqual(["answers: answered"]);

		const rpc = setup({ kind: "rpc", dialog: async () => ({ kind: "cancelled" }) });
		await rpc.handle(ask());
		expect(rpc.fakes.decided).toEqual(["rpc: cancelled"]);

		const never = () => new Promise<AskOutcome>(() => undefined);
		const page = setup({ dialog: never, bridge: { ask: async () => ANSWERED } });
		await page.handle(ask());
		expect(page.fakes.decided).toEqual(["page: answered"]);

		const tap = setup({
			dialog: never,
			bridge: {
				ask: async (_request: unknown, _signal: unknown, about?: { from?: (where: string) => void }) => {
					about?.from?.("phone");
					return ANSWERED;
				},
			},
		});
		await tap.handle(ask());
		expect(tap.fakes.decided).toEqual(["tap: answered"]);
	});
});
