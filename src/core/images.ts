/**
 * Images a person attaches to an answer (the specification's v2). Every image is checked by its content, never its
 * name: a PNG, JPEG, GIF or WebP signature, a header that gives sane dimensions, and a size cap. Before the bytes
 * leave the machine, the metadata that can say where a photo was taken (a JPEG's EXIF and XMP, a PNG's eXIf and
 * text chunks, a WebP's EXIF and XMP chunks) is removed without decoding the picture; a JPEG keeps its orientation.
 * The bytes travel to the model as image blocks after the result's JSON block; the JSON (and the session record)
 * name each image without its bytes.
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
	if (!imageDimensions(bytes, mimeType)) {
		return {
			ok: false,
			reason: `${shown} starts like a ${mimeType.slice("image/".length).toUpperCase()} image, but its header does not give a size between 1 and ${MAX_SIDE} pixels a side`,
			problem: { kind: "not-image", name: shown },
		};
	}
	const sent = withoutLocation(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), mimeType);
	return { ok: true, image: { name: shown, mimeType, bytes: sent.length, data: sent.toString("base64") } };
}

/** The largest side an image may have, and the most pixels: beyond them a header is a lie or a decompression bomb. */
const MAX_SIDE = 65_535;
const MAX_PIXELS = 2 ** 28;

/** Whether a JPEG marker is one of the start-of-frame markers, which carry the size. */
const isStartOfFrame = (marker: number): boolean =>
	marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** A JPEG's segments before its scan: marker, where the segment starts, its total length; `end` is where the scan starts. */
function jpegSegments(
	bytes: Buffer,
): { segments: { marker: number; at: number; length: number }[]; end: number } | undefined {
	const segments: { marker: number; at: number; length: number }[] = [];
	let at = 2;
	while (at + 4 <= bytes.length) {
		if (bytes[at] !== 0xff) return undefined;
		const marker = bytes[at + 1] ?? 0;
		if (marker === 0xff) {
			at += 1;
			continue;
		}
		if (marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
			at += 2;
			continue;
		}
		const length = bytes.readUInt16BE(at + 2);
		if (length < 2 || at + 2 + length > bytes.length) return undefined;
		if (marker === 0xda) return { segments, end: at };
		segments.push({ marker, at, length: length + 2 });
		at += length + 2;
	}
	return undefined;
}

/** The image's width and height from its header, when they are sane; `undefined` when the header does not parse. */
export function imageDimensions(
	bytes: Uint8Array,
	mimeType: ImageMimeType,
): { width: number; height: number } | undefined {
	const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	let size: { width: number; height: number } | undefined;
	if (mimeType === "image/png") {
		if (data.length >= 33 && data.toString("latin1", 12, 16) === "IHDR") {
			size = { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
		}
	} else if (mimeType === "image/gif") {
		if (data.length >= 13) size = { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
	} else if (mimeType === "image/jpeg") {
		const frame = jpegSegments(data)?.segments.find((segment) => isStartOfFrame(segment.marker));
		if (frame && frame.length >= 10)
			size = { width: data.readUInt16BE(frame.at + 7), height: data.readUInt16BE(frame.at + 5) };
	} else if (data.length >= 30) {
		const chunk = data.toString("latin1", 12, 16);
		if (chunk === "VP8X") size = { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
		else if (chunk === "VP8L" && data[20] === 0x2f) {
			const bits = data.readUInt32LE(21);
			size = { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
		} else if (chunk === "VP8 " && data[23] === 0x9d && data[24] === 0x01 && data[25] === 0x2a) {
			size = { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
		}
	}
	if (!size) return undefined;
	const sane = (side: number): boolean => Number.isInteger(side) && side >= 1 && side <= MAX_SIDE;
	return sane(size.width) && sane(size.height) && size.width * size.height <= MAX_PIXELS ? size : undefined;
}

/** A JPEG's EXIF orientation (1–8) from an APP1 payload, or `undefined`. */
function exifOrientation(payload: Buffer): number | undefined {
	if (payload.toString("latin1", 0, 6) !== "Exif\u0000\u0000" || payload.length < 14) return undefined;
	const tiff = payload.subarray(6);
	const little = tiff.toString("latin1", 0, 2) === "II";
	const u16 = (at: number): number => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
	const u32 = (at: number): number => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
	const ifd = u32(4);
	if (ifd + 2 > tiff.length) return undefined;
	const count = u16(ifd);
	for (let n = 0; n < count; n++) {
		const entry = ifd + 2 + n * 12;
		if (entry + 12 > tiff.length) return undefined;
		if (u16(entry) === 0x0112) {
			const value = u16(entry + 8);
			return value >= 1 && value <= 8 ? value : undefined;
		}
	}
	return undefined;
}

/** An APP1 segment holding nothing but the orientation: how the picture is to be shown, and no more. */
function orientationSegment(orientation: number): Buffer {
	const segment = Buffer.from([
		0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00,
		0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	]);
	segment.writeUInt16BE(orientation, 28);
	return segment;
}

/**
 * The image without the metadata that can locate it: a JPEG's APP1 (EXIF, XMP) and APP13 (IPTC) segments go, and
 * an orientation other than the default comes back as a one-entry EXIF; a PNG's eXIf and text chunks go; a WebP's
 * EXIF and XMP chunks go (its RIFF size and VP8X flags follow). The picture itself is never decoded or changed.
 * An image with nothing to remove is returned as it was; one whose structure does not parse is returned unchanged
 * (the header check refuses it before this runs).
 */
export function withoutLocation(bytes: Buffer, mimeType: ImageMimeType): Buffer {
	if (mimeType === "image/jpeg") {
		const parsed = jpegSegments(bytes);
		if (!parsed) return bytes;
		const dropped = parsed.segments.filter((segment) => segment.marker === 0xe1 || segment.marker === 0xed);
		if (dropped.length === 0) return bytes;
		let orientation: number | undefined;
		for (const segment of dropped) {
			if (segment.marker === 0xe1)
				orientation ??= exifOrientation(bytes.subarray(segment.at + 4, segment.at + segment.length));
		}
		const parts: Buffer[] = [bytes.subarray(0, 2)];
		if (orientation !== undefined && orientation !== 1) parts.push(orientationSegment(orientation));
		let at = 2;
		for (const segment of dropped) {
			parts.push(bytes.subarray(at, segment.at));
			at = segment.at + segment.length;
		}
		parts.push(bytes.subarray(at));
		return Buffer.concat(parts);
	}
	if (mimeType === "image/png") {
		const parts: Buffer[] = [bytes.subarray(0, 8)];
		let at = 8;
		let removed = false;
		while (at + 12 <= bytes.length) {
			const length = bytes.readUInt32BE(at);
			const end = at + 12 + length;
			if (end > bytes.length) return bytes;
			const type = bytes.toString("latin1", at + 4, at + 8);
			if (type === "eXIf" || type === "tEXt" || type === "iTXt" || type === "zTXt") removed = true;
			else parts.push(bytes.subarray(at, end));
			at = end;
		}
		return removed ? Buffer.concat([...parts, bytes.subarray(at)]) : bytes;
	}
	if (mimeType === "image/webp") {
		const parts: Buffer[] = [Buffer.from(bytes.subarray(0, 12))];
		let at = 12;
		let removed = false;
		while (at + 8 <= bytes.length) {
			const size = bytes.readUInt32LE(at + 4);
			const end = at + 8 + size + (size % 2);
			if (end > bytes.length) return bytes;
			const type = bytes.toString("latin1", at, at + 4);
			if (type === "EXIF" || type === "XMP ") removed = true;
			else parts.push(bytes.subarray(at, end));
			at = end;
		}
		if (!removed) return bytes;
		const out = Buffer.concat([...parts, bytes.subarray(at)]);
		out.writeUInt32LE(out.length - 8, 4);
		if (out.toString("latin1", 12, 16) === "VP8X") out[20] = (out[20] ?? 0) & ~0x0c;
		return out;
	}
	return bytes;
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
		// JSON, not String(): a parsed `{"toString": ""}` makes String() throw.
		const said = typeof mimeType === "string" ? mimeType : JSON.stringify(mimeType);
		return bad(`${shown} says it is ${said} but holds ${checked.image.mimeType}`);
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
