/**
 * The running web page's address as push reads it: written by the web command, read back only for a live process
 * serving the folder, and anything malformed, stale or for another folder gives no address and no error.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isBareAddress, webAddressFor, writeWebAddress } from "../../src/push/web-address.js";

let agentDir: string;
let project: string;
const folder = () => join(agentDir, "pi-ask-user", "web-pages");
const alive = (pid: number) => pid === 4242;
const write = (name: string, text: string) => {
	mkdirSync(folder(), { recursive: true });
	writeFileSync(join(folder(), name), text);
};

beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "web-address-"));
	project = join(agentDir, "project");
	mkdirSync(project);
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

describe("webAddressFor", () => {
	it("gives the address a live web command wrote for this folder, until it removes it", () => {
		expect(webAddressFor(agentDir, project, alive)).toBeUndefined();
		const remove = writeWebAddress(agentDir, { url: "http://10.0.0.5:8787/", folders: [project], pid: 4242 });
		expect(webAddressFor(agentDir, project, alive)).toBe("http://10.0.0.5:8787/");
		expect(webAddressFor(agentDir, join(agentDir, "elsewhere"), alive)).toBeUndefined();
		remove();
		expect(webAddressFor(agentDir, project, alive)).toBeUndefined();
		expect(readdirSync(folder())).toEqual([]);
	});

	it("gives nothing for a process that is gone, another folder, or a malformed file, and never throws", () => {
		const good = { version: 1, url: "http://10.0.0.5:8787/", folders: [project], pid: 4242 };
		const cases: [string, string][] = [
			["web-1.json", JSON.stringify({ ...good, pid: 1111 })],
			["web-2.json", JSON.stringify({ ...good, folders: ["/somewhere/else"] })],
			["web-3.json", "{not json"],
			["web-4.json", JSON.stringify({ ...good, version: 2 })],
			["web-5.json", JSON.stringify({ ...good, url: "http://10.0.0.5:8787/?token=secret" })],
			["web-6.json", JSON.stringify({ ...good, url: "javascript:alert(1)" })],
			["web-7.json", JSON.stringify({ ...good, folders: [7] })],
			["web-8.json", JSON.stringify({ ...good, pid: -1 })],
			["web-9.json", JSON.stringify({ ...good, padding: "x".repeat(5_000) })],
			["web-10.json", JSON.stringify([good])],
			["web-11.json", "null"],
		];
		for (const [name, text] of cases) {
			write(name, text);
			expect(webAddressFor(agentDir, project, alive), name).toBeUndefined();
			rmSync(join(folder(), name));
		}
		mkdirSync(join(folder(), "web-12.json"));
		expect(webAddressFor(agentDir, project, alive)).toBeUndefined();
	});

	it("checks the pid with the real process table by default", () => {
		writeWebAddress(agentDir, { url: "http://127.0.0.1:8787/", folders: [project], pid: process.pid });
		expect(webAddressFor(agentDir, project)).toBe("http://127.0.0.1:8787/");
	});
});

describe("writeWebAddress", () => {
	it("refuses an address that carries a query, a fragment or credentials", () => {
		for (const url of ["http://pc:8787/?token=abc", "http://pc:8787/#abc", "http://me:pw@pc:8787/", "ftp://pc/"]) {
			expect(isBareAddress(url), url).toBe(false);
			expect(() => writeWebAddress(agentDir, { url, folders: [project], pid: 4242 })).toThrow();
		}
		expect(isBareAddress("http://[::1]:8787/")).toBe(true);
	});
});
