/**
 * The key that signs the answer buttons' taps (tap.ts): 32 random bytes in `<agentDir>/pi-ask-user/push-key`, mode
 * 0600, made on first use and never sent anywhere. Every pi of this user, `pi-ask-anywhere push listen` and the web
 * command read the same key, so a tap on a button one of them published is checked by any of them. A file another
 * user could read or write is not used: a new key replaces it (open buttons then stop working, which is safe).
 */

import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { join } from "node:path";
import { writeFileAtomically } from "../ask/files.js";

const KEY_HEX = /^[0-9a-f]{64}$/;

function pushKeyFileOf(agentDir: string): string {
	return join(agentDir, "pi-ask-user", "push-key");
}

function readKey(path: string): Uint8Array | undefined {
	try {
		const stat = fs.lstatSync(path);
		const uid = process.getuid?.();
		if (!stat.isFile() || (stat.mode & 0o077) !== 0 || (uid !== undefined && stat.uid !== uid)) return undefined;
		const text = fs.readFileSync(path, "utf8").trim();
		return KEY_HEX.test(text) ? Buffer.from(text, "hex") : undefined;
	} catch {
		return undefined;
	}
}

/** The key, made (atomically, mode 0600) when there is none or the one there cannot be trusted. */
export function pushKey(agentDir: string): Uint8Array {
	const path = pushKeyFileOf(agentDir);
	const kept = readKey(path);
	if (kept) return kept;
	fs.mkdirSync(join(agentDir, "pi-ask-user"), { recursive: true, mode: 0o700 });
	const key = randomBytes(32);
	writeFileAtomically(path, `${key.toString("hex")}\n`);
	// Two processes making a key at once: the last rename wins, and both use the key on disk.
	return readKey(path) ?? key;
}
