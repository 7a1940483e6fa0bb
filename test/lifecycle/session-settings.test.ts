/**
 * The settings of the session now: read at load in the process's folder with no project trusted, then at each
 * session start in its folder, trusting the project only when pi says so (pi 0.73.1 cannot). The reader is an
 * injected function that records what it was asked.
 */
import { describe, expect, it } from "vitest";
import type { AskUserSettings } from "../../src/host/settings.js";
import { piTrustsProject, sessionSettings } from "../../src/lifecycle/session-settings.js";

function recordedReads() {
	const reads: string[] = [];
	const read = (cwd: string, piTrusts: boolean): AskUserSettings => {
		reads.push(`${cwd} ${piTrusts ? "trusted" : "not trusted"}`);
		return { guidelines: [`read in ${cwd}`] } as AskUserSettings;
	};
	return { reads, read };
}

describe("piTrustsProject", () => {
	it.each([
		["pi ≥0.79 trusts the project", { isProjectTrusted: () => true }, true],
		["pi ≥0.79 does not", { isProjectTrusted: () => false }, false],
		["pi 0.73.1 has no such call", {}, false],
		["something else under that name", { isProjectTrusted: true }, false],
	])("%s", (_case, ctx, trusted) => {
		expect(piTrustsProject(ctx)).toBe(trusted);
	});

	it("asks pi's context itself (the call is a method of it)", () => {
		const ctx = {
			trusted: true,
			isProjectTrusted(this: { trusted: boolean }) {
				return this.trusted;
			},
		};
		expect(piTrustsProject(ctx)).toBe(true);
	});
});

describe("sessionSettings", () => {
	it("reads the settings at load in the process's folder, with no project trusted", () => {
		const { reads, read } = recordedReads();
		const settings = sessionSettings(read, "/started-in");
		expect(reads).toEqual(["/started-in not trusted"]);
		expect(settings.current().guidelines).toEqual(["read in /started-in"]);
	});

	it("reads them again at each session start, in its folder, and the current ones are that start's", () => {
		const { reads, read } = recordedReads();
		const settings = sessionSettings(read, "/started-in");
		const trustedProject = { cwd: "/project", isProjectTrusted: () => true };
		const first = settings.atSessionStart(trustedProject);
		expect(first.guidelines).toEqual(["read in /project"]);
		expect(settings.current()).toBe(first);
		settings.atSessionStart({ cwd: "/elsewhere" });
		expect(reads).toEqual(["/started-in not trusted", "/project trusted", "/elsewhere not trusted"]);
		expect(settings.current().guidelines).toEqual(["read in /elsewhere"]);
	});
});
