import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CallWindow, runningToolCalls } from "../../src/records/running-tool-calls.js";

let agentDir: string;
const folder = () => join(agentDir, "pi-ask-user", "tool-calls");
const SELF = { pid: 4242, started: "777" };

beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-calls-"));
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

/** The windows a later pi checks, with every process but `alive` gone. */
function abandonedWindows(alive: readonly number[] = []): CallWindow[] {
	const windows: CallWindow[] = [];
	runningToolCalls(agentDir, { isRunning: (identity) => alive.includes(identity.pid) }).settleAbandoned((window) =>
		windows.push(window),
	);
	return windows;
}

describe("the tool calls a pi has running, on disk", () => {
	it("a running call is in the process's file, until its result: then the file is gone", () => {
		const calls = runningToolCalls(agentDir, { self: SELF });
		calls.started("call_1", "/work/project", 1_000);
		calls.started("call_2", "/work/other", 2_000);
		expect(readdirSync(folder())).toEqual(["4242-777.json"]);
		calls.ended("call_1");
		expect(JSON.parse(readFileSync(join(folder(), "4242-777.json"), "utf8"))).toEqual({
			calls: [{ cwd: "/work/other", since: 2_000 }],
		});
		calls.ended("call_2");
		expect(readdirSync(folder())).toEqual([]);
	});

	it("a process that ended mid-call: its calls are checked from their start until shortly after its file was last touched, then the file is removed", () => {
		const calls = runningToolCalls(agentDir, { self: SELF });
		calls.started("call_1", "/work/project", 5_000);
		const path = join(folder(), "4242-777.json");
		utimesSync(path, new Date(9_000), new Date(9_000));
		const windows = abandonedWindows();
		expect(windows).toEqual([{ cwd: "/work/project", since: 5_000, until: 11_000 }]);
		expect(readdirSync(folder())).toEqual([]);
	});

	it("a process that still runs (another pi in its tool call) is left alone", () => {
		runningToolCalls(agentDir, { self: SELF }).started("call_1", "/work/project", 5_000);
		expect(abandonedWindows([4242])).toEqual([]);
		expect(readdirSync(folder())).toEqual(["4242-777.json"]);
	});

	it("a file that names no call, is not JSON or was left half written (.tmp) is removed with nothing checked", () => {
		mkdirSync(folder(), { recursive: true });
		writeFileSync(join(folder(), "1-1.json"), "not json");
		writeFileSync(join(folder(), "2-2.json"), JSON.stringify({ calls: [{ cwd: 7, since: "x" }] }));
		writeFileSync(join(folder(), "3-3.json.tmp"), '{"calls":[{"cwd":"/a","since":1');
		writeFileSync(join(folder(), "notes.txt"), "kept: not ours");
		expect(abandonedWindows()).toEqual([]);
		expect(readdirSync(folder())).toEqual(["notes.txt"]);
	});

	it("a check that fails leaves the file for the next pi", () => {
		runningToolCalls(agentDir, { self: SELF }).started("call_1", "/work/project", 5_000);
		runningToolCalls(agentDir, { isRunning: () => false }).settleAbandoned(() => {
			throw new Error("the record cannot be written");
		});
		expect(readdirSync(folder())).toEqual(["4242-777.json"]);
		expect(abandonedWindows()).toHaveLength(1);
	});

	it("an agent folder that cannot be written: calls start and end without an error", () => {
		writeFileSync(join(agentDir, "pi-ask-user"), "a file where the folder would be");
		const calls = runningToolCalls(agentDir, { self: SELF });
		expect(() => {
			calls.started("call_1", "/work/project", 1_000);
			calls.ended("call_1");
		}).not.toThrow();
		expect(abandonedWindows()).toEqual([]);
	});
});
