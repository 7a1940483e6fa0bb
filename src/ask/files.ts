/**
 * How every record of an ask touches the disk: one guarded reader, one atomic writer for a file written whole (one temp
 * file, renamed or linked into place), one append writer for a log, and the only moves of a file (aside to remove it
 * if it is still the one judged, or out of the way). Paths here may be planted (a cloned repository, another local user, a tool call of the
 * model's): a FIFO would block the run forever, `/dev/zero` never ends, a symlink would redirect a write into
 * `~/.bashrc`. So only a regular file is read or appended to, opened without following a symlink and without
 * blocking, and checked again on the open descriptor, so that nothing swapped in between is used.
 */

import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

const READ_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK;
/** Read and write, to see how the file ends; never through a symlink, never blocking on a FIFO. */
const APPEND_FLAGS =
	fs.constants.O_RDWR |
	fs.constants.O_APPEND |
	fs.constants.O_CREAT |
	fs.constants.O_NOFOLLOW |
	fs.constants.O_NONBLOCK;

/**
 * The text of the regular file at `path`; `undefined` when it is anything else, is missing or cannot be read.
 * `listedAsFile`: a directory listing just named it, so the lstat before the open is skipped (a listing of a thousand
 * files saves a thousand calls); the open (no symlink followed, no FIFO waited on) and the check on the descriptor stay.
 */
export function readRegularFile(path: string, options: { listedAsFile?: boolean } = {}): string | undefined {
	return readRegularBytes(path, options)?.toString("utf8");
}

/**
 * The bytes of the regular file at `path` (see `readRegularFile`); `maxBytes`: `undefined` when it is larger.
 * `fromByte`: only what follows that offset (a log read since the last time).
 */
export function readRegularBytes(
	path: string,
	options: { listedAsFile?: boolean; maxBytes?: number; fromByte?: number } = {},
): Buffer | undefined {
	let fd: number;
	try {
		if (!options.listedAsFile && !fs.lstatSync(path).isFile()) return undefined;
		fd = fs.openSync(path, READ_FLAGS);
	} catch {
		return undefined;
	}
	try {
		const stat = fs.fstatSync(fd);
		if (!stat.isFile()) return undefined;
		const from = Math.min(options.fromByte ?? 0, stat.size);
		if (options.maxBytes !== undefined && stat.size - from > options.maxBytes) return undefined;
		return bytesFrom(fd, from, stat.size);
	} catch {
		return undefined;
	} finally {
		fs.closeSync(fd);
	}
}

/** The bytes of the file open at `fd` from `from` to `end` (its size now, unless told). */
export function bytesFrom(fd: number, from: number, end = fs.fstatSync(fd).size): Buffer {
	const bytes = Buffer.alloc(Math.max(0, end - from));
	let read = 0;
	while (read < bytes.length) {
		const n = fs.readSync(fd, bytes, read, bytes.length - read, from + read);
		if (n === 0) break;
		read += n;
	}
	return bytes.subarray(0, read);
}

/** Whether the file open at `fd` is empty or ends with a newline. */
function endsWithNewline(fd: number): boolean {
	const size = fs.fstatSync(fd).size;
	if (size === 0) return true;
	const last = Buffer.alloc(1);
	return fs.readSync(fd, last, 0, 1, size - 1) === 1 && last[0] === 0x0a;
}

/**
 * Appends one line to the log at `path`, made (mode 0600) when missing. Throws when it is not a regular file or
 * cannot be written. A line cut short by a crash has no newline: this one then starts a line of its own rather than
 * being glued onto it and lost (readers skip the torn line). One write, so appends from two processes do not mix.
 * Returns the inode written to: a log replaced under its name meanwhile (compacted) no longer has it.
 */
export function appendLine(path: string, line: string): number {
	const fd = fs.openSync(path, APPEND_FLAGS, 0o600);
	try {
		const stat = fs.fstatSync(fd);
		if (!stat.isFile()) throw new Error(`${path} is not a regular file`);
		fs.writeSync(fd, `${endsWithNewline(fd) ? "" : "\n"}${line}\n`);
		return stat.ino;
	} finally {
		fs.closeSync(fd);
	}
}

/** A temp file's name beside `path`: hidden, unique to this write, and recognisable as a temp by its end. */
function tempPathFor(path: string): string {
	return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
}

type TempWriteFs = Pick<typeof fs, "openSync" | "writeSync" | "fsyncSync" | "closeSync" | "rmSync">;

/**
 * Writes `content` whole to a new temp file beside `path` (created, so never through a symlink; mode 0600, this
 * user's only: answers, keys, tokens), flushed to the disk; returns its path for the caller to move or link into
 * place and then remove. On any failure (a full disk) the temp file is removed and the error thrown.
 */
function writeTempFile(path: string, content: string | Buffer, io: TempWriteFs = fs): string {
	const temp = tempPathFor(path);
	const fd = io.openSync(temp, "wx", 0o600);
	try {
		const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
		for (let written = 0; written < bytes.length; ) written += io.writeSync(fd, bytes, written);
		io.fsyncSync(fd);
	} catch (error) {
		io.closeSync(fd);
		io.rmSync(temp, { force: true });
		throw error;
	}
	io.closeSync(fd);
	return temp;
}

/**
 * Writes `content` whole to `path` (mode 0600): a temp file beside it, then moved into place, so a reader
 * sees the old file or the new one, never half of one. `replace: false` puts it there only if nothing is at `path`
 * yet (a hard link, which fails when the name is taken) and answers whether it did.
 */
export function writeFileAtomically(
	path: string,
	content: string | Buffer,
	options: { replace?: boolean } = {},
): boolean {
	if (options.replace === false) return writeNewFile([path], content) !== undefined;
	const temp = writeTempFile(path, content);
	try {
		fs.renameSync(temp, path);
		return true;
	} finally {
		fs.rmSync(temp, { force: true });
	}
}

/**
 * Writes `content` whole under the first of `names` (one folder) that is not taken, never replacing a file: a temp file
 * beside them, hard-linked to each name in turn until one is free. Returns that name; `undefined` when all were taken.
 */
export function writeNewFile(
	names: readonly string[],
	content: string | Buffer,
	io: TempWriteFs & Pick<typeof fs, "linkSync"> = fs,
): string | undefined {
	const first = names[0];
	if (first === undefined) return undefined;
	const temp = writeTempFile(first, content, io);
	try {
		for (const name of names) {
			try {
				io.linkSync(temp, name);
				return name;
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
			}
		}
		return undefined;
	} finally {
		io.rmSync(temp, { force: true });
	}
}

/** What reading a log from its end found: no file yet, a file read, or something that cannot be read as one. */
export type BackwardRead = "absent" | "read" | "unreadable";

const CHUNK = 64 * 1024;

/**
 * The lines of the regular file at `path` from the last to the first, each given to `visit` with the byte offset it
 * starts at, until it answers false: a reader that needs only the newest lines reads only the chunks that hold them,
 * however long the file grew. `endByte`: only the lines before that offset (a line start), for a reader that read the
 * newer ones before. The last line is skipped when the file does not end with a newline (a write cut short by a crash).
 */
export function readLinesFromEnd(
	path: string,
	visit: (line: string, at: number) => boolean,
	options: { endByte?: number } = {},
): BackwardRead {
	let fd: number;
	try {
		if (!fs.lstatSync(path).isFile()) return "unreadable";
		fd = fs.openSync(path, READ_FLAGS);
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "ENOENT" ? "absent" : "unreadable";
	}
	try {
		const stat = fs.fstatSync(fd);
		if (!stat.isFile()) return "unreadable";
		let end = Math.min(options.endByte ?? stat.size, stat.size);
		let carry = Buffer.alloc(0);
		let first = true;
		while (end > 0) {
			const start = Math.max(0, end - CHUNK);
			const chunk = Buffer.alloc(end - start);
			fs.readSync(fd, chunk, 0, chunk.length, start);
			let text = Buffer.concat([chunk, carry]);
			end = start;
			if (first) {
				first = false;
				const last = text.lastIndexOf(0x0a);
				// A torn last line: not a line yet.
				text = text.subarray(0, last + 1);
			}
			let cut = text.length;
			for (let i = text.length - 2; i >= -1; i--) {
				if (i === -1 ? start === 0 : text[i] === 0x0a) {
					const line = text
						.subarray(i + 1, cut)
						.toString("utf8")
						.trim();
					cut = i + 1;
					if (line !== "" && !visit(line, start + i + 1)) return "read";
				}
				if (i === -1) break;
			}
			carry = Buffer.from(text.subarray(0, cut));
		}
		return "read";
	} catch {
		return "unreadable";
	} finally {
		fs.closeSync(fd);
	}
}

/** The same folder, written either way (a symlinked path and its target). */
export function sameFolder(a: string, b: string): boolean {
	if (resolve(a) === resolve(b)) return true;
	try {
		return fs.realpathSync.native(a) === fs.realpathSync.native(b);
	} catch {
		return false;
	}
}

/**
 * Removes the file at `path` if, once moved aside (so that nothing replaces it while it is read), `isStill` says it is
 * the one the caller judged; one that is not (written anew meanwhile) is put back, unless its name was taken again.
 * False when it cannot be moved (another user's file in a shared folder, an immutable file); true when it is gone or
 * left to whoever wrote it anew.
 */
export function removeIfStill(path: string, isStill: (aside: string) => boolean): boolean {
	const aside = `${path}.${randomBytes(6).toString("hex")}.aside`;
	try {
		fs.renameSync(path, aside);
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "ENOENT";
	}
	try {
		if (!isStill(aside)) fs.linkSync(aside, path);
	} catch {
		// Taken again: its new writer has it now.
	}
	try {
		fs.rmSync(aside, { recursive: true, force: true });
	} catch {
		// Left aside under a name no reader looks at.
	}
	return true;
}

/** Moves the file at `path` to `to` (same folder); throws when it cannot. */
export function moveFile(path: string, to: string): void {
	fs.renameSync(path, to);
}
