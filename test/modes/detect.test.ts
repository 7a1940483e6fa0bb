/** Which front end pi runs, and whether pi was given a prompt (pi 0.73.1 tells extensions neither). */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { hasInitialPrompt } from "../../src/modes/cli-args.js";
import { detectMode } from "../../src/modes/detect.js";

function ctx(hasUI: boolean, themes: number, mode?: string): ExtensionContext {
	return { hasUI, mode, ui: { getAllThemes: () => Array.from({ length: themes }) } } as unknown as ExtensionContext;
}

describe("detectMode", () => {
	it("trusts ctx.mode where newer pi has it", () => {
		expect(detectMode(ctx(true, 3, "rpc"))).toBe("rpc");
	});
	it("tells the TUI from RPC by themes on pi 0.73.1", () => {
		expect(detectMode(ctx(true, 3), [])).toBe("tui");
		expect(detectMode(ctx(true, 0), [])).toBe("rpc");
	});
	it("tells JSON mode from print mode by the command line", () => {
		expect(detectMode(ctx(false, 0), ["node", "pi", "-p", "hi"])).toBe("print");
		expect(detectMode(ctx(false, 0), ["node", "pi", "--mode", "json", "hi"])).toBe("json");
		expect(detectMode(ctx(false, 0), ["node", "pi", "--mode=json"])).toBe("json");
	});
});

describe("hasInitialPrompt", () => {
	it.each([
		[["-p", "set up the service"], true],
		[["-p", "-c", "--answers", '["a"]'], false],
		[["-p", "-c", '--answers=["a"]'], false],
		[["-c", "-p", "continue"], true],
		[["-p", "@.pi/pending-questions.json", "words"], true],
		[["-e", "ext.ts", "--provider", "scripted", "--model", "m", "-p"], false],
		[["--provider", "scripted", "-p", "--answers", "x", "go"], true],
		[["--no-session", "-p"], false],
	])("%j → %s", (args, expected) => {
		expect(hasInitialPrompt(args)).toBe(expected);
	});
});
