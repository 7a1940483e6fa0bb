/**
 * Which session starts build the part that asks (lifecycle/start-needs.ts): every duty of a start is a reason, and a
 * print or JSON start with none of them stays light. A table over fake contexts; the settings are resolved from
 * nothing set, with the one that differs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { afterAll, describe, expect, it } from "vitest";
import { parseApprovals } from "../../src/core/approval-rules.js";
import { type AskUserSettings, resolveSettings } from "../../src/host/settings.js";
import { type StartNeed, startNeed } from "../../src/lifecycle/start-needs.js";
import { listPendingNames } from "../../src/pending/pending-file.js";

const folders: string[] = [];
afterAll(() => {
	for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
	const made = mkdtempSync(join(tmpdir(), "start-needs-"));
	folders.push(made);
	return made;
};

function settings(env: Record<string, string> = {}, overrides: Partial<AskUserSettings> = {}): AskUserSettings {
	return {
		...resolveSettings({ agentDir: "/nowhere", cwd: "/nowhere", projectTrusted: false, env, read: () => undefined }),
		...overrides,
	};
}

function context(
	options: { mode?: string; hasUI?: boolean; cwd?: string; entries?: unknown[] } = {},
): ExtensionContext {
	return {
		mode: options.mode ?? "print",
		hasUI: options.hasUI ?? false,
		cwd: options.cwd ?? folder(),
		sessionManager: { getEntries: () => options.entries ?? [] },
	} as unknown as ExtensionContext;
}

function need(
	ctx: ExtensionContext,
	current = settings(),
	options: { flags?: Record<string, string>; parentRoute?: boolean; argv?: string[] } = {},
): StartNeed | undefined {
	return startNeed(ctx, current, {
		argv: options.argv ?? ["node", "pi", "-p"],
		getFlag: (name) => options.flags?.[name],
		parentRoute: options.parentRoute ?? false,
		pendingNames: listPendingNames,
	});
}

describe("startNeed", () => {
	it("leaves a print or JSON start with nothing to do light", () => {
		expect(need(context())).toBeUndefined();
		expect(need(context({ mode: "json" }))).toBeUndefined();
		// pi 0.73.1 names no mode: no UI is print (or JSON by the command line).
		expect(
			need(context({ mode: undefined as never }), settings(), { argv: ["node", "pi", "--mode", "json"] }),
		).toBeUndefined();
		const chat = { type: "message", message: { role: "user", content: "hi" } };
		expect(need(context({ entries: [chat] }))).toBeUndefined();
	});

	it("builds the run for each duty of a start", () => {
		expect(need(context({ mode: "tui", hasUI: true }))).toBe("a front end");
		expect(need(context({ mode: "rpc", hasUI: true }))).toBe("a front end");
		// An SDK session pi ≥0.87 binds as "print" while the app gave it dialogs.
		expect(need(context({ mode: "print", hasUI: true }))).toBe("a front end");
		expect(need(context(), settings(), { parentRoute: true })).toBe("a parent");
		expect(need(context(), settings(), { flags: { answers: '["Yes"]' } })).toBe("answers on the command line");
		expect(need(context(), settings(), { flags: { "ask-remote": "https://example.com/hook" } })).toBe(
			"a remote bridge",
		);
		expect(need(context(), settings({ PI_ASK_USER_REMOTE_URL: "https://example.com/hook" }))).toBe("a remote bridge");
		// A remote setting the run refuses stops the run: the run says why.
		expect(need(context(), settings({ PI_ASK_USER_REMOTE_URL: "http://example.com/hook" }))).toBe("a remote bridge");
		expect(need(context(), settings({ PI_ASK_USER_PUSH: "ntfy" }))).toBe("push");
		const rules = parseApprovals([{ tool: "bash" }], "settings.json").rules;
		expect(rules).toHaveLength(1);
		expect(need(context(), settings({}, { approvals: { rules, timeoutMs: undefined } }))).toBe("approval rules");
		expect(need(context(), settings({ PI_ASK_USER_TIMEOUT: "soon" }))).toBe("a settings problem");
	});

	it("builds it for pending files in a session that goes on, and for this package's entries in a resumed session", () => {
		const cwd = folder();
		mkdirSync(join(cwd, ".pi"));
		writeFileSync(join(cwd, ".pi", "pending-questions.json"), "{}");
		expect(listPendingNames(cwd)).toHaveLength(1);
		// A new session finds nothing in them at its start (only --answers or a session that goes on reads them); a
		// prompt naming one with @ builds the run at the prompt.
		expect(need(context({ cwd }))).toBeUndefined();
		// pi writes the model and thinking level into a new session before its start: still a new session.
		const settingsOfNew = [{ type: "model_change" }, { type: "thinking_level_change" }];
		expect(need(context({ cwd, entries: settingsOfNew }))).toBeUndefined();
		const chat = { type: "message", message: { role: "user", content: "hi" } };
		expect(need(context({ cwd, entries: [chat] }))).toBe("pending files");
		// Named to go on (another session's filled-in files are delivered then), even a session with no message yet.
		for (const goOn of [
			["-c"],
			["--continue"],
			["-r"],
			["--resume"],
			["--session", "s.jsonl"],
			["--fork", "s.jsonl"],
		]) {
			expect(need(context({ cwd, entries: settingsOfNew }), settings(), { argv: ["node", "pi", ...goOn, "-p"] })).toBe(
				"pending files",
			);
		}
		for (const customType of ["ask_user-record", "ask_user-answers", "ask_user-child", "ask_user-child-line"]) {
			expect(need(context({ entries: [{ type: "custom", customType }] }))).toBe("this package's entries");
		}
		const result = { type: "message", message: { role: "toolResult", toolName: "ask_user", content: [] } };
		expect(need(context({ entries: [result] }))).toBe("this package's entries");
		// A run that could not save its questions ends before the tool's result: the call alone brings them back.
		const call = { type: "toolCall", id: "call_1", name: "ask_user", arguments: { questions: [] } };
		const asked = { type: "message", message: { role: "assistant", content: [{ type: "text", text: "" }, call] } };
		expect(need(context({ entries: [asked] }))).toBe("this package's entries");
		const other = { type: "message", message: { role: "assistant", content: [{ ...call, name: "read" }] } };
		expect(need(context({ entries: [other] }))).toBeUndefined();
	});

	it("leaves the children's route to a parent out where the settings turn children off", () => {
		expect(need(context(), settings({}, { children: false }), { parentRoute: true })).toBeUndefined();
	});
});
