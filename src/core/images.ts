/**
 * Images a person attaches to an answer (the specification's v2). Every image is checked by its content, never its
 * name: a PNG, JPEG, GIF or WebP signature, and a size cap. The bytes travel to the model as image blocks after the
 * result's JSON block; the JSON (and the session record) name each image without its bytes.
 */
import { formatBytes } from "./text.js";

export type ImageMimeType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** What the model's JSON and the session record keep of an attached image: never its bytes. */
export interface ImageInfo {
	name: string;
	mimeType: ImageMimeType;
	/** Its size in bytes (decoded). */
	bytes: number;
}

/** An image as attached: its bytes as base64, for the model's image block. */
export interface AttachedImage extends ImageInfo {
	data: string;
}

export const IMAGE_LIMITS = {
	/**
	 * Per image, decoded: 3.75 MiB is 5 MiB as base64, what model APIs take per image. Larger images are refused with
	 * a message, never dropped silently.
	 */
	bytesPerImage: 3.75 * 1024 * 1024,
	/** Per ask, over all its answers. */
	imagesPerAsk: 8,
	/** A name as shown and recorded. */
	nameLength: 200,
} as const;

/** The image type `bytes` hold, by their signature; `undefined` for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | undefined {
	const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
	if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
	if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
	if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
		return "image/gif";
	if (
		starts(0x52, 0x49, 0x46, 0x46) &&
		bytes[8] === 0x57 &&
		bytes[9] === 0x45 &&
		bytes[10] === 0x42 &&
		bytes[11] === 0x50
	) {
		return "image/webp";
	}
	return undefined;
}

/**
 * An image, or why it cannot be attached: `reason` is one English sentence naming it (for programs and print mode);
 * `problem` lets a dialog say it in the person's language.
 */
export type ImageCheck = { ok: true; image: AttachedImage } | { ok: false; reason: string; problem: ImageProblem };

export type ImageProblem =
	| { kind: "too-large"; name: string; bytes: number }
	| { kind: "not-image"; name: string }
	| { kind: "bad-data"; name: string };

/** A name safe to show and record: the last path segment, one line, capped. */
export function imageName(name: string): string {
	const last = name.split(/[\\/]/).filter(Boolean).at(-1) ?? "";
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
	const clean = last.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "").trim();
	return (clean === "" ? "image" : clean).slice(0, IMAGE_LIMITS.nameLength);
}

/** `bytes` as an attached image named `name`, checked by content and size. */
export function imageFromBytes(name: string, bytes: Uint8Array): ImageCheck {
	const shown = imageName(name);
	if (bytes.length > IMAGE_LIMITS.bytesPerImage) {
		return {
			ok: false,
			reason: `${shown} is ${formatBytes(bytes.length)}; the limit for an image is ${formatBytes(IMAGE_LIMITS.bytesPerImage)}`,
			problem: { kind: "too-large", name: shown, bytes: bytes.length },
		};
	}
	const mimeType = sniffImageType(bytes);
	if (!mimeType) {
		return {
			ok: false,
			reason: `${shown} is not a PNG, JPEG, GIF or WebP image`,
			problem: { kind: "not-image", name: shown },
		};
	}
	return {
		ok: true,
		image: { name: shown, mimeType, bytes: bytes.length, data: Buffer.from(bytes).toString("base64") },
	};
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * An image sent as data (an RPC app, the bridge, the web page): `{ name?, mimeType?, data }` with `data` base64.
 * The claimed type is not trusted: the bytes decide, and a claim that disagrees is refused. The size is checked
 * before decoding.
 */
export function imageFromData(value: unknown, fallbackName: string): ImageCheck {
	const record = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
	const { name, mimeType, data } = record;
	const shown = imageName(typeof name === "string" ? name : fallbackName);
	const bad = (reason: string): ImageCheck => ({ ok: false, reason, problem: { kind: "bad-data", name: shown } });
	if (typeof data !== "string" || data === "") return bad(`${shown}: an image is { "data": base64, "mimeType" }`);
	const compact = data.replace(/\s+/g, "");
	const decodedBytes =
		Math.floor((compact.length * 3) / 4) - (compact.endsWith("==") ? 2 : compact.endsWith("=") ? 1 : 0);
	if (decodedBytes > IMAGE_LIMITS.bytesPerImage) {
		return {
			ok: false,
			reason: `${shown} is ${formatBytes(decodedBytes)}; the limit for an image is ${formatBytes(IMAGE_LIMITS.bytesPerImage)}`,
			problem: { kind: "too-large", name: shown, bytes: decodedBytes },
		};
	}
	if (!BASE64.test(compact) || compact.length % 4 !== 0) return bad(`${shown}: "data" is not base64`);
	const checked = imageFromBytes(shown, Buffer.from(compact, "base64"));
	if (checked.ok && mimeType !== undefined && mimeType !== checked.image.mimeType) {
		return bad(`${shown} says it is ${String(mimeType)} but holds ${checked.image.mimeType}`);
	}
	return checked;
}

export function imageInfo(image: ImageInfo): ImageInfo {
	return { name: image.name, mimeType: image.mimeType, bytes: image.bytes };
}

/** Whether `value` is a recorded image (from a session record: untrusted). */
export function isImageInfo(value: unknown): value is ImageInfo {
	if (typeof value !== "object" || value === null) return false;
	const { name, mimeType, bytes } = value as Record<string, unknown>;
	return (
		typeof name === "string" &&
		(mimeType === "image/png" || mimeType === "image/jpeg" || mimeType === "image/gif" || mimeType === "image/webp") &&
		typeof bytes === "number" &&
		Number.isSafeInteger(bytes) &&
		bytes >= 0
	);
}

/** Why a list of images sent as data cannot be taken; `reason` is one English sentence. */
export type ImageListProblem =
	| { kind: "not-a-list"; reason: string }
	/** `index`: the image's place in the list. */
	| { kind: "image"; reason: string; problem: ImageProblem; index: number }
	| { kind: "too-many"; reason: string; name: string };

/**
 * A list of images sent as data (`[{ name?, mimeType?, data }]`: an RPC app, the bridge, the web page), each checked
 * by `imageFromData`; `taken`: images already read for this ask, since the cap is per ask (`undefined`: the caller
 * counts the whole ask itself). `name(n)` names the n-th image (from 0) when the sender gave no name.
 */
export function imagesFromData(
	value: unknown,
	taken: number | undefined,
	name: (n: number) => string,
): { ok: true; images: AttachedImage[] } | ({ ok: false } & ImageListProblem) {
	if (value === undefined || value === null) return { ok: true, images: [] };
	if (!Array.isArray(value))
		return { ok: false, kind: "not-a-list", reason: 'images must be a list of { "data", "mimeType" }' };
	const images: AttachedImage[] = [];
	for (const [n, entry] of value.entries()) {
		const checked = imageFromData(entry, name(n));
		if (!checked.ok) return { ok: false, kind: "image", reason: checked.reason, problem: checked.problem, index: n };
		if (taken !== undefined && taken + images.length >= IMAGE_LIMITS.imagesPerAsk) {
			return {
				ok: false,
				kind: "too-many",
				reason: `at most ${IMAGE_LIMITS.imagesPerAsk} images go with one set of answers`,
				name: checked.image.name,
			};
		}
		images.push(checked.image);
	}
	return { ok: true, images };
}

/** Image files named beside an answer given as data (`"images": ["shot.png"]`): a list of non-blank paths. */
export function isImagePathList(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((path) => typeof path === "string" && path.trim() !== "");
}
