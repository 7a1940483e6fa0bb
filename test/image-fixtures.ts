/** Small real images for tests: a 2×2 PNG (red, green / blue, red) and byte signatures of the other types. */
export const TINY_PNG_BASE64 =
	"iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4z8DwnwGMgRQAH+4D/dJQfRoAAAAASUVORK5CYII=";
export const TINY_PNG = Buffer.from(TINY_PNG_BASE64, "base64");
export const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
export const GIF_START = Buffer.from("GIF89a\u0001\u0000\u0001\u0000", "latin1");
export const WEBP_START = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);
