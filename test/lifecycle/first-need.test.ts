import type { ExtensionContext, InputEvent } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { type PartThatAsks, partOnFirstNeed } from "../../src/lifecycle/first-need.js";

const ctx = (name: string) => ({ name, hasUI: false }) as unknown as ExtensionContext;
const prompt = (text: string) => ({ type: "input", text, source: "interactive" }) as unknown as InputEvent;

function setUp(options: { needs?: boolean; failFirst?: boolean } = {}) {
	const seen: string[] = [];
	let builds = 0;
	const part: PartThatAsks = {
		sessionStart: async (_event, c) => void seen.push(`start ${(c as unknown as { name: string }).name}`),
		joinSession: (c) => seen.push(`join ${(c as unknown as { name: string }).name}`),
		input: async (event) => {
			seen.push(`input ${event.text}`);
			return { action: "continue" };
		},
		tell: (_c, text) => seen.push(`tell ${text}`),
	};
	const lines: string[] = [];
	const asking = partOnFirstNeed({
		build: async () => {
			builds++;
			if (options.failFirst && builds === 1) throw new Error("chunk gone");
			return part;
		},
		startNeeds: () => options.needs ?? false,
		lightStart: async (_event, c) => void seen.push(`light ${(c as unknown as { name: string }).name}`),
		mayAttachFiles: (text) => text.startsWith("<file"),
		stderrLine: (text) => lines.push(text),
	});
	return { asking, seen, lines, builds: () => builds };
}

describe("partOnFirstNeed", () => {
	it("takes the light start while nothing needs the part, and tells on stderr without a front end", async () => {
		const { asking, seen, lines, builds } = setUp();
		await asking.sessionStart({}, ctx("s1"));
		asking.tell(ctx("s1"), "a settings problem");
		expect(await asking.input(prompt("hello"), ctx("s1"))).toEqual({ action: "continue" });
		expect(seen).toEqual(["light s1"]);
		expect(lines).toEqual(["a settings problem"]);
		expect(builds()).toBe(0);
		expect(asking.built()).toBeUndefined();
	});

	it("builds once for every need; a session met at its first need joins it, later starts go to the part", async () => {
		const { asking, seen, builds } = setUp();
		await Promise.all([asking.load(ctx("s1")), asking.load(ctx("s1"))]);
		await asking.input(prompt("<file name=x>"), ctx("s1"));
		await asking.sessionStart({}, ctx("s2"));
		asking.tell(ctx("s2"), "now in the front end");
		expect(builds()).toBe(1);
		expect(seen).toEqual(["join s1", "input <file name=x>", "start s2", "tell now in the front end"]);
	});

	it("a start with work for the part builds it; a failed build is tried again at the next need", async () => {
		const { asking, seen, builds } = setUp({ needs: true, failFirst: true });
		await expect(asking.sessionStart({}, ctx("s1"))).rejects.toThrow("chunk gone");
		await asking.sessionStart({}, ctx("s2"));
		expect(builds()).toBe(2);
		expect(seen).toEqual(["start s2"]);
	});
});
