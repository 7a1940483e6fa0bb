import { describe, expect, it } from "vitest";
import { outcomeFromAnswersText, parseAnswersInput, readNamedImages } from "../../src/core/answer-input.js";
import { answeredOutcome } from "../../src/core/answers.js";
import {
	IMAGE_LIMITS,
	imageFromBytes,
	imageFromData,
	imageName,
	imagesFromData,
	sniffImageType,
} from "../../src/core/images.js";
import { blockText, buildDetails, resultContent } from "../../src/core/result.js";
import { GIF_START, JPEG_START, TINY_PNG, TINY_PNG_BASE64, WEBP_START } from "../image-fixtures.js";

describe("images in answers: checked by content and size", () => {
	it("knows PNG, JPEG, GIF and WebP by their signatures, never by a name", () => {
		expect(sniffImageType(TINY_PNG)).toBe("image/png");
		expect(sniffImageType(JPEG_START)).toBe("image/jpeg");
		expect(sniffImageType(GIF_START)).toBe("image/gif");
		expect(sniffImageType(WEBP_START)).toBe("image/webp");
		expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
		expect(sniffImageType(Buffer.from("RIFF\u0000\u0000\u0000\u0000WAVE"))).toBeUndefined();
		const renamed = imageFromBytes("notes.png", Buffer.from("just text"));
		expect(renamed).toMatchObject({ ok: false, problem: { kind: "not-image", name: "notes.png" } });
	});

	it("refuses an image over the cap with a sentence naming it and both sizes", () => {
		const big = Buffer.alloc(IMAGE_LIMITS.bytesPerImage * 2);
		TINY_PNG.copy(big);
		const checked = imageFromBytes("/home/me/huge.png", big);
		expect(checked).toMatchObject({ ok: false, problem: { kind: "too-large", name: "huge.png" } });
		if (!checked.ok) expect(checked.reason).toBe("huge.png is 7.5 MB; the limit for an image is 3.8 MB");
	});

	it("keeps a name to its last segment, one line, no control characters", () => {
		expect(imageName("/tmp/a/b/shot\u001b[2J.png")).toBe("shot[2J.png");
		expect(imageName("C:\\Users\\me\\cat.jpg")).toBe("cat.jpg");
		expect(imageName("")).toBe("image");
	});

	it("reads an image sent as data: the bytes decide, a claim that disagrees is refused, bad base64 too", () => {
		const ok = imageFromData({ name: "shot.png", mimeType: "image/png", data: TINY_PNG_BASE64 }, "image-1");
		expect(ok).toEqual({
			ok: true,
			image: { name: "shot.png", mimeType: "image/png", bytes: TINY_PNG.length, data: TINY_PNG_BASE64 },
		});
		expect(imageFromData({ data: TINY_PNG_BASE64 }, "image-2")).toMatchObject({ ok: true, image: { name: "image-2" } });
		expect(imageFromData({ mimeType: "image/jpeg", data: TINY_PNG_BASE64 }, "x")).toMatchObject({
			ok: false,
			reason: "x says it is image/jpeg but holds image/png",
		});
		// A claim that is not a string is described, never thrown on (String() of a parsed {"toString": ""} throws).
		expect(imageFromData({ mimeType: { toString: "" }, data: TINY_PNG_BASE64 }, "x")).toMatchObject({
			ok: false,
			reason: 'x says it is {"toString":""} but holds image/png',
		});
		expect(imageFromData({ data: "not base64!" }, "x")).toMatchObject({ ok: false, problem: { kind: "bad-data" } });
		expect(imageFromData("a string", "x")).toMatchObject({ ok: false, problem: { kind: "bad-data" } });
		const tooBig = "A".repeat(Math.ceil(IMAGE_LIMITS.bytesPerImage / 3) * 4 + 8);
		expect(imageFromData({ data: tooBig }, "x")).toMatchObject({ ok: false, problem: { kind: "too-large" } });
	});

	it("an answer lists its images without bytes; the result carries them as image blocks after the JSON, in order", () => {
		const shot = imageFromBytes("shot.png", TINY_PNG);
		if (!shot.ok) throw new Error(shot.reason);
		const outcome = answeredOutcome(
			[{ question: "What do you see?" }, { question: "Anything else?" }],
			[
				{ chosen: [], typed: ["this error"], images: [shot.image] },
				{ chosen: [], typed: [], images: [shot.image] },
			],
		);
		expect(outcome.answers).toEqual([
			{
				question: "What do you see?",
				answer: "this error",
				wasCustom: true,
				images: [{ name: "shot.png", mimeType: "image/png", bytes: TINY_PNG.length }],
			},
			// An image alone is an answer: nothing is made up for its text.
			{
				question: "Anything else?",
				answer: "",
				wasCustom: true,
				images: [{ name: "shot.png", mimeType: "image/png", bytes: TINY_PNG.length }],
			},
		]);
		const blocks = resultContent(outcome);
		expect(JSON.parse(blockText(blocks[0]) ?? "")).toMatchObject({ answered: true });
		expect(blockText(blocks[0])).not.toContain(TINY_PNG_BASE64);
		expect(blocks.slice(1)).toEqual([
			{ type: "image", data: TINY_PNG_BASE64, mimeType: "image/png" },
			{ type: "image", data: TINY_PNG_BASE64, mimeType: "image/png" },
		]);
		// The session record keeps what was attached, not the bytes.
		const details = buildDetails({ questions: [{ question: "What do you see?" }] }, outcome, "interactive", 1);
		expect(JSON.stringify(details)).not.toContain(TINY_PNG_BASE64);
		expect(details.answers[0]?.images).toEqual([{ name: "shot.png", mimeType: "image/png", bytes: TINY_PNG.length }]);
	});
});

describe("images named in answers given as data (--answers, an edited pending file)", () => {
	const questions = [{ question: "What broke?" }, { question: "Where?" }];
	const reader = (path: string) =>
		path === "shot.png"
			? imageFromBytes(path, TINY_PNG)
			: ({ ok: false, reason: `${path} does not exist`, problem: { kind: "not-image", name: path } } as const);

	it("an entry may be { answer, images }; the images are read and go with that answer", () => {
		const parsed = parseAnswersInput('["the build", {"answer": "CI", "images": ["shot.png"]}]', questions);
		expect(parsed).toEqual({ raw: ["the build", "CI"], imagePaths: [undefined, ["shot.png"]] });
		const outcome = outcomeFromAnswersText('{"Where?": {"images": ["shot.png"]}}', questions, reader);
		expect(outcome?.answers).toEqual([
			{
				question: "Where?",
				answer: "",
				wasCustom: true,
				images: [{ name: "shot.png", mimeType: "image/png", bytes: TINY_PNG.length }],
			},
		]);
		expect(outcome?.images?.map((image) => image.data)).toEqual([TINY_PNG_BASE64]);
	});

	it("an image that cannot be read, too many images, or no reader: an error naming it, nothing half-sent", () => {
		expect(() => outcomeFromAnswersText('["a", {"answer": "b", "images": ["gone.png"]}]', questions, reader)).toThrow(
			"--answers: gone.png does not exist; nothing was sent",
		);
		const many = JSON.stringify(["a", { answer: "b", images: Array(IMAGE_LIMITS.imagesPerAsk + 1).fill("shot.png") }]);
		expect(() => outcomeFromAnswersText(many, questions, reader)).toThrow(
			"names 9 images; one set of answers takes at most 8",
		);
		expect(() => readNamedImages([["shot.png"]], undefined, "the file")).toThrow("the file names images");
		expect(() => parseAnswersInput('["a", {"answer": "b", "images": "shot.png"}]', questions)).toThrow(
			'--answers[1].images must be a list of image file paths, e.g. ["shot.png"]',
		);
	});
});

describe("a list of images sent as data", () => {
	const image = { name: "a.png", data: TINY_PNG_BASE64 };
	it("checks each image, says which one failed, and counts against the ask's cap", () => {
		expect(imagesFromData(undefined, 0, (n) => `image-${n}`)).toEqual({ ok: true, images: [] });
		expect(imagesFromData("a.png", 0, (n) => `image-${n}`)).toMatchObject({ ok: false, kind: "not-a-list" });
		expect(imagesFromData([image, { data: "bad!" }], 0, (n) => `image-${n}`)).toMatchObject({
			ok: false,
			kind: "image",
			index: 1,
		});
		expect(imagesFromData([image, image], IMAGE_LIMITS.imagesPerAsk - 1, (n) => `image-${n}`)).toMatchObject({
			ok: false,
			kind: "too-many",
			name: "a.png",
		});
		expect(imagesFromData([image, image], undefined, (n) => `image-${n}`)).toMatchObject({ ok: true });
	});
});
