import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "../../src/core/images.js";
import { type ImageSource, imageOffer, pathCandidates } from "../../src/ui/image-attach.js";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const TEXT = new TextEncoder().encode("just some text");

/** Files by absolute path: their size and bytes. */
function source(files: Record<string, { size?: number; bytes: Uint8Array }>): ImageSource {
	return {
		cwd: "/work/project",
		home: "/home/ada",
		peek: (path) => {
			const file = files[path];
			return file ? { size: file.size ?? file.bytes.length, head: file.bytes.subarray(0, 16) } : undefined;
		},
		read: (path) => files[path]?.bytes,
		clipboard: () => ({ kind: "empty" }),
	};
}

describe("pathCandidates", () => {
	it("reads the last word, quoted, with escaped spaces, and the whole text", () => {
		expect(pathCandidates("/tmp/shot.png")).toEqual([{ start: 0, path: "/tmp/shot.png" }]);
		expect(pathCandidates("see '/tmp/my shot.png' ")).toEqual([
			{ start: 4, path: "/tmp/my shot.png" },
			{ start: 0, path: "see '/tmp/my shot.png'" },
		]);
		expect(pathCandidates("/tmp/my\\ shot\\ (1).png")[0]).toEqual({ start: 0, path: "/tmp/my shot (1).png" });
		expect(pathCandidates('"/tmp/a b.png"')[0]).toEqual({ start: 0, path: "/tmp/a b.png" });
		expect(pathCandidates("   ")).toEqual([]);
	});
});

describe("imageOffer", () => {
	const files = source({
		"/tmp/my shot.png": { bytes: PNG },
		"/home/ada/Pictures/cat.png": { bytes: PNG },
		"/work/project/docs/diagram": { bytes: PNG },
		"/work/project/notes.png": { bytes: TEXT },
		"/work/project/README": { bytes: TEXT },
		"/tmp/huge.png": { bytes: PNG, size: IMAGE_LIMITS.bytesPerImage + 1 },
	});

	it("offers an image file by absolute, quoted, escaped, file:// and ~/ paths", () => {
		expect(imageOffer("'/tmp/my shot.png'", files)).toEqual({
			kind: "offer",
			start: 0,
			path: "/tmp/my shot.png",
			name: "my shot.png",
		});
		expect(imageOffer("/tmp/my\\ shot.png", files)).toMatchObject({ kind: "offer", path: "/tmp/my shot.png" });
		expect(imageOffer("file:///tmp/my%20shot.png", files)).toMatchObject({ kind: "offer", path: "/tmp/my shot.png" });
		expect(imageOffer("~/Pictures/cat.png", files)).toMatchObject({
			kind: "offer",
			path: "/home/ada/Pictures/cat.png",
		});
	});

	it("offers a relative path, by content whatever its name, and keeps the text before it", () => {
		expect(imageOffer("like this docs/diagram", files)).toEqual({
			kind: "offer",
			start: 10,
			path: "/work/project/docs/diagram",
			name: "diagram",
		});
	});

	it("offers a path with unescaped spaces typed as the whole answer", () => {
		expect(imageOffer("/tmp/my shot.png", files)).toMatchObject({ kind: "offer", start: 0 });
	});

	it("says a file named like an image is not one; other files are just text", () => {
		expect(imageOffer("notes.png", files)).toEqual({ kind: "notImage", name: "notes.png" });
		expect(imageOffer("README", files)).toBeUndefined();
		expect(imageOffer("PostgreSQL please", files)).toBeUndefined();
		expect(imageOffer("/nowhere/x.png", files)).toBeUndefined();
	});

	it("says an image over the size limit is too large", () => {
		expect(imageOffer("/tmp/huge.png", files)).toEqual({
			kind: "tooLarge",
			name: "huge.png",
			bytes: IMAGE_LIMITS.bytesPerImage + 1,
		});
	});
});

describe("typing plain words touches no disk", () => {
	it("only a word with a separator, ~, a scheme or an extension is looked up", () => {
		const looked: string[] = [];
		const source = {
			cwd: "/work",
			home: "/home/me",
			peek: (path: string) => {
				looked.push(path);
				return undefined;
			},
			read: () => undefined,
			clipboard: () => ({ kind: "empty" }) as const,
		};
		for (const text of ["h", "he", "hello", "hello world"]) imageOffer(text, source);
		expect(looked).toEqual([]);
		imageOffer("see shot.png", source);
		imageOffer("~/Desktop/a", source);
		// The last word, then the whole text (a path with spaces typed by hand).
		expect(looked).toEqual(["/work/shot.png", "/work/see shot.png", "/home/me/Desktop/a"]);
	});
});
