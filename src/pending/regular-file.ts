/**
 * Reading a file whose path came from elsewhere (a session record, a pending file's `sessionFile`): only a
 * regular file is read. A FIFO would block the run forever and `/dev/zero` never ends, so the path is checked
 * with lstat (no symlink, no device), opened without following a symlink and without blocking, and checked
 * again on the open descriptor, so that nothing swapped in between is read.
 */
import * as fs from "node:fs";

const OPEN_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK;

/**
 * The text of the regular file at `path`; `undefined` when it is anything else, is missing or cannot be read.
 * `listedAsFile`: a directory listing (`withFileTypes`) just said it is a regular file, so the lstat before the open
 * is skipped (a listing of a thousand files saves a thousand calls); the open and the check on the descriptor stay.
 */
export function readRegularFile(path: string, options: { listedAsFile?: boolean } = {}): string | undefined {
	return readRegularBytes(path, options)?.toString("utf8");
}

/** The bytes of the regular file at `path` (see `readRegularFile`); `maxBytes`: `undefined` when it is larger. */
export function readRegularBytes(
	path: string,
	options: { listedAsFile?: boolean; maxBytes?: number } = {},
): Buffer | undefined {
	let fd: number;
	try {
		if (!options.listedAsFile && !fs.lstatSync(path).isFile()) return undefined;
		fd = fs.openSync(path, OPEN_FLAGS);
	} catch {
		return undefined;
	}
	try {
		const stat = fs.fstatSync(fd);
		if (!stat.isFile()) return undefined;
		if (options.maxBytes !== undefined && stat.size > options.maxBytes) return undefined;
		return fs.readFileSync(fd);
	} catch {
		return undefined;
	} finally {
		fs.closeSync(fd);
	}
}
