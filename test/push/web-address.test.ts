/**
 * The running web page's address as push reads it: written by the web command, read back only for a live process
 * serving the folder, and anything malformed, stale or for another folder gives no address and no error. The files
 * of web commands that are gone are removed as they are met.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ProcessIdentity, processStartTime, selfIdentity } from "../../src/host/process-identity.js";
import { isBareAddress, webAddressFor, writeWebAddress } from "../../src/push/web-address.js";

let agentDir: string;
let project: string;
const folder = () => join(agentDir, "pi-ask-user", "web-pages");
/** Process 4242, started at "7", runs; before its file is read its start time is not known (""). */
const alive = (p: ProcessIdentity) => p.pid === 4242 && (p.started === "" || p.started === "7");
const write = (name: string, text: string) => {
	mkdirSync(folder(), { recursive: true });
	writeFileSync(join(folder(), name), text);
};
/** Pids above any system's pid_max (2^22): no process has them. */
const gonePid = (n: number) => 2_000_000_000 + n;

beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "web-address-"));
	project = join(agentDir, "project");
	mkdirSync(project);
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

describe("webAddressFor", () => {
	it("gives the address a live web command wrote for this folder, until it removes it", () => {
		expect(webAddressFor(agentDir, project, alive)).toBeUndefined();
		const remove = writeWebAddress(agentDir, {
			url: "http://10.0.0.5:8787/",
			folders: [project],
			pid: 4242,
			started: "7",
		});
		expect(webAddressFor(agentDir, project, alive)).toBe("http://10.0.0.5:8787/");
		expect(webAddressFor(agentDir, join(agentDir, "elsewhere"), alive)).toBeUndefined();
		remove();
		expect(webAddressFor(agentDir, project, alive)).toBeUndefined();
		expect(readdirSync(folder())).toEqual([]);
	});

	it("gives the inbox's address (web --all) for any folder, and a folder's own page before it", () => {
		const removeInbox = writeWebAddress(agentDir, {
			url: "http://127.0.0.1:9000/",
			folders: [],
			all: true,
			pid: 4242,
			started: "7",
		});
		expect(webAddressFor(agentDir, project, alive)).toBe("http://127.0.0.1:9000/");
		expect(webAddressFor(agentDir, join(agentDir, "elsewhere"), alive)).toBe("http://127.0.0.1:9000/");
		write(
			"web-4243.json",
			JSON.stringify({ version: 1, url: "http://127.0.0.1:8787/", folders: [project], pid: 4243, started: "7" }),
		);
		const both = (p: ProcessIdentity) => alive(p) || (p.pid === 4243 && (p.started === "" || p.started === "7"));
		expect(webAddressFor(agentDir, project, both)).toBe("http://127.0.0.1:8787/");
		// `all` must be exactly true: anything else serves no folder.
		removeInbox();
		write(
			"web-4242.json",
			JSON.stringify({ version: 1, url: "http://127.0.0.1:9000/", folders: [], all: "yes", pid: 4242, started: "7" }),
		);
		expect(webAddressFor(agentDir, project, alive)).toBeUndefined();
	});

	it("gives nothing for a process that is gone, another folder, or a malformed file, and never throws", () => {
		const good = { version: 1, url: "http://10.0.0.5:8787/", folders: [project], pid: 4242, started: "7" };
		const cases: [string, string, string][] = [
			["gone", "web-1111.json", JSON.stringify({ ...good, pid: 1111 })],
			["reused pid", "web-4242.json", JSON.stringify({ ...good, started: "8" })],
			["another folder", "web-4242.json", JSON.stringify({ ...good, folders: ["/somewhere/else"] })],
			["not JSON", "web-4242.json", "{not json"],
			["another version", "web-4242.json", JSON.stringify({ ...good, version: 2 })],
			["a query", "web-4242.json", JSON.stringify({ ...good, url: "http://10.0.0.5:8787/?token=secret" })],
			["not http", "web-4242.json", JSON.stringify({ ...good, url: "javascript:alert(1)" })],
			["a folder not a string", "web-4242.json", JSON.stringify({ ...good, folders: [7] })],
			["a negative pid", "web-4242.json", JSON.stringify({ ...good, pid: -1 })],
			["another pid than its name's", "web-4243.json", JSON.stringify(good)],
			["a start time not a string", "web-4242.json", JSON.stringify({ ...good, started: 7 })],
			["too large", "web-4242.json", JSON.stringify({ ...good, padding: "x".repeat(5_000) })],
			["an array", "web-4242.json", JSON.stringify([good])],
			["null", "web-4242.json", "null"],
		];
		for (const [label, name, text] of cases) {
			write(name, text);
			expect(webAddressFor(agentDir, project, alive), label).toBeUndefined();
			rmSync(join(folder(), name), { force: true });
		}
		mkdirSync(join(folder(), "web-4242.json"));
		expect(webAddressFor(agentDir, project, alive)).toBeUndefined();
	});

	it("checks the process with the real process table by default", () => {
		writeWebAddress(agentDir, { url: "http://127.0.0.1:8787/", folders: [project], ...selfIdentity() });
		expect(webAddressFor(agentDir, project)).toBe("http://127.0.0.1:8787/");
	});

	it("finds a live web command behind more than 32 files of commands that are gone", () => {
		const dead = { version: 1, url: "http://10.0.0.9:8787/", folders: [project], started: "1" };
		for (let n = 0; n < 1_000; n++) write(`web-${gonePid(n)}.json`, JSON.stringify({ ...dead, pid: gonePid(n) }));
		writeWebAddress(agentDir, { url: "http://127.0.0.1:8787/", folders: [project], ...selfIdentity() });
		expect(webAddressFor(agentDir, project)).toBe("http://127.0.0.1:8787/");
	});

	it("gives nothing for a reused pid: this process's pid with another start time", () => {
		writeWebAddress(agentDir, { url: "http://127.0.0.1:8787/", folders: [project], pid: process.pid, started: "1" });
		expect(webAddressFor(agentDir, project)).toBeUndefined();
	});

	it("reads a file an older version wrote without a start time by its pid alone", () => {
		const older = { version: 1, url: "http://127.0.0.1:8787/", folders: [project] };
		write(`web-${process.pid}.json`, JSON.stringify({ ...older, pid: process.pid }));
		expect(webAddressFor(agentDir, project)).toBe("http://127.0.0.1:8787/");
		rmSync(join(folder(), `web-${process.pid}.json`));
		write(`web-${gonePid(1)}.json`, JSON.stringify({ ...older, pid: gonePid(1) }));
		expect(webAddressFor(agentDir, project)).toBeUndefined();
		expect(readdirSync(folder())).toEqual([]);
	});

	it("removes the files of web commands that are gone, and only those", () => {
		const good = { version: 1, url: "http://10.0.0.5:8787/", folders: [project], pid: 4242, started: "7" };
		write("web-1111.json", JSON.stringify({ ...good, pid: 1111 }));
		write("web-4241.json", JSON.stringify({ ...good, pid: 4242 }));
		write("web-4242.json", JSON.stringify({ ...good, folders: ["/somewhere/else"] }));
		write("web-1112.json", "{not json");
		write("web-1113.json.1.tmp", "{");
		expect(webAddressFor(agentDir, project, alive)).toBeUndefined();
		expect(readdirSync(folder()).sort()).toEqual([
			"web-1112.json",
			"web-1113.json.1.tmp",
			"web-4241.json",
			"web-4242.json",
		]);
		write("web-4242.json", JSON.stringify({ ...good, started: "8" }));
		expect(webAddressFor(agentDir, project, alive)).toBeUndefined();
		expect(existsSync(join(folder(), "web-4242.json"))).toBe(false);
	});

	it("gives nothing for a web command that was killed, and removes its file", async () => {
		const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
		const pid = child.pid ?? 0;
		const started = processStartTime(pid) ?? "";
		writeWebAddress(agentDir, { url: "http://127.0.0.1:8787/", folders: [project], pid, started });
		expect(webAddressFor(agentDir, project)).toBe("http://127.0.0.1:8787/");
		const exited = new Promise((resolve) => child.once("exit", resolve));
		child.kill("SIGKILL");
		await exited;
		expect(webAddressFor(agentDir, project)).toBeUndefined();
		expect(readdirSync(folder())).toEqual([]);
	});

	it("removes the files of many gone commands a few at a time, so that no one look takes long", () => {
		const dead = { version: 1, url: "http://10.0.0.9:8787/", folders: [project], started: "1" };
		for (let n = 0; n < 100; n++) write(`web-${gonePid(n)}.json`, JSON.stringify({ ...dead, pid: gonePid(n) }));
		expect(webAddressFor(agentDir, project)).toBeUndefined();
		expect(readdirSync(folder())).toHaveLength(100 - 32);
		for (let look = 0; look < 3; look++) webAddressFor(agentDir, project);
		expect(readdirSync(folder())).toEqual([]);
	});
});

describe("writeWebAddress", () => {
	it("refuses an address that carries a query, a fragment or credentials", () => {
		for (const url of ["http://pc:8787/?token=abc", "http://pc:8787/#abc", "http://me:pw@pc:8787/", "ftp://pc/"]) {
			expect(isBareAddress(url), url).toBe(false);
			expect(() => writeWebAddress(agentDir, { url, folders: [project], pid: 4242, started: "7" })).toThrow();
		}
		expect(isBareAddress("http://[::1]:8787/")).toBe(true);
	});

	it("records the web command's start time, so that a reused pid is not taken for it", () => {
		writeWebAddress(agentDir, { url: "http://127.0.0.1:8787/", folders: [project], ...selfIdentity() });
		expect(readdirSync(folder())).toEqual([`web-${process.pid}.json`]);
		const written = JSON.parse(readFileSync(join(folder(), `web-${process.pid}.json`), "utf8"));
		expect(written).toMatchObject({ pid: process.pid, started: selfIdentity().started });
		expect(written.started).toMatch(/^\d+$/);
	});
});
