/**
 * Tab completion of file and folder paths in the dialog's text inputs: a word at the cursor that starts with
 * `./`, `../`, `~/`, `/` or `@` completes against the folder it names (relative to the working folder). A pure
 * function over an injected listing, so it is tested without a disk; `nodePathSource` is the real one.
 *
 * It follows pi's own completion without `fd` (pi-tui's folder listing, which pi uses for paths and which its
 * `@` search falls back to): names match case-insensitively, hidden files are offered, `.git` never is, folders
 * come first and end in `/`. Ignore files are not read (pi reads them only through `fd`, which pi does not share).
 */
import { type Dirent, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export interface PathEntry {
	name: string;
	isDirectory: boolean;
}

export interface PathSource {
	/** The working folder: relative paths and `@` start there. */
	cwd: string;
	/** What `~/` stands for. */
	home: string;
	/** The entries of a folder, or `undefined` when it cannot be read. */
	list(dir: string): readonly PathEntry[] | undefined;
}

export interface PathCompletion {
	/** The text before the cursor, completed as far as the matches agree. */
	text: string;
	/** The matching names (folders with `/`), folders first: several mean the person picks by typing more. */
	candidates: string[];
}

const PATH_START = /^(?:\.\/|\.\.\/|~\/|\/|@)/;

function commonStart(names: readonly string[]): string {
	let common = names[0] ?? "";
	for (const name of names) {
		while (!name.startsWith(common)) common = common.slice(0, -1);
	}
	return common;
}

/**
 * Completes the path word that ends `before` (the text before the cursor). `undefined` when that word is not a
 * path, so that Tab keeps its other meaning.
 */
export function completePath(before: string, source: PathSource): PathCompletion | undefined {
	const start = Math.max(before.lastIndexOf(" "), before.lastIndexOf("\n"), before.lastIndexOf("\t")) + 1;
	const word = before.slice(start);
	if (!PATH_START.test(word)) return undefined;
	const at = word.startsWith("@") ? "@" : "";
	const typed = word.slice(at.length);
	const slash = typed.lastIndexOf("/");
	const dirPart = typed.slice(0, slash + 1);
	const prefix = typed.slice(slash + 1);
	const dir = dirPart.startsWith("~/")
		? resolve(source.home, dirPart.slice(2))
		: dirPart.startsWith("/")
			? resolve(dirPart)
			: resolve(source.cwd, dirPart);
	const wanted = prefix.toLowerCase();
	const entries = (source.list(dir) ?? [])
		.filter((entry) => entry.name !== ".git" && entry.name.toLowerCase().startsWith(wanted))
		.sort((a, b) =>
			a.isDirectory !== b.isDirectory ? (a.isDirectory ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
		);
	const candidates = entries.map((entry) => (entry.isDirectory ? `${entry.name}/` : entry.name));
	let completed = prefix;
	if (candidates.length === 1) completed = candidates[0] ?? prefix;
	else if (candidates.length > 1) {
		const common = commonStart(entries.map((entry) => entry.name));
		if (common.length > prefix.length && common.toLowerCase().startsWith(wanted)) completed = common;
	}
	return { text: before.slice(0, start) + at + dirPart + completed, candidates };
}

function isDirectory(dir: string, entry: Dirent): boolean {
	if (entry.isDirectory()) return true;
	if (!entry.isSymbolicLink()) return false;
	try {
		return statSync(join(dir, entry.name)).isDirectory();
	} catch {
		return false;
	}
}

/** The real file system, from `cwd`. */
export function nodePathSource(cwd: string, home: string): PathSource {
	return {
		cwd,
		home,
		list(dir) {
			try {
				return readdirSync(dir, { withFileTypes: true }).map((entry) => ({
					name: entry.name,
					isDirectory: isDirectory(dir, entry),
				}));
			} catch {
				return undefined;
			}
		},
	};
}
