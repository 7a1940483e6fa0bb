/**
 * Attaching images in the dialog's text inputs. A path to an image file typed or dropped into the input (a terminal
 * types a dropped file's path, maybe quoted, with escaped spaces, or as `file://`) is offered for attaching; the
 * paste-image key attaches it, or else the clipboard's image. Files are judged by their content, never their name.
 * Pure over an injected source (the file system and the clipboard), so it is tested without a disk;
 * `nodeImageSource` is the real one.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { IMAGE_LIMITS, imageName, sniffImageType } from "../core/images.js";

/** What the clipboard gave: an image and the name it is kept under, or why there is none. */
export type ClipboardImage =
	| { kind: "image"; name: string; bytes: Uint8Array }
	| { kind: "empty" }
	| { kind: "unavailable"; tools: string };

export interface ImageSource {
	/** Where relative paths start. */
	cwd: string;
	/** What `~/` stands for. */
	home: string;
	/** A regular file's size and first bytes; `undefined` for anything else (missing, a folder, unreadable). */
	peek(path: string): { size: number; head: Uint8Array } | undefined;
	/** A regular file's bytes; `undefined` when it cannot be read. */
	read(path: string): Uint8Array | undefined;
	/** The clipboard's image. */
	clipboard(): ClipboardImage;
}

/** A path word in the input: where it starts in the text and the path it names (unquoted, unescaped). */
export interface PathCandidate {
	start: number;
	path: string;
}

/**
 * What the text in the input offers: an image file to attach (replacing the text from `start`), or a file that
 * looks like an image but cannot be one (too large; not an image by content although named like one).
 */
export type ImageOffer =
	| { kind: "offer"; start: number; path: string; name: string }
	| { kind: "tooLarge"; name: string; bytes: number }
	| { kind: "notImage"; name: string };

const HEAD_BYTES = 16;
const IMAGE_NAME = /\.(png|jpe?g|gif|webp)$/i;
/** What a shell-style drop escapes with a backslash (macOS Terminal, iTerm2, GNOME): not `\` before a letter. */
const ESCAPED = /\\([ \t()[\]{}'"&;!$`#*?<>|~,=\\])/g;

function unescaped(word: string): string {
	return word.replace(ESCAPED, "$1");
}

function unquoted(word: string): string | undefined {
	const first = word[0];
	if ((first === "'" || first === '"') && word.length >= 2 && word.endsWith(first)) return word.slice(1, -1);
	return undefined;
}

/**
 * The path words the text ends with, most likely first: the last word (quoted, or with escaped spaces), then the
 * whole text (a path with unescaped spaces typed by hand).
 */
export function pathCandidates(text: string): PathCandidate[] {
	const trimmed = text.trimEnd();
	if (trimmed === "") return [];
	const out: PathCandidate[] = [];
	const last = trimmed.at(-1);
	if (last === "'" || last === '"') {
		const open = trimmed.lastIndexOf(last, trimmed.length - 2);
		if (open >= 0 && (open === 0 || /\s/.test(trimmed[open - 1] ?? ""))) {
			out.push({ start: open, path: trimmed.slice(open + 1, -1) });
		}
	} else {
		let start = trimmed.length;
		while (start > 0) {
			const ch = trimmed[start - 1] ?? "";
			if (/\s/.test(ch) && trimmed[start - 2] !== "\\") break;
			start--;
		}
		out.push({ start, path: unescaped(trimmed.slice(start)) });
	}
	const leading = trimmed.length - trimmed.trimStart().length;
	const whole = trimmed.trimStart();
	if (!whole.includes("\n") && !out.some((c) => c.start === leading)) {
		out.push({ start: leading, path: unquoted(whole) ?? unescaped(whole) });
	}
	return out.filter((c) => c.path !== "");
}

/** The file a typed path names: `file://` URLs, `~/` and paths relative to the working folder. */
function resolveTypedPath(path: string, source: Pick<ImageSource, "cwd" | "home">): string | undefined {
	if (path.startsWith("file://")) {
		try {
			return fileURLToPath(path);
		} catch {
			return undefined;
		}
	}
	if (path === "~" || path.startsWith("~/")) return resolve(source.home, path.slice(2));
	return resolve(source.cwd, path);
}

/**
 * Whether a word can name a file worth a look: it has a folder separator, a `~`, a scheme or an extension. Anything
 * else is a plain word, and typing it touches no disk (the offer is looked up as the person types).
 */
const PATH_LIKE = /[/\\.~]|^file:/;

/** What the input's text offers for attaching, if anything; only the first bytes of a file are read. */
export function imageOffer(text: string, source: ImageSource): ImageOffer | undefined {
	for (const candidate of pathCandidates(text).filter((c) => PATH_LIKE.test(c.path))) {
		const path = resolveTypedPath(candidate.path, source);
		const file = path === undefined ? undefined : source.peek(path);
		if (path === undefined || !file) continue;
		const name = imageName(path);
		const isImage = sniffImageType(file.head) !== undefined;
		if (!isImage) {
			// A file that is not named like an image is just text the person typed.
			if (IMAGE_NAME.test(path)) return { kind: "notImage", name };
			continue;
		}
		if (file.size > IMAGE_LIMITS.bytesPerImage) return { kind: "tooLarge", name, bytes: file.size };
		return { kind: "offer", start: candidate.start, path, name };
	}
	return undefined;
}

/** Opens a regular file without blocking (a FIFO named by hand must not hang the dialog); `undefined` otherwise. */
function withRegularFile<T>(path: string, use: (fd: number, size: number) => T): T | undefined {
	let fd: number | undefined;
	try {
		fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
		const stat = fstatSync(fd);
		return stat.isFile() ? use(fd, stat.size) : undefined;
	} catch {
		return undefined;
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}

/** The real file system from `cwd`, and the clipboard through `clipboard`. */
export function nodeImageSource(cwd: string, home: string, clipboard: () => ClipboardImage): ImageSource {
	return {
		cwd,
		home,
		peek: (path) =>
			withRegularFile(path, (fd, size) => {
				const head = new Uint8Array(HEAD_BYTES);
				const read = readSync(fd, head, 0, HEAD_BYTES, 0);
				return { size, head: head.subarray(0, read) };
			}),
		read: (path) => withRegularFile(path, (fd) => new Uint8Array(readFileSync(fd))),
		clipboard,
	};
}
