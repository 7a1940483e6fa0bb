/** The pending folder watch: changes are noticed without re-reading the folder on a timer, and without fs.watch too. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type FolderWatch, watchPendingFolder } from "../../src/web/pending-watch.js";
import { patient } from "../patience.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
	for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function folder(): string {
	const cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-watch-"));
	cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
	return cwd;
}

function counting(cwd: string, options = {}): { watch: FolderWatch; count: () => number } {
	let changes = 0;
	const watch = watchPendingFolder(cwd, () => changes++, { debounceMs: 20, ...options });
	cleanups.push(() => watch.close());
	return { watch, count: () => changes };
}

async function until(check: () => boolean, ms = 2_000): Promise<void> {
	const end = Date.now() + patient(ms);
	while (!check()) {
		if (Date.now() > end) throw new Error("condition not met in time");
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("watchPendingFolder", () => {
	it("notices a pending file written, changed and removed; other files in .pi and silence cost nothing", async () => {
		const cwd = folder();
		mkdirSync(join(cwd, ".pi"));
		const { watch, count } = counting(cwd);
		expect(watch.watching).toBe(true);
		writeFileSync(join(cwd, ".pi", "settings.json"), "{}");
		await sleep(150);
		expect(count()).toBe(0);
		writeFileSync(join(cwd, ".pi", "pending-questions.json"), "{}");
		await until(() => count() === 1);
		writeFileSync(join(cwd, ".pi", ".pending-questions.json.claim"), "{}");
		await until(() => count() === 2);
		rmSync(join(cwd, ".pi", "pending-questions.json"));
		await until(() => count() === 3);
	});

	it("waits for .pi to be made, and for it again after it is removed", async () => {
		const cwd = folder();
		const { count } = counting(cwd);
		mkdirSync(join(cwd, ".pi"));
		await until(() => count() >= 1);
		const seen = count();
		writeFileSync(join(cwd, ".pi", "pending-questions.json"), "{}");
		await until(() => count() > seen);
		rmSync(join(cwd, ".pi"), { recursive: true });
		await sleep(150);
		const afterRemoval = count();
		mkdirSync(join(cwd, ".pi"));
		writeFileSync(join(cwd, ".pi", "pending-questions-2.json"), "{}");
		await until(() => count() > afterRemoval);
	});

	it("falls back to comparing the folder when fs.watch cannot watch (no inotify watches left)", async () => {
		const cwd = folder();
		mkdirSync(join(cwd, ".pi"));
		const failing = (() => {
			throw Object.assign(new Error("ENOSPC: System limit for number of file watchers reached"), { code: "ENOSPC" });
		}) as unknown as typeof import("node:fs").watch;
		const { watch, count } = counting(cwd, { watch: failing, fallbackMs: 50 });
		expect(watch.watching).toBe(false);
		await sleep(200);
		expect(count()).toBe(0);
		writeFileSync(join(cwd, ".pi", "pending-questions.json"), "{}");
		await until(() => count() === 1);
	});
});
