/**
 * The folders `pi-ask-anywhere web --all` serves: every project folder with an ask waiting in this user's fact log
 * (ask/waiting.ts), newest first, never found by scanning the disk. Read again when the log changes: its folder is
 * watched (`fs.watch`), or, where it cannot be, the log's size and inode are compared every few seconds.
 */
import * as fs from "node:fs";
import { basename, dirname } from "node:path";
import type { FactLog } from "../ask/log.js";
import { waitingProjects } from "../ask/waiting.js";

/** A set of folders a web server serves, and how it learns that the set may have changed. */
export interface FolderSet {
	/** The folders now, in the order their cards are shown. */
	list(): readonly string[];
	/** Calls `onChange` whenever the set may have changed; returns what stops that. */
	watch(onChange: () => void): () => void;
}

export interface InboxOptions {
	/** How long changes are gathered before the log is read again. */
	debounceMs?: number;
	/** How often the fallback compares the log's size, where its folder cannot be watched. */
	fallbackMs?: number;
}

function signature(path: string): string {
	try {
		const stat = fs.statSync(path);
		return `${stat.ino}:${stat.size}`;
	} catch {
		return "";
	}
}

/** The folders with asks waiting in `facts`, read again as the log grows. */
export function inboxFolders(facts: Pick<FactLog, "newestFirst" | "path">, options: InboxOptions = {}): FolderSet {
	const folder = dirname(facts.path);
	const name = basename(facts.path);
	return {
		list: () => waitingProjects(facts).map((project) => project.project),
		watch(onChange) {
			let debounce: NodeJS.Timeout | undefined;
			let closed = false;
			const changed = (): void => {
				if (closed || debounce) return;
				debounce = setTimeout(() => {
					debounce = undefined;
					if (!closed) onChange();
				}, options.debounceMs ?? 100);
				debounce.unref();
			};
			let watcher: fs.FSWatcher | undefined;
			let poll: NodeJS.Timeout | undefined;
			try {
				fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
				watcher = fs.watch(folder, { persistent: false }, (_event, file) => {
					if (file === null || String(file) === name) changed();
				});
				watcher.on("error", () => {
					watcher?.close();
					startPolling();
				});
			} catch {
				startPolling();
			}
			function startPolling(): void {
				if (poll || closed) return;
				let last = signature(facts.path);
				poll = setInterval(() => {
					const now = signature(facts.path);
					if (now === last) return;
					last = now;
					changed();
				}, options.fallbackMs ?? 2_000);
				poll.unref();
			}
			return () => {
				closed = true;
				watcher?.close();
				clearTimeout(debounce);
				clearInterval(poll);
			};
		},
	};
}
