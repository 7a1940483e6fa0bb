/**
 * Images a person names by path in answers given as data (`--answers`, an edited pending file): relative to the
 * project folder (or absolute, or `~/…`), a regular file only (never a FIFO or a device, never through a symlink
 * swapped in), checked by content and size (core/images.ts).
 */
import { lstatSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { readRegularBytes } from "../ask/files.js";
import type { ImageReader } from "../core/answer-input.js";
import { IMAGE_LIMITS, type ImageCheck, imageFromBytes, imageName } from "../core/images.js";
import { formatBytes } from "../core/text.js";
import type { ImageSupport } from "../host/image-support.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";

type ImageWords = CliStrings["images"];

const LIMIT = formatBytes(IMAGE_LIMITS.bytesPerImage);

/** The content check's verdict, its refusal said in `said`'s words (the core's own are English). */
function checkedBytes(written: string, bytes: Uint8Array, said: ImageWords): ImageCheck {
	const checked = imageFromBytes(written, bytes);
	if (checked.ok) return checked;
	const { problem } = checked;
	switch (problem.kind) {
		case "too-large":
			return { ...checked, reason: said.tooLarge(problem.name, formatBytes(problem.bytes), LIMIT) };
		case "not-image":
			return { ...checked, reason: said.notImage(problem.name) };
		case "bad-data":
			return checked;
	}
}

function projectImageReader(cwd: string, said: ImageWords, home = homedir()): ImageReader {
	return (written) => {
		const path = written.startsWith("~/")
			? join(home, written.slice(2))
			: isAbsolute(written)
				? written
				: resolve(cwd, written);
		const name = imageName(written);
		const missing = { kind: "not-image", name } as const;
		let size: number;
		try {
			const stat = lstatSync(path);
			if (!stat.isFile()) return { ok: false, reason: said.notFile(written), problem: missing };
			size = stat.size;
		} catch {
			return { ok: false, reason: said.unreadable(written), problem: missing };
		}
		if (size > IMAGE_LIMITS.bytesPerImage) {
			return {
				ok: false,
				reason: said.tooLarge(name, formatBytes(size), LIMIT),
				problem: { kind: "too-large", name, bytes: size },
			};
		}
		const bytes = readRegularBytes(path, { maxBytes: IMAGE_LIMITS.bytesPerImage });
		if (!bytes) return { ok: false, reason: said.unreadable(written), problem: missing };
		return checkedBytes(written, bytes, said);
	};
}

/**
 * The reader for this run: refuses every image, saying why (in `said`'s words), where the model or pi's settings take
 * none. `support` is asked only when an image is named (it reads pi's settings files: not work for every start).
 */
export function answerImageReader(
	support: () => ImageSupport,
	cwd: string,
	said: ImageWords = chosenWords().cli.images,
): ImageReader {
	const files = projectImageReader(cwd, said);
	return (written) => {
		const decided = support();
		if (decided.allowed) return files(written);
		const reason = decided.why === "model" ? said.unsupportedModel : said.blocked;
		return { ok: false, reason, problem: { kind: "not-image", name: imageName(written) } };
	};
}
