/**
 * Where a running `pi-ask-anywhere web` can be opened, so that a notification's "Open" button finds the page without
 * a setting: the web command writes its bare address (never a sign-in code or token: whoever reads the topic would
 * read it too), the folders it serves and its process identity (pid and start time) to a small file in the user's
 * settings folder, one per running command, and removes it when it stops. Push reads these files as untrusted input:
 * a malformed one, one whose process is gone (or whose pid now names another process), or one for another folder
 * gives no address, and nothing here throws. The files of commands that are gone (killed, crashed) are removed as
 * they are met, so that they do not pile up.
 */

import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sameFolder } from "../ask/files.js";
import { breakLease, readLease, writeLease } from "../ask/lease.js";
import { isRunning, type ProcessIdentity } from "../host/process-identity.js";

const VERSION = 1;
/** Files read in one look (each read is a file): of those whose pid runs, and, apart, of those gone (to be removed). */
const MAX_FILES = 32;
const NAME = /^web-(\d{1,10})\.json$/;

/**
 * What a running web command says about itself: its process is named by pid and start time, so that a pid the system
 * gave to another process since is not taken for it. A file written before the start time was recorded has
 * `started: ""`, and is judged by its pid alone.
 */
export interface WebAddress extends ProcessIdentity {
	/** The page's address without a query, `http://<host>:<port>/`, and the folders whose pending questions it shows. */
	url: string;
	folders: string[];
	/** `pi-ask-anywhere web --all`: the page shows every folder's (its Open button fits any). */
	all?: true;
}

function addressFolder(agentDir: string): string {
	return join(agentDir, "pi-ask-user", "web-pages");
}

/** Whether `text` is an http(s) address that carries no credentials, query or fragment (no secret can ride along). */
export function isBareAddress(text: string): boolean {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return false;
	}
	return (
		(url.protocol === "http:" || url.protocol === "https:") &&
		url.username === "" &&
		url.password === "" &&
		url.search === "" &&
		url.hash === "" &&
		!text.includes("?") &&
		!text.includes("#")
	);
}

/**
 * Writes this web command's address (atomically, mode 0600) and returns the function that removes it again. Throws
 * when the file cannot be written (the caller says so and serves on without it).
 */
export function writeWebAddress(agentDir: string, address: WebAddress): () => void {
	if (!isBareAddress(address.url)) throw new Error(`${address.url} is not a bare http(s) address`);
	const folder = addressFolder(agentDir);
	mkdirSync(folder, { recursive: true, mode: 0o700 });
	const path = join(folder, `web-${address.pid}.json`);
	const { url, folders, pid, started } = address;
	writeLease(path, { version: VERSION, url, folders, pid, started, ...(address.all ? { all: true } : {}) });
	return () => rmSync(path, { force: true });
}

/** One file's address, when it is well formed and names the pid its file name does; `undefined` otherwise. */
function parseAddress(fields: Record<string, unknown> | undefined, namedPid: number): WebAddress | undefined {
	if (fields?.version !== VERSION) return undefined;
	const { url, folders, pid, started = "", all } = fields;
	if (typeof url !== "string" || !isBareAddress(url)) return undefined;
	if (pid !== namedPid || typeof started !== "string") return undefined;
	if (!Array.isArray(folders) || !folders.every((folder): folder is string => typeof folder === "string"))
		return undefined;
	return { url, folders, pid: namedPid, started, ...(all === true ? { all: true as const } : {}) };
}

/**
 * The address of a running web command that serves `cwd` (one for that folder before one for every folder), or
 * `undefined`. A web command stamps no time (it serves for hours without refreshing): it holds while its process runs,
 * the same-host half of every lease's rule, `alive` (a process that is gone must not open a page another program now
 * listens on); before a file is read, its pid (from its name) is asked about with an unknown start time. The files of
 * web commands that are gone are broken the way every stale lease is: one a new command with the same pid wrote since
 * is put back.
 */
export function webAddressFor(
	agentDir: string,
	cwd: string,
	alive: (identity: ProcessIdentity) => boolean = isRunning,
): string | undefined {
	const folder = addressFolder(agentDir);
	let files: { path: string; pid: number }[];
	try {
		files = readdirSync(folder).flatMap((name) => {
			const pid = Number(NAME.exec(name)?.[1]);
			return Number.isSafeInteger(pid) && pid > 0 ? [{ path: join(folder, name), pid }] : [];
		});
	} catch {
		return undefined;
	}
	// Whether a pid runs needs no read: files whose pid is gone cannot hide a running command behind the limit.
	const running: typeof files = [];
	const gone: typeof files = [];
	for (const file of files) (alive({ pid: file.pid, started: "" }) ? running : gone).push(file);
	for (const { path, pid } of gone.slice(0, MAX_FILES)) {
		const lease = readLease(path);
		if (lease?.text !== undefined && parseAddress(lease.fields, pid)) breakLease(path, lease.text);
	}
	let inbox: string | undefined;
	for (const { path, pid } of running.slice(0, MAX_FILES)) {
		const lease = readLease(path);
		const address = parseAddress(lease?.fields, pid);
		if (lease?.text === undefined || address === undefined) continue;
		if (!alive(address)) breakLease(path, lease.text);
		else if (address.folders.some((served) => sameFolder(served, cwd))) return address.url;
		else if (address.all) inbox ??= address.url;
	}
	return inbox;
}
