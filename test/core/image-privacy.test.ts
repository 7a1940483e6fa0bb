/**
 * What leaves the machine of an image, pure and on real bytes: a JPEG's EXIF (GPS included) and XMP are dropped
 * without decoding the picture, keeping only its orientation; a PNG's eXIf and text chunks and a WebP's EXIF and
 * XMP chunks too. An image whose header does not parse to sane dimensions is refused, whatever its first bytes.
 */
import { describe, expect, it } from "vitest";
import { imageDimensions, imageFromBytes, withoutLocation } from "../../src/core/images.js";
import { GIF_START, JPEG_START, TINY_GIF, TINY_JPEG, TINY_PNG, TINY_WEBP, WEBP_START } from "../image-fixtures.js";

const GPS_LATITUDE = "48 deg 51' 29.6\" N";

/** A TIFF (big-endian) with IFD0 holding Orientation and a GPS IFD holding a latitude reference and text. */
function exifTiff(orientation: number): Buffer {
	const entries = (list: [number, number, number, number | Buffer][], at: number): Buffer => {
		// Each entry: tag, type, count, value (inline when 4 bytes or fewer, else an offset past the IFD).
		const head = Buffer.alloc(2 + list.length * 12 + 4);
		head.writeUInt16BE(list.length, 0);
		const extra: Buffer[] = [];
		let extraAt = at + head.length;
		list.forEach(([tag, type, count, value], index) => {
			const base = 2 + index * 12;
			head.writeUInt16BE(tag, base);
			head.writeUInt16BE(type, base + 2);
			head.writeUInt32BE(count, base + 4);
			if (typeof value === "number") {
				if (type === 3) head.writeUInt16BE(value, base + 8);
				else head.writeUInt32BE(value, base + 8);
			} else if (value.length <= 4) value.copy(head, base + 8);
			else {
				head.writeUInt32BE(extraAt, base + 8);
				extra.push(value);
				extraAt += value.length;
			}
		});
		return Buffer.concat([head, ...extra]);
	};
	const header = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]);
	const ifd0Size = 2 + 2 * 12 + 4;
	const gpsAt = 8 + ifd0Size;
	const ifd0 = entries(
		[
			[0x0112, 3, 1, orientation],
			[0x8825, 4, 1, gpsAt],
		],
		8,
	);
	const latitude = Buffer.from(`${GPS_LATITUDE}\u0000`, "latin1");
	const gps = entries(
		[
			[0x0001, 2, 2, Buffer.from("N\u0000", "latin1")],
			[0x001b, 7, latitude.length, latitude],
		],
		gpsAt,
	);
	return Buffer.concat([header, ifd0, gps]);
}

/** A segment: marker, big-endian length (counting itself), payload. */
function segment(marker: number, payload: Buffer): Buffer {
	const head = Buffer.from([0xff, marker, 0, 0]);
	head.writeUInt16BE(payload.length + 2, 2);
	return Buffer.concat([head, payload]);
}

/** The real JPEG with an EXIF APP1 (orientation, GPS) and an XMP APP1 inserted after its SOI, as a phone writes. */
function phonePhoto(orientation = 6): Buffer {
	const exif = segment(0xe1, Buffer.concat([Buffer.from("Exif\u0000\u0000", "latin1"), exifTiff(orientation)]));
	const xmp = segment(
		0xe1,
		Buffer.from(`http://ns.adobe.com/xap/1.0/\u0000<x:xmpmeta><exif:GPSLatitude>${GPS_LATITUDE}</exif:GPSLatitude>`),
	);
	return Buffer.concat([TINY_JPEG.subarray(0, 2), exif, xmp, TINY_JPEG.subarray(2)]);
}

/** A PNG chunk: length, type, data, and a CRC (not checked by anyone here, so zero). */
function pngChunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
}

/** A WebP chunk: FourCC, little-endian size, data, padded to even. */
function riffChunk(type: string, data: Buffer): Buffer {
	const size = Buffer.alloc(4);
	size.writeUInt32LE(data.length);
	return Buffer.concat([Buffer.from(type, "latin1"), size, data, Buffer.alloc(data.length % 2)]);
}

describe("images leave the machine without their location", () => {
	it("a phone's JPEG: EXIF and XMP are dropped, the orientation is kept, the picture's bytes are untouched", () => {
		const photo = phonePhoto(6);
		expect(photo.includes(Buffer.from(GPS_LATITUDE, "latin1"))).toBe(true);
		const checked = imageFromBytes("IMG_0001.jpg", photo);
		expect(checked.ok).toBe(true);
		if (!checked.ok) return;
		const sent = Buffer.from(checked.image.data, "base64");
		expect(sent.includes(Buffer.from("GPS", "latin1"))).toBe(false);
		expect(sent.includes(Buffer.from(GPS_LATITUDE, "latin1"))).toBe(false);
		expect(sent.includes(Buffer.from("http://ns.adobe.com/xap"))).toBe(false);
		expect(checked.image.bytes).toBe(sent.length);
		// What remains: the original JPEG after its SOI, behind a minimal EXIF that says only "rotate 90°".
		expect(sent.subarray(sent.length - (TINY_JPEG.length - 2)).equals(TINY_JPEG.subarray(2))).toBe(true);
		const kept = sent.subarray(2, sent.length - (TINY_JPEG.length - 2));
		expect(kept.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xe1]));
		expect(kept.includes(Buffer.from("Exif\u0000\u0000", "latin1"))).toBe(true);
		expect(withoutLocation(sent, "image/jpeg").equals(sent)).toBe(true);
		expect(imageDimensions(sent, "image/jpeg")).toEqual({ width: 3, height: 2 });
	});

	it("a JPEG whose orientation is the default keeps no EXIF at all; one without metadata is sent as it was", () => {
		const sent = withoutLocation(phonePhoto(1), "image/jpeg");
		expect(sent.equals(TINY_JPEG)).toBe(true);
		expect(withoutLocation(TINY_JPEG, "image/jpeg").equals(TINY_JPEG)).toBe(true);
	});

	it("a PNG's eXIf and text chunks are dropped; its image chunks are kept in order", () => {
		const iend = TINY_PNG.length - 12;
		const withMetadata = Buffer.concat([
			TINY_PNG.subarray(0, 33),
			pngChunk("eXIf", exifTiff(1)),
			pngChunk("iTXt", Buffer.from(`XML:com.adobe.xmp\u0000\u0000\u0000\u0000\u0000${GPS_LATITUDE}`)),
			pngChunk("tEXt", Buffer.from(`Comment\u0000${GPS_LATITUDE}`)),
			TINY_PNG.subarray(33, iend),
			TINY_PNG.subarray(iend),
		]);
		const sent = withoutLocation(withMetadata, "image/png");
		expect(sent.equals(TINY_PNG)).toBe(true);
	});

	it("a WebP's EXIF and XMP chunks are dropped and the RIFF size and VP8X flags follow", () => {
		const body = TINY_WEBP.subarray(12);
		const withMetadata = Buffer.concat([
			TINY_WEBP.subarray(0, 12),
			body,
			riffChunk("EXIF", exifTiff(6)),
			riffChunk("XMP ", Buffer.from(`<x:xmpmeta>${GPS_LATITUDE}`)),
		]);
		withMetadata.writeUInt32LE(withMetadata.length - 8, 4);
		// VP8X flags: EXIF (0x08) and XMP (0x04) present.
		withMetadata[20] = (withMetadata[20] ?? 0) | 0x0c;
		const sent = withoutLocation(withMetadata, "image/webp");
		expect(sent.includes(Buffer.from(GPS_LATITUDE, "latin1"))).toBe(false);
		expect(sent.equals(TINY_WEBP)).toBe(true);
	});
});

describe("an image's header must parse to sane dimensions", () => {
	it("reads the dimensions of real PNG, JPEG, GIF and WebP images", () => {
		expect(imageDimensions(TINY_PNG, "image/png")).toEqual({ width: 2, height: 2 });
		expect(imageDimensions(TINY_JPEG, "image/jpeg")).toEqual({ width: 3, height: 2 });
		expect(imageDimensions(TINY_GIF, "image/gif")).toEqual({ width: 1, height: 1 });
		expect(imageDimensions(TINY_WEBP, "image/webp")).toEqual({ width: 3, height: 2 });
		for (const image of [TINY_PNG, TINY_JPEG, TINY_GIF, TINY_WEBP]) expect(imageFromBytes("x", image).ok).toBe(true);
	});

	it("refuses a file that only starts like an image, a zero or absurd size, and a cut header", () => {
		const zeroWidth = Buffer.from(TINY_PNG);
		zeroWidth.writeUInt32BE(0, 16);
		const huge = Buffer.from(TINY_PNG);
		huge.writeUInt32BE(1_000_000, 16);
		huge.writeUInt32BE(1_000_000, 20);
		const cases: [string, Buffer][] = [
			["just-a-jpeg-signature.jpg", JPEG_START],
			["gif-signature.gif", GIF_START],
			["webp-signature.webp", WEBP_START],
			["zero-width.png", zeroWidth],
			["a-trillion-pixels.png", huge],
			["cut.jpg", TINY_JPEG.subarray(0, 200)],
			["cut.png", TINY_PNG.subarray(0, 20)],
		];
		for (const [name, bytes] of cases) {
			const checked = imageFromBytes(name, bytes);
			expect(checked, name).toMatchObject({ ok: false, problem: { kind: "not-image", name } });
			if (!checked.ok) expect(checked.reason).toMatch(/header does not give a size|is not a PNG/);
		}
	});
});
