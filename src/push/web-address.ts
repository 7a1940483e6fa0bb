/**
 * Where a running `pi-ask-anywhere web` can be opened, so that a notification's "Open" button finds the page without
 * a setting: the web command writes its bare address (never a sign-in code or token: whoever reads the topic would
 * read it too), the folder it serves and its pid to a small file in the user's settings folder, one per running
 * command, and removes it when it stops. Push reads these files as untrusted input: a malformed one, one whose
 * process is gone, or one for another folder gives no address, and nothing here throws.
 */
import {
	lstatSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	realpathSync,
	renameSync,
	rmSync,
	writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { isRecord } from "../core/json.js";

const VERSION = 1;
/** Ours are ~200 bytes: anything larger is not read. */
const MAX_FILE_BYTES = 4_096;
/** More running web commands than this are not looked through (each read is a file). */
const MAX_FILES = 32;
const NAME = /^web-\d{1,10}\.json$/;

/** What a running web command says about itself. */
export interface WebAddress {
	/** The page's address without a query: `http://<host>:<port>/`. */
	url: string;
	/** The folders whose pending questions the page shows. */
	folders: string[];
	pid: number;
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
	const temp = `${path}.${process.pid}.tmp`;
	writeFileSync(temp, `${JSON.stringify({ version: VERSION, ...address })}\n`, { mode: 0o600 });
	renameSync(temp, path);
	return () => rmSync(path, { force: true });
}

/** Whether a process with this pid runs (one of another user counts: it answers EPERM). */
function running(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

/** The same folder, written either way (a symlinked path and its target). */
function sameFolder(a: string, b: string): boolean {
	if (resolve(a) === resolve(b)) return true;
	try {
		return realpathSync(a) === realpathSync(b);
	} catch {
		return false;
	}
}

/** One file's address, when it is well formed; `undefined` otherwise. */
function parseAddress(text: string): WebAddress | undefined {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return undefined;
	}
	if (!isRecord(data) || data.version !== VERSION) return undefined;
	const { url, folders, pid } = data;
	if (typeof url !== "string" || !isBareAddress(url)) return undefined;
	if (typeof pid !== "number" || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
	if (!Array.isArray(folders) || !folders.every((folder): folder is string => typeof folder === "string"))
		return undefined;
	return { url, folders, pid };
}

/**
 * The address of a running web command that serves `cwd`, or `undefined`. `alive` is injected for the tests (a pid
 * that is gone must not open a page another program now listens on).
 */
export function webAddressFor(
	agentDir: string,
	cwd: string,
	alive: (pid: number) => boolean = running,
): string | undefined {
	const folder = addressFolder(agentDir);
	let names: string[];
	try {
		names = readdirSync(folder)
			.filter((name) => NAME.test(name))
			.slice(0, MAX_FILES);
	} catch {
		return undefined;
	}
	for (const name of names) {
		const path = join(folder, name);
		try {
			const stat = lstatSync(path);
			if (!stat.isFile() || stat.size > MAX_FILE_BYTES) continue;
			const address = parseAddress(readFileSync(path, "utf8"));
			if (address?.folders.some((served) => sameFolder(served, cwd)) && alive(address.pid)) return address.url;
		} catch {
			// Gone between the listing and the read, or unreadable: not an address.
		}
	}
	return undefined;
}
