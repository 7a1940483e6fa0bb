/**
 * Files and folders even root cannot change (`chattr +i`): how the tests make a write fail on a machine whose tests
 * run as root, where file modes do not stop anything. Not every file system or container allows it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Whether this machine lets the tests make a path immutable. */
export function canMakeImmutable(): boolean {
	const probe = mkdtempSync(join(tmpdir(), "pi-ask-immutable-"));
	try {
		execFileSync("chattr", ["+i", probe], { stdio: "ignore" });
		execFileSync("chattr", ["-i", probe], { stdio: "ignore" });
		return true;
	} catch {
		return false;
	} finally {
		rmSync(probe, { recursive: true, force: true });
	}
}

/** Runs `work` while `path` is immutable; for asynchronous work, until its promise settles. */
export function whileImmutable<T>(path: string, work: () => T): T {
	const release = () => execFileSync("chattr", ["-i", path]);
	execFileSync("chattr", ["+i", path]);
	let result: T;
	try {
		result = work();
	} catch (error) {
		release();
		throw error;
	}
	if (result instanceof Promise) return result.finally(release) as T;
	release();
	return result;
}
