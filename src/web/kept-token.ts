/**
 * `--keep-token`: the page token kept across restarts in `<agentDir>/pi-ask-user/web-token` (mode 0600), so a
 * signed-in page, whose cookie is derived from the token, reconnects by itself after a restart. The token is never
 * in an address (browsers sign in with a code that works once). The file is a standing
 * credential: whoever reads it can answer for you while the server runs. A file anyone else could have read or
 * written (group or other permission bits, another owner, not a regular file) is not trusted: a new token replaces it.
 */

import * as fs from "node:fs";
import { join } from "node:path";
import { writeFileAtomically } from "../ask/files.js";
import { newSecret } from "./access.js";

export interface KeptToken {
	token: string;
	path: string;
	/** Why a new token was made instead of the kept one (absent when the kept one was used). */
	renewed?: string;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function tokenFileOf(agentDir: string): string {
	return join(agentDir, "pi-ask-user", "web-token");
}

/** Why the file at `path` cannot be used, or `undefined` with its token. */
function readKept(path: string): { token: string } | { problem: string } {
	let stat: fs.Stats;
	try {
		stat = fs.lstatSync(path);
	} catch {
		return { problem: "there was none" };
	}
	if (!stat.isFile()) return { problem: `${path} is not a regular file` };
	if ((stat.mode & 0o077) !== 0) return { problem: `${path} could be read by other users` };
	const uid = process.getuid?.();
	if (uid !== undefined && stat.uid !== uid) return { problem: `${path} belongs to another user` };
	const token = fs.readFileSync(path, "utf8").trim();
	if (!TOKEN_PATTERN.test(token)) return { problem: `${path} does not hold a token` };
	return { token };
}

/** The kept token, or a new one written in its place (atomically, mode 0600). */
export function keptToken(agentDir: string): KeptToken {
	const path = tokenFileOf(agentDir);
	const kept = readKept(path);
	if ("token" in kept) return { token: kept.token, path };
	const token = newSecret();
	fs.mkdirSync(join(agentDir, "pi-ask-user"), { recursive: true, mode: 0o700 });
	writeKeptToken(path, token);
	return { token, path, renewed: kept.problem };
}

/** Replaces the kept token (atomically, mode 0600): every browser was signed out, and a restart must not undo it. */
export function writeKeptToken(path: string, token: string): void {
	writeFileAtomically(path, `${token}\n`);
}
