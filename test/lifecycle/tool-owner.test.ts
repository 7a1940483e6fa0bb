/** Who answers ask_user: ours when nobody else has it, another package's otherwise, and the notice said once. */
import { describe, expect, it } from "vitest";
import { CLI_TABLES } from "../../src/i18n/tables.js";
import { words } from "../../src/i18n/words.js";
import {
	type OurPackage,
	registerWhenFree,
	stepAsideNotice,
	stepAsideWarning,
	type ToolSource,
	toolOwner,
} from "../../src/lifecycle/tool-owner.js";

const builtin: ToolSource = { name: "read", sourceInfo: { path: "<builtin:read>" } };
const other: ToolSource = { name: "ask_user", sourceInfo: { path: "/pkgs/other/index.ts" } };

describe("toolOwner", () => {
	it.each([
		["no ask_user anywhere", [builtin], false, { kind: "nobody" }],
		[
			"another package's ask_user",
			[builtin, other],
			false,
			{ kind: "another package", path: "/pkgs/other/index.ts", from: { path: "/pkgs/other/index.ts" } },
		],
		[
			"a tool without a source",
			[{ name: "ask_user" }],
			false,
			{ kind: "another package", path: "an unknown extension" },
		],
		["ours, registered earlier (it is the ask_user listed)", [builtin, other], true, { kind: "ours" }],
	] as const)("%s", (_case, tools, registeredByUs, owner) => {
		expect(toolOwner(tools, registeredByUs)).toEqual(owner);
	});

	it("names a tool without a source in the run's language", () => {
		expect(toolOwner([{ name: "ask_user" }], false, CLI_TABLES.de.notices)).toEqual({
			kind: "another package",
			path: "eine unbekannte Erweiterung",
		});
	});
});

describe("registerWhenFree", () => {
	function host(initial: ToolSource[]) {
		const tools = [...initial];
		const told: string[] = [];
		let registrations = 0;
		const onSessionStart = registerWhenFree(
			{ getAllTools: () => tools as never },
			() => {
				registrations++;
				tools.push({ name: "ask_user", sourceInfo: { path: "/ours/dist/index.js" } });
			},
			(_ctx, owner) => told.push(stepAsideNotice(owner.path, "pi remove npm:other", "pi remove npm:pi-ask-anywhere")),
		);
		return { onSessionStart: () => onSessionStart({} as never), told, registrations: () => registrations };
	}

	it("registers once, at the first session start, when nobody has ask_user (later sessions keep it)", () => {
		const pi = host([builtin]);
		pi.onSessionStart();
		pi.onSessionStart();
		expect(pi.registrations()).toBe(1);
		expect(pi.told).toEqual([]);
	});

	it("steps aside for another package and says so once, naming its path and how to switch", () => {
		const pi = host([builtin, other]);
		pi.onSessionStart();
		pi.onSessionStart();
		expect(pi.registrations()).toBe(0);
		expect(pi.told).toEqual([
			stepAsideNotice("/pkgs/other/index.ts", "pi remove npm:other", "pi remove npm:pi-ask-anywhere"),
		]);
		expect(pi.told[0]).toContain("/pkgs/other/index.ts");
		expect(pi.told[0]).toContain("pi remove");
		expect(pi.told[0]).toContain("/questions");
	});
});

describe("stepAsideWarning", () => {
	const otherPackage = {
		kind: "another package",
		path: "/pkgs/other/index.ts",
		from: { path: "/pkgs/other/index.ts", source: "npm:other", scope: "user", baseDir: "/pkgs/other" },
	} as const;

	function warnings(ours: OurPackage, ourCommand: ToolSource["sourceInfo"]) {
		const warned: { ctx: unknown; text: string }[] = [];
		const pi = { getCommands: () => [{ name: "questions", sourceInfo: ourCommand }] as never };
		const ctx = { cwd: "/session" } as never;
		stepAsideWarning(pi, ours, (at, text) => warned.push({ ctx: at, text }))(ctx, otherPackage);
		return { warned, ctx };
	}

	it("warns in the session where it happens, naming how each package leaves pi as it was installed", () => {
		const { warned, ctx } = warnings(
			{ root: "/ours", argv: [], cwd: () => "/work" },
			{ path: "/ours/dist/index.js", source: "npm:pi-ask-anywhere", scope: "user", baseDir: "/ours" },
		);
		expect(warned).toEqual([
			{ ctx, text: stepAsideNotice("/pkgs/other/index.ts", "pi remove npm:other", "pi remove npm:pi-ask-anywhere") },
		]);
	});

	it("names ours by the -e it was given with, as typed, relative to pi's folder", () => {
		const { warned } = warnings(
			{ root: "/work/ask", argv: ["-e", "./ask"], cwd: () => "/work" },
			{ path: "/work/ask/dist/index.js", source: "cli", scope: "temporary", baseDir: "/work/ask" },
		);
		expect(warned.map((w) => w.text)).toEqual([
			stepAsideNotice("/pkgs/other/index.ts", "pi remove npm:other", words().cli.notices.leaveOut("./ask")),
		]);
	});
});
