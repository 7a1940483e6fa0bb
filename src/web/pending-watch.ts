/**
 * Tells the web server when the project's pending files may have changed: `fs.watch` on `<cwd>/.pi` (on `<cwd>`
 * until `.pi` exists, and again after it is removed), so an idle server does no work at all. Where the file system
 * cannot be watched (`fs.watch` throws: no inotify watches left, some network file systems), it falls back to
 * comparing the names, sizes and times of the pending files every few seconds, which reads no file.
 */
import * as fs from "node:fs";
import { join } from "node:path";

export interface FolderWatch {
	/** Whether it watches (`true`) or, unable to, polls. */
	watching: boolean;
	close(): void;
}

export interface WatchOptions {
	/** How long changes are gathered before `onChange` (a save is several events). */
	debounceMs?: number;
	/** How often the fallback compares the folder. */
	fallbackMs?: number;
	/** `fs.watch`, unless a test injects one that fails. */
	watch?: typeof fs.watch;
}

const PENDING_DIR = ".pi";
/** The pending files, their claims and the temporary files they are written through. */
const isPendingName = (name: string): boolean => name.includes("pending-questions");

/** Names, sizes and times of the pending files: what the fallback compares. */
function folderSignature(dir: string): string {
	let names: string[];
	try {
		names = fs.readdirSync(dir).filter(isPendingName).sort();
	} catch {
		return "";
	}
	return names
		.map((name) => {
			try {
				const stat = fs.statSync(join(dir, name));
				return `${name}:${stat.size}:${stat.mtimeMs}:${stat.ino}`;
			} catch {
				return `${name}:gone`;
			}
		})
		.join("\n");
}

export function watchPendingFolder(cwd: string, onChange: () => void, options: WatchOptions = {}): FolderWatch {
	const watch = options.watch ?? fs.watch;
	const dir = join(cwd, PENDING_DIR);
	let closed = false;
	let watcher: fs.FSWatcher | undefined;
	let debounce: NodeJS.Timeout | undefined;
	let poll: NodeJS.Timeout | undefined;

	const changed = (): void => {
		if (closed || debounce) return;
		debounce = setTimeout(() => {
			debounce = undefined;
			if (!closed) onChange();
		}, options.debounceMs ?? 50);
		debounce.unref();
	};

	const startPolling = (): void => {
		let last = folderSignature(dir);
		poll = setInterval(() => {
			const now = folderSignature(dir);
			if (now === last) return;
			last = now;
			onChange();
		}, options.fallbackMs ?? 2_000);
		poll.unref();
	};

	/** Watches `.pi`, or the project folder until `.pi` appears; `false` when the file system cannot be watched. */
	const arm = (): boolean => {
		watcher?.close();
		watcher = undefined;
		const hasDir = fs.existsSync(dir);
		try {
			const target = hasDir ? dir : cwd;
			const next = watch(target, { persistent: false }, (_event, name) => {
				const file = name === null ? null : String(name);
				if (!hasDir) {
					// Waiting for `.pi`: once it exists, watch it instead (it may already hold files).
					if (file === null || file === PENDING_DIR) {
						if (fs.existsSync(dir) && !closed && !arm()) startPolling();
						changed();
					}
					return;
				}
				if (!fs.existsSync(dir)) {
					// `.pi` itself went away: wait for it again in the project folder.
					if (!closed && !arm()) startPolling();
					changed();
					return;
				}
				if (file === null || isPendingName(file)) changed();
			});
			// `.pi` removed or renamed: watch for it again, and look at what is left.
			next.on("error", () => {
				if (closed || watcher !== next) return;
				if (!arm()) startPolling();
				changed();
			});
			watcher = next;
			if (hasDir && !fs.existsSync(dir)) changed();
			return true;
		} catch {
			return false;
		}
	};

	const watching = arm();
	if (!watching) startPolling();
	return {
		watching,
		close() {
			closed = true;
			watcher?.close();
			clearTimeout(debounce);
			clearInterval(poll);
		},
	};
}
