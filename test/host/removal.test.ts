/** How a package leaves this pi, as it was installed: the `pi remove` pi accepts, or the `-e` to leave out. */
import { describe, expect, it } from "vitest";
import { commandLineGivesAnswers, removalOf } from "../../src/host/removal.js";

const context = { argv: ["-e", "../checkout", "-p", "go"], cwd: "/home/me/project", fallback: "/pkg" };

describe("removalOf", () => {
	it.each([
		[
			"an npm install for the user",
			{ path: "/a/npm/node_modules/pi-ask-anywhere/dist/index.js", source: "npm:pi-ask-anywhere", scope: "user" },
			{ kind: "remove", command: "pi remove npm:pi-ask-anywhere" },
		],
		[
			"an npm install for the project",
			{ path: "/p/.pi/npm/x/dist/index.js", source: "npm:pi-ask-anywhere@0.1.0", scope: "project" },
			{ kind: "remove", command: "pi remove -l npm:pi-ask-anywhere@0.1.0" },
		],
		[
			"a git install",
			{ path: "/a/git/github.com/o/r/dist/index.js", source: "git:github.com/o/r", scope: "user" },
			{ kind: "remove", command: "pi remove git:github.com/o/r" },
		],
		[
			"a folder install: its folder, not the settings' relative path",
			{ path: "/src/checkout/dist/index.js", source: "../../src/checkout", scope: "user", baseDir: "/src/checkout" },
			{ kind: "remove", command: "pi remove /src/checkout" },
		],
		[
			"a folder with a space, quoted",
			{ path: "/my src/x/index.ts", source: "../x", scope: "project", baseDir: "/my src/x" },
			{ kind: "remove", command: "pi remove -l '/my src/x'" },
		],
		[
			"-e, as typed",
			{ path: "/home/me/checkout/dist/index.js", source: "cli", scope: "temporary" },
			{ kind: "leaveOut", argument: "../checkout" },
		],
		[
			"-e of a file not on this command line: its path",
			{ path: "/elsewhere/ext.ts", source: "cli", scope: "temporary" },
			{ kind: "leaveOut", argument: "/elsewhere/ext.ts" },
		],
		["a host that says nothing", undefined, { kind: "remove", command: "pi remove /pkg" }],
	] as const)("%s", (_case, from, removal) => {
		expect(removalOf(from, context)).toEqual(removal);
	});
});

describe("commandLineGivesAnswers", () => {
	it.each([
		[["-p", "--answers", '["a"]', "go"], true],
		[["-p", '--answers=["a"]'], true],
		[["-p", "answers"], false],
		[["-p", "--answers-file", "x"], false],
	] as const)("%j → %s", (argv, given) => {
		expect(commandLineGivesAnswers(argv)).toBe(given);
	});
});
