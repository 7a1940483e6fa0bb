/**
 * Images a person names by path in answers given as data (`--answers`, an edited pending file): relative to the
 * project folder (or absolute, or `~/…`), a regular file only (never a FIFO or a device, never through a symlink
 * swapped in), checked by content and size (core/images.ts).
 */
import { lstatSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { ImageReader } from "../core/answer-input.js";
import { IMAGE_LIMITS, imageFromBytes, imageName } from "../core/images.js";
import { formatBytes } from "../core/text.js";
import type { ImageSupport } from "../host/image-support.js";
import { readRegularBytes } from "./regular-file.js";

function projectImageReader(cwd: string, home = homedir()): ImageReader {
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
			if (!stat.isFile()) return { ok: false, reason: `${written} is not an image file`, problem: missing };
			size = stat.size;
		} catch {
			return { ok: false, reason: `${written} does not exist or cannot be read`, problem: missing };
		}
		if (size > IMAGE_LIMITS.bytesPerImage) {
			return {
				ok: false,
				reason: `${name} is ${formatBytes(size)}; the limit for an image is ${formatBytes(IMAGE_LIMITS.bytesPerImage)}`,
				problem: { kind: "too-large", name, bytes: size },
			};
		}
		const bytes = readRegularBytes(path, { maxBytes: IMAGE_LIMITS.bytesPerImage });
		if (!bytes) return { ok: false, reason: `${written} does not exist or cannot be read`, problem: missing };
		return imageFromBytes(written, bytes);
	};
}

/**
 * The reader for this run: refuses every image, saying why, where the model or pi's settings take none. `support` is
 * asked only when an image is named (it reads pi's settings files: not work for every start).
 */
export function answerImageReader(support: () => ImageSupport, cwd: string): ImageReader {
	const files = projectImageReader(cwd);
	return (written) => {
		const decided = support();
		if (decided.allowed) return files(written);
		const reason =
			decided.why === "model"
				? "images cannot be attached: this model cannot read images"
				: "images cannot be attached: pi's settings block them (images.blockImages)";
		return { ok: false, reason, problem: { kind: "not-image", name: imageName(written) } };
	};
}
