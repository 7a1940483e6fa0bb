/** Which front end pi runs, and what its command line asked for, read with the running pi's own parser. */

import { resolve } from "node:path";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import type { DialogSettings } from "../../src/host/settings.js";
import { createFrontEnd, frontEndKind } from "../../src/modes/front-end.js";
import { copiedParse, readCommandLine, requiresEsQuietly } from "../../src/modes/pi-command-line.js";
import { DATABASE, NAME } from "../fixtures.js";

function ctx(hasUI: boolean, themes: number, mode?: string): ExtensionContext {
	return { hasUI, mode, ui: { getAllThemes: () => Array.from({ length: themes }) } } as unknown as ExtensionContext;
}

describe("frontEndKind", () => {
	it("trusts ctx.mode where newer pi has it", () => {
		expect(frontEndKind(ctx(true, 3, "rpc"), [])).toBe("rpc");
		expect(frontEndKind(ctx(true, 0, "tui"), [])).toBe("tui");
	});
	it("takes a UI context with another ctx.mode for an SDK host", () => {
		expect(frontEndKind(ctx(true, 3, "sdk"), [])).toBe("sdk");
	});
	it("an SDK app that handed pi its dialogs is asked through them, though pi >=0.87 binds it as print or json", () => {
		expect(frontEndKind(ctx(true, 0, "print"), ["node", "app.mjs"])).toBe("sdk");
		expect(frontEndKind(ctx(true, 2, "json"), ["node", "app.mjs"])).toBe("sdk");
		expect(frontEndKind(ctx(false, 0, "print"), ["node", "pi", "-p"])).toBe("print");
	});
	it("tells the TUI from RPC by themes on pi 0.73.1", () => {
		expect(frontEndKind(ctx(true, 3), [])).toBe("tui");
		expect(frontEndKind(ctx(true, 0), [])).toBe("rpc");
	});
	it("tells JSON mode from print mode by the command line", () => {
		expect(frontEndKind(ctx(false, 0), ["node", "pi", "-p", "hi"])).toBe("print");
		expect(frontEndKind(ctx(false, 0), ["node", "pi", "--mode", "json", "hi"])).toBe("json");
		expect(frontEndKind(ctx(false, 0), ["node", "pi", "--mode=json"])).toBe("json");
	});
});

/** The dialog's settings when nothing is set. */
const DIALOG: DialogSettings = { screenReader: false, hideKey: undefined, keyGuardMs: undefined, notify: "both" };

describe("createFrontEnd", () => {
	function printEdges() {
		const written: [number, string][] = [];
		let failed = false;
		return {
			written,
			failed: () => failed,
			edges: {
				write: (fd: 1 | 2, text: string) => written.push([fd, text]),
				failExit: () => {
					failed = true;
				},
				structuredRpc: false,
				env: {},
				imageSupport: () => ({ allowed: false, why: "model" }) as const,
			},
		};
	}
	it("print mode: the person's text on stdout, notices and failures on stderr, a failure sets the exit code", () => {
		const io = printEdges();
		const front = createFrontEnd("print", ctx(false, 0), io.edges, DIALOG);
		expect(front.ask).toBeUndefined();
		front.tell("questions");
		front.tell("answered", "notice");
		front.fail("broken");
		expect(io.written).toEqual([
			[1, "questions\n"],
			[2, "answered\n"],
			[2, "pi-ask-anywhere: broken\n"],
		]);
		expect(io.failed()).toBe(true);
	});
	it("a failure sets the exit code even when stderr takes nothing, and the report throws nothing", () => {
		const io = printEdges();
		const edges = {
			...io.edges,
			write: () => {
				throw new Error("ENOSPC: no space left on device, write");
			},
		};
		const front = createFrontEnd("print", ctx(false, 0), edges, DIALOG);
		expect(() => front.fail("broken")).not.toThrow();
		expect(io.failed()).toBe(true);
	});
	it("JSON mode keeps stdout for pi's events", () => {
		const io = printEdges();
		createFrontEnd("json", ctx(false, 0), io.edges, DIALOG).tell("questions");
		expect(io.written).toEqual([[2, "questions\n"]]);
	});
	it("an SDK host taken for the TUI whose custom() shows nothing asks through the plain dialogs, never a cancel", async () => {
		const shown: string[] = [];
		const ui = {
			getAllThemes: () => [{ name: "dark" }],
			custom: async () => undefined,
			setTitle: () => {},
			notify: () => {},
			select: async (title: string, rows: string[]) => {
				shown.push(title);
				return rows.find((row) => row.startsWith("SQLite"));
			},
			input: async (title: string) => {
				shown.push(title);
				return "orders";
			},
			confirm: async () => true,
			editor: async () => undefined,
		};
		const sdk = { hasUI: true, ui } as unknown as ExtensionContext;
		const front = createFrontEnd(frontEndKind(sdk, []), sdk, printEdges().edges, DIALOG);
		expect(front.kind).toBe("tui");
		const outcome = await front.ask?.({ questions: [DATABASE, NAME] }, { requestId: "call_1", history: [] });
		expect(outcome).toMatchObject({
			kind: "answered",
			answers: [
				{ answer: "SQLite", selectedOption: "SQLite" },
				{ answer: "orders", wasCustom: true },
			],
		});
		expect(shown.length).toBeGreaterThanOrEqual(2);
	});
});

describe("readCommandLine asks the running pi's parser", () => {
	const cli = resolve("node_modules/@mariozechner/pi-coding-agent/dist/cli.js");
	const argv = (...args: string[]) => ["node", cli, ...args];
	it.each([
		[["-p", "set up the service"], true, false],
		[["-p", "-c", "--answers", '["a"]'], false, true],
		[["-p", "-c", '--answers=["a"]'], false, true],
		[["-c", "-p", "continue"], true, true],
		[["-p", "@.pi/pending-questions.json", "words"], true, false],
		[["-p", "-c", "--no-builtin-tools", "thanks, go on", '--answers=["a"]'], true, true],
		[["--session", "abc", "-p"], false, true],
		[["--no-session", "-p"], false, false],
	])("%j → prompt %s, continued %s", async (args, prompt, continued) => {
		const line = await readCommandLine(argv(...args), {});
		expect(line).toMatchObject({ prompt, continued });
		expect(line.parser).not.toBe("copy");
	});
	it("uses the parser the running pi exports (pi >=0.87) before any other", async () => {
		const parseArgs = (args: string[]) => ({
			messages: args.filter((a) => !a.startsWith("-")),
			fileArgs: [],
			continue: true,
		});
		const line = await readCommandLine(["node", "/nonexistent/cli.js", "-p", "go"], { parseArgs });
		expect(line).toEqual({ prompt: true, continued: true, parser: "pi" });
	});
	it("falls back to the copy of pi 0.73.1's rules when no parser can be found", async () => {
		const line = await readCommandLine(["node", "/nonexistent/cli.js", "-p", "-c", "go"], {});
		expect(line).toEqual({ prompt: true, continued: true, parser: "copy" });
		expect(copiedParse(["--no-builtin-tools", "go"]).messages).toEqual(["go"]);
	});
});

describe("requiresEsQuietly", () => {
	it("names the Node versions whose require loads an ES module without a warning", () => {
		expect(["20.18.3", "22.12.0", "23.4.0", "18.20.0", "21.7.3"].map(requiresEsQuietly)).toEqual([
			false,
			false,
			false,
			false,
			false,
		]);
		expect(["20.19.0", "20.20.2", "22.13.0", "22.23.3", "23.5.0", "24.1.0"].map(requiresEsQuietly)).toEqual(
			Array(6).fill(true),
		);
	});
});
