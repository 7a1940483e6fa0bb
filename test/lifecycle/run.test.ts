/**
 * One pi run's asks built from their edges: each session start takes its own settings and state, `--answers` is kept
 * for the first ask only, a print run stopped at its start takes no prompt, dialogs show one at a time with the
 * session's typed answers for ↑ recall, questions saved for later go into the one pending file built for the ask,
 * cleared asks are recorded where their session reads them, and the end disposes the bridge. pi's API, the front
 * end, the files and the bridge are plain objects that record what they were asked; pending files go to a temporary
 * project folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionContext, SessionEntry } from "@mariozechner/pi-coding-agent";
import { afterEach, describe, expect, it } from "vitest";
import type { Fact } from "../../src/ask/log.js";
import type { AskOutcome, AskRequest } from "../../src/core/types.js";
import { type AskUserSettings, type DialogSettings, resolveSettings } from "../../src/host/settings.js";
import { createRun, type HostEdges, type RunEdges } from "../../src/lifecycle/run.js";
import type { AskOptions, FrontEnd, FrontEndKind } from "../../src/modes/front-end.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import { savePendingFile } from "../../src/pending/pending-file.js";
import type { Ledger } from "../../src/records/store.js";
import type { RemoteConfig } from "../../src/remote/config.js";
import { DATABASE, DATABASE_AND_NAME_ANSWERED, NAME } from "../fixtures.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

const REQUEST: AskRequest = { questions: [DATABASE, NAME] };
const ANSWERED = DATABASE_AND_NAME_ANSWERED;

/** What no settings file and no variable give (host/settings.ts), with `overrides`. */
function settings(overrides: Partial<AskUserSettings> = {}): AskUserSettings {
	const nothingSet = resolveSettings({
		agentDir: "/nowhere",
		cwd: "/nowhere",
		projectTrusted: false,
		env: {},
		read: () => undefined,
	});
	return { ...nothingSet, ...overrides };
}

const DIALOG = settings().dialog;

const projects: string[] = [];
afterEach(() => {
	for (const dir of projects.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function project(): string {
	const dir = mkdtempSync(join(tmpdir(), "ask-run-"));
	projects.push(dir);
	return dir;
}

/** A session context as pi hands it: `mode` says the front end (pi ≥0.78.1). */
function context(options: { cwd: string; mode: FrontEndKind; branch?: SessionEntry[]; sessionId?: string }) {
	const branch = options.branch ?? [];
	return {
		cwd: options.cwd,
		mode: options.mode,
		hasUI: options.mode === "tui" || options.mode === "rpc",
		isIdle: () => true,
		sessionManager: {
			getSessionId: () => options.sessionId ?? "session-1",
			getSessionFile: () => "sessions/session-1.jsonl",
			getBranch: () => branch,
		},
	} as unknown as ExtensionContext;
}

function userMessage(text: string): SessionEntry {
	return {
		type: "message",
		id: "u1",
		parentId: null,
		timestamp: "2026-01-01T00:00:00.000Z",
		message: { role: "user", content: text, timestamp: 0 },
	} as SessionEntry;
}

interface Recorded {
	told: string[];
	frontEnds: { kind: FrontEndKind; dialog: DialogSettings }[];
	asked: { request: AskRequest; options: AskOptions }[];
	entries: { customType: string; data: unknown }[];
	ledger: Parameters<Ledger["add"]>[0][];
	facts: Fact[];
	bridge: string[];
	written: string[];
}

function run(
	options: {
		argv?: string[];
		flags?: Record<string, string>;
		dialog?: (request: AskRequest, options: AskOptions) => Promise<AskOutcome>;
	} = {},
) {
	const recorded: Recorded = {
		told: [],
		frontEnds: [],
		asked: [],
		entries: [],
		ledger: [],
		facts: [],
		bridge: [],
		written: [],
	};
	const dialog = options.dialog ?? (async () => ANSWERED);
	const edges: RunEdges = {
		argv: options.argv ?? ["node", "pi"],
		settings: settings(),
		env: {},
		structuredRpc: false,
		write: (_fd, text) => recorded.written.push(text),
		failExit: () => recorded.told.push("exit code 1"),
		exitNow: () => {
			throw new Error("the run ended");
		},
		imageSupport: () => ({ allowed: false, why: "model" }),
		store: {
			ledger: { add: (entry) => recorded.ledger.push(entry), settledIn: () => () => false },
			facts: { append: (fact) => recorded.facts.push(fact) },
		},
		judging: {
			trust: () => {
				throw new Error("no other session's file is judged in these runs");
			},
			given: givenRecord(TEST_AGENT_DIR as string),
			answersWrittenByTool: () => false,
			claims: { claim: () => () => undefined, heldElsewhere: () => undefined, stillHeld: () => true },
		},
		// pi ≥0.87's own parser: the messages are the prompt.
		piExports: { parseArgs: (args: string[]) => ({ messages: args.filter((a) => !a.startsWith("-")), fileArgs: [] }) },
	};
	const host: HostEdges = {
		pi: {
			appendEntry: (customType: string, data?: unknown) => recorded.entries.push({ customType, data }),
			getFlag: (name: string) => options.flags?.[name],
			sendMessage: () => undefined,
		},
		createFrontEnd: (kind, _ctx, dialogSettings): FrontEnd => {
			recorded.frontEnds.push({ kind, dialog: dialogSettings });
			return {
				kind,
				recordedMode: kind === "tui" ? "interactive" : "print",
				ask:
					kind === "tui"
						? (request, askOptions) => {
								// The history as the dialog opens (the run's list grows as the person answers).
								recorded.asked.push({ request, options: { ...askOptions, history: [...askOptions.history] } });
								return dialog(request, askOptions);
							}
						: undefined,
				tell: (text, level = "info") => recorded.told.push(`${level}: ${text}`),
				fail: (message) => recorded.told.push(`fail: ${message}`),
			};
		},
		savePendingFile,
		removePendingFile: (path) => rmSync(path, { force: true }),
		now: () => new Date("2026-01-02T03:04:05.000Z"),
		sessionHolds: () => false,
		bridge: {
			configure: (config: RemoteConfig | undefined) =>
				recorded.bridge.push(config ? `configure ${config.url}` : "none"),
			bridge: () => undefined,
			dispose: () => recorded.bridge.push("dispose"),
		},
		imageReader: () => (path) => ({
			ok: false,
			reason: `${path}: no images`,
			problem: { kind: "not-image", name: path },
		}),
	};
	return { lifecycle: createRun(edges, host), recorded };
}

const ask = (ctx: ExtensionContext, toolCallId: string) => ({ request: REQUEST, toolCallId, signal: undefined, ctx });

describe("createRun", () => {
	it("gives each session start its own settings: the dialog's, and the time-limit problem told once", async () => {
		const { lifecycle, recorded } = run();
		const ctx = context({ cwd: project(), mode: "tui" });
		const screenReader: DialogSettings = { ...DIALOG, screenReader: true };
		await lifecycle.sessionStart(
			"startup",
			ctx,
			settings({ dialog: screenReader, timeout: { ms: undefined, error: "timeoutSeconds must be a number" } }),
		);
		expect(recorded.told).toEqual(["warning: pi-ask-anywhere: timeoutSeconds must be a number"]);
		await lifecycle.askHandler(ask(ctx, "call-1"));
		expect(recorded.frontEnds.at(-1)).toEqual({ kind: "tui", dialog: screenReader });
		await lifecycle.sessionStart("new", ctx, settings());
		await lifecycle.askHandler(ask(ctx, "call-2"));
		expect(recorded.frontEnds.at(-1)).toEqual({ kind: "tui", dialog: DIALOG });
		expect(recorded.told).toHaveLength(1);
	});

	it("learns a session it meets at its first ask (built after that session's start): its settings and front end", async () => {
		const { lifecycle, recorded } = run();
		const ctx = context({ cwd: project(), mode: "tui" });
		const screenReader: DialogSettings = { ...DIALOG, screenReader: true };
		lifecycle.joinSession(ctx, settings({ dialog: screenReader }));
		await lifecycle.askHandler(ask(ctx, "call-1"));
		expect(recorded.frontEnds.at(-1)).toEqual({ kind: "tui", dialog: screenReader });
		// Nothing is found or told: that start had nothing for the run (lifecycle/start-needs.ts).
		expect(recorded.told).toEqual([]);
		expect(recorded.bridge).toEqual([]);
	});

	it("offers the answers typed in this session for ↑ recall, until the person moves elsewhere in the tree", async () => {
		const { lifecycle, recorded } = run();
		const ctx = context({ cwd: project(), mode: "tui" });
		await lifecycle.sessionStart("startup", ctx, settings());
		await lifecycle.askHandler(ask(ctx, "call-1"));
		await lifecycle.askHandler(ask(ctx, "call-2"));
		expect(recorded.asked.map((a) => a.options.history)).toEqual([[], ["orders"]]);
		await lifecycle.sessionTree("tree", ctx);
		await lifecycle.askHandler(ask(ctx, "call-3"));
		expect(recorded.asked.at(-1)?.options.history).toEqual([]);
	});

	it("shows one dialog at a time: the second waits until the first ends", async () => {
		let endFirst: (outcome: AskOutcome) => void = () => undefined;
		const { lifecycle, recorded } = run({
			dialog: (_request, options) =>
				options.requestId === "call-1"
					? new Promise((resolve) => {
							endFirst = resolve;
						})
					: Promise.resolve(ANSWERED),
		});
		const ctx = context({ cwd: project(), mode: "tui" });
		await lifecycle.sessionStart("startup", ctx, settings());
		const first = lifecycle.askHandler(ask(ctx, "call-1"));
		const second = lifecycle.askHandler(ask(ctx, "call-2"));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(recorded.asked.map((a) => a.options.requestId)).toEqual(["call-1"]);
		endFirst(ANSWERED);
		await Promise.all([first, second]);
		expect(recorded.asked.map((a) => a.options.requestId)).toEqual(["call-1", "call-2"]);
	});

	it("keeps --answers for the run's first ask only", async () => {
		const { lifecycle, recorded } = run({ flags: { answers: '["SQLite", "orders"]' } });
		const ctx = context({ cwd: project(), mode: "tui" });
		await lifecycle.sessionStart("startup", ctx, settings());
		const first = await lifecycle.askHandler(ask(ctx, "call-1"));
		expect(first.outcome).toMatchObject({ kind: "answered", answers: [{ answer: "SQLite" }, { answer: "orders" }] });
		expect(recorded.asked).toEqual([]);
		await lifecycle.askHandler(ask(ctx, "call-2"));
		expect(recorded.asked.map((a) => a.options.requestId)).toEqual(["call-2"]);
	});

	it("takes no prompt in a print run its start stopped, and takes it again at the next start that does not stop", async () => {
		const { lifecycle, recorded } = run({ argv: ["node", "pi", "-p", "hello"], flags: { "ask-remote": "ftp://x" } });
		const ctx = context({ cwd: project(), mode: "print" });
		await lifecycle.sessionStart("startup", ctx, settings());
		expect(recorded.told).toEqual([
			"fail: --ask-remote must start with wss:// (or ws:// to a loopback host), got ftp://",
		]);
		expect(recorded.bridge).toEqual(["none"]);
		expect(await lifecycle.input({ type: "input", text: "hello", source: "interactive" }, ctx)).toEqual({
			action: "handled",
		});
		const next = run({ argv: ["node", "pi", "-p", "hello"] });
		await next.lifecycle.sessionStart("startup", ctx, settings());
		expect(await next.lifecycle.input({ type: "input", text: "hello", source: "interactive" }, ctx)).toEqual({
			action: "continue",
		});
	});

	it("saves a print run's questions for later in the pending file built for the ask: this user's, naming its session and task", async () => {
		const { lifecycle, recorded } = run();
		const cwd = project();
		const ctx = context({ cwd, mode: "print", branch: [userMessage("Set up the orders service")] });
		await lifecycle.sessionStart("startup", ctx, settings());
		const resolution = await lifecycle.askHandler(ask(ctx, "call-1"));
		expect(resolution.outcome.kind).toBe("pending");
		expect(recorded.facts).toEqual([
			{
				fact: "saved",
				at: Date.parse("2026-01-02T03:04:05.000Z"),
				toolCallId: "call-1",
				sessionId: "session-1",
				project: cwd,
			},
		]);
		const [name] = readdirSync(join(cwd, ".pi"));
		const saved = JSON.parse(readFileSync(join(cwd, ".pi", name ?? ""), "utf8"));
		expect(saved).toMatchObject({
			toolCallId: "call-1",
			sessionId: "session-1",
			sessionFile: join(cwd, "sessions/session-1.jsonl"),
			task: "Set up the orders service",
		});
	});

	it("records cleared asks where their sessions read them: this session's in it, another's in the ledger", () => {
		const { lifecycle, recorded } = run();
		const ctx = context({ cwd: project(), mode: "tui", sessionId: "session-1" });
		lifecycle.markCleared(ctx, [
			{ sessionId: "session-1", toolCallId: "call-1" },
			{ sessionId: "session-2", toolCallId: "call-2" },
		]);
		expect(recorded.entries).toEqual([
			{ customType: "ask_user-record", data: { toolCallId: "call-1", state: "cleared" } },
		]);
		expect(recorded.ledger).toEqual([{ sessionId: "session-2", toolCallId: "call-2", how: "cleared" }]);
	});

	it("configures the session's bridge at each start and disposes it at the end", async () => {
		const { lifecycle, recorded } = run({ flags: { "ask-remote": "wss://answers.example/ask" } });
		const ctx = context({ cwd: project(), mode: "tui" });
		await lifecycle.sessionStart("startup", ctx, settings());
		await lifecycle.sessionShutdown();
		expect(recorded.bridge).toEqual(["none", "configure wss://answers.example/ask", "dispose"]);
		expect(recorded.written).toEqual([]);
	});
});
