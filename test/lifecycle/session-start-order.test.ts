/**
 * The order of a session start: settings, language, push configured and problems told, the tool registered, the
 * children's route, push's start, the lifecycle's; each step gets what the steps before it gave. The steps are
 * injected functions that record their calls.
 */
import { describe, expect, it } from "vitest";
import { type SessionStartSteps, sessionStartInOrder } from "../../src/lifecycle/session-start-order.js";

interface Settings {
	language: string;
	problems: readonly string[];
	enabled: boolean;
	/** Which step handed these settings on. */
	from: string;
}

interface Ctx {
	cwd: string;
}

function recordedSteps(settings: Settings, pushProblems: readonly string[] = []) {
	const calls: string[] = [];
	const steps: SessionStartSteps<string, Ctx, Settings> = {
		readSettings: (ctx) => {
			calls.push(`settings ${ctx.cwd}`);
			return settings;
		},
		useLanguage: async (language) => {
			calls.push(`language ${String(language)}`);
		},
		configurePush: async (given) => {
			calls.push(`push configure (${given.from})`);
			return pushProblems;
		},
		warn: (ctx, text) => calls.push(`warn ${ctx.cwd}: ${text}`),
		registerTool: (ctx) => calls.push(`register ${ctx.cwd}`),
		children: async (_ctx, given) => {
			calls.push(`children (${given.from})`);
			return { ...given, from: "children" };
		},
		pushStart: async (_ctx, warn) => {
			calls.push("push start");
			warn("taps unreadable");
		},
		lifecycle: async (event, _ctx, given) => {
			calls.push(`lifecycle ${event} (${given.from})`);
		},
	};
	return { calls, steps };
}

describe("sessionStartInOrder", () => {
	it("runs every step in order, each with what the steps before it gave", async () => {
		const { calls, steps } = recordedSteps({ language: "de", problems: ["bad timeout"], enabled: true, from: "file" }, [
			"push topic missing",
		]);
		await sessionStartInOrder(steps)("startup", { cwd: "/project" });
		expect(calls).toEqual([
			"settings /project",
			"language de",
			"push configure (file)",
			"warn /project: bad timeout",
			"warn /project: push topic missing",
			"register /project",
			"children (file)",
			"push start",
			"warn /project: taps unreadable",
			"lifecycle startup (children)",
		]);
	});

	it("leaves the tool unregistered when the settings turn it off, and still starts the rest", async () => {
		const { calls, steps } = recordedSteps({ language: "en", problems: [], enabled: false, from: "file" });
		await sessionStartInOrder(steps)("resume", { cwd: "/elsewhere" });
		expect(calls).toEqual([
			"settings /elsewhere",
			"language en",
			"push configure (file)",
			"children (file)",
			"push start",
			"warn /elsewhere: taps unreadable",
			"lifecycle resume (children)",
		]);
	});

	it("reads the settings again at every session start", async () => {
		const { calls, steps } = recordedSteps({ language: "fr", problems: [], enabled: true, from: "file" });
		const start = sessionStartInOrder(steps);
		await start("startup", { cwd: "/a" });
		await start("new", { cwd: "/b" });
		expect(calls.filter((call) => call.startsWith("settings"))).toEqual(["settings /a", "settings /b"]);
		expect(calls.at(-1)).toBe("lifecycle new (children)");
	});
});
