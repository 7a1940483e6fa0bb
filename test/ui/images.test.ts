import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "../../src/core/images.js";
import type { ClipboardImage, ImageSource } from "../../src/ui/image-attach.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";
import { TINY_JPEG, TINY_PNG } from "../image-fixtures.js";
import { K, openDialog, widest } from "./helpers.js";

// Real images: a signature alone is refused (the header must give a size).
const PNG = new Uint8Array(TINY_PNG);
const JPEG = new Uint8Array(TINY_JPEG);
const CTRL_V = "\x16";
const ALLOWED = { allowed: true } as const;

function source(
	files: Record<string, { bytes: Uint8Array; size?: number }>,
	clipboard: () => ClipboardImage = () => ({ kind: "empty" }),
): ImageSource {
	return {
		cwd: "/project",
		home: "/home/ada",
		peek: (path) => {
			const file = files[path];
			return file ? { size: file.size ?? file.bytes.length, head: file.bytes.subarray(0, 16) } : undefined;
		},
		read: (path) => files[path]?.bytes,
		clipboard,
	};
}

const FILES = { "/project/shot.png": { bytes: PNG }, "/tmp/my photo.jpg": { bytes: JPEG } };

describe("images in the TUI dialog", () => {
	it("a typed image path is offered; the paste key attaches it, and the answer carries it", () => {
		const h = openDialog([NAME], undefined, { images: { support: ALLOWED, source: source(FILES) } });
		expect(h.text()).toContain("Ctrl+V image");
		h.type("shot.png");
		expect(h.text()).toContain("Ctrl+V attach shot.png as an image");
		h.press(CTRL_V);
		const text = h.text();
		expect(text).toContain("📎 shot.png (74 B)");
		expect(text).not.toContain("attach shot.png");
		expect(text).toContain("Backspace (empty) removes image");
		h.type("the header");
		h.press(K.enter);
		const outcome = h.outcome();
		expect(outcome).toMatchObject({
			kind: "answered",
			answers: [
				{
					answer: "the header",
					wasCustom: true,
					images: [{ name: "shot.png", mimeType: "image/png", bytes: 74 }],
				},
			],
		});
		expect(outcome?.kind === "answered" && outcome.images?.[0]?.data).toBe(Buffer.from(PNG).toString("base64"));
	});

	it("a dropped path (quoted, after text) is replaced by the image; an image alone is an answer", () => {
		const h = openDialog([DATABASE], undefined, { images: { support: ALLOWED, source: source(FILES) } });
		h.type("x");
		h.press(K.backspace);
		h.press("\x1b[200~'/tmp/my photo.jpg'\x1b[201~");
		expect(h.text()).toContain("attach my photo.jpg as an image");
		h.press(CTRL_V);
		expect(h.text()).toContain("📎 my photo.jpg (788 B)");
		h.press(K.enter);
		expect(h.outcome()).toMatchObject({
			kind: "answered",
			answers: [{ answer: "", wasCustom: true, images: [{ name: "my photo.jpg", mimeType: "image/jpeg" }] }],
		});
	});

	it("the paste key with no path reads the clipboard; empty and unavailable clipboards say so", () => {
		let clip: ClipboardImage = { kind: "empty" };
		const h = openDialog([NAME], undefined, { images: { support: ALLOWED, source: source({}, () => clip) } });
		h.press(CTRL_V);
		expect(h.text()).toContain("No image on the clipboard.");
		clip = { kind: "unavailable", tools: "wl-clipboard or xclip" };
		h.press(CTRL_V);
		expect(h.text()).toContain("Cannot read an image from the clipboard: install wl-clipboard or xclip.");
		clip = { kind: "image", name: "pi-clipboard-1.png", bytes: PNG };
		h.press(CTRL_V);
		expect(h.text()).toContain("📎 pi-clipboard-1.png");
		expect(h.text()).not.toContain("No image on the clipboard");
	});

	it("a clipboard that holds something else than an image is refused", () => {
		const clip: ClipboardImage = { kind: "image", name: "pi-clipboard-2.png", bytes: new TextEncoder().encode("hi") };
		const h = openDialog([NAME], undefined, { images: { support: ALLOWED, source: source({}, () => clip) } });
		h.press(CTRL_V);
		expect(h.text()).toContain("pi-clipboard-2.png is not a PNG, JPEG, GIF or WebP image.");
		expect(h.text()).not.toContain("📎");
	});

	it("Backspace in the empty input removes the last image, and only then edits", () => {
		const clip: ClipboardImage = { kind: "image", name: "a.png", bytes: PNG };
		const h = openDialog([NAME], undefined, { images: { support: ALLOWED, source: source({}, () => clip) } });
		h.press(CTRL_V, CTRL_V);
		expect(h.text().match(/📎 a\.png/g)).toHaveLength(2);
		h.type("ab");
		h.press(K.backspace);
		expect(h.text().match(/📎 a\.png/g)).toHaveLength(2);
		h.press(K.backspace, K.backspace);
		expect(h.text().match(/📎 a\.png/g)).toHaveLength(1);
		h.press(K.backspace);
		expect(h.text()).not.toContain("📎");
		h.press(K.enter);
		expect(h.outcome()).toBeUndefined();
	});

	it("stops at the images-per-ask cap, over all questions", () => {
		const clip: ClipboardImage = { kind: "image", name: "a.png", bytes: PNG };
		const h = openDialog([NAME, { ...NAME, question: "And its port?", header: "Port" }], undefined, {
			images: { support: ALLOWED, source: source({}, () => clip) },
		});
		for (let i = 0; i < IMAGE_LIMITS.imagesPerAsk - 1; i++) h.press(CTRL_V);
		h.press(K.tab);
		h.press(CTRL_V);
		expect(h.text()).not.toContain("At most");
		h.press(CTRL_V);
		expect(h.text()).toContain(`At most ${IMAGE_LIMITS.imagesPerAsk} images`);
		expect(h.text().match(/📎/g)).toHaveLength(1);
	});

	it("multi-select: images attached in Other go with Other", () => {
		const h = openDialog([FEATURES], undefined, {
			images: { support: ALLOWED, source: source({}, () => ({ kind: "image", name: "a.png", bytes: PNG })) },
		});
		h.type("0");
		h.press(K.space);
		h.press(CTRL_V, K.enter);
		expect(h.text()).toContain("📎 a.png");
		h.press(K.enter);
		expect(h.outcome()).toMatchObject({
			kind: "answered",
			answers: [{ answer: [], wasCustom: false, images: [{ name: "a.png" }] }],
		});
	});

	it("an image too large, or a file named like an image that is none, is said and not offered", () => {
		const files = {
			"/project/big.png": { bytes: PNG, size: IMAGE_LIMITS.bytesPerImage + 1 },
			"/project/fake.png": { bytes: new TextEncoder().encode("not an image at all") },
		};
		const h = openDialog([NAME], undefined, { images: { support: ALLOWED, source: source(files) } });
		h.type("big.png");
		expect(h.text()).toContain("big.png is 3.8 MB; the limit for an image is 3.8 MB.");
		h.press(CTRL_V);
		expect(h.text()).not.toContain("📎");
		h.press(...Array.from({ length: 7 }, () => K.backspace));
		h.type("fake.png");
		expect(h.text()).toContain("fake.png is not a PNG, JPEG, GIF or WebP image.");
	});

	it("when the model takes no images or pi blocks them, the dialog says so and the key attaches nothing", () => {
		const read = () => {
			throw new Error("the clipboard must not be read");
		};
		const model = openDialog([NAME], undefined, {
			images: { support: { allowed: false, why: "model" }, source: source(FILES, read) },
		});
		expect(model.text()).toContain("This model cannot read images, so none can be attached.");
		expect(model.text()).not.toContain("Ctrl+V");
		model.type("shot.png");
		model.press(CTRL_V);
		expect(model.text()).not.toContain("attach shot.png");
		expect(model.text()).not.toContain("📎");
		const blocked = openDialog([DATABASE], undefined, {
			images: { support: { allowed: false, why: "blocked" }, source: source(FILES, read) },
		});
		blocked.type("x");
		expect(blocked.text()).toContain("Images are blocked in pi's settings (images.blockImages)");
	});

	it("without the images option nothing about images is shown", () => {
		const h = openDialog([NAME]);
		h.press(CTRL_V);
		expect(h.text()).not.toMatch(/image/i);
	});

	it("screen reader: the attached image and the offer in words", () => {
		const h = openDialog([NAME], undefined, {
			screenReader: true,
			images: { support: ALLOWED, source: source(FILES, () => ({ kind: "image", name: "a.png", bytes: PNG })) },
		});
		expect(h.text()).toContain("Control V pastes an image");
		h.type("shot.png");
		expect(h.text()).toContain("Control V attaches shot.png as an image");
		h.press(CTRL_V);
		expect(h.text()).toContain("Attached image shot.png, 74 B");
	});

	it("no line is wider than the terminal, from 100 columns down to 8", () => {
		const clip: ClipboardImage = { kind: "image", name: `${"long-name-".repeat(8)}.png`, bytes: PNG };
		for (const screenReader of [false, true]) {
			const h = openDialog([DATABASE], undefined, {
				screenReader,
				images: { support: ALLOWED, source: source(FILES, () => clip) },
			});
			h.type("x");
			h.press(K.backspace);
			h.press(CTRL_V);
			h.type("/tmp/my\\ photo.jpg");
			for (const width of [100, 60, 40, 20, 12, 8]) expect(widest(h.dialog, width)).toBeLessThanOrEqual(width);
		}
	});
});
