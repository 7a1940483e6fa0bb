/**
 * Recognising a pending file that the person attached with `pi -p @.pi/pending-questions.json "words"`.
 *
 * pi 0.73.1 (dist/cli/file-processor.js, initial-message.js) writes each `@file` argument as
 * `<file name="/abs/path">\n<content>\n</file>\n` (images as one line `<file name="…">…</file>\n`), one after
 * the other at the start of the first message, followed by the prompt; the `input` event sees that text.
 * A regex over the whole prompt cannot tell that block from a quote of one (in a note, or in a question that
 * contains `</file>`), so blocks are walked from the start with each file's content read from disk: a block
 * counts only when the text holds exactly what the file holds. A pending file is recognised only when it is
 * one of this project's `.pi/pending-questions*.json` (a regular file, no symlink on the way) and its block is
 * one of pi's own; nothing else is ever answered from or deleted.
 */
import * as nodeFs from "node:fs";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import { isProjectPendingFile, PendingFileError } from "./pending-file.js";

/** One of pi's attached-file blocks in a message: where it is, and whether it carried text. */
export interface AttachedBlock {
	name: string;
	start: number;
	end: number;
	/** The file's text as pi inlined it; `undefined` for an image block. */
	content?: string;
}

const OPEN = '<file name="';
const CLOSE = "</file>\n";

/** Whether `text` may begin with one of pi's attached-file blocks: a check cheap enough for every prompt. */
export function mayAttachFiles(text: string): boolean {
	return text.startsWith(OPEN);
}

/**
 * pi's attached-file blocks at the start of `text`, in order; the walk stops at the first thing that is not
 * such a block (the prompt). `readText` gives a file's current text, `undefined` when it cannot be read.
 */
export function attachedBlocks(text: string, readText: (path: string) => string | undefined): AttachedBlock[] {
	const blocks: AttachedBlock[] = [];
	let at = 0;
	while (text.startsWith(OPEN, at)) {
		const nameEnd = text.indexOf('">', at + OPEN.length);
		if (nameEnd < 0) break;
		const name = text.slice(at + OPEN.length, nameEnd);
		const body = nameEnd + 2;
		if (text[body] === "\n") {
			const content = readText(name);
			if (content === undefined || !text.startsWith(`\n${content}\n${CLOSE}`, body)) break;
			const end = body + content.length + 2 + CLOSE.length;
			blocks.push({ name, start: at, end, content });
			at = end;
		} else {
			// An image: pi writes a short note (or nothing) on the same line.
			const close = text.indexOf(CLOSE, body);
			if (close < 0 || text.slice(body, close).includes("\n")) break;
			blocks.push({ name, start: at, end: close + CLOSE.length });
			at = close + CLOSE.length;
		}
	}
	return blocks;
}

/** A pending file attached with `@`: its path, its text, and the rest of the message (the person's words). */
export interface AttachedPendingFile {
	path: string;
	content: string;
	words: string;
}

function readTextFile(path: string): string | undefined {
	try {
		// Only regular files: a name in the text must not make us read a device or a FIFO.
		if (!nodeFs.statSync(path).isFile()) return undefined;
		return nodeFs.readFileSync(path, "utf8");
	} catch {
		return undefined;
	}
}

/**
 * The project's pending file attached to this message, if pi attached one. Throws a clear error (in `said`'s words)
 * when two are attached (which questions the words answer would be a guess).
 */
export function findAttachedPendingFile(
	text: string,
	cwd: string,
	io: { readText(path: string): string | undefined; isPendingFile(path: string): boolean } = {
		readText: readTextFile,
		isPendingFile: (path) => isProjectPendingFile(cwd, path),
	},
	said: CliStrings["inbox"] = chosenWords().cli.inbox,
): AttachedPendingFile | undefined {
	const pending = attachedBlocks(text, io.readText).filter(
		(block): block is AttachedBlock & { content: string } =>
			block.content !== undefined && io.isPendingFile(block.name),
	);
	if (pending.length > 1) {
		throw new PendingFileError(said.oneFileAtATime);
	}
	const [block] = pending;
	if (!block) return undefined;
	const words = `${text.slice(0, block.start)}${text.slice(block.end)}`.trim();
	return { path: block.name, content: block.content, words };
}
